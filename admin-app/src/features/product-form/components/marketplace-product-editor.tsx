import { Paper, Stack, Title } from '@mantine/core';
import { basicInfoSchema } from '@shop/product-form/basic-info.schema';
import { BasicInfoFields } from '@shop/product-form/basic-info-fields';
import { propertiesSchema } from '@shop/product-form/properties.schema';
import { PropertiesEditor } from '@shop/product-form/properties-editor';
import { SkuEditor } from '@shop/product-form/sku-editor';
import { skusSchema } from '@shop/product-form/skus.schema';
import { useSectionForm } from '@shop/product-form/use-section-form';
import { validated } from '@shop/product-form/validated';
import type { Schemas } from '@shop/sdk/types';
import type { ReactNode } from 'react';
import { editedMarketplaceResult, marketplaceFormValues } from '../lib/marketplace-product';

type AeProductResult = Schemas['AeProductResult'];

/**
 * The import screen's editable copy of a marketplace product (spec 1 §2.11): the basic information form, the
 * properties editor and the SKU editor, checked on submit (spec 1 §5).
 */
export function useMarketplaceProductEditor(result: AeProductResult) {
  const initial = marketplaceFormValues(result);
  const basicInfo = useSectionForm(basicInfoSchema, initial.basicInfo, 'submit');
  const properties = useSectionForm(propertiesSchema, initial.properties, 'submit');
  const skus = useSectionForm(skusSchema, initial.skus, 'submit');

  /** Shows every form's errors and answers the edited product, or null when a rule fails. */
  async function submit(): Promise<AeProductResult | null> {
    const [info, props, skuList] = await Promise.all([
      validated(basicInfo),
      validated(properties),
      validated(skus),
    ]);
    if (!info || !props || !skuList) return null;
    return editedMarketplaceResult(result, info, props.properties, skuList.skus);
  }

  return { forms: { basicInfo, properties, skus }, submit };
}

type MarketplaceProductEditorState = ReturnType<typeof useMarketplaceProductEditor>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function MarketplaceProductEditor({ editor }: { editor: MarketplaceProductEditorState }) {
  return (
    <Stack gap="lg">
      <Section title="Basic Information">
        <BasicInfoFields form={editor.forms.basicInfo} />
      </Section>
      <Section title="Properties">
        <PropertiesEditor form={editor.forms.properties} />
      </Section>
      <Section title="SKUs">
        <SkuEditor form={editor.forms.skus} />
      </Section>
    </Stack>
  );
}
