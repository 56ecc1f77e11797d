import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ScreenTitle } from '../../../../components/screen-title';
import { ActivityList } from '../../../../features/activity/components/activity-list';
import {
  type ActivitySearch,
  activitySearchDefaults,
  activitySearchSchema,
} from '../../../../features/activity/schemas/activity-search';

export const Route = createFileRoute('/manage-admin/_authed/admin/activity')({
  validateSearch: activitySearchSchema,
  // Defaults stay out of the address, so the unfiltered log is just /manage-admin/admin/activity.
  search: { middlewares: [stripSearchParams(activitySearchDefaults)] },
  component: AdminActivityScreen,
});

function AdminActivityScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (change: Partial<ActivitySearch>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change }) }),
    [navigate],
  );
  return (
    <>
      <ScreenTitle title="Activity Logs" />
      <ActivityList search={search} onSearchChange={onSearchChange} />
    </>
  );
}
