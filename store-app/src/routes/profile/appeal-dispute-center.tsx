import { Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/profile/appeal-dispute-center')({
  component: DisputeCenterPage,
});

function DisputeCenterPage() {
  return <Title order={1}>Dispute Center / Appeal</Title>;
}
