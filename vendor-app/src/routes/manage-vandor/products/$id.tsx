import { Anchor, Loader, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { vendorProductQuery } from '../../../features/products/api/product-editor.queries';
import { VendorProductEditor } from '../../../features/products/components/vendor-product-editor';

export const Route = createFileRoute('/manage-vandor/products/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(vendorProductQuery(params.id)),
  pendingComponent: () => (
    <Stack align="center" p="xl">
      <Loader aria-hidden />
      <Text>Loading product...</Text>
    </Stack>
  ),
  errorComponent: ({ error }) => (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Text role="alert">{errorMessage(error, 'The product could not be loaded.')}</Text>
        <Anchor component={Link} to="/manage-vandor/products">
          Back to Products
        </Anchor>
      </Stack>
    </Paper>
  ),
  component: EditProductPage,
});

function EditProductPage() {
  const { id } = Route.useParams();
  const { data } = useSuspenseQuery(vendorProductQuery(id));
  // A fresh form set per product, so opening another product never keeps this one's edits.
  return <VendorProductEditor key={id} product={data.data} />;
}
