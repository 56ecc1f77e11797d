import { Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SearchField } from '../../../components/search-field';
import { StatCards } from '../../../components/stat-cards';
import { useApproveVendor, useReactivateVendor, useSuspendVendor } from '../api/vendors.mutations';
import { VENDOR_PAGE_SIZE, vendorQueries } from '../api/vendors.queries';
import { VENDOR_STATUSES, type VendorListSearch, vendorFilters } from '../schemas/vendor-list-search';
import { RejectVendorModal } from './reject-vendor-modal';
import { type VendorAction, vendorColumns, vendorTableFeatures } from './vendor-columns';
import { VendorEarnings } from './vendor-earnings';
import { VENDOR_STATUS_LABELS } from './vendor-status-badge';

type Vendor = Schemas['VendorProfile'];
type Confirming = { vendor: Vendor; action: 'suspend' | 'reactivate' };

const STATUS_OPTIONS = [
  { value: 'all', label: 'All' } as const,
  ...VENDOR_STATUSES.map((status) => ({ value: status, label: VENDOR_STATUS_LABELS[status] })),
];
const count = (n: number | undefined) => n?.toLocaleString('en-US');

const CONFIRM_TEXT = {
  suspend: {
    title: 'Suspend this store?',
    message: (name: string) =>
      `Suspend ${name}? It is signed out, cannot sign in, and its products leave the storefront until it is reactivated.`,
    label: 'Suspend',
  },
  reactivate: {
    title: 'Reactivate this store?',
    message: (name: string) =>
      `Reactivate ${name}? It can sign in again and its approved products return to the storefront.`,
    label: 'Reactivate',
  },
} as const;

type VendorListProps = {
  search: VendorListSearch;
  /** Writes to the URL. */
  onSearchChange: (change: Partial<VendorListSearch>) => void;
};

/** Vendor Applications: the shops that applied to sell, their review, suspension and reactivation. */
export function VendorList({ search, onSearchChange }: VendorListProps) {
  const list = useQuery({
    ...vendorQueries.list({ ...vendorFilters(search), page: search.page, limit: VENDOR_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const counts = list.data?.counts;
  const approve = useApproveVendor();
  const suspend = useSuspendVendor();
  const reactivate = useReactivateVendor();
  const [rejecting, setRejecting] = useState<Vendor | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const run = async (vendor: Vendor, action: 'approve' | 'suspend' | 'reactivate') => {
    const mutation = { approve, suspend, reactivate }[action];
    try {
      const answer = await mutation.mutateAsync({ params: { path: { id: vendor._id } } });
      toast.success(answer.message ?? `${vendor.name}: done.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The store could not be changed.'));
    }
  };

  const onAction = (vendor: Vendor, action: VendorAction) => {
    if (action === 'reject') setRejecting(vendor);
    else if (action === 'approve') void run(vendor, 'approve');
    else if (action === 'earnings') onSearchChange({ vendor: vendor._id, ledger: 1 });
    else setConfirming({ vendor, action });
  };
  const openVendor = list.data?.data.find((vendor) => vendor._id === search.vendor);
  const { filter, setPage } = useListState(search, onSearchChange);
  const confirmText = confirming ? CONFIRM_TEXT[confirming.action] : null;

  return (
    <Stack gap="md">
      <StatCards
        label="Vendor counts"
        failed={list.isError}
        cards={VENDOR_STATUSES.map((status) => ({
          label: VENDOR_STATUS_LABELS[status],
          value: count(counts?.[status]),
        }))}
      />
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <SearchField
            label="Search"
            placeholder="Store name or email"
            value={search.q}
            onSearch={(q) => filter({ q })}
          />
          <FilterSelect
            label="Status"
            options={STATUS_OPTIONS}
            value={search.status}
            onChange={(status) => filter({ status })}
          />
        </Group>
      </Paper>
      <ListTable
        label="Vendor applications"
        query={list}
        features={vendorTableFeatures}
        columns={vendorColumns(onAction)}
        data={list.data?.data ?? []}
        getRowId={(row) => row._id}
        total={list.data?.meta.total ?? 0}
        page={search.page}
        pageSize={VENDOR_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading vendor applications..."
        emptyState={<Text c="dimmed">No vendor applications found.</Text>}
        errorFallback="Failed to load vendor applications."
      />
      <RejectVendorModal vendor={rejecting} onClose={() => setRejecting(null)} />
      <ConfirmDialog
        opened={confirming !== null}
        title={confirmText?.title ?? ''}
        message={confirming && confirmText ? confirmText.message(confirming.vendor.name) : ''}
        confirmLabel={confirmText?.label ?? ''}
        danger={confirming?.action === 'suspend'}
        busy={suspend.isPending || reactivate.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) void run(confirming.vendor, confirming.action).then(() => setConfirming(null));
        }}
      />
      <Drawer
        opened={search.vendor !== undefined}
        onClose={() => onSearchChange({ vendor: undefined, ledger: 1 })}
        position="right"
        size="xl"
        title={openVendor ? `${openVendor.name}: Earnings` : 'Earnings'}
      >
        {search.vendor ? (
          <VendorEarnings
            vendorId={search.vendor}
            page={search.ledger}
            onPageChange={(ledger) => onSearchChange({ ledger })}
          />
        ) : null}
      </Drawer>
    </Stack>
  );
}
