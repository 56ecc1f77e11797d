import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ScreenTitle } from '../../../../../components/screen-title';
import { useImportMarketplaceProduct } from '../../../../../features/marketplace-import/api/use-import-marketplace-product';
import { ImageStrip } from '../../../../../features/marketplace-import/components/image-strip';
import {
  ImportPreview,
  NoProductData,
} from '../../../../../features/marketplace-import/components/import-preview';
import { ImportStepper } from '../../../../../features/marketplace-import/components/import-stepper';
import { ProductIdStep } from '../../../../../features/marketplace-import/components/product-id-step';
import {
  countryResult,
  type FoundProduct,
  imageUrls,
} from '../../../../../features/marketplace-import/lib/country-result';
import {
  MarketplaceProductEditor,
  useMarketplaceProductEditor,
} from '../../../../../features/product-form/components/marketplace-product-editor';

export const Route = createFileRoute('/manage-admin/_authed/products/add-product/aliexpress')({
  component: MarketplaceImportScreen,
});

type Step = { step: 0 } | { step: 1; found: FoundProduct | null; fetchedAt: number };

/** Spec 1 §2.11: find a marketplace item by id, edit it, and import it into the catalogue. */
function MarketplaceImportScreen() {
  const [productId, setProductId] = useState('');
  const [state, setState] = useState<Step>({ step: 0 });
  const searchAnother = () => setState({ step: 0 });

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/manage-admin/products/source" size="sm">
        <IconArrowLeft size={14} aria-hidden /> Back to Product Sources
      </Anchor>
      <ScreenTitle title="AliExpress Import" subtitle="Bring a marketplace product into your catalogue." />
      <ImportStepper active={state.step} />
      {state.step === 0 ? (
        <ProductIdStep
          productId={productId}
          onProductIdChange={setProductId}
          onFetched={(info) => setState({ step: 1, found: countryResult(info), fetchedAt: Date.now() })}
        />
      ) : state.found ? (
        // A fresh editor for every fetch, so a second search never shows the first product's edits.
        <ImportStep key={state.fetchedAt} found={state.found} onSearchAnother={searchAnother} />
      ) : (
        <NoProductData onSearchAnother={searchAnother} />
      )}
    </Stack>
  );
}

/** Where the two features meet: the preview's 'Import to Catalog' saves what the product forms hold. */
function ImportStep({ found, onSearchAnother }: { found: FoundProduct; onSearchAnother: () => void }) {
  const editor = useMarketplaceProductEditor(found.result);
  const importer = useImportMarketplaceProduct();

  async function importProduct() {
    const product = await editor.submit();
    if (product) await importer.save(found.productId, found.country, product);
  }

  return (
    <Stack gap="lg">
      <ImportPreview
        found={found}
        onImport={() => void importProduct()}
        onSearchAnother={onSearchAnother}
        importing={importer.isPending}
        failed={importer.failed}
        saved={importer.saved}
      />
      <ImageStrip urls={imageUrls(found.result)} title={found.result.ae_item_base_info_dto.subject} />
      <MarketplaceProductEditor editor={editor} />
    </Stack>
  );
}
