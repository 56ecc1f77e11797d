// The catalogue as files on the Backup & Restore screen: products exported as CSV or JSON, and imported back.
import { Badge, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { DataTable } from '@shop/ui/data-table';
import { toast } from '@shop/ui/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { useState } from 'react';
import { $api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { type ExportFormat, fetchProductsExport } from '../../products/api/export-products';

/** A file upload as the typed client names its multipart body (sent as FormData). */
export type UploadBody = { file: string };

export function ProductFiles() {
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const exportAs = async (format: ExportFormat) => {
    setExporting(format);
    try {
      const { blob, fileName } = await fetchProductsExport({ format });
      saveBlob(blob, fileName);
    } catch (error) {
      toast.error(errorMessage(error, 'The products could not be exported.'));
    } finally {
      setExporting(null);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="products-file-title">
      <Title order={2} fz="h4" id="products-file-title" mb="sm">
        Export Products
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Every product of the catalogue (up to 10,000) as a spreadsheet or as data.
      </Text>
      <Group>
        <Button variant="light" onClick={() => void exportAs('csv')} loading={exporting === 'csv'}>
          Export Products (CSV)
        </Button>
        <Button variant="light" onClick={() => void exportAs('json')} loading={exporting === 'json'}>
          Export Products (JSON)
        </Button>
      </Group>
    </Paper>
  );
}

type ImportReport = Schemas['ProductImportReport'];
const OUTCOME_COLORS: Record<ImportReport['rows'][number]['outcome'], string> = {
  created: 'teal',
  updated: 'blue',
  refused: 'red',
};
export const IMPORT_REPORT_PAGE_SIZE = 10;
const reportFeatures = tableFeatures({ rowPaginationFeature });
const reportColumn = createColumnHelper<typeof reportFeatures, ImportReport['rows'][number]>();
const reportColumns = reportColumn.columns([
  reportColumn.accessor('row', { header: 'Row' }),
  reportColumn.accessor('outcome', {
    header: 'Result',
    cell: ({ getValue }) => (
      <Badge color={OUTCOME_COLORS[getValue()]} variant="light">
        {getValue()}
      </Badge>
    ),
  }),
  reportColumn.accessor('title', { header: 'Product', cell: ({ getValue }) => getValue() ?? '—' }),
  reportColumn.accessor('message', { header: 'Details' }),
]);

export function ImportProducts() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [page, setPage] = useState(1);
  const importFile = $api.useMutation('post', '/product/import', {
    onSettled: () => queryClient.invalidateQueries(),
  });
  const submit = async () => {
    if (!file) {
      toast.error('Please select a file to import.');
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      // The generated type names the binary part a string; FormData passes through openapi-fetch unchanged.
      const answer = await importFile.mutateAsync({ body: form as unknown as UploadBody });
      setReport(answer.data);
      setPage(1);
      toast.success(answer.message ?? 'Products imported.');
      setFile(null);
    } catch (error) {
      toast.error(errorMessage(error, 'The products could not be imported.'));
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-products-title">
      <Title order={2} fz="h4" id="import-products-title" mb="sm">
        Import Products
      </Title>
      <Stack>
        <FileInput
          label="Products file"
          description="A CSV or JSON file with the export's columns; rows with an _id or productId update that product."
          placeholder="Choose a CSV or JSON file"
          accept=".csv,.json,text/csv,application/json"
          value={file}
          onChange={setFile}
          clearable
        />
        <Group>
          <Button onClick={() => void submit()} loading={importFile.isPending}>
            Import Products
          </Button>
        </Group>
        {report ? (
          <Stack gap="xs">
            <Group gap="xs">
              <Badge color="teal">{report.created} created</Badge>
              <Badge color="blue">{report.updated} updated</Badge>
              <Badge color="red">{report.refused} refused</Badge>
            </Group>
            <DataTable
              label="Import report"
              features={reportFeatures}
              columns={reportColumns}
              data={report.rows.slice((page - 1) * IMPORT_REPORT_PAGE_SIZE, page * IMPORT_REPORT_PAGE_SIZE)}
              getRowId={(row) => String(row.row)}
              rowCount={report.rows.length}
              pagination={{ pageIndex: page - 1, pageSize: IMPORT_REPORT_PAGE_SIZE }}
              onPaginationChange={({ pageIndex }) => setPage(pageIndex + 1)}
              emptyState={<Text c="dimmed">The file held no rows.</Text>}
            />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
