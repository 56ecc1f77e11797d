import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDateTime, formatMoney } from '@shop/ui/format';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { useState } from 'react';
import { AnchorLink } from '../../../components/router-links';
import { PAYMENT_PAGE_SIZE, paymentQueries } from '../api/payments.queries';
import { COD_STATES, type PaymentsSearch } from '../schemas/payments-search';
import { CodStateBadge, codStateLabel } from './payment-badges';
import { RecordRemittanceModal } from './record-remittance-modal';

type CodOrder = Schemas['CodOrder'];

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, CodOrder>();

const NO_CARRIER = 'No carrier yet';
const dateOrDash = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

type CodReconciliationProps = {
  search: PaymentsSearch;
  onSearchChange: (change: Partial<PaymentsSearch>) => void;
};

/** The Cash on delivery tab: what each carrier owes, order by order, and recording what they handed over. */
export function CodReconciliation({ search, onSearchChange }: CodReconciliationProps) {
  const list = useQuery({
    ...paymentQueries.cashOnDelivery({
      page: search.page,
      limit: PAYMENT_PAGE_SIZE,
      carrier: search.carrier || undefined,
      state: search.codState === 'all' ? undefined : search.codState,
    }),
    placeholderData: keepPreviousData,
  });
  const { filter, setPage } = useListState(search, onSearchChange);
  const [remitting, setRemitting] = useState<CodOrder | null>(null);
  const summary = list.data?.summary ?? [];
  const carriers = [...new Set(summary.flatMap((entry) => (entry.carrier ? [entry.carrier] : [])))];
  if (search.carrier && !carriers.includes(search.carrier)) carriers.push(search.carrier);

  const columns = column.columns([
    column.display({
      id: 'order',
      header: 'Order',
      cell: ({ row }) => (
        <AnchorLink to="/manage-admin/orders/details" search={{ id: row.original._id }} size="sm">
          {row.original.orderNumber}
        </AnchorLink>
      ),
    }),
    column.accessor('carrier', { header: 'Carrier', cell: ({ getValue }) => getValue() ?? '—' }),
    column.accessor('tracking', { header: 'Tracking', cell: ({ getValue }) => getValue() ?? '—' }),
    column.accessor('state', {
      header: 'State',
      cell: ({ getValue }) => <CodStateBadge state={getValue()} />,
    }),
    column.display({
      id: 'owed',
      header: 'Owed',
      cell: ({ row }) => formatMoney(row.original.owed, row.original.currency),
    }),
    column.display({
      id: 'collected',
      header: 'Collected',
      cell: ({ row }) =>
        row.original.collectedAt
          ? `${dateOrDash(row.original.collectedAt)}${row.original.collectedBy ? ` (${row.original.collectedBy})` : ''}`
          : '—',
    }),
    column.display({
      id: 'remitted',
      header: 'Remitted',
      cell: ({ row }) =>
        row.original.remitted === null ? (
          '—'
        ) : (
          <Stack gap={0}>
            <Text size="sm">{formatMoney(row.original.remitted, row.original.currency)}</Text>
            <Text size="xs" c="dimmed">
              {dateOrDash(row.original.remittedAt)} · {row.original.remittanceRef ?? '—'}
            </Text>
          </Stack>
        ),
    }),
    column.display({
      id: 'outstanding',
      header: 'Outstanding',
      cell: ({ row }) => formatMoney(row.original.outstanding, row.original.currency),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        // Only collected cash can be handed over; the server refuses the rest.
        row.original.state === 'awaiting_delivery' ? null : (
          <Button size="compact-sm" variant="light" onClick={() => setRemitting(row.original)}>
            Record remittance
          </Button>
        ),
    }),
  ]);

  return (
    <Stack gap="md">
      {summary.length > 0 ? (
        <SimpleGrid component="section" aria-label="Totals per carrier" cols={{ base: 1, sm: 2, lg: 3 }}>
          {summary.map((entry) => {
            const name = entry.carrier ?? NO_CARRIER;
            return (
              <Paper
                key={`${name}-${entry.currency}`}
                withBorder
                p="md"
                radius="md"
                role="group"
                aria-label={`${name} ${entry.currency}`}
              >
                <Text size="sm" c="dimmed">
                  {name} · {entry.orders} orders
                </Text>
                <Text size="xl" fw={700}>
                  {formatMoney(entry.outstanding, entry.currency)} outstanding
                </Text>
                <Text size="xs" c="dimmed">
                  Owed {formatMoney(entry.owed, entry.currency)} · Collected{' '}
                  {formatMoney(entry.collected, entry.currency)} · Remitted{' '}
                  {formatMoney(entry.remitted, entry.currency)}
                </Text>
              </Paper>
            );
          })}
        </SimpleGrid>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end">
          <FilterSelect
            label="Carrier"
            w={220}
            options={[{ value: '', label: 'All carriers' }, ...carriers]}
            value={search.carrier}
            onChange={(carrier) => filter({ carrier })}
          />
          <FilterSelect
            label="State"
            w={220}
            options={[
              { value: 'all', label: 'All states' } as const,
              ...COD_STATES.map((state) => ({ value: state, label: codStateLabel(state) })),
            ]}
            value={search.codState}
            onChange={(codState) => filter({ codState })}
          />
        </Group>
      </Paper>
      <ListTable
        label="Cash on delivery orders"
        query={list}
        features={features}
        columns={columns}
        data={list.data?.data ?? []}
        getRowId={(row) => row._id}
        total={list.data?.meta.total ?? 0}
        page={search.page}
        pageSize={PAYMENT_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading cash on delivery orders..."
        emptyState={<Text c="dimmed">No cash on delivery orders found.</Text>}
        errorFallback="Failed to load cash on delivery orders."
      />
      <RecordRemittanceModal order={remitting} onClose={() => setRemitting(null)} />
    </Stack>
  );
}
