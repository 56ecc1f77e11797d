import { Alert, Center, Grid, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { SuccessBody } from '@shop/sdk/types';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import {
  disputeQueryOptions,
  disputeStatsQueryOptions,
  myDisputesQueryOptions,
} from '../api/disputes.queries';
import { DISPUTE_ERRORS } from '../lib/dispute-errors';
import '../disputes-texts';
import { DisputeDetail } from './dispute-detail';
import { DisputeList } from './dispute-list';
import { DisputeStats } from './dispute-stats';
import { NewDisputeForm } from './new-dispute-form';

type Tab = 'new' | 'mine';

type DisputeCenterProps = {
  /** An order chosen before arriving (the order page's "Open a dispute"). */
  orderId?: string;
};

/** Spec §2 'Dispute Center / Appeal': the shopper's disputes, their figures, and a form to open a new one. */
export function DisputeCenter({ orderId }: DisputeCenterProps) {
  const { t } = useTranslation('disputes');
  const { number } = useLocaleFormat();
  const [tab, setTab] = useState<Tab>('new');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The last action's failure; reads that fail show their own default text below.
  const [actionError, setActionError] = useState<string | null>(null);

  const stats = useQuery(disputeStatsQueryOptions());
  const list = useQuery(myDisputesQueryOptions());
  const disputes = list.data?.data ?? [];
  const listed = disputes.find((dispute) => dispute._id === selectedId);
  const detail = useQuery({
    ...disputeQueryOptions(selectedId ?? ''),
    enabled: selectedId !== null,
    // The list already holds the dispute: show it at once while its latest thread loads.
    placeholderData: listed && ({ success: true, data: listed } satisfies SuccessBody<'getDispute'>),
  });
  // A failed read of the latest thread still leaves the listed dispute to show.
  const selected = selectedId === null ? undefined : (detail.data?.data ?? listed);
  const count = list.data ? disputes.length : (stats.data?.data.total ?? 0);

  const readError = stats.error
    ? errorMessage(stats.error, t(DISPUTE_ERRORS.stats))
    : list.error
      ? errorMessage(list.error, t(DISPUTE_ERRORS.list))
      : selectedId !== null && detail.error
        ? errorMessage(detail.error, t(DISPUTE_ERRORS.one))
        : null;
  const error = actionError ?? readError;

  return (
    <Stack>
      <Title order={1}>{t('title')}</Title>
      {error && (
        <Alert
          color="red"
          role="alert"
          withCloseButton={actionError !== null}
          onClose={() => setActionError(null)}
        >
          {error}
        </Alert>
      )}
      <DisputeStats stats={stats.data?.data} />
      <Tabs value={tab} onChange={(value) => setTab(value === 'mine' ? 'mine' : 'new')}>
        <Tabs.List>
          <Tabs.Tab value="new">{t('tabs.new')}</Tabs.Tab>
          <Tabs.Tab value="mine">{t('tabs.mine', { total: number(count) })}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="new" pt="md">
          <NewDisputeForm initialOrderId={orderId} onError={setActionError} />
        </Tabs.Panel>

        <Tabs.Panel value="mine" pt="md">
          {list.isPending ? (
            <Center py="xl">
              <Loader aria-label={t('loading')} />
            </Center>
          ) : (
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 5 }}>
                <DisputeList disputes={disputes} selectedId={selectedId} onSelect={setSelectedId} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Paper withBorder p="md">
                  {selected ? (
                    <DisputeDetail key={selected._id} dispute={selected} onError={setActionError} />
                  ) : (
                    <Text c="dimmed" ta="center" py="xl">
                      {t('selectOne')}
                    </Text>
                  )}
                </Paper>
              </Grid.Col>
            </Grid>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
