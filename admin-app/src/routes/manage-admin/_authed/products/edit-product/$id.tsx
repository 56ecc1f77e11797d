import { Anchor, Loader, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { productQuery } from '../../../../../features/product-form/api/product.queries';
import { ProductWizard } from '../../../../../features/product-form/components/product-wizard';
import { ProductSuppliersSection } from '../../../../../features/suppliers/components/product-suppliers';

export const Route = createFileRoute('/manage-admin/_authed/products/edit-product/$id')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(productQuery(params.id)),
  pendingComponent: () => (
    <Stack align="center" p="xl">
      <Loader aria-hidden />
      <Text>Loading product...</Text>
    </Stack>
  ),
  errorComponent: ({ error }) => (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Text role="alert">{errorMessage(error, 'Failed to load the product.')}</Text>
        <Anchor component={Link} to="/manage-admin/products">
          Back to Products
        </Anchor>
      </Stack>
    </Paper>
  ),
  component: EditProductScreen,
});

/** The product editor: the wizard's forms over a saved product, saved with updateProduct. */
function EditProductScreen() {
  const { id } = Route.useParams();
  const { data } = useSuspenseQuery(productQuery(id));
  // A fresh form set per product, so opening another product never keeps this one's edits.
  return (
    <Stack gap="lg">
      <ProductWizard key={id} mode="edit" product={data.data} />
      <ProductSuppliersSection productId={id} />
    </Stack>
  );
}
