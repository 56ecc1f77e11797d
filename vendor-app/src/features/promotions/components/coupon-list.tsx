import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { DataTable } from '@shop/ui/data-table';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { COUPON_PAGE_SIZE, vendorCouponQueries } from '../api/vendor-coupons.queries';
import type { PromotionsSearch } from '../schemas/promotions-search';
import { couponColumns, couponTableFeatures } from './coupon-columns';
import { CouponFormModal } from './coupon-form-modal';
import { DeleteCouponDialog } from './delete-coupon-dialog';

type VendorCoupon = Schemas['VendorCoupon'];

type CouponListProps = {
  search: PromotionsSearch;
  onSearchChange: (change: Partial<PromotionsSearch>) => void;
};

/** The vendor's coupon codes, created, edited and deleted here; checkout applies them to the vendor's items only. */
export function CouponList({ search, onSearchChange }: CouponListProps) {
  const [editing, setEditing] = useState<VendorCoupon | 'new' | null>(null);
  const [deleting, setDeleting] = useState<VendorCoupon | null>(null);
  const { data, error, isPending } = useQuery({
    ...vendorCouponQueries.list({ page: search.page, limit: COUPON_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => couponColumns({ onEdit: setEditing, onDelete: setDeleting }), []);

  return (
    <>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          Codes shoppers type at checkout: the discount comes off your products only.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          New Coupon
        </Button>
      </Group>
      {error ? (
        <Alert color="red" role="alert" title="Coupons could not be loaded">
          {errorMessage(error, 'Please try again.')}
        </Alert>
      ) : null}
      <DataTable
        features={couponTableFeatures}
        columns={columns}
        data={data?.data ?? []}
        rowCount={data?.meta.total ?? 0}
        pagination={{ pageIndex: search.page - 1, pageSize: COUPON_PAGE_SIZE }}
        onPaginationChange={({ pageIndex }) => onSearchChange({ page: pageIndex + 1 })}
        loading={isPending}
        loadingText="Loading coupons..."
        emptyState={<Text c="dimmed">No coupons yet.</Text>}
        getRowId={(coupon) => coupon._id}
        label="Coupons"
      />
      <CouponFormModal editing={editing} onClose={() => setEditing(null)} />
      <DeleteCouponDialog coupon={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
