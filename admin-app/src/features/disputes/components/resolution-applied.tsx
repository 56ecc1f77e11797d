import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDateTime, formatMoney } from '@shop/ui/format';
import { labelOf } from '../lib/dispute-values';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ whiteSpace: 'pre-wrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The recorded resolution: what was done, for how much, the notes, when, and the refund it recorded. */
export function ResolutionApplied({ resolution }: { resolution: Schemas['DisputeResolution'] }) {
  return (
    <Paper
      component="section"
      aria-labelledby="resolution-applied-title"
      withBorder
      p="md"
      radius="md"
      bg="teal.0"
    >
      <Stack gap={6}>
        <Title order={4} size="h6" id="resolution-applied-title" c="teal.8">
          Resolution Applied
        </Title>
        <Line label="Action" value={labelOf(resolution.action)} />
        {typeof resolution.amount === 'number' && resolution.currency ? (
          <Line label="Amount" value={formatMoney(resolution.amount, resolution.currency)} />
        ) : null}
        {resolution.notes ? <Line label="Notes" value={resolution.notes} /> : null}
        <Line label="Resolved" value={formatDateTime(resolution.resolvedAt)} />
        {resolution.refundId ? <Line label="Refund" value={resolution.refundId} /> : null}
      </Stack>
    </Paper>
  );
}
