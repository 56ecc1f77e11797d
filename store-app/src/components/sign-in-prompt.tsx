import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';

/** Asked of a signed-out shopper who taps a wishlist heart. */
export function SignInPrompt({ onClose }: { onClose: () => void }) {
  // After signing in the shopper comes back to the page they were on.
  const here = useRouterState({ select: (state) => state.location.href });
  const navigate = useNavigate();
  const signIn = () => {
    onClose();
    void navigate({ to: '/login', search: { redirect: here } });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title="Sign in required"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text>Please sign in to save products to your wishlist.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={signIn}>Sign In</Button>
      </Group>
    </Modal>
  );
}
