import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { ScreenTitle } from '../../../../components/screen-title';
import { SecurityScreen } from '../../../../features/security/components/security-screen';

const securitySearchSchema = z.object({
  eventsPage: z.number().int().min(1).default(1).catch(1),
});

export const Route = createFileRoute('/manage-admin/_authed/admin/security')({
  validateSearch: securitySearchSchema,
  search: { middlewares: [stripSearchParams({ eventsPage: 1 })] },
  component: AdminSecurityScreen,
});

function AdminSecurityScreen() {
  const { eventsPage } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <ScreenTitle title="Security Settings" />
      <SecurityScreen
        eventsPage={eventsPage}
        onEventsPageChange={(page) => void navigate({ search: { eventsPage: page } })}
      />
    </>
  );
}
