import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { UnlockPage } from '../../../features/auth/components/unlock-page';

// The link in the account-locked message. A missing or malformed token leaves it undefined.
const unlockSearch = z.object({
  token: z.string().trim().min(1).max(200).optional().catch(undefined),
});

export const Route = createFileRoute('/admin/auth/unlock')({
  validateSearch: unlockSearch,
  component: UnlockScreen,
});

function UnlockScreen() {
  const { token } = Route.useSearch();
  return <UnlockPage token={token} />;
}
