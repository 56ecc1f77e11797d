import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDate, formatMoney } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { lazy, Suspense, useState } from 'react';
import { LogSection } from '../../../components/log-section';
import { $api, api } from '../../../lib/api';
import { saveBlob, suggestedFileName } from '../../../lib/download';

type Overview = Schemas['AnalyticsOverview'];
type Metric = Schemas['AnalyticsMetric'];
type Report = Schemas['Report'];
type ReportType = Report['type'];

export const REPORT_PAGE_SIZE = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

const SalesArea = lazy(() => import('./analytics-charts').then((m) => ({ default: m.SalesArea })));
const OrdersVisitsBars = lazy(() =>
  import('./analytics-charts').then((m) => ({ default: m.OrdersVisitsBars })),
);

const REPORT_TYPES: { value: ReportType; label: string }[] = [
  { value: 'sales-by-day', label: 'Sales by day' },
  { value: 'sales-by-product', label: 'Sales by product' },
  { value: 'sales-by-country', label: 'Sales by country' },
  { value: 'refunds', label: 'Refunds' },
  { value: 'disputes', label: 'Disputes' },
];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last `days` days ending today (UTC). */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  return { from: isoDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: isoDay(now) };
}

/** "+12.5%", "−3.0%", "0%"; "new" when the period before had nothing to compare with. */
export function changeText(change: number | null): string {
  if (change === null) return 'new';
  if (change === 0) return '0%';
  return `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)}%`;
}

/** Analytics & Reports: figures over a range against the period before, charts, and CSV reports. */
export function AnalyticsPage() {
  const [preset, setPreset] = useState('30');
  const [range, setRange] = useState(() => lastDays(30));
  const [draft, setDraft] = useState(range);
  const overview = useQuery({
    ...$api.queryOptions('get', '/analytics/overview', { params: { query: range } }),
    placeholderData: keepPreviousData,
  });

  const choosePreset = (value: string) => {
    setPreset(value);
    if (value !== 'custom') {
      const next = lastDays(Number(value));
      setRange(next);
      setDraft(next);
    }
  };
  const validDraft =
    /^\d{4}-\d{2}-\d{2}$/.test(draft.from) && /^\d{4}-\d{2}-\d{2}$/.test(draft.to) && draft.from <= draft.to;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md" component="section" aria-label="Range">
        <Group align="flex-end">
          <NativeSelect
            label="Range"
            value={preset}
            onChange={(event) => choosePreset(event.currentTarget.value)}
            data={[
              { value: '7', label: 'Last 7 days' },
              { value: '30', label: 'Last 30 days' },
              { value: '90', label: 'Last 90 days' },
              { value: 'custom', label: 'Custom' },
            ]}
          />
          {preset === 'custom' && (
            <>
              <TextInput
                type="date"
                label="From"
                value={draft.from}
                onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
              />
              <TextInput
                type="date"
                label="To"
                value={draft.to}
                onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
                error={validDraft ? undefined : 'The end is before the start.'}
              />
              <Button onClick={() => setRange(draft)} disabled={!validDraft}>
                Apply
              </Button>
            </>
          )}
        </Group>
      </Paper>
      {overview.isError && !overview.data ? (
        <Text c="red" role="alert">
          {errorMessage(overview.error, 'Failed to load the analytics.')}
        </Text>
      ) : (
        <Figures data={overview.data?.data} />
      )}
      <Reports range={range} />
    </Stack>
  );
}

function MetricCard({
  label,
  metric,
  format,
  days,
}: {
  label: string;
  metric?: Metric;
  format: (n: number) => string;
  days: number;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {metric ? (
        <>
          <Text fz="xl" fw={700}>
            {format(metric.value)}
          </Text>
          <Group gap={6}>
            <Badge
              variant="light"
              color={
                metric.change === null || metric.change > 0 ? 'teal' : metric.change < 0 ? 'red' : 'gray'
              }
            >
              {changeText(metric.change)}
            </Badge>
            <Text size="xs" c="dimmed">
              vs {format(metric.previous)} the {days} days before
            </Text>
          </Group>
        </>
      ) : (
        <Skeleton h={48} mt={4} />
      )}
    </Paper>
  );
}

