import { useQueries } from '@tanstack/react-query';
import { dashboardQueries } from './dashboard.queries';

/**
 * Spec 1 §2.5: the four data sets are fetched together, and the screen is either loading, failed (any one failed)
 * or ready with all four.
 */
export function useDashboardData() {
  return useQueries({
    queries: [
      dashboardQueries.overview(),
      dashboardQueries.alerts(),
      dashboardQueries.pendingActions(),
      dashboardQueries.dailyCount(),
    ],
    combine: ([overview, alerts, pendingActions, dailyCount]) => {
      const results = [overview, alerts, pendingActions, dailyCount];
      if (results.some((result) => result.isError)) return { status: 'error' as const };
      if (!overview.data || !alerts.data || !pendingActions.data || !dailyCount.data) {
        return { status: 'pending' as const };
      }
      return {
        status: 'success' as const,
        overview: overview.data.data,
        alerts: alerts.data.data,
        pendingActions: pendingActions.data.data,
        // Newest first, so the first item is today (spec 1 §2.5 "API Calls Today").
        apiCallsToday: dailyCount.data.data[0]?.count ?? 0,
      };
    },
  });
}

export type DashboardData = ReturnType<typeof useDashboardData>;
export type ReadyDashboardData = Extract<DashboardData, { status: 'success' }>;
