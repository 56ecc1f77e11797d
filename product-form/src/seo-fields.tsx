import { SimpleGrid, Stack } from '@mantine/core';
import { CheckboxField, TextareaField, TextField } from '@shop/ui/form-fields';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { type SeoValues, type seoSchema, slugify } from './seo.schema';

type SeoForm = UseFormReturn<SeoValues, unknown, z.output<typeof seoSchema>>;

/** Spec 1 §2.12 SEO section. */
export function SeoFields({ form, title }: { form: SeoForm; title: string }) {
  const { control } = form;
  return (
    <Stack gap="md">
      <TextField control={control} name="metaTitle" label="Meta Title" placeholder={title} withAsterisk />
      <TextareaField
        control={control}
        name="metaDescription"
        label="Meta Description"
        rows={3}
        withAsterisk
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          control={control}
          name="slug"
          label="URL Slug"
          description="Lower-case words joined by hyphens"
          placeholder={slugify(title) || 'canvas-tote-bag'}
          withAsterisk
        />
        <TextField control={control} name="focusKeyword" label="Focus Keyword" />
      </SimpleGrid>
      <CheckboxField control={control} name="index" label="Index this page" />
    </Stack>
  );
}
