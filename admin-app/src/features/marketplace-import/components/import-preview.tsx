import { Alert, Anchor, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { createLink } from '@tanstack/react-router';
import { type FoundProduct, imageUrls } from '../lib/country-result';

const AnchorLink = createLink(Anchor);

const NO_PRODUCT_DATA = 'No product data found. Please check the Product ID and try again.';
const SAVE_ERROR_LINE = 'Error saving product info.';

type ImportPreviewProps = {
  found: FoundProduct;
  onImport: () => void;
  onSearchAnother: () => void;
  importing: boolean;
  failed: boolean;
  saved: Schemas['ProductDetail'] | null;
};

/** Spec 1 §2.11 step 2: what was found, 'Import to Catalog' and 'Search Another'. */
export function ImportPreview({
  found,
  onImport,
  onSearchAnother,
  importing,
  failed,
  saved,
}: ImportPreviewProps) {
  const base = found.result.ae_item_base_info_dto;
  const [firstImage] = imageUrls(found.result);
  const skuCount = found.result.ae_item_sku_info_dtos.ae_item_sku_info_d_t_o.length;

  return (
    <Paper withBorder p="lg" component="section" aria-label="Product preview">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        {firstImage ? (
          <Image src={firstImage} alt={base.subject} w={160} h={160} fit="cover" radius="md" />
        ) : null}
        <Stack gap={6} style={{ flex: 1 }}>
          <Title order={3} size="h4">
            {base.subject}
          </Title>
          <Text size="sm">Product ID: {found.productId}</Text>
          <Text size="sm">SKUs: {skuCount}</Text>
          <Text size="sm">Category ID: {base.category_id}</Text>
          <Group gap="sm" mt="sm">
            <Button onClick={onImport} loading={importing}>
              Import to Catalog
            </Button>
            <Button variant="default" onClick={onSearchAnother} disabled={importing}>
              Search Another
            </Button>
          </Group>
          {failed ? (
            <Text c="red" size="sm" role="alert">
              {SAVE_ERROR_LINE}
            </Text>
          ) : null}
          {saved && !failed ? (
            <Alert color="teal" title="Imported">
              The product is in your catalogue.{' '}
              <AnchorLink to="/manage-admin/products/edit-product/$id" params={{ id: saved._id }}>
                Open it in the editor
              </AnchorLink>
            </Alert>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}

/** Step 2 when the marketplace answered without a result for the country. */
export function NoProductData({ onSearchAnother }: { onSearchAnother: () => void }) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm" align="flex-start">
        <Text>{NO_PRODUCT_DATA}</Text>
        <Button variant="default" onClick={onSearchAnother}>
          Search Another
        </Button>
      </Stack>
    </Paper>
  );
}
