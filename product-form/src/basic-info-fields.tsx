import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { TextareaField, TextField } from '@shop/ui/form-fields';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { type BasicInfoValues, FORM_ERRORS_BANNER } from './basic-info.schema';
import { DescriptionField } from './description-field';

type BasicInfoFieldsProps<Output> = {
  /** The form over `basicInfoSchema` or `optionalCategoryBasicInfoSchema`. */
  form: UseFormReturn<BasicInfoValues, unknown, Output>;
  /**
   * The rating, review count and mobile description belong to the marketplace's record: the import saves them,
   * the catalogue's write body (createProduct/updateProduct) has no place for them, so the wizard hides them.
   */
  withMarketplaceFields?: boolean;
  /**
   * What places the product in the catalogue: the marketplace's Category ID (the default), or another field
   * (a storefront category) given here in its place.
   */
  category?: ReactNode;
};

/** Spec 1 §3 "Basic info form": the product's title, rating, reviews, category, currency and descriptions. */
export function BasicInfoFields<Output>({
  form,
  withMarketplaceFields = true,
  category,
}: BasicInfoFieldsProps<Output>) {
  const { control } = form;
  const hasErrors = Object.keys(form.formState.errors).length > 0;

  return (
    <Stack gap="md">
      {hasErrors ? (
        <Alert color="red" role="alert">
          {FORM_ERRORS_BANNER}
        </Alert>
      ) : null}
      <TextField control={control} name="productTitle" label="Product Title" withAsterisk />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {withMarketplaceFields ? (
          <>
            <TextField
              control={control}
              name="averageRating"
              label="Average Rating"
              description="0 to 5"
              inputMode="decimal"
            />
            <TextField control={control} name="reviewCount" label="Review Count" inputMode="numeric" />
          </>
        ) : null}
        {category ?? (
          <TextField
            control={control}
            name="categoryId"
            label="Category ID"
            inputMode="numeric"
            withAsterisk
          />
        )}
        <TextField
          control={control}
          name="currency"
          label="Currency Code"
          description="3 uppercase letters, e.g. USD"
          maxLength={3}
          withAsterisk
        />
      </SimpleGrid>
      <DescriptionField
        control={control}
        name="productDescription"
        label="Product Description"
        description="Pictures, tables and formatting are kept; scripts and event handlers are removed when it is saved."
      />
      {withMarketplaceFields ? (
        <TextareaField
          control={control}
          name="mobileDescription"
          label="Mobile Description"
          description="JSON"
          rows={3}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      ) : null}
    </Stack>
  );
}
