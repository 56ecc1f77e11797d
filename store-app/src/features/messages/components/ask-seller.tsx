import { Button } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../lib/session';
import '../messages-texts';

// The form (Mantine's modal) is fetched when a shopper opens it, not with every product page.
const AskSellerForm = lazy(() =>
  import('./ask-seller-form').then((module) => ({ default: module.AskSellerForm })),
);

/** On a vendor's product page: 'Ask the seller'. A guest is sent to sign in first and comes back here. */
export function AskSeller({ productId }: { productId: string }) {
  const { t } = useTranslation('messages');
  const user = useSessionUser();
  const here = useRouterState({ select: (state) => state.location.href });
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const onClick = () => {
    if (!user) {
      void navigate({ to: '/login', search: { redirect: here } });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button
        variant="light"
        size="compact-sm"
        leftSection={<IconMessageQuestion size={16} />}
        onClick={onClick}
        w="fit-content"
      >
        {t('ask.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <AskSellerForm productId={productId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
