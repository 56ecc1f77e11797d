import { Text } from '@mantine/core';
import { DataTable } from '@shop/ui/data-table';
import { formatDate } from '@shop/ui/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { useState } from 'react';
import { pricingQueries } from '../api/pricing.queries';
import { Section } from './pricing-section';

export const OVERRIDE_PAGE_SIZE = 10;

type Override = { id: string; message: string; by: string; timestamp: string };
const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Override>();
const overrideColumns = column.columns([
  column.accessor('message', { header: 'Change' }),
  column.accessor('by', { header: 'By' }),
  column.accessor('timestamp', {
    header: 'Time',
    cell: ({ getValue }) => `${formatDate(getValue())} ${getValue().slice(11, 16)} UTC`,
  }),
]);

export function OverrideLogs() {
  const [page, setPage] = useState(1);
  const logs = useQuery({
    ...pricingQueries.overrides(page, OVERRIDE_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  return (
    <Section
      id="overrides-title"
      title="Manual Override Logs"
      description="Imported products' prices set by hand in the product editor; repricing leaves them be."
    >
      <DataTable
        label="Manual overrides"
        features={features}
        columns={overrideColumns}
        data={logs.data?.data ?? []}
        getRowId={(row) => row.id}
        rowCount={logs.data?.meta.total ?? 0}
        pagination={{ pageIndex: page - 1, pageSize: OVERRIDE_PAGE_SIZE }}
        onPaginationChange={({ pageIndex }) => setPage(pageIndex + 1)}
        loading={logs.isPending}
        loadingText="Loading the overrides..."
        emptyState={<Text c="dimmed">No manual overrides made yet.</Text>}
      />
    </Section>
  );
}
