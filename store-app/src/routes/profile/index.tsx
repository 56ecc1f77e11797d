import { createFileRoute } from '@tanstack/react-router';
import { profileQueryOptions } from '../../features/profile/api/profile.queries';
import { ProfileOverview } from '../../features/profile/components/profile-overview';

export const Route = createFileRoute('/profile/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(profileQueryOptions()),
  component: ProfileOverview,
});
