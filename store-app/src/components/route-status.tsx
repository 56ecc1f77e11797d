import { Alert, Button, Center, Loader } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';

export function RoutePending() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** A screen whose data failed to load: the server's message when there is one, and a way to try again. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Alert color="red" title="Something went wrong" role="alert">
      {errorMessage(error, 'This page could not be loaded. Please try again.')}
      <Button
        variant="light"
        color="red"
        size="xs"
        mt="sm"
        display="block"
        onClick={() => void router.invalidate()}
      >
        Try again
      </Button>
    </Alert>
  );
}
