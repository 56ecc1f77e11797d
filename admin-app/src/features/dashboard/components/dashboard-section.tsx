import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import type { DashboardData, ReadyDashboardData } from '../api/use-dashboard-data';

const DASHBOARD_FAILED_TEXT = 'Failed to load dashboard data.';

type DashboardSectionProps = {
  title: string;
  data: DashboardData;
  /** How many skeleton lines stand in for the content while loading. */
  skeletonLines?: number;
  children: (data: ReadyDashboardData) => ReactNode;
};

/** A titled dashboard panel that shows skeletons while loading and the failure text when any call failed. */
export function DashboardSection({ title, data, skeletonLines = 3, children }: DashboardSectionProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {title}
        </Title>
        <DashboardState data={data} skeletonLines={skeletonLines}>
          {children}
        </DashboardState>
      </Stack>
    </Paper>
  );
}

type DashboardStateProps = Omit<DashboardSectionProps, 'title'>;

function DashboardState({ data, skeletonLines = 3, children }: DashboardStateProps) {
  if (data.status === 'error') {
    return (
      <Text c="red" role="alert">
        {DASHBOARD_FAILED_TEXT}
      </Text>
    );
  }
  if (data.status === 'pending') {
    return (
      <Stack gap="xs" data-testid="dashboard-skeleton" aria-busy>
        {Array.from({ length: skeletonLines }, (_, line) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines differ only by position
          <Skeleton key={line} height={14} radius="sm" width={line % 2 ? '70%' : '100%'} />
        ))}
      </Stack>
    );
  }
  return <>{children(data)}</>;
}
