import { Alert, Button, Center, Loader } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function RoutePending() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** A screen whose data failed to load: the server's message when there is one, and a way to try again. */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <Alert color="red" title={t('routeError.title')} role="alert">
      {errorMessage(error, t('routeError.message'))}
      <Button
        variant="light"
        color="red"
        size="xs"
        mt="sm"
        display="block"
        onClick={() => void router.invalidate()}
      >
        {t('routeError.tryAgain')}
      </Button>
    </Alert>
  );
}
