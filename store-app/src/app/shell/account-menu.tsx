import { lazy, Suspense, useState } from 'react';
import type { SessionUser } from '../../lib/session';
import { AccountButton } from './account-button';

// Mantine's Menu brings its popover and floating-ui along; only a signed-in shopper needs them, and not to paint.
const AccountMenuContent = lazy(() =>
  import('./account-menu-content').then((module) => ({ default: module.AccountMenuContent })),
);

type AccountMenuProps = { user: SessionUser; onLogout: () => void };

export function AccountMenu({ user, onLogout }: AccountMenuProps) {
  // A click that lands before the menu's code has arrived opens the menu as soon as it has.
  const [openOnLoad, setOpenOnLoad] = useState(false);
  return (
    <Suspense fallback={<AccountButton onClick={() => setOpenOnLoad(true)} />}>
      <AccountMenuContent user={user} onLogout={onLogout} defaultOpened={openOnLoad} />
    </Suspense>
  );
}
