import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import {
  emptyBasicInfo,
  FORM_ERRORS_BANNER,
  optionalCategoryBasicInfoSchema,
} from '@shop/product-form/basic-info.schema';
import { BasicInfoFields } from '@shop/product-form/basic-info-fields';
import {
  type CategoryValues,
  categorySchema,
  MAIN_CATEGORIES,
  type MainCategory,
} from '@shop/product-form/categories';
import { emptyMedia, mediaSchema } from '@shop/product-form/media.schema';
import { MediaFields } from '@shop/product-form/media-fields';
import {
  basicInfoFromDetail,
  mediaFromDetail,
  type ProductStatus,
  productWriteBody,
  propertiesFromDetail,
} from '@shop/product-form/product-body';
import { emptyPropertyRow, optionalPropertiesSchema } from '@shop/product-form/properties.schema';
import { PropertiesEditor } from '@shop/product-form/properties-editor';
import { type ProductFormSection, productErrorField } from '@shop/product-form/server-errors';
import { useSectionForm } from '@shop/product-form/use-section-form';
import { validated } from '@shop/product-form/validated';
import { variantsFromSkus } from '@shop/product-form/variants';
import { emptyVariants, variantsSchema } from '@shop/product-form/variants.schema';
import { VariantsEditor } from '@shop/product-form/variants-editor';
import { errorMessage, isApiError } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { SelectField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import {
  useCreateVendorProduct,
  useUpdateVendorProduct,
  useUploadVendorImage,
} from '../api/product-editor.mutations';

type VendorProduct = Schemas['VendorProduct'];

const STATUS_OPTIONS = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
  { value: 'disabled', label: 'Disabled' },
];

const isMainCategory = (name: string | null | undefined): name is MainCategory =>
  MAIN_CATEGORIES.some((category) => category === name);

function defaultsOf(product: VendorProduct | undefined) {
  if (!product) {
    return {
      basicInfo: emptyBasicInfo,
      category: { mainCategory: null } satisfies CategoryValues,
      media: emptyMedia,
      properties: { properties: [emptyPropertyRow()] },
      variants: emptyVariants(),
      // Shown to shoppers as soon as staff approve it.
      status: 'published' as ProductStatus,
    };
  }
  const category = product.labels?.mainCategory ?? product.category;
  return {
    basicInfo: basicInfoFromDetail(product),
    category: { mainCategory: isMainCategory(category) ? category : null } satisfies CategoryValues,
    media: mediaFromDetail(product),
    properties: propertiesFromDetail(product),
    variants: variantsFromSkus(product.skus, product.name),
    // Out of stock follows from the SKUs' stock; the product itself stays published.
    status: (product.status === 'out_of_stock' ? 'published' : product.status) as ProductStatus,
  };
}

/** Where a product stands with staff, on the edit screen. */
function ApprovalNote({ product }: { product: VendorProduct }) {
  if (product.approval === 'pending') {
    return (
      <Alert color="yellow" title="Waiting for approval">
        Staff are reviewing this product. Shoppers will see it, with your latest changes, once it is approved.
      </Alert>
    );
  }
  if (product.approval === 'rejected') {
    return (
      <Alert color="red" title="Rejected">
        <Stack gap={4}>
          <Text size="sm">{`Reason: ${product.approvalNote ?? 'No reason was given.'}`}</Text>
          <Text size="sm">Change the product and save it to send it for approval again.</Text>
        </Stack>
      </Alert>
    );
  }
  return null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * The vendor's product form, for a new product or one of theirs: the shared product form pieces (title,
 * category, rich text description, pictures, attributes, options and variants). Every save sends the product to
 * staff for approval; the server's field errors show on the fields.
 */
