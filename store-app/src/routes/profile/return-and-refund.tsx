import { Card, List, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ReturnableOrders } from '../../features/returns/components/returnable-orders';

export const Route = createFileRoute('/profile/return-and-refund')({
  component: ReturnAndRefundPage,
});

/** Spec §9: 7 calendar days to return, refunds in 5-10 business days, return shipping paid by the customer. */
function ReturnAndRefundPage() {
  return (
    <Stack>
      <Title order={1}>Return &amp; Refund</Title>
      <Card>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Return Policy
          </Title>
          <List spacing="xs">
            <List.Item>You can return an item within 7 calendar days of delivery.</List.Item>
            <List.Item>Items must be unused and in their original packaging.</List.Item>
            <List.Item>Return shipping is paid by the customer.</List.Item>
          </List>
          <Title order={2} size="h4" mt="sm">
            Refund Policy
          </Title>
          <List spacing="xs">
            <List.Item>
              Once we receive and inspect the return, your refund is approved or declined.
            </List.Item>
            <List.Item>
              Approved refunds reach your original payment method within 5-10 business days.
            </List.Item>
          </List>
        </Stack>
      </Card>
      <ReturnableOrders />
    </Stack>
  );
}
