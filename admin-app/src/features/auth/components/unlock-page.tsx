import { Anchor } from '@mantine/core';
import { UnlockAccountCard } from '@shop/ui/unlock-account-card';
import { Link } from '@tanstack/react-router';
import { useUnlockAccount } from '../api/use-unlock-account';

/** Where the unlock link of a locked staff account lands (`/admin/auth/unlock?token=…`). */
export function UnlockPage({ token }: { token: string | undefined }) {
  return (
    <UnlockAccountCard
      token={token}
      subject="your account"
      unlock={useUnlockAccount()}
      loginLink={
        <Anchor component={Link} to="/admin/auth/login">
          Go to Login
        </Anchor>
      }
    />
  );
}
