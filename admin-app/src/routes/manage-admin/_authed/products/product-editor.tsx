import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { z } from 'zod';

const searchSchema = z.object({ id: z.string().min(1).max(64).optional().catch(undefined) });

export const Route = createFileRoute('/manage-admin/_authed/products/product-editor')({
  validateSearch: searchSchema,
  // The editor lives at edit-product/$id (spec 1 §2.1); `product-editor?id=` is kept as a way there.
  beforeLoad: ({ search }) => {
    if (search.id) {
      throw redirect({
        to: '/manage-admin/products/edit-product/$id',
        params: { id: search.id },
        replace: true,
      });
    }
  },
  component: ProductEditorScreen,
});

function ProductEditorScreen() {
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Text>Choose a product to edit from the product list.</Text>
        <Anchor component={Link} to="/manage-admin/products">
          Back to Products
        </Anchor>
      </Stack>
    </Paper>
  );
}
