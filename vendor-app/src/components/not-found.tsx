import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Stack align="center" gap="sm" py={64} ta="center">
      <Text fz={64} fw={800} c="dimmed" aria-hidden>
        404
      </Text>
      <Title order={1}>Page Not Found</Title>
      <Text c="dimmed">This page of the vendor panel does not exist.</Text>
      <Button component={Link} to="/manage-vandor/dashboard" mt="md">
        Back to Dashboard
      </Button>
    </Stack>
  );
}
