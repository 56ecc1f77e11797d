import { Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { ListTable } from '@shop/ui/list-kit/list-table';
import { useListState } from '@shop/ui/list-kit/use-list-state';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { StatCards } from '../../../components/stat-cards';
import { useInviteGuest, useSetShopperStatus } from '../api/b2c.mutations';
import { SHOPPER_PAGE_SIZE, shopperQueries } from '../api/b2c.queries';
import { type ShopperListSearch, shopperFilters } from '../schemas/shopper-list-search';
import { shopperColumns, shopperTableFeatures } from './shopper-columns';
import { ShopperToolbar } from './shopper-toolbar';

type Shopper = Schemas['Shopper'];
type AccountStatus = Schemas['SetShopperStatusRequest']['status'];

type ShopperListProps = {
  search: ShopperListSearch;
  /** Writes to the URL. */
  onSearchChange: (change: Partial<ShopperListSearch>) => void;
};

const count = (n: number | undefined) => n?.toLocaleString('en-US');

/** B2C Management: the store's shoppers, paged, searched and filtered by the server, and their account status. */
export function ShopperList({ search, onSearchChange }: ShopperListProps) {
  const list = useQuery({
    ...shopperQueries.list({ ...shopperFilters(search), page: search.page, limit: SHOPPER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const stats = list.data?.stats;
  const { filter, setPage } = useListState(search, onSearchChange);
  const setStatus = useSetShopperStatus();
  const invite = useInviteGuest();
  // The status picked in a row's select, shown there until it is saved (the list is then asked again) or cancelled.
  const [choice, setChoice] = useState<{ shopper: Shopper; status: AccountStatus } | null>(null);
  const [inviting, setInviting] = useState<string | null>(null);

  const save = async (shopper: Shopper, status: AccountStatus) => {
    try {
      const answer = await setStatus.mutateAsync({ params: { path: { id: shopper._id } }, body: { status } });
      toast.success(answer.message ?? `${shopper.name} is ${status}.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The status could not be changed.'));
    } finally {
      setChoice(null);
    }
  };

  const sendInvitation = async (shopper: Shopper) => {
    setInviting(shopper.email);
    try {
      const answer = await invite.mutateAsync({ body: { email: shopper.email, name: shopper.name } });
      toast.success(answer.message ?? `Invitation sent to ${shopper.email}.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The invitation could not be sent.'));
    } finally {
      setInviting(null);
    }
  };

  return (
    <Stack gap="md">
      <StatCards
        label="Shopper counts"
        failed={list.isError}
        cards={[
          { label: 'Shoppers', value: count(stats?.shoppers) },
          { label: 'Active', value: count(stats?.active) },
          { label: 'Suspended', value: count(stats?.suspended) },
          { label: 'Guests', value: count(stats?.guests) },
          { label: 'B2C Orders (30 days)', value: count(stats?.b2cOrders) },
          {
            label: 'B2C Revenue (30 days)',
            value: stats ? formatMoney(stats.b2cRevenue, stats.currency) : undefined,
          },
        ]}
      />
      <ShopperToolbar search={search} onFilter={filter} />
      <ListTable
        label="Shoppers"
        query={list}
        features={shopperTableFeatures}
        columns={shopperColumns({
          statusOf: (shopper) => (choice?.shopper._id === shopper._id ? choice.status : shopper.status),
          // Suspending signs the shopper out, so it asks first; making an account active does not.
          onStatusChange: (shopper, status) => {
            setChoice({ shopper, status });
            if (status === 'active') void save(shopper, status);
          },
          onInvite: (shopper) => void sendInvitation(shopper),
          inviting,
        })}
        data={rows}
        getRowId={(row) => row._id}
        total={list.data?.meta.total ?? 0}
        totalCapped={list.data?.meta.capped}
        page={search.page}
        pageSize={SHOPPER_PAGE_SIZE}
        onPageChange={setPage}
        loadingText="Loading shoppers..."
        emptyState={<Text c="dimmed">No shoppers found.</Text>}
        errorFallback="Failed to load shoppers."
      />
      <ConfirmDialog
        opened={choice?.status === 'suspended'}
        title="Suspend this shopper?"
        message={
          choice
            ? `Suspend ${choice.shopper.name}? They are signed out at once and cannot sign in or place orders until made active again.`
            : ''
        }
        confirmLabel="Suspend"
        danger
        busy={setStatus.isPending}
        onCancel={() => setChoice(null)}
        onConfirm={() => {
          if (choice) void save(choice.shopper, choice.status);
        }}
      />
    </Stack>
  );
}
