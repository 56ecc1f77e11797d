import { Alert, Button, Grid, Group, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { FORM_ERRORS_BANNER } from '@shop/product-form/basic-info.schema';
import { BasicInfoFields } from '@shop/product-form/basic-info-fields';
import { MediaFields } from '@shop/product-form/media-fields';
import { type ProductStatus, type ProductWriteBody, productWriteBody } from '@shop/product-form/product-body';
import { PropertiesEditor } from '@shop/product-form/properties-editor';
import { slugify } from '@shop/product-form/seo.schema';
import { SeoFields } from '@shop/product-form/seo-fields';
import { SkuEditor } from '@shop/product-form/sku-editor';
import { VariantsEditor } from '@shop/product-form/variants-editor';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { toast } from '@shop/ui/notifications';
import { IconCopy, IconDeviceFloppy, IconEye, IconFileExport } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MediaPicker } from '../../media/components/media-picker';
import { useCreateProduct, useUpdateProduct, useUploadMedia } from '../api/product.mutations';
import { emptyProductForm, type ProductFormDefaults, productFormFromDetail } from '../lib/product-body';
import {
  type ProductForms,
  SECTIONS,
  type Section,
  useProductForms,
  useSectionCompletion,
  validateProductForms,
} from '../lib/use-product-forms';
import { LabelsFields } from './labels-fields';
import { ProductPreviewModal } from './product-preview-modal';
import { StepNavigator } from './step-navigator';

/** Spec 1 §2.12: five steps over the six progress sections. */
const STEPS: { title: string; sections: Section[] }[] = [
  { title: 'Basic Information', sections: ['basicInfo'] },
  { title: 'Images & Media', sections: ['images'] },
  { title: 'Properties', sections: ['properties'] },
  { title: 'SKUs & Pricing', sections: ['skus'] },
  { title: 'SEO & Labels', sections: ['seo', 'labels'] },
];
const STEP_TITLES = STEPS.map((step) => step.title);
const LAST_STEP = STEPS.length - 1;

const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
  { value: 'disabled', label: 'Disabled' },
];

const PRODUCT_CREATED = 'Product created successfully!';
const PRODUCT_CREATE_FAILED = 'Failed to create product. Please try again.';
const PRODUCT_SAVED = 'Product information saved successfully!';
const PRODUCT_SAVE_FAILED = 'Failed to save product information. Please try again.';

type ProductWizardProps = { mode: 'create' } | { mode: 'edit'; product: Schemas['ProductDetail'] };

/** Every form's current values, as the preview and the export show them. */
function snapshot(
  forms: ProductForms,
  defaults: ProductFormDefaults,
  status: ProductStatus,
): ProductFormDefaults {
  return {
    basicInfo: forms.basicInfo.getValues(),
    media: forms.media.getValues(),
    properties: forms.properties.getValues(),
    skuMode: defaults.skuMode,
    variants: forms.variants.getValues(),
    skus: forms.skus.getValues(),
    seo: forms.seo.getValues(),
    labels: forms.labels.getValues(),
    status,
  };
}

