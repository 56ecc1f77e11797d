import { Card, List, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import '../../features/profile/profile-texts';
import { ReturnableOrders } from '../../features/returns/components/returnable-orders';

export const Route = createFileRoute('/profile/return-and-refund')({
  component: ReturnAndRefundPage,
});

/** Spec §9: 7 calendar days to return, refunds in 5-10 business days, return shipping paid by the customer. */
function ReturnAndRefundPage() {
  const { t } = useTranslation('profile');
  return (
    <Stack>
      <Title order={1}>{t('nav.returnAndRefund')}</Title>
      <Card>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('policy.returnTitle')}
          </Title>
          <List spacing="xs">
            <List.Item>{t('policy.within7Days')}</List.Item>
            <List.Item>{t('policy.unused')}</List.Item>
            <List.Item>{t('policy.shippingPaid')}</List.Item>
          </List>
          <Title order={2} size="h4" mt="sm">
            {t('policy.refundTitle')}
          </Title>
          <List spacing="xs">
            <List.Item>{t('policy.inspected')}</List.Item>
            <List.Item>{t('policy.within10Days')}</List.Item>
          </List>
        </Stack>
      </Card>
      <ReturnableOrders />
    </Stack>
  );
}
