import { basicInfoSchema } from '../schemas/basic-info.schema';
import { isLabelsComplete, labelsSchema } from '../schemas/labels.schema';
import { mediaSchema } from '../schemas/media.schema';
import { propertiesSchema } from '../schemas/properties.schema';
import { isSeoComplete, seoSchema } from '../schemas/seo.schema';
import { skusSchema } from '../schemas/skus.schema';
import type { ProductFormDefaults, ProductFormOutput } from './product-body';
import { useSectionForm } from './use-section-form';
import { validated } from './validated';

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
    skus: useSectionForm(skusSchema, defaults.skus, 'blur'),
    seo: useSectionForm(seoSchema, defaults.seo, 'blur'),
    labels: useSectionForm(labelsSchema, defaults.labels, 'blur'),
  };
}

export type ProductForms = ReturnType<typeof useProductForms>;

/** Which sections are complete right now (re-rendering with every edit). */
export function useSectionCompletion(forms: ProductForms): Record<Section, boolean> {
  const basicInfo = forms.basicInfo.watch();
  const media = forms.media.watch();
  const properties = forms.properties.watch();
  const skus = forms.skus.watch();
  const seo = forms.seo.watch();
  const labels = forms.labels.watch();
  return {
    basicInfo: basicInfoSchema.safeParse(basicInfo).success,
    // 'At least 1 image advised': the step counts as done once a picture is there.
    images: media.images.length > 0 && mediaSchema.safeParse(media).success,
    properties: propertiesSchema.safeParse(properties).success,
    skus: skusSchema.safeParse(skus).success,
    seo: isSeoComplete(seo),
    labels: isLabelsComplete(labels) && labelsSchema.safeParse(labels).success,
  };
}

/** The section of each form, for sending the user to the first one that failed. */
const FORM_SECTIONS: Record<keyof ProductForms, Section> = {
  basicInfo: 'basicInfo',
  media: 'images',
  properties: 'properties',
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
): Promise<{ ok: true; output: ProductFormOutput } | { ok: false; failed: Section[] }> {
  const [basicInfo, media, properties, skus, seo, labels] = await Promise.all([
    validated(forms.basicInfo),
    validated(forms.media),
    validated(forms.properties),
    validated(forms.skus),
    validated(forms.seo),
    validated(forms.labels),
  ]);
  if (basicInfo && media && properties && skus && seo && labels) {
    return {
      ok: true,
      output: { basicInfo, media, properties: properties.properties, skus: skus.skus, seo, labels },
    };
  }
  const results = { basicInfo, media, properties, skus, seo, labels };
  const failed = (Object.keys(results) as (keyof ProductForms)[])
    .filter((key) => results[key] === null)
    .map((key) => FORM_SECTIONS[key]);
  return { ok: false, failed };
}
