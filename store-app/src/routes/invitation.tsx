import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AcceptInvitationForm } from '../features/auth/components/accept-invitation-form';
import { z } from '../lib/zod';

// The link in the invitation message: `/invitation?token=…`. A missing or malformed token leaves it undefined.
const invitationSearch = z.object({
  token: z.string().trim().min(1).max(200).optional().catch(undefined),
});

export const Route = createFileRoute('/invitation')({
  validateSearch: invitationSearch,
  component: InvitationPage,
});

function InvitationPage() {
  const navigate = useNavigate();
  const { token } = Route.useSearch();
  return <AcceptInvitationForm token={token} onAccepted={() => void navigate({ to: '/profile' })} />;
}
