import { Text, Timeline } from '@mantine/core';
import { formatDate } from '@shop/ui/format';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { AdminOrder } from '../../lib/order-status';
import { timelineEnding, timelineSteps } from '../../lib/order-timeline';
import { DetailPanel } from './detail-panel';

/** Spec 2 §2 status timeline: Order Placed, Payment Confirmed, Processing, Shipped, Delivered. */
export function OrderTimeline({ order }: { order: AdminOrder }) {
  const steps = timelineSteps(order);
  const ending = timelineEnding(order);
  const reached = steps.filter((step) => step.reached).length;
  return (
    <DetailPanel title="Status Timeline">
      <Timeline active={reached - 1} bulletSize={22} lineWidth={2} aria-label="Status timeline">
        {steps.map((step) => (
          <Timeline.Item
            key={step.label}
            title={step.label}
            bullet={step.reached ? <IconCheck size={12} aria-hidden /> : undefined}
            data-reached={step.reached}
          >
            <Text size="xs" c="dimmed">
              {step.reached ? (step.date ? formatDate(step.date) : 'Reached') : 'Not yet'}
              {step.by ? ` · by ${step.by}` : ''}
            </Text>
            {step.note ? <Text size="xs">{step.note}</Text> : null}
          </Timeline.Item>
        ))}
        {ending ? (
          <Timeline.Item title={ending.status} color="red" bullet={<IconX size={12} aria-hidden />}>
            <Text size="xs" c="dimmed">
              {ending.date ? formatDate(ending.date) : ''}
              {ending.by ? ` · by ${ending.by}` : ''}
            </Text>
            {ending.reason ? <Text size="xs">Reason: {ending.reason}</Text> : null}
          </Timeline.Item>
        ) : null}
      </Timeline>
    </DetailPanel>
  );
}
