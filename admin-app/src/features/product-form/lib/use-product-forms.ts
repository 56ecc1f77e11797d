import { basicInfoSchema } from '@shop/product-form/basic-info.schema';
import { mediaSchema } from '@shop/product-form/media.schema';
import type { ProductFormOutput } from '@shop/product-form/product-body';
import { propertiesSchema } from '@shop/product-form/properties.schema';
import { isSeoComplete, seoSchema } from '@shop/product-form/seo.schema';
import { skusSchema } from '@shop/product-form/skus.schema';
import { useSectionForm } from '@shop/product-form/use-section-form';
import { validated } from '@shop/product-form/validated';
import { variantsSchema } from '@shop/product-form/variants.schema';
import { isLabelsComplete, labelsSchema } from '../schemas/labels.schema';
import type { ProductFormDefaults, SkuMode } from './product-body';

/** Spec 1 §4 "Wizard": the six sections progress is counted over. */
export const SECTIONS = ['basicInfo', 'images', 'properties', 'skus', 'seo', 'labels'] as const;
export type Section = (typeof SECTIONS)[number];

/** The wizard's and the editor's forms, one per section (each with its own zod schema). */
export function useProductForms(defaults: ProductFormDefaults) {
  // The wizard shows a field's error when it is left: 'Next Step' stays disabled until the step is complete.
  return {
    basicInfo: useSectionForm(basicInfoSchema, defaults.basicInfo, 'blur'),
    media: useSectionForm(mediaSchema, defaults.media, 'blur'),
    properties: useSectionForm(propertiesSchema, defaults.properties, 'blur'),
    // One of the two SKU forms is used, by the product's `skuMode`.
    variants: useSectionForm(variantsSchema, defaults.variants, 'blur'),
    skus: useSectionForm(skusSchema, defaults.skus, 'blur'),
    seo: useSectionForm(seoSchema, defaults.seo, 'blur'),
    labels: useSectionForm(labelsSchema, defaults.labels, 'blur'),
  };
}

export type ProductForms = ReturnType<typeof useProductForms>;

/** Which sections are complete right now (re-rendering with every edit). */
export function useSectionCompletion(forms: ProductForms, skuMode: SkuMode): Record<Section, boolean> {
  const basicInfo = forms.basicInfo.watch();
  const media = forms.media.watch();
  const properties = forms.properties.watch();
  const variants = forms.variants.watch();
  const skus = forms.skus.watch();
  const seo = forms.seo.watch();
  const labels = forms.labels.watch();
  return {
    basicInfo: basicInfoSchema.safeParse(basicInfo).success,
    // 'At least 1 image advised': the step counts as done once a picture is there.
    images: media.images.length > 0 && mediaSchema.safeParse(media).success,
    properties: propertiesSchema.safeParse(properties).success,
    skus:
      skuMode === 'variants'
        ? variantsSchema.safeParse(variants).success
        : skusSchema.safeParse(skus).success,
    seo: isSeoComplete(seo),
    labels: isLabelsComplete(labels) && labelsSchema.safeParse(labels).success,
  };
}

/** The section of each form, for sending the user to the first one that failed. */
const FORM_SECTIONS: Record<keyof ProductForms, Section> = {
  basicInfo: 'basicInfo',
  media: 'images',
  properties: 'properties',
  variants: 'skus',
  skus: 'skus',
  seo: 'seo',
  labels: 'labels',
};

/**
 * Checks every form (showing each one's errors). Answers the parsed values, or the sections that failed in
 * wizard order.
 */
export async function validateProductForms(
  forms: ProductForms,
  skuMode: SkuMode,
): Promise<{ ok: true; output: ProductFormOutput } | { ok: false; failed: Section[] }> {
  const [basicInfo, media, properties, variants, skus, seo, labels] = await Promise.all([
    validated(forms.basicInfo),
    validated(forms.media),
    validated(forms.properties),
    skuMode === 'variants' ? validated(forms.variants) : undefined,
    skuMode === 'marketplace' ? validated(forms.skus) : undefined,
    validated(forms.seo),
    validated(forms.labels),
  ]);
  const skuOutput = variants ? { variants } : skus ? { marketplace: skus.skus } : null;
  if (basicInfo && media && properties && skuOutput && seo && labels) {
    return {
      ok: true,
      output: { basicInfo, media, properties: properties.properties, skus: skuOutput, seo, labels },
    };
  }
  const results = { basicInfo, media, properties, variants, skus, seo, labels };
  const failed = (Object.keys(results) as (keyof ProductForms)[])
    .filter((key) => results[key] === null)
    .map((key) => FORM_SECTIONS[key]);
  return { ok: false, failed };
}
