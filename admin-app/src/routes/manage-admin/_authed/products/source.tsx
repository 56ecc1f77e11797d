import { createFileRoute } from '@tanstack/react-router';
import { SourceChooser } from '../../../../features/product-source/components/source-chooser';

export const Route = createFileRoute('/manage-admin/_authed/products/source')({
  component: SourceChooser,
});