export function VendorProductEditor({ product }: { product?: VendorProduct }) {
  const [defaults] = useState(() => defaultsOf(product));
  const forms = {
    basicInfo: useSectionForm(optionalCategoryBasicInfoSchema, defaults.basicInfo, 'submit'),
    category: useSectionForm(categorySchema, defaults.category, 'submit'),
    media: useSectionForm(mediaSchema, defaults.media, 'submit'),
    properties: useSectionForm(optionalPropertiesSchema, defaults.properties, 'submit'),
    variants: useSectionForm(variantsSchema, defaults.variants, 'submit'),
  };
  const [status, setStatus] = useState<ProductStatus>(defaults.status);
  const [serverError, setServerError] = useState<string | null>(null);
  const navigate = useNavigate();
  const createProduct = useCreateVendorProduct();
  const updateProduct = useUpdateVendorProduct();
  const { upload } = useUploadVendorImage();
  const busy = createProduct.isPending || updateProduct.isPending;
  const title = forms.basicInfo.watch('productTitle');
  const images = forms.media.watch('images');

  /** The server's field errors beside the fields they name. */
  function showFieldErrors(error: unknown) {
    for (const fieldError of isApiError(error) ? (error.errors ?? []) : []) {
      const target = productErrorField(fieldError.path);
      if (!target) continue;
      const form = forms[
        target.section satisfies ProductFormSection
      ] as unknown as UseFormReturn<FieldValues>;
      form.setError(target.name as Path<FieldValues>, { message: fieldError.message });
    }
  }

  async function save() {
    setServerError(null);
    const [basicInfo, category, media, properties, variants] = await Promise.all([
      validated(forms.basicInfo),
      validated(forms.category),
      validated(forms.media),
      validated(forms.properties),
      validated(forms.variants),
    ]);
    if (!basicInfo || !category || !media || !properties || !variants) {
      toast.error(FORM_ERRORS_BANNER);
      return;
    }
    const body = productWriteBody(
      {
        basicInfo,
        media,
        properties: properties.properties,
        skus: { variants },
        // Fields this form does not show (tags, SEO set by staff) are kept as they are.
        labels: { ...product?.labels, mainCategory: category.mainCategory },
        seo: product?.seo,
      },
      status,
    );
    try {
      if (product) {
        await updateProduct.mutateAsync({ params: { path: { id: product._id } }, body });
      } else {
        await createProduct.mutateAsync({ body });
      }
    } catch (error) {
      showFieldErrors(error);
      setServerError(errorMessage(error, 'The product could not be saved. Please try again.'));
      toast.error('The product could not be saved.');
      return;
    }
    toast.success(
      product ? 'Changes saved and sent for approval.' : 'Product created and sent for approval.',
    );
    void navigate({ to: '/manage-vandor/products' });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{product ? 'Edit Product' : 'Add Product'}</Title>
          <Text c="dimmed">Staff approve every new or changed product before shoppers see it.</Text>
        </Stack>
      </Group>
      {product ? <ApprovalNote product={product} /> : null}

      <Section title="Basic Information">
        <BasicInfoFields
          form={forms.basicInfo}
          withMarketplaceFields={false}
          category={
            <SelectField
              control={forms.category.control}
              name="mainCategory"
              label="Category"
              placeholder="Choose a category"
              data={[...MAIN_CATEGORIES]}
              withAsterisk
            />
          }
        />
      </Section>
      <Section title="Images">
        <MediaFields
          form={forms.media}
          upload={upload}
          withVideo={false}
          accept="image/png,image/jpeg,image/webp"
          uploadHint="JPG, PNG or WebP up to 10MB each. The first picture is the one shoppers see first."
        />
      </Section>
      <Section title="Properties">
        <PropertiesEditor form={forms.properties} />
      </Section>
      <Section title="Options & Variants">
        <VariantsEditor form={forms.variants} images={images} skuPrefix={title} />
      </Section>
      <Section title="Visibility">
        <Select
          label="Status"
          description="A published product is shown to shoppers once staff approve it."
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => value && setStatus(value as ProductStatus)}
          allowDeselect={false}
          maw={320}
        />
      </Section>

      {serverError ? (
        <Alert color="red" role="alert">
          {serverError}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button component={Link} to="/manage-vandor/products" variant="default">
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={busy}>
          {product ? 'Save Changes' : 'Create Product'}
        </Button>
      </Group>
    </Stack>
  );
}
