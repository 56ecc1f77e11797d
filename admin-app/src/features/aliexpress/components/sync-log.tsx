import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { DataTable } from '@shop/ui/data-table';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { useState } from 'react';
import { $api, api } from '../../../lib/api';
import { saveBlob, suggestedFileName } from '../../../lib/download';

type Entry = Schemas['MarketplaceLogEntry'];

export const SYNC_LOG_PAGE_SIZE = 5;
const TYPE_COLORS: Record<Entry['type'], string> = { success: 'green', error: 'red', warning: 'orange' };

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Entry>();
const columns = column.columns([
  column.accessor('type', {
    header: 'Type',
    cell: ({ getValue }) => (
      <Badge color={TYPE_COLORS[getValue()]} variant="light">
        {getValue()}
      </Badge>
    ),
  }),
  column.accessor('message', { header: 'Message' }),
  column.accessor('time', {
    header: 'Time',
    cell: ({ getValue }) => `${formatDate(getValue())} ${getValue().slice(11, 16)} UTC`,
  }),
]);

/** Every import, sync, price drift and failed marketplace call, 5 a page, and the whole log as CSV. */
export function SyncLog() {
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const log = useQuery({
    ...$api.queryOptions('get', '/marketplace/log', {
      params: { query: { page, limit: SYNC_LOG_PAGE_SIZE } },
    }),
    placeholderData: keepPreviousData,
  });

  // The operation also answers CSV (format=csv); this query asks for the JSON page.
  const entries = typeof log.data === 'object' ? log.data : undefined;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { data, error, response } = await api.GET('/marketplace/log', {
        params: { query: { format: 'csv' } },
        parseAs: 'blob',
      });
      if (error !== undefined || !data) throw error ?? new Error('The export is empty.');
      saveBlob(data, suggestedFileName(response) ?? 'marketplace-log.csv');
    } catch (error) {
      toast.error(errorMessage(error, 'The log could not be exported.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="log-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="log-title">
          Sync / Error Log
        </Title>
        <Button variant="light" size="compact-sm" onClick={() => void exportCsv()} loading={exporting}>
          Export CSV
        </Button>
      </Group>
      {log.isError && !log.data ? (
        <Text c="red" role="alert">
          {errorMessage(log.error, 'Failed to load the log.')}
        </Text>
      ) : (
        <DataTable
          label="Sync log"
          features={features}
          columns={columns}
          data={entries?.data ?? []}
          getRowId={(row) => row.id}
          rowCount={entries?.meta.total ?? 0}
          pagination={{ pageIndex: page - 1, pageSize: SYNC_LOG_PAGE_SIZE }}
          onPaginationChange={({ pageIndex }) => setPage(pageIndex + 1)}
          loading={log.isPending}
          loadingText="Loading the log..."
          emptyState={<Text c="dimmed">Nothing synced or imported yet.</Text>}
        />
      )}
    </Paper>
  );
}
