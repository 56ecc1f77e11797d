import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { DataTable } from '@shop/ui/data-table';
import { formatMoney } from '@shop/ui/format';
import { ledgerColumns, ledgerTableFeatures } from '@shop/ui/vendor-ledger';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { earningsQueries, LEDGER_PAGE_SIZE } from '../api/earnings.queries';
import type { EarningsSearch } from '../schemas/earnings-search';

type EarningsScreenProps = {
  search: EarningsSearch;
  onSearchChange: (change: Partial<EarningsSearch>) => void;
};

/** What the store owes the vendor: the sums of the ledger as cards, the commission, and the ledger itself. */
export function EarningsScreen({ search, onSearchChange }: EarningsScreenProps) {
  const summary = useQuery(earningsQueries.summary());
  const ledger = useQuery({
    ...earningsQueries.ledger({ page: search.page, limit: LEDGER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const figures = summary.data?.data;
  const money = (amount: number | undefined) =>
    figures && amount !== undefined ? formatMoney(amount, figures.currency) : undefined;

  return (
    <Stack>
      {summary.isError ? (
        <Alert color="red" role="alert" title="Earnings could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(summary.error, 'Please try again.')}</Text>
            <Button size="xs" variant="light" onClick={() => void summary.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} component="section" aria-label="Earnings summary">
        <FigureCard label="Balance" value={money(figures?.balance)} failed={summary.isError} />
        <FigureCard label="Earned" value={money(figures?.earned)} failed={summary.isError} />
        <FigureCard label="Commission" value={money(figures?.commission)} failed={summary.isError} />
        <FigureCard label="Refunded" value={money(figures?.refunded)} failed={summary.isError} />
        <FigureCard label="Paid out" value={money(figures?.paidOut)} failed={summary.isError} />
      </SimpleGrid>
      {figures ? (
        <Text c="dimmed" size="sm">
          The store's commission on your sales is {figures.commissionPercent}%. Staff pay your balance out by
          bank transfer.
        </Text>
      ) : null}

      <Title order={2} fz="h4">
        Ledger
      </Title>
      {ledger.isError ? (
        <Alert color="red" role="alert" title="The ledger could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(ledger.error, 'Please try again.')}</Text>
            <Button size="xs" variant="light" onClick={() => void ledger.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <DataTable
        features={ledgerTableFeatures}
        columns={ledgerColumns}
        data={ledger.data?.data ?? []}
        rowCount={ledger.data?.meta.total ?? 0}
        pagination={{ pageIndex: search.page - 1, pageSize: LEDGER_PAGE_SIZE }}
        onPaginationChange={({ pageIndex }) => onSearchChange({ page: pageIndex + 1 })}
        loading={ledger.isPending || (ledger.isFetching && !ledger.data)}
        loadingText="Loading the ledger..."
        emptyState={<Text c="dimmed">No earnings yet: your delivered orders will show here.</Text>}
        getRowId={(entry) => entry._id}
        label="Ledger"
      />
    </Stack>
  );
}

function FigureCard({ label, value, failed }: { label: string; value: string | undefined; failed: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value !== undefined ? (
        <Text fz="xl" fw={700}>
          {value}
        </Text>
      ) : failed ? (
        <Text fz="xl" fw={700} c="dimmed">
          —
        </Text>
      ) : (
        <Skeleton height={28} width={80} mt={4} />
      )}
    </Paper>
  );
}
