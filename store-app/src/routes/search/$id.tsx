import { Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/search/$id')({
  component: SearchPage,
});

function SearchPage() {
  const { id } = Route.useParams();
  return <Title order={1}>Search results for “{id}”</Title>;
}
