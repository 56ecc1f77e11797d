import { Button, Group } from '@mantine/core';
import { type Dispute, labelOf, SETTABLE_STATUSES } from '../lib/dispute-values';

type StatusButtonsProps = {
  dispute: Dispute;
  busy: boolean;
  /** A move to open, under_review or closed. */
  onMove: (status: 'open' | 'under_review' | 'closed') => void;
  /** Resolved needs a resolution, so that button opens the Resolution panel instead of sending a bare move. */
  onResolve: () => void;
};

/** Spec 2 §2: open, under_review, resolved, closed; the current status's button is disabled; never escalated. */
export function StatusButtons({ dispute, busy, onMove, onResolve }: StatusButtonsProps) {
  return (
    <Group gap="xs" role="group" aria-label="Change status">
      {SETTABLE_STATUSES.map((status) => (
        <Button
          key={status}
          size="xs"
          variant={status === dispute.status ? 'filled' : 'default'}
          disabled={status === dispute.status || busy}
          onClick={() => (status === 'resolved' ? onResolve() : onMove(status))}
        >
          {labelOf(status)}
        </Button>
      ))}
    </Group>
  );
}
