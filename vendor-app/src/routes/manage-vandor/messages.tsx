import { Stack, Title } from '@mantine/core';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { MessageCenter } from '../../features/messages/components/message-center';
import {
  type MessageCenterSearch,
  messageCenterSearchDefaults,
  messageCenterSearchSchema,
} from '../../features/messages/schemas/message-center-search';

export const Route = createFileRoute('/manage-vandor/messages')({
  validateSearch: messageCenterSearchSchema,
  // Defaults stay out of the address, so the plain screen is just /manage-vandor/messages.
  search: { middlewares: [stripSearchParams(messageCenterSearchDefaults)] },
  component: MessagesPage,
});

function MessagesPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<MessageCenterSearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <Stack>
      <Title order={1}>Message Center</Title>
      <MessageCenter search={search} onSearchChange={onSearchChange} />
    </Stack>
  );
}
