import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled panel of the order details; a region named by its title. */
export function DetailPanel({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-panel-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A label and its value on one line; an absent value shows as a dash. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" component="div">
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </Group>
  );
}
