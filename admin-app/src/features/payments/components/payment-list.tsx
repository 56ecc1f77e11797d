import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDateTime, formatMoney } from '@shop/ui/format';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListError } from '@shop/ui/list-kit/list-error';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { AnchorLink } from '../../../components/router-links';
import { SearchField } from '../../../components/search-field';
import { PAYMENT_PAGE_SIZE, paymentQueries } from '../api/payments.queries';
import { PAYMENT_STATES, type PaymentsSearch } from '../schemas/payments-search';
import { MismatchBadge, PaymentStateBadge, paymentStateLabel } from './payment-badges';
import { PaymentMismatchList } from './payment-mismatch-list';

type Payment = Schemas['PaymentRecord'];

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Payment>();

const columns = column.columns([
  column.display({
    id: 'order',
    header: 'Order',
    cell: ({ row }) =>
      row.original.orderId ? (
        <AnchorLink to="/manage-admin/orders/details" search={{ id: row.original.orderId }} size="sm">
          {row.original.orderNumber ?? row.original.reference}
        </AnchorLink>
      ) : (
        row.original.reference
      ),
  }),
  column.accessor('customer', { header: 'Customer', cell: ({ getValue }) => getValue() ?? '—' }),
  column.accessor('provider', { header: 'Provider' }),
  column.accessor('method', { header: 'Method' }),
  column.display({
    id: 'state',
    header: 'State',
    cell: ({ row }) => (
      <Group gap={4} wrap="nowrap">
        <PaymentStateBadge state={row.original.state} />
        {row.original.mismatch ? <MismatchBadge kind={row.original.mismatch} /> : null}
      </Group>
    ),
  }),
  column.display({
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => formatMoney(row.original.amount, row.original.currency),
  }),
  column.display({
    id: 'refunded',
    header: 'Refunded',
    cell: ({ row }) => formatMoney(row.original.refunded, row.original.currency),
  }),
  column.accessor('providerRef', { header: 'Provider reference', cell: ({ getValue }) => getValue() ?? '—' }),
  column.accessor('confirmedAt', {
    header: 'Confirmed',
    cell: ({ getValue }) => {
      const at = getValue();
      return at ? formatDateTime(at) : '—';
    },
  }),
]);

type PaymentListProps = {
  search: PaymentsSearch;
  onSearchChange: (change: Partial<PaymentsSearch>) => void;
};

/** The Payments tab: totals per provider, the charges table with its filters, and the mismatches to look into. */
export function PaymentList({ search, onSearchChange }: PaymentListProps) {
  const summary = useQuery(paymentQueries.summary());
  const list = useQuery({
    ...paymentQueries.list({
      page: search.page,
      limit: PAYMENT_PAGE_SIZE,
      provider: search.provider || undefined,
      state: search.state === 'all' ? undefined : search.state,
      q: search.q || undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const { filter, setPage } = useListState(search, onSearchChange);
  const providers = [...new Set((summary.data?.data ?? []).map((entry) => entry.provider))];
  if (search.provider && !providers.includes(search.provider)) providers.push(search.provider);

  return (
    <Stack gap="md">
      {summary.isError ? (
        <ListError
          error={summary.error}
          fallback="Failed to load the provider totals."
          retrying={summary.isFetching}
          onRetry={() => void summary.refetch()}
        />
      ) : summary.data && summary.data.data.length > 0 ? (
        <SimpleGrid component="section" aria-label="Totals per provider" cols={{ base: 1, sm: 2, lg: 4 }}>
          {summary.data.data.map((entry) => (
            <Paper
              key={`${entry.provider}-${entry.currency}`}
              withBorder
              p="md"
              radius="md"
              role="group"
              aria-label={`${entry.provider} ${entry.currency}`}
            >
              <Text size="sm" c="dimmed">
                {entry.provider} · {entry.currency}
              </Text>
              <Text size="xl" fw={700}>
                {formatMoney(entry.amount, entry.currency)}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.count} charges · refunded {formatMoney(entry.refunded, entry.currency)}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.states.map((s) => `${paymentStateLabel(s.state)} ${s.count}`).join(' · ')}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end">
          <SearchField
            label="Search"
            placeholder="Order, provider reference or customer"
            value={search.q}
            onSearch={(q) => filter({ q })}
          />
          <FilterSelect
            label="Provider"
            w={200}
            options={[{ value: '', label: 'All providers' }, ...providers]}
            value={search.provider}
            onChange={(provider) => filter({ provider })}
          />
          <FilterSelect
            label="State"
            w={200}
            options={[
              { value: 'all', label: 'All states' } as const,
              ...PAYMENT_STATES.map((state) => ({ value: state, label: paymentStateLabel(state) })),
            ]}
            value={search.state}
            onChange={(state) => filter({ state })}
          />
        </Group>
      </Paper>
      <ListTable
        label="Payments"
        query={list}
        features={features}
        columns={columns}
        data={list.data?.data ?? []}
        getRowId={(row) => row._id}
        total={list.data?.meta.total ?? 0}
        page={search.page}
        pageSize={PAYMENT_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading payments..."
        emptyState={<Text c="dimmed">No payments found.</Text>}
        errorFallback="Failed to load payments."
      />
      <PaymentMismatchList
        page={search.mismatchPage}
        onPageChange={(mismatchPage) => onSearchChange({ mismatchPage })}
      />
    </Stack>
  );
}
