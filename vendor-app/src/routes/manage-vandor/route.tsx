import { createFileRoute, redirect } from '@tanstack/react-router';
import { VendorLayout } from '../../app/shell/vendor-layout';
import { NotFound } from '../../components/not-found';

export const Route = createFileRoute('/manage-vandor')({
  // Every panel screen needs a signed-in vendor; the sign-in page brings them back where they were going.
  beforeLoad: ({ context, location }) => {
    if (!context.session.isSignedIn()) {
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
    }
  },
  component: VendorLayout,
  notFoundComponent: NotFound,
});
