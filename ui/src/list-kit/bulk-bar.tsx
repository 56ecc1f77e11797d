import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type BulkBarProps = {
  /** How many rows are ticked; the bar shows only while there is at least one. */
  count: number;
  /** The screen's bulk actions. */
  children: ReactNode;
};

/** The bar above a list while rows are ticked: how many, and what can be done to them. */
export function BulkBar({ count, children }: BulkBarProps) {
  if (count === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" bg="blue.0" role="toolbar" aria-label="Bulk actions">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" fw={500}>
          {count} selected
        </Text>
        <Group gap="xs" align="center">
          {children}
        </Group>
      </Group>
    </Paper>
  );
}
