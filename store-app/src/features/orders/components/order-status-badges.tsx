import { Badge, Group } from '@mantine/core';

/** Spec §4 Order: only the two flags are shown, as Paid/Unpaid and Delivered/Not Delivered. */
export function OrderStatusBadges({ isPaid, isDelivered }: { isPaid: boolean; isDelivered: boolean }) {
  return (
    <Group gap="xs">
      <Badge color={isPaid ? 'teal' : 'orange'} variant="light">
        {isPaid ? 'Paid' : 'Unpaid'}
      </Badge>
      <Badge color={isDelivered ? 'teal' : 'gray'} variant="light">
        {isDelivered ? 'Delivered' : 'Not Delivered'}
      </Badge>
    </Group>
  );
}
