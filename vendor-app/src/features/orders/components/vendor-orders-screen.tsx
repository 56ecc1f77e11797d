import { Alert, Drawer, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { DataTable } from '@shop/ui/data-table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { VENDOR_ORDER_PAGE_SIZE, vendorOrderQueries } from '../api/vendor-orders.queries';
import type { VendorOrderSearch } from '../schemas/vendor-order-search';
import { vendorOrderColumns, vendorOrderTableFeatures } from './vendor-order-columns';
import { VendorOrderDetails } from './vendor-order-details';

type VendorOrdersScreenProps = {
  search: VendorOrderSearch;
  onSearchChange: (change: Partial<VendorOrderSearch>) => void;
};

/** The orders holding the vendor's products, paged by the server; a row opens beside the table to ship it. */
export function VendorOrdersScreen({ search, onSearchChange }: VendorOrdersScreenProps) {
  const { data, error, isPending, isFetching } = useQuery({
    ...vendorOrderQueries.list({ page: search.page, limit: VENDOR_ORDER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => vendorOrderColumns({ onOpen: (order) => onSearchChange({ order: order._id }) }),
    [onSearchChange],
  );

  return (
    <>
      {error ? (
        <Alert color="red" role="alert" title="Orders could not be loaded">
          {errorMessage(error, 'Please try again.')}
        </Alert>
      ) : null}
      <DataTable
        features={vendorOrderTableFeatures}
        columns={columns}
        data={data?.data ?? []}
        rowCount={data?.meta.total ?? 0}
        pagination={{ pageIndex: search.page - 1, pageSize: VENDOR_ORDER_PAGE_SIZE }}
        onPaginationChange={({ pageIndex }) => onSearchChange({ page: pageIndex + 1 })}
        loading={isPending || (isFetching && !data)}
        loadingText="Loading orders..."
        emptyState={<Text c="dimmed">No orders found.</Text>}
        getRowId={(order) => order._id}
        label="Orders"
      />
      <Drawer
        opened={search.order !== undefined}
        onClose={() => onSearchChange({ order: undefined })}
        position="right"
        size="lg"
        title="Order details"
      >
        {search.order ? <VendorOrderDetails id={search.order} /> : null}
      </Drawer>
    </>
  );
}