function downloadJson(fileName: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked on the next tick, once the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The manual creation wizard (spec 1 §2.12), and in edit mode the product editor over the same forms. Saving is
 * real: createProduct / updateProduct.
 */
export function ProductWizard(props: ProductWizardProps) {
  const editing = props.mode === 'edit';
  const [defaults] = useState(() =>
    props.mode === 'edit' ? productFormFromDetail(props.product) : emptyProductForm(),
  );
  const forms = useProductForms(defaults);
  const { skuMode } = defaults;
  const complete = useSectionCompletion(forms, skuMode);
  const [active, setActive] = useState(0);
  const [status, setStatus] = useState<ProductStatus>(defaults.status);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [confirmingDraft, setConfirmingDraft] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const navigate = useNavigate();
  const createProduct = useCreateProduct();
  const updateProduct = useUpdateProduct();
  const { upload } = useUploadMedia();
  const busy = createProduct.isPending || updateProduct.isPending;

  const completedCount = SECTIONS.filter((section) => complete[section]).length;
  const progress = Math.round((completedCount / SECTIONS.length) * 100);
  const stepComplete = (index: number) =>
    STEPS[index]?.sections.every((section) => complete[section]) ?? false;
  // Creating: a step opens once every step before it is complete. Editing: any step opens.
  const canOpen = (index: number) => editing || STEPS.slice(0, index).every((_, i) => stepComplete(i));
  const title = forms.basicInfo.watch('productTitle');
  const productImages = forms.media.watch('images');

  /** Checks every form; on failure opens the first step with an error. */
  async function checkedBody(bodyStatus: ProductStatus): Promise<ProductWriteBody | null> {
    setServerError(null);
    const result = await validateProductForms(forms, skuMode);
    if (!result.ok) {
      const firstStep = STEPS.findIndex((step) =>
        step.sections.some((section) => result.failed.includes(section)),
      );
      if (firstStep >= 0) setActive(firstStep);
      toast.error(FORM_ERRORS_BANNER);
      return null;
    }
    return productWriteBody(result.output, bodyStatus);
  }

  async function create(bodyStatus: ProductStatus) {
    const body = await checkedBody(bodyStatus);
    if (!body) return;
    try {
      await createProduct.mutateAsync({ body });
    } catch (error) {
      toast.error(PRODUCT_CREATE_FAILED);
      setServerError(errorMessage(error, '') || null);
      return;
    }
    toast.success(PRODUCT_CREATED);
    void navigate({ to: '/manage-admin/products' });
  }

  async function save(bodyStatus: ProductStatus) {
    if (props.mode !== 'edit') return;
    const body = await checkedBody(bodyStatus);
    if (!body) return;
    try {
      await updateProduct.mutateAsync({ params: { path: { id: props.product._id } }, body });
    } catch (error) {
      toast.error(PRODUCT_SAVE_FAILED);
      setServerError(errorMessage(error, '') || null);
      return;
    }
    setStatus(bodyStatus);
    toast.success(PRODUCT_SAVED);
  }

  async function duplicate() {
    const body = await checkedBody('draft');
    if (!body) return;
    const copy: ProductWriteBody = {
      ...body,
      title: `${body.title} (Copy)`.slice(0, 1000),
      // A copy's SKUs need ids of their own.
      skus: body.skus?.map((sku) => ({ ...sku, sku_id: `${sku.sku_id.slice(0, 59)}-copy` })),
      seo: body.seo
        ? { ...body.seo, slug: body.seo.slug ? `${body.seo.slug.slice(0, 195)}-copy` : body.seo.slug }
        : body.seo,
    };
    try {
      const created = await createProduct.mutateAsync({ body: copy });
      toast.success('Product duplicated as a draft.');
      void navigate({ to: '/manage-admin/products/edit-product/$id', params: { id: created.data._id } });
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to duplicate the product. Please try again.'));
    }
  }

  // A product shoppers can see goes off the storefront as a draft: that is asked first, never done silently.
  const live = editing && status === 'published';
  const saveDraft = () => {
    if (live) setConfirmingDraft(true);
    else void (editing ? save('draft') : create('draft'));
  };
  const exportData = () => {
    const data = snapshot(forms, defaults, status);
    downloadJson(`${slugify(data.basicInfo.productTitle) || 'product'}.json`, data);
  };

  const stepContent: Record<number, ReactNode> = {
    0: <BasicInfoFields form={forms.basicInfo} withMarketplaceFields={false} />,
    1: (
      <MediaFields
        form={forms.media}
        upload={async (file) => (await upload(file)).data}
        renderLibrary={(picker) => <MediaPicker {...picker} />}
      />
    ),
    2: <PropertiesEditor form={forms.properties} />,
    3:
      skuMode === 'variants' ? (
        <VariantsEditor form={forms.variants} images={productImages} skuPrefix={title} />
      ) : (
        <SkuEditor form={forms.skus} />
      ),
    4: (
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={4}>SEO</Title>
          <SeoFields form={forms.seo} title={title} />
        </Stack>
        <Stack gap="sm">
          <Title order={4}>Labels</Title>
          <LabelsFields form={forms.labels} title={title} />
        </Stack>
      </Stack>
    ),
  };

  return (
    <Stack gap="lg">
      <ConfirmDialog
        opened={confirmingDraft}
        title="Take this product offline?"
        message="Saving it as a draft takes it off the storefront until it is published again."
        confirmLabel="Save as Draft"
        busy={busy}
        onCancel={() => setConfirmingDraft(false)}
        onConfirm={() => {
          setConfirmingDraft(false);
          void save('draft');
        }}
      />
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>{editing ? 'Edit Product' : 'Add Product'}</Title>
          <Text c="dimmed">
            {editing ? 'Change the product and save it.' : 'Create a product in five steps.'}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} />}
            onClick={saveDraft}
            disabled={busy}
          >
            Save Draft
          </Button>
          <Button variant="default" leftSection={<IconEye size={16} />} onClick={() => setPreviewOpen(true)}>
            Preview
          </Button>
          <Button variant="default" leftSection={<IconFileExport size={16} />} onClick={exportData}>
            Export Data
          </Button>
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="md">
            <Paper withBorder p="md">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={600}>Progress</Text>
                  <Text fw={600}>{`${progress}%`}</Text>
                </Group>
                <Progress value={progress} aria-label="Progress" />
              </Stack>
            </Paper>
            <Paper withBorder p="xs">
              <StepNavigator
                steps={STEP_TITLES}
                active={active}
                canOpen={canOpen}
                isComplete={stepComplete}
                onOpen={setActive}
              />
            </Paper>
            <Paper withBorder p="md">
              <Select
                label="Product Status"
                data={STATUS_OPTIONS}
                value={status}
                onChange={(value) => value && setStatus(value as ProductStatus)}
                allowDeselect={false}
              />
            </Paper>
            <Paper withBorder p="md">
              <Stack gap="xs">
                <Text fw={600}>Quick Actions</Text>
                <Button variant="light" onClick={saveDraft} disabled={busy}>
                  Save as Draft
                </Button>
                <Button variant="light" onClick={() => setPreviewOpen(true)}>
                  Preview Product
                </Button>
                {editing ? (
                  <Button
                    variant="light"
                    leftSection={<IconCopy size={16} />}
                    onClick={() => void duplicate()}
                    disabled={busy}
                  >
                    Duplicate Product
                  </Button>
                ) : null}
              </Stack>
            </Paper>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 9 }}>
          <Paper withBorder p="lg" component="section" aria-label={STEPS[active]?.title}>
            <Stack gap="lg">
              <Title order={3}>{`Step ${active + 1} of ${STEPS.length}: ${STEPS[active]?.title}`}</Title>
              {stepContent[active]}
              {serverError ? (
                <Alert color="red" role="alert">
                  {serverError}
                </Alert>
              ) : null}
              <Group justify="space-between">
                <Button
                  variant="default"
                  onClick={() => setActive((step) => step - 1)}
                  disabled={active === 0}
                >
                  Previous Step
                </Button>
                <Group gap="xs">
                  {editing ? (
                    <Button onClick={() => void save(status)} loading={updateProduct.isPending}>
                      Save Changes
                    </Button>
                  ) : null}
                  {active < LAST_STEP ? (
                    <Button
                      variant={editing ? 'default' : 'filled'}
                      onClick={() => setActive((step) => step + 1)}
                      disabled={!stepComplete(active)}
                    >
                      Next Step
                    </Button>
                  ) : !editing ? (
                    <Button
                      onClick={() => void create(status)}
                      loading={createProduct.isPending}
                      disabled={progress < 100 || createProduct.isPending}
                    >
                      Create Product
                    </Button>
                  ) : null}
                </Group>
              </Group>
              {active < LAST_STEP && !stepComplete(active) ? (
                <Text size="sm" c="dimmed">
                  Complete this step to continue.
                </Text>
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      <ProductPreviewModal
        opened={previewOpen}
        onClose={() => setPreviewOpen(false)}
        product={previewOpen ? snapshot(forms, defaults, status) : defaults}
      />
    </Stack>
  );
}
