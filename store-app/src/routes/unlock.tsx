import { createFileRoute } from '@tanstack/react-router';
import { UnlockAccount } from '../features/auth/components/unlock-account';
import { z } from '../lib/zod';

// The link in the account-locked message: `/unlock?token=…`. A missing or malformed token leaves it undefined.
const unlockSearch = z.object({
  token: z.string().trim().min(1).max(200).optional().catch(undefined),
});

export const Route = createFileRoute('/unlock')({
  validateSearch: unlockSearch,
  component: UnlockPage,
});

function UnlockPage() {
  const { token } = Route.useSearch();
  return <UnlockAccount token={token} />;
}
