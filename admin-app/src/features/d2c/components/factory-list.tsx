import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { FilterSelect } from '@shop/ui/list-kit/filter-select';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SearchField } from '../../../components/search-field';
import { StatCards } from '../../../components/stat-cards';
import { useUpdateFactory } from '../api/d2c.mutations';
import { FACTORY_PAGE_SIZE, factoryQueries } from '../api/d2c.queries';
import {
  FACTORY_FILTER_STATUSES,
  type FactoryListSearch,
  factoryFilters,
} from '../schemas/factory-list-search';
import { factoryColumns, factoryTableFeatures } from './factory-columns';
import { FactoryDetail } from './factory-detail';
import { FactoryFormModal } from './factory-form-modal';

type Factory = Schemas['Factory'];

const STATUS_OPTIONS = [{ value: 'all', label: 'All' } as const, ...FACTORY_FILTER_STATUSES];
const count = (n: number | undefined) => n?.toLocaleString('en-US');

type FactoryListProps = {
  search: FactoryListSearch;
  /** Writes to the URL. */
  onSearchChange: (change: Partial<FactoryListSearch>) => void;
};

/** Domestic D2C Management: the factories supplying the store directly, with their products and orders. */
export function FactoryList({ search, onSearchChange }: FactoryListProps) {
  const list = useQuery({
    ...factoryQueries.list({ ...factoryFilters(search), page: search.page, limit: FACTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const stats = list.data?.stats;
  const update = useUpdateFactory();
  const [editing, setEditing] = useState<Factory | 'new' | null>(null);
  const [suspending, setSuspending] = useState<Factory | null>(null);

  const setStatus = async (factory: Factory, status: 'active' | 'suspended') => {
    try {
      const answer = await update.mutateAsync({ params: { path: { id: factory._id } }, body: { status } });
      toast.success(answer.message ?? `${factory.name} is ${status}.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The status could not be changed.'));
    }
  };
  // Suspending takes the factory's products off the storefront, so it asks first; activating does not.
  const toggleStatus = (factory: Factory) =>
    factory.status === 'suspended' ? void setStatus(factory, 'active') : setSuspending(factory);
  const { filter, setPage } = useListState(search, onSearchChange);

  return (
    <Stack gap="md">
      <StatCards
        label="Factory counts"
        failed={list.isError}
        cards={[
          { label: 'Factories', value: count(stats?.factories) },
          { label: 'Active', value: count(stats?.active) },
          { label: 'Suspended', value: count(stats?.suspended) },
          { label: 'D2C Orders (30 days)', value: count(stats?.d2cOrders) },
          {
            label: 'D2C Revenue (30 days)',
            value: stats ? formatMoney(stats.d2cRevenue, stats.currency) : undefined,
          },
        ]}
      />
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="md" wrap="wrap" justify="space-between">
          <Group align="flex-end" gap="md" wrap="wrap">
            <SearchField
              label="Search"
              placeholder="Name or email"
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
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            Add Factory
          </Button>
        </Group>
      </Paper>
      <ListTable
        label="Factories"
        query={list}
        features={factoryTableFeatures}
        columns={factoryColumns({
          onView: (factory) =>
            onSearchChange({ factory: factory._id, tab: 'products', productsPage: 1, ordersPage: 1 }),
          onEdit: setEditing,
          onToggleStatus: toggleStatus,
        })}
        data={rows}
        getRowId={(row) => row._id}
        total={list.data?.meta.total ?? 0}
        page={search.page}
        pageSize={FACTORY_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading factories..."
        emptyState={<Text c="dimmed">No factories found.</Text>}
        errorFallback="Failed to load factories."
      />
      <FactoryDetail
        search={search}
        onSearchChange={onSearchChange}
        onEdit={setEditing}
        onToggleStatus={toggleStatus}
      />
      <FactoryFormModal editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={suspending !== null}
        title="Suspend this factory?"
        message={
          suspending
            ? `Suspend ${suspending.name}? Its products leave the storefront until it is made active again.`
            : ''
        }
        confirmLabel="Suspend"
        danger
        busy={update.isPending}
        onCancel={() => setSuspending(null)}
        onConfirm={() => {
          if (suspending) void setStatus(suspending, 'suspended').then(() => setSuspending(null));
        }}
      />
    </Stack>
  );
}
