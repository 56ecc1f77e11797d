import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { CLAIM_PAGE_SIZE, claimQueries } from '../api/claims.queries';
import { CLAIM_KINDS, CLAIM_STATUSES, type ClaimSearch } from '../schemas/claim-search';

type Claim = Schemas['StaffParcelClaim'];

export const KIND_LABELS: Record<Claim['kind'], string> = {
  never_arrived: 'Never arrived',
  damaged: 'Damaged / not as described',
};
export const STATUS_LABELS: Record<Claim['status'], string> = {
  open: 'Open',
  refunded: 'Refunded',
  reshipped: 'Reshipped',
  rejected: 'Rejected',
};
export const STATUS_COLORS: Record<Claim['status'], string> = {
  open: 'yellow',
  refunded: 'teal',
  reshipped: 'blue',
  rejected: 'red',
};

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Claim>();

type ClaimListProps = {
  search: ClaimSearch;
  onSearchChange: (change: Partial<ClaimSearch>) => void;
  onOpen: (id: string) => void;
};

/** Shoppers' claims on supplier parcels, newest first, filtered by status and kind. */
export function ClaimList({ search, onSearchChange, onOpen }: ClaimListProps) {
  const { filter, setPage } = useListState(search, onSearchChange);
  const list = useQuery({
    ...claimQueries.list({
      status: search.status === 'all' ? undefined : search.status,
      kind: search.kind === 'all' ? undefined : search.kind,
      page: search.page,
      limit: CLAIM_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });

  const columns = column.columns([
    column.accessor('orderNumber', { header: 'Order ID' }),
    column.display({
      id: 'parcel',
      header: 'Parcel',
      cell: ({ row }) => `Parcel ${row.original.parcelNumber}`,
    }),
    column.display({
      id: 'supplier',
      header: 'Supplier',
      cell: ({ row }) => row.original.parcel.supplierName ?? '—',
    }),
    column.accessor('customerName', { header: 'Customer' }),
    column.accessor('kind', { header: 'Problem', cell: ({ getValue }) => KIND_LABELS[getValue()] }),
    column.accessor('createdAt', { header: 'Reported', cell: ({ getValue }) => formatDate(getValue()) }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => (
        <Badge color={STATUS_COLORS[getValue()]} variant="light">
          {STATUS_LABELS[getValue()]}
        </Badge>
      ),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => (
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => onOpen(row.original._id)}
          aria-label={`Open claim on ${row.original.orderNumber} parcel ${row.original.parcelNumber}`}
        >
          Open
        </Button>
      ),
    }),
  ]);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group>
          <FilterSelect
            label="Claim status"
            w={200}
            options={[
              { value: 'all', label: 'All statuses' } as const,
              ...CLAIM_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
            ]}
            value={search.status}
            onChange={(status) => filter({ status })}
          />
          <FilterSelect
            label="Problem"
            w={240}
            options={[
              { value: 'all', label: 'All problems' } as const,
              ...CLAIM_KINDS.map((value) => ({ value, label: KIND_LABELS[value] })),
            ]}
            value={search.kind}
            onChange={(kind) => filter({ kind })}
          />
        </Group>
      </Paper>
      <ListTable
        label="Parcel claims"
        query={list}
        features={features}
        columns={columns}
        data={list.data?.data ?? []}
        getRowId={(row) => row._id}
        total={list.data?.meta.total ?? 0}
        page={search.page}
        pageSize={CLAIM_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading claims..."
        emptyState={<Text c="dimmed">No claims found.</Text>}
        errorFallback="Failed to load claims."
      />
    </Stack>
  );
}
