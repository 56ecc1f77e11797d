import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm">
        <Title order={1}>404 Page not found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to="/manage-admin/dashboard" variant="light">
          Go to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
