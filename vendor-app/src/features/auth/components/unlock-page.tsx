import { Anchor } from '@mantine/core';
import { UnlockAccountCard } from '@shop/ui/unlock-account-card';
import { Link } from '@tanstack/react-router';
import { useUnlockAccount } from '../api/use-unlock-account';

/** Where the unlock link of a locked vendor account lands (`/unlock?token=…`). */
export function UnlockPage({ token }: { token: string | undefined }) {
  return (
    <UnlockAccountCard
      token={token}
      subject="your store"
      unlock={useUnlockAccount()}
      loginLink={
        <Anchor component={Link} to="/login">
          Go to Login
        </Anchor>
      }
    />
  );
}
