import { Button, Drawer, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { DataTable } from '@shop/ui/data-table';
import { formatDate, formatMoney } from '@shop/ui/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { useState } from 'react';
import { AnchorLink } from '../../../components/router-links';
import { FACTORY_PAGE_SIZE, factoryQueries } from '../api/d2c.queries';
import type { FactoryListSearch } from '../schemas/factory-list-search';
import { countryLabel, FactoryStatusBadge } from './factory-badges';
import { ProductPickerModal } from './product-picker-modal';

type Factory = Schemas['Factory'];

const features = tableFeatures({ rowPaginationFeature });
const productColumn = createColumnHelper<typeof features, Schemas['FactoryProduct']>();
const orderColumn = createColumnHelper<typeof features, Schemas['FactoryOrder']>();

const productColumns = productColumn.columns([
  productColumn.accessor('title', {
    header: 'Product',
    cell: ({ row }) => (
      <AnchorLink to="/manage-admin/products/product-viewer" search={{ id: row.original._id }} size="sm">
        {row.original.title}
      </AnchorLink>
    ),
  }),
  productColumn.accessor('productId', { header: 'Product ID' }),
  productColumn.accessor('status', { header: 'Status' }),
  productColumn.accessor('price', {
    header: 'Price',
    cell: ({ row }) => formatMoney(row.original.price, row.original.currency),
  }),
  productColumn.accessor('stock', { header: 'Stock' }),
]);

const orderColumns = orderColumn.columns([
  orderColumn.accessor('orderNumber', {
    header: 'Order',
    cell: ({ row }) => (
      <AnchorLink to="/manage-admin/orders/details" search={{ id: row.original._id }} size="sm">
        {row.original.orderNumber}
      </AnchorLink>
    ),
  }),
  orderColumn.accessor('date', { header: 'Date', cell: ({ getValue }) => formatDate(getValue()) }),
  orderColumn.accessor('customer', { header: 'Customer' }),
  orderColumn.accessor('total', {
    header: 'Total',
    cell: ({ row }) => formatMoney(row.original.total, row.original.currency),
  }),
  orderColumn.accessor('status', { header: 'Status' }),
  orderColumn.accessor('channel', { header: 'Channel', cell: ({ getValue }) => getValue().toUpperCase() }),
]);

type FactoryDetailProps = {
  search: FactoryListSearch;
  onSearchChange: (change: Partial<FactoryListSearch>) => void;
  onEdit: (factory: Factory) => void;
  onToggleStatus: (factory: Factory) => void;
};

/** A factory's panel (its URL names it): contact and figures, its products with Add products, and its orders. */
export function FactoryDetail({ search, onSearchChange, onEdit, onToggleStatus }: FactoryDetailProps) {
  const id = search.factory;
  const detail = useQuery({ ...factoryQueries.detail(id ?? ''), enabled: id !== undefined });
  const factory = detail.data?.data;
  const close = () => onSearchChange({ factory: undefined, tab: 'products', productsPage: 1, ordersPage: 1 });
  return (
    <Drawer
      opened={id !== undefined}
      onClose={close}
      position="right"
      size="xl"
      title={factory?.name ?? 'Factory'}
    >
      {detail.isError ? (
        <Text c="red" role="alert">
          {errorMessage(detail.error, 'Failed to load the factory.')}
        </Text>
      ) : factory && id ? (
        <FactoryPanel
          factory={factory}
          search={search}
          onSearchChange={onSearchChange}
          onEdit={onEdit}
          onToggleStatus={onToggleStatus}
        />
      ) : (
        <Text c="dimmed">Loading factory...</Text>
      )}
    </Drawer>
  );
}

type FactoryPanelProps = Omit<FactoryDetailProps, 'search'> & { factory: Factory; search: FactoryListSearch };

function FactoryPanel({ factory, search, onSearchChange, onEdit, onToggleStatus }: FactoryPanelProps) {
  const [picking, setPicking] = useState(false);
  const suspended = factory.status === 'suspended';
  const productsQuery = useQuery({
    ...factoryQueries.products(factory._id, { page: search.productsPage, limit: FACTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const ordersQuery = useQuery({
    ...factoryQueries.orders(factory._id, { page: search.ordersPage, limit: FACTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled: search.tab === 'orders',
  });

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" aria-label="Factory details" role="group">
        <Stack gap="sm">
          <Group justify="space-between">
            <FactoryStatusBadge status={factory.status} />
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={() => onEdit(factory)}>
                Edit
              </Button>
              <Button
                variant="light"
                size="xs"
                color={suspended ? 'teal' : 'red'}
                onClick={() => onToggleStatus(factory)}
              >
                {suspended ? 'Activate' : 'Suspend'}
              </Button>
            </Group>
          </Group>
          <SimpleGrid cols={2} spacing="xs">
            <Detail label="Email" value={factory.email} />
            <Detail label="Phone" value={factory.phone ?? '—'} />
            <Detail label="Country" value={countryLabel(factory.country)} />
            <Detail label="Revenue" value={formatMoney(factory.revenue, 'USD')} />
          </SimpleGrid>
          {factory.description ? <Text size="sm">{factory.description}</Text> : null}
        </Stack>
      </Paper>
      <Tabs
        value={search.tab}
        onChange={(tab) => onSearchChange({ tab: tab === 'orders' ? 'orders' : 'products' })}
      >
        <Tabs.List>
          <Tabs.Tab value="products">Products ({factory.products})</Tabs.Tab>
          <Tabs.Tab value="orders">Orders</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products" pt="md">
          <Stack gap="sm">
            <Group justify="flex-end">
              <Button size="xs" onClick={() => setPicking(true)}>
                Add products
              </Button>
            </Group>
            {productsQuery.isError ? (
              <Text c="red" role="alert">
                {errorMessage(productsQuery.error, 'Failed to load the products.')}
              </Text>
            ) : (
              <DataTable
                label="Factory products"
                features={features}
                columns={productColumns}
                data={productsQuery.data?.data ?? []}
                getRowId={(row) => row._id}
                rowCount={productsQuery.data?.meta.total ?? 0}
                pagination={{ pageIndex: search.productsPage - 1, pageSize: FACTORY_PAGE_SIZE }}
                onPaginationChange={({ pageIndex }) => onSearchChange({ productsPage: pageIndex + 1 })}
                loading={productsQuery.isPending}
                loadingText="Loading products..."
                emptyState={
                  <Text c="dimmed">No products yet. Add products to supply them from this factory.</Text>
                }
              />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="md">
          {ordersQuery.isError ? (
            <Text c="red" role="alert">
              {errorMessage(ordersQuery.error, 'Failed to load the orders.')}
            </Text>
          ) : (
            <DataTable
              label="Factory orders"
              features={features}
              columns={orderColumns}
              data={ordersQuery.data?.data ?? []}
              getRowId={(row) => row._id}
              rowCount={ordersQuery.data?.meta.total ?? 0}
              pagination={{ pageIndex: search.ordersPage - 1, pageSize: FACTORY_PAGE_SIZE }}
              onPaginationChange={({ pageIndex }) => onSearchChange({ ordersPage: pageIndex + 1 })}
              loading={search.tab === 'orders' && ordersQuery.isPending}
              loadingText="Loading orders..."
              emptyState={<Text c="dimmed">No orders hold this factory's products yet.</Text>}
            />
          )}
        </Tabs.Panel>
      </Tabs>
      <ProductPickerModal factory={factory} opened={picking} onClose={() => setPicking(false)} />
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Stack>
  );
}
