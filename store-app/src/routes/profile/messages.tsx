import { createFileRoute } from '@tanstack/react-router';
import { MessagesPage } from '../../features/messages/components/messages-page';

type MessagesSearch = { conversation?: string; page?: number };

export const Route = createFileRoute('/profile/messages')({
  // `conversation` is the one on view (a notice's link or 'Go to Messages' opens it); `page` the list's page.
  validateSearch: (search: Record<string, unknown>): MessagesSearch => {
    const conversation =
      typeof search.conversation === 'string' ? search.conversation.trim().slice(0, 64) : '';
    const page = Number(search.page);
    return {
      ...(conversation ? { conversation } : {}),
      ...(Number.isInteger(page) && page > 1 ? { page } : {}),
    };
  },
  component: MessagesRoute,
});

function MessagesRoute() {
  const { conversation, page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MessagesPage
      conversationId={conversation}
      page={page}
      onSelect={(id) => void navigate({ search: (previous) => ({ ...previous, conversation: id }) })}
      onPageChange={(next) => void navigate({ search: (previous) => ({ ...previous, page: next }) })}
    />
  );
}
