import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, type LinkProps } from '@tanstack/react-router';

type NotFoundProps = { title: string; message: string; backTo: LinkProps['to']; backLabel: string };

/** The texts come translated from the caller (the root and the profile area each say where to go back to). */
export function NotFound({ title, message, backTo, backLabel }: NotFoundProps) {
  return (
    <Stack align="center" gap="sm" py={64} ta="center">
      <Text fz={64} fw={800} c="dimmed" aria-hidden>
        404
      </Text>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{message}</Text>
      <Button component={Link} to={backTo} mt="md">
        {backLabel}
      </Button>
    </Stack>
  );
}
