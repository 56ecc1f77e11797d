import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../../components/router-links';
import '../payments-texts';
import { myOrderQueryOptions } from '../../orders/api/orders.queries';
import { PayNowButton } from './pay-now-button';

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled' | 'pending' | 'unknown';

/** How often, and how long, the page asks about a payment the provider has not confirmed yet. */
const POLL_MS = 3000;
const GIVE_UP_AFTER_MS = 90_000;

/**
 * Back from the provider's page. The API already asked the provider (its answer is `outcome`); the order itself is
 * the truth, so it is read again, and while the provider has not confirmed it the page keeps asking for a while.
 */
export function PaymentReturn({
  orderId,
  outcome,
}: {
  orderId: string | undefined;
  outcome: PaymentOutcome;
}) {
  const { t } = useTranslation('payments');
  const [waitedOut, setWaitedOut] = useState(false);
  const order = useQuery({
    ...myOrderQueryOptions(orderId ?? ''),
    enabled: orderId !== undefined,
    refetchInterval: (query) =>
      !waitedOut && outcome === 'pending' && !query.state.data?.data.isPaid ? POLL_MS : false,
  });
  useEffect(() => {
    if (outcome !== 'pending') return;
    const timer = setTimeout(() => setWaitedOut(true), GIVE_UP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const data = order.data?.data;
  const state: PaymentOutcome =
    orderId === undefined || outcome === 'unknown'
      ? 'unknown'
      : data?.isPaid
        ? 'paid'
        : outcome === 'paid'
          ? 'pending'
          : outcome;

  return (
    <Stack align="center" py="xl">
      <Title order={1}>{t('return.title')}</Title>
      <Card withBorder maw={520} w="100%">
        <Stack>
          {state === 'paid' ? (
            <Alert color="teal" title={t('return.paid')}>
              {t('return.paidText', { order: data?.orderNumber ?? '' })}
            </Alert>
          ) : state === 'pending' ? (
            waitedOut ? (
              <Alert color="yellow" title={t('return.pending')}>
                {t('return.slow')}
              </Alert>
            ) : (
              <Group gap="sm" wrap="nowrap" role="status">
                <Loader size="sm" />
                <Stack gap={2}>
                  <Text fw={600}>{t('return.pending')}</Text>
                  <Text size="sm" c="dimmed">
                    {t('return.pendingText')}
                  </Text>
                </Stack>
              </Group>
            )
          ) : state === 'unknown' ? (
            <Alert color="red" title={t('return.unknown')} />
          ) : (
            <Alert color={state === 'failed' ? 'red' : 'yellow'} title={t(`return.${state}`)}>
              {t(`return.${state}Text`)}
            </Alert>
          )}
          <Group justify="flex-end">
            {orderId !== undefined ? (
              <AnchorLink to="/order/$id" params={{ id: orderId }}>
                {t('return.viewOrder')}
              </AnchorLink>
            ) : (
              <AnchorLink to="/profile/order">{t('return.myOrders')}</AnchorLink>
            )}
            {data?.canPay && (state === 'failed' || state === 'cancelled') ? (
              <PayNowButton orderId={data._id} label={t('return.tryAgain')} />
            ) : null}
          </Group>
          {order.isError ? (
            <Alert color="red" role="alert" title={t('return.loadFailed')}>
              <Button size="xs" variant="light" mt="xs" onClick={() => void order.refetch()}>
                {t('return.checkAgain')}
              </Button>
            </Alert>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
