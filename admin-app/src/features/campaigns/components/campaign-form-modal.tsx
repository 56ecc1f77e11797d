import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, MultiSelect, SimpleGrid, Stack } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { toLocalInput } from '@shop/ui/discount.schema';
import { NumberField, SelectField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useState } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useCreateCampaign, useUpdateCampaign } from '../api/campaigns.mutations';
import {
  CAMPAIGN_CATEGORIES,
  CAMPAIGN_TYPES,
  type CampaignFormBody,
  type CampaignFormValues,
  campaignFormSchema,
} from '../schemas/campaign-form.schema';
import { ProductPicker } from './product-picker';

type Campaign = Schemas['Campaign'];

const FIELDS: FieldPath<CampaignFormValues>[] = [
  'name',
  'type',
  'value',
  'startsAt',
  'endsAt',
  'minOrder',
  'productIds',
  'categories',
  'usageLimitTotal',
  'usageLimitPerShopper',
];

type CampaignFormModalProps = {
  /** `new` opens New Campaign; a campaign opens Edit Campaign; null closes the form. */
  editing: Campaign | 'new' | null;
  onClose: () => void;
};

/** New Campaign and Edit Campaign, one form: the server checks every rule again and its messages land beside the fields. */
export function CampaignFormModal({ editing, onClose }: CampaignFormModalProps) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? 'New Campaign' : 'Edit Campaign'}
      centered
      size="lg"
    >
      {editing ? (
        <CampaignForm
          key={editing === 'new' ? 'new' : editing._id}
          campaign={editing === 'new' ? null : editing}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function defaultsOf(campaign: Campaign | null): CampaignFormValues {
  if (!campaign) {
    return { name: '', type: 'percentage', startsAt: '', endsAt: '', productIds: [], categories: [] };
  }
  return {
    name: campaign.name,
    type: campaign.type,
    value: campaign.type === 'free_shipping' ? undefined : campaign.value,
    startsAt: toLocalInput(campaign.startsAt),
    endsAt: toLocalInput(campaign.endsAt),
    minOrder: campaign.minOrder,
    productIds: campaign.products.map((product) => product._id),
    categories: campaign.categories,
    usageLimitTotal: campaign.usageLimitTotal ?? undefined,
    usageLimitPerShopper: campaign.usageLimitPerShopper ?? undefined,
  };
}

function CampaignForm({ campaign, onDone }: { campaign: Campaign | null; onDone: () => void }) {
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<CampaignFormValues, unknown, CampaignFormBody>({
    resolver: zodResolver(campaignFormSchema),
    defaultValues: defaultsOf(campaign),
  });
  const type = useWatch({ control, name: 'type' });

  const submit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const answer = campaign
        ? await update.mutateAsync({ params: { path: { id: campaign._id } }, body })
        : await create.mutateAsync({ body });
      toast.success(answer.message ?? (campaign ? 'Campaign saved.' : 'Campaign created.'));
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, FIELDS, setError);
      setServerError(
        errorMessage(error, campaign ? 'Failed to save the campaign.' : 'Failed to create the campaign.'),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={campaign ? 'Edit campaign' : 'New campaign'}>
      <Stack gap="sm">
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <TextField control={control} name="name" label="Name" required />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            control={control}
            name="type"
            label="Type"
            data={CAMPAIGN_TYPES}
            allowDeselect={false}
          />
          {type === 'free_shipping' ? null : (
            <NumberField
              control={control}
              name="value"
              label={type === 'percentage' ? 'Percent Off' : 'Amount Off (USD)'}
              min={0}
              decimalScale={2}
              required
            />
          )}
          <TextField control={control} name="startsAt" label="Start" type="datetime-local" required />
          <TextField control={control} name="endsAt" label="End" type="datetime-local" required />
        </SimpleGrid>
        <NumberField
          control={control}
          name="minOrder"
          label="Minimum Order (USD)"
          description="The items total an order needs; leave empty for none."
          min={0}
          decimalScale={2}
        />
        <Controller
          control={control}
          name="categories"
          render={({ field, fieldState }) => (
            <MultiSelect
              label="Categories"
              description="With no categories and no products, the discount applies to every product."
              placeholder="Any category"
              data={[...CAMPAIGN_CATEGORIES]}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              clearable
            />
          )}
        />
        <Controller
          control={control}
          name="productIds"
          render={({ field, fieldState }) => (
            <ProductPicker
              value={field.value}
              onChange={field.onChange}
              initial={campaign?.products ?? []}
              error={fieldState.error?.message}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberField
            control={control}
            name="usageLimitTotal"
            label="Usage Limit (Total)"
            description="Orders in all; leave empty for no limit."
            allowDecimal={false}
            allowNegative={false}
          />
          <NumberField
            control={control}
            name="usageLimitPerShopper"
            label="Usage Limit per Shopper"
            description="Orders per shopper; leave empty for no limit."
            allowDecimal={false}
            allowNegative={false}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {campaign ? 'Save' : 'Create Campaign'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
