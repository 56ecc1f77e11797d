import { Alert, Badge, Button, Card, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import type { SuccessBody } from '@shop/sdk/types';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../returns-texts';
import { useLocaleFormat } from '../../../i18n/i18n';
import { myOrderQueryOptions } from '../../orders/api/orders.queries';
import { orderReturnsQueryOptions, type ReturnDraft, useCreateReturnRequest } from '../api/returns.api';
import { withinReturnWindow } from '../return-window';

type ReturnRequest = SuccessBody<'listOrderReturnRequests'>['data'][number];

const STATUS_COLORS: Record<ReturnRequest['status'], string> = {
  Requested: 'yellow',
  Approved: 'blue',
  Rejected: 'red',
  Refunded: 'teal',
};

export const REASON_MAX = 1000;

type Order = { _id: string; isDelivered: boolean; deliveredAt?: string | null };

/** On a delivered order: its return and refund requests, and the form to ask for one while the window is open. */
export function ReturnRequestPanel({ order }: { order: Order }) {
  const { t } = useTranslation('returns');
  const requests = useQuery({ ...orderReturnsQueryOptions(order._id), enabled: order.isDelivered });
  if (!order.isDelivered) return null;
  const list = requests.data?.data ?? [];
  const open = list.some((request) => request.status === 'Requested' || request.status === 'Approved');
  const canAsk = withinReturnWindow(order) && !open;

  return (
    <Card component="section" aria-labelledby="return-requests">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="return-requests">
          {t('title')}
        </Title>
        {list.map((request) => (
          <RequestRow key={request._id} request={request} />
        ))}
        {requests.isSuccess && canAsk && <RequestForm orderId={order._id} />}
        {requests.isSuccess && !canAsk && list.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('windowClosed')}
          </Text>
        )}
        {requests.isError && <Alert color="red">{t('loadFailed')}</Alert>}
      </Stack>
    </Card>
  );
}

function RequestRow({ request }: { request: ReturnRequest }) {
  const { t } = useTranslation('returns');
  const { date } = useLocaleFormat();
  return (
    <Stack gap={2} aria-label={t(`kind.${request.kind}`)}>
      <Group gap="xs">
        <Text fw={600}>{t(`kind.${request.kind}`)}</Text>
        <Badge color={STATUS_COLORS[request.status]} variant="light">
          {t(`status.${request.status}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {date(request.createdAt)}
        </Text>
      </Group>
      <Text size="sm">{request.reason}</Text>
      {request.note && (
        <Text size="sm" c="dimmed">
          {t('storeAnswer', { note: request.note })}
        </Text>
      )}
    </Stack>
  );
}

function RequestForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation('returns');
  const [draft, setDraft] = useState<ReturnDraft>({ kind: 'return', reason: '' });
  const [tried, setTried] = useState(false);
  const create = useCreateReturnRequest(orderId, { sent: t('sent'), failed: t('failed') });
  const reason = draft.reason.trim();
  const error = !tried
    ? undefined
    : reason === ''
      ? t('reasonRequired')
      : reason.length > REASON_MAX
        ? t('reasonTooLong', { max: REASON_MAX })
        : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (reason === '' || reason.length > REASON_MAX) return;
    create.mutate({ kind: draft.kind, reason });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('intro')}</Text>
        <Radio.Group
          label={t('kindLabel')}
          value={draft.kind}
          onChange={(kind) => setDraft((current) => ({ ...current, kind: kind as ReturnDraft['kind'] }))}
        >
          <Group mt={4}>
            <Radio value="return" label={t('kind.return')} />
            <Radio value="refund" label={t('kind.refund')} />
          </Group>
        </Radio.Group>
        <Textarea
          label={t('reason')}
          withAsterisk
          rows={3}
          value={draft.reason}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft((current) => ({ ...current, reason: value }));
          }}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The panel for an order page: reads the order the page already loaded (same query, no second request). */
export function OrderReturns({ id }: { id: string }) {
  const order = useQuery(myOrderQueryOptions(id));
  if (!order.data) return null;
  return <ReturnRequestPanel order={order.data.data} />;
}
