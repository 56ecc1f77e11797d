import { createFileRoute } from '@tanstack/react-router';
import { VendorLayout } from '../../app/shell/vendor-layout';
import { NotFound } from '../../components/not-found';

export const Route = createFileRoute('/manage-vandor')({
  component: VendorLayout,
  notFoundComponent: NotFound,
});