function Figures({ data }: { data: Overview | undefined }) {
  const days = data?.series.length ?? 0;
  const count = (n: number) => n.toLocaleString('en-US');
  const chartPlaceholder = <Skeleton h={260} />;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <MetricCard
          label="Total Sales"
          metric={data?.sales}
          format={(n) => formatMoney(n, 'USD')}
          days={days}
        />
        <MetricCard label="Orders" metric={data?.orders} format={count} days={days} />
        <MetricCard label="Visits" metric={data?.visits} format={count} days={days} />
        <MetricCard
          label="Conversion"
          metric={data?.conversion}
          format={(n) => `${n.toFixed(2)}%`}
          days={days}
        />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="recovered-title">
        <Text size="sm" c="dimmed" id="recovered-title">
          Recovered Orders
        </Text>
        {data ? (
          <Group gap="lg" mt={4}>
            <Text fz={24} fw={700}>
              {count(data.recovered.count)}
            </Text>
            <Text fw={600}>{formatMoney(data.recovered.revenue, 'USD')}</Text>
            <Text size="xs" c="dimmed">
              orders placed within 7 days of a cart reminder’s link, and their revenue
            </Text>
          </Group>
        ) : (
          <Skeleton h={32} mt={4} />
        )}
      </Paper>
      {data && (
        <Text size="sm" c="dimmed">
          {formatDate(`${data.from}T00:00:00Z`)} to {formatDate(`${data.to}T00:00:00Z`)}, compared with{' '}
          {formatDate(`${data.previousFrom}T00:00:00Z`)} to {formatDate(`${data.previousTo}T00:00:00Z`)}.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="sales-chart-title">
          <Title order={2} fz="h4" id="sales-chart-title" mb="sm">
            Sales per Day
          </Title>
          {data ? (
            <Suspense fallback={chartPlaceholder}>
              <SalesArea points={data.series} />
            </Suspense>
          ) : (
            chartPlaceholder
          )}
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="traffic-chart-title">
          <Title order={2} fz="h4" id="traffic-chart-title" mb="sm">
            Orders and Visits per Day
          </Title>
          {data ? (
            <Suspense fallback={chartPlaceholder}>
              <OrdersVisitsBars points={data.series} />
            </Suspense>
          ) : (
            chartPlaceholder
          )}
        </Paper>
      </SimpleGrid>
    </>
  );
}

const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Report>();

const reportsQuery = (page: number) =>
  $api.queryOptions('get', '/analytics/reports', { params: { query: { page, limit: REPORT_PAGE_SIZE } } });

function Reports({ range }: { range: { from: string; to: string } }) {
  const queryClient = useQueryClient();
  const [type, setType] = useState<ReportType>('sales-by-day');
  const [page, setPage] = useState(1);
  const list = useQuery({ ...reportsQuery(page), placeholderData: keepPreviousData });
  const generate = $api.useMutation('post', '/analytics/reports', {
    // Every page of the report log, and nothing else.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportsQuery(1).queryKey.slice(0, 2) }),
  });

  const run = async () => {
    try {
      const answer = await generate.mutateAsync({ body: { type, ...range } });
      setPage(1);
      if (answer.data.status === 'Ready') toast.success(answer.message ?? 'Report generated.');
      else toast.error(answer.data.error ?? 'The report could not be generated.');
    } catch (error) {
      toast.error(errorMessage(error, 'The report could not be generated.'));
    }
  };
  const download = async (report: Report) => {
    const { data, error, response } = await api.GET('/analytics/reports/{id}/download', {
      params: { path: { id: report.id } },
      parseAs: 'blob',
    });
    if (error !== undefined || !data) {
      toast.error(errorMessage(error, 'The report could not be downloaded.'));
      return;
    }
    saveBlob(data, suggestedFileName(response) ?? `${report.type}.csv`);
  };

  const columns = column.columns([
    column.accessor('name', { header: 'Report' }),
    column.accessor('rowCount', { header: 'Rows' }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => (
        <Badge color={getValue() === 'Ready' ? 'green' : 'red'} variant="light">
          {getValue()}
        </Badge>
      ),
    }),
    column.accessor('createdAt', {
      header: 'Generated',
      cell: ({ getValue, row }) => `${formatDate(getValue())} by ${row.original.createdBy}`,
    }),
    column.display({
      id: 'download',
      header: 'File',
      cell: ({ row }) =>
        row.original.status === 'Ready' ? (
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void download(row.original)}
            aria-label={`Download ${row.original.name}`}
          >
            Download CSV
          </Button>
        ) : (
          <Text size="sm" c="red">
            {row.original.error}
          </Text>
        ),
    }),
  ]);

  return (
    <LogSection
      title="Reports"
      label="Report log"
      query={list}
      features={features}
      columns={columns}
      page={page}
      pageSize={REPORT_PAGE_SIZE}
      onPageChange={setPage}
      loadingText="Loading reports..."
      empty="No reports generated yet."
      errorFallback="Failed to load the report log."
    >
      <Group align="flex-end" mb="xs">
        <NativeSelect
          label="Report"
          value={type}
          onChange={(event) => setType(event.currentTarget.value as ReportType)}
          data={REPORT_TYPES}
        />
        <Button onClick={() => void run()} loading={generate.isPending}>
          Generate Report
        </Button>
        <Text size="sm" c="dimmed">
          For {range.from} to {range.to}
        </Text>
      </Group>
    </LogSection>
  );
}
