import { Badge, Button } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { useState } from 'react';
import { LogSection } from '../../../components/log-section';
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
      // A long message must not squeeze the type column until the badge reads 'succ…'.
      <Badge color={TYPE_COLORS[getValue()]} variant="light" miw="max-content">
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
    <LogSection
      title="Sync / Error Log"
      actions={
        <Button variant="light" size="compact-sm" onClick={() => void exportCsv()} loading={exporting}>
          Export CSV
        </Button>
      }
      label="Sync log"
      query={{ ...log, data: entries }}
      features={features}
      columns={columns}
      page={page}
      pageSize={SYNC_LOG_PAGE_SIZE}
      onPageChange={setPage}
      loadingText="Loading the log..."
      empty="Nothing synced or imported yet."
      errorFallback="Failed to load the log."
    />
  );
}
