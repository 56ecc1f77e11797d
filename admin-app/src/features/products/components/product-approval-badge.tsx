import { Badge, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';

/** Rows waiting for staff or turned down say so beside their status; approved rows need no badge. */
export function ProductApprovalBadge({
  approval,
  note,
}: {
  approval?: Schemas['ProductApproval'] | undefined;
  note?: string | null | undefined;
}) {
  if (approval === 'pending') {
    return (
      <Badge variant="light" color="yellow">
        Pending approval
      </Badge>
    );
  }
  if (approval !== 'rejected') return null;
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color="red">
        Rejected
      </Badge>
      {note ? (
        <Text size="xs" c="dimmed" maw={220} lineClamp={2} title={note}>
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
