import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ListQuery, ListTable, type ListTableProps } from '@shop/ui/list-kit/list-table';
import type { rowPaginationFeature, TableFeatures } from '@tanstack/react-table';
import { type ReactNode, useId } from 'react';

type PagedFeatures = TableFeatures & { rowPaginationFeature: typeof rowPaginationFeature };

/** A log's page as the API answers it. */
type LogPage<TEntry> = { data: TEntry[]; meta: { total: number } };

type LogSectionProps<TFeatures extends PagedFeatures, TEntry extends { id: string }> = Pick<
  ListTableProps<TFeatures, TEntry>,
  'label' | 'features' | 'columns' | 'page' | 'pageSize' | 'onPageChange' | 'loadingText' | 'errorFallback'
> & {
  /** The section's heading, which names it. */
  title: string;
  /** Beside the heading (Export CSV). */
  actions?: ReactNode;
  /** The log's page query. */
  query: ListQuery & { data?: LogPage<TEntry> };
  /** Said when the log has no entries. */
  empty: string;
  /** Between the heading and the table (a form that adds to the log). */
  children?: ReactNode;
};

/** A log inside a screen: a titled section holding its server-paged table, newest first. */
export function LogSection<TFeatures extends PagedFeatures, TEntry extends { id: string }>({
  title,
  actions,
  query,
  empty,
  children,
  ...table
}: LogSectionProps<TFeatures, TEntry>) {
  const titleId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4" id={titleId}>
            {title}
          </Title>
          {actions}
        </Group>
        {children}
        <ListTable
          {...table}
          framed={false}
          query={query}
          data={query.data?.data ?? []}
          getRowId={(entry) => entry.id}
          total={query.data?.meta.total ?? 0}
          emptyState={<Text c="dimmed">{empty}</Text>}
        />
      </Stack>
    </Paper>
  );
}
