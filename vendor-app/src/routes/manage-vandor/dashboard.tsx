import { Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/manage-vandor/dashboard')({
  component: DashboardPage,
});

function DashboardPage() {
  return <Title order={1}>Welcome, Vendor!</Title>;
}
