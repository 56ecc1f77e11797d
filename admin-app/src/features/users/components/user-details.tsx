import {
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDate, formatMoney } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AnchorLink } from '../../../components/router-links';
import { useDeleteUser, useUpdateUser } from '../api/users.mutations';
import { userQueries } from '../api/users.queries';
import { EditUserModal } from './edit-user-modal';
import { UserRoleBadge, UserStatusBadge } from './user-badges';

type Details = Schemas['UserDetails'];

function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {empty ? <Text c="dimmed">{empty}</Text> : children}
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** Spec 2 §2 User Details: the shopper's profile, orders, disputes, wishlist and recent activity. */
export function UserDetails({ id }: { id: string }) {
  const details = useQuery(userQueries.detail(id));
  if (details.isError) {
    return (
      <Text c="red" role="alert">
        {errorMessage(details.error, 'Failed to load the user.')}
      </Text>
    );
  }
  if (!details.data) return <Skeleton height={240} aria-label="Loading user" />;
  return <UserDetailsView details={details.data.data} />;
}

function UserDetailsView({ details }: { details: Details }) {
  const { user, profile, orders, disputes, wishlist, activity } = details;
  const navigate = useNavigate();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<'status' | 'delete' | null>(null);
  const active = user.status === 'Active';

  const setBusiness = async (isBusiness: boolean) => {
    try {
      await update.mutateAsync({ params: { path: { id: user._id } }, body: { isBusiness } });
      toast.success(isBusiness ? 'Now a business account.' : 'No longer a business account.');
    } catch (error) {
      toast.error(errorMessage(error, 'The change could not be made.'));
    }
  };

  const confirm = async () => {
    try {
      if (confirming === 'delete') {
        await remove.mutateAsync({ params: { path: { id: user._id } } });
        toast.success('User deleted.');
        void navigate({ to: '/manage-admin/users' });
      } else {
        await update.mutateAsync({
          params: { path: { id: user._id } },
          body: { status: active ? 'Inactive' : 'Active' },
        });
        toast.success(active ? 'User deactivated.' : 'User activated.');
      }
    } catch (error) {
      toast.error(errorMessage(error, 'The change could not be made.'));
    }
    setConfirming(null);
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-label="Profile">
        <Group justify="space-between" mb="md" wrap="wrap">
          <Stack gap={2}>
            <Title order={3}>{user.name}</Title>
            <Text c="dimmed" size="sm">
              {user.email}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button
              variant="light"
              color={active ? 'orange' : 'teal'}
              onClick={() => setConfirming('status')}
            >
              {active ? 'Deactivate' : 'Activate'}
            </Button>
            <Button variant="light" color="red" onClick={() => setConfirming('delete')}>
              Delete
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Field label="Username">{profile.username}</Field>
          <Field label="Phone">{profile.phone ?? '—'}</Field>
          <Field label="Address">{profile.address ?? '—'}</Field>
          <Field label="Role">
            <UserRoleBadge user={user} />
          </Field>
          <Field label="Status">
            <UserStatusBadge user={user} />
          </Field>
          <Field label="Joined">{formatDate(user.joined)}</Field>
          <Field label="Last Login">{user.lastLogin ? formatDate(user.lastLogin) : 'Never'}</Field>
          <Field label="Total Orders">{profile.totalOrders}</Field>
          <Field label="Business Account">
            <Switch
              aria-label="Business account"
              label={profile.isBusiness ? 'B2B prices' : 'B2C prices'}
              checked={profile.isBusiness}
              disabled={update.isPending}
              onChange={(event) => void setBusiness(event.currentTarget.checked)}
            />
          </Field>
        </SimpleGrid>
      </Paper>

      <Section title="Orders" empty={orders.length === 0 ? 'No orders yet.' : null}>
        <Table aria-label="Orders of this user">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order ID</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Items</Table.Th>
              <Table.Th>Total</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order._id}>
                <Table.Td>
                  <AnchorLink to="/manage-admin/orders/details" search={{ id: order._id }}>
                    {order.id}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>{formatDate(order.date)}</Table.Td>
                <Table.Td>{order.items}</Table.Td>
                <Table.Td>{formatMoney(order.total, order.currency)}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{order.status}</Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title="Disputes" empty={disputes.length === 0 ? 'No disputes.' : null}>
          <Stack gap="xs">
            {disputes.map((dispute) => (
              <Group key={dispute._id} justify="space-between" wrap="nowrap">
                <Text size="sm">{dispute.subject}</Text>
                <Group gap={4} wrap="nowrap">
                  <Badge variant="light">{dispute.status}</Badge>
                  <Badge variant="outline" color="gray">
                    {dispute.priority}
                  </Badge>
                </Group>
              </Group>
            ))}
          </Stack>
        </Section>
        <Section title="Wishlist" empty={wishlist.length === 0 ? 'The wishlist is empty.' : null}>
          <Stack gap="xs">
            {wishlist.map((entry) => (
              <Group key={entry.productId} justify="space-between" wrap="nowrap">
                <Text size="sm" lineClamp={1}>
                  {entry.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(entry.addedAt)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Section>
      </SimpleGrid>

      <Section title="Recent Activity" empty={activity.length === 0 ? 'No activity yet.' : null}>
        <Stack gap="xs">
          {activity.map((entry) => (
            <Group key={entry._id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {entry.action}
                {entry.actor ? ` by ${entry.actor}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(entry.timestamp)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Section>

      <EditUserModal userId={editing ? user._id : null} onClose={() => setEditing(false)} />
      <ConfirmDialog
        opened={confirming !== null}
        title={
          confirming === 'delete' ? 'Confirm Delete' : active ? 'Confirm Deactivate' : 'Confirm Activate'
        }
        message={
          confirming === 'delete'
            ? `Delete ${user.name}? Their personal details are removed; their orders are kept for the books.`
            : active
              ? `Deactivate ${user.name}? They are signed out and cannot sign in until activated.`
              : `Activate ${user.name}?`
        }
        confirmLabel={confirming === 'delete' ? 'Delete' : active ? 'Deactivate' : 'Activate'}
        danger={confirming === 'delete' || active}
        busy={update.isPending || remove.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      />
    </Stack>
  );
}
