import { Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '../../../components/router-links';
import { SearchField } from '../../../components/search-field';
import { userQueries } from '../api/users.queries';

const PICKER_SIZE = 10;

/** User Details without an id: find a shopper by name or email, or pick one from the User List. */
export function UserPicker() {
  const [q, setQ] = useState('');
  const found = useQuery(userQueries.list({ q: q || undefined, role: 'user', limit: PICKER_SIZE }));
  const rows = found.data?.data ?? [];
  return (
    <Paper withBorder p="md" radius="md" maw={560}>
      <Stack gap="sm">
        <Text size="sm">
          Choose a user to see their details, or open one from the{' '}
          <AnchorLink to="/manage-admin/users">User List</AnchorLink>.
        </Text>
        <SearchField label="Find a user" placeholder="Name or email" value={q} onSearch={setQ} />
        {found.isError ? (
          <Text c="red" role="alert">
            {errorMessage(found.error, 'Failed to load users.')}
          </Text>
        ) : null}
        {found.data && rows.length === 0 ? <Text c="dimmed">No users found.</Text> : null}
        {rows.map((user) => (
          <AnchorLink key={user._id} to="/manage-admin/users/details" search={{ id: user._id }}>
            {user.name} ({user.email})
          </AnchorLink>
        ))}
      </Stack>
    </Paper>
  );
}
