import { Alert, Autocomplete, Button, Group, Stack, Text } from '@mantine/core';
import { errorMessage, isApiError } from '@shop/sdk/client';
import { SelectField, TextareaField, TextField } from '@shop/ui/form-fields';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, type FieldPath, useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import { useRevalidateOnLanguageChange, useTranslatedZodResolver } from '../../../lib/translated-resolver';
import { useCreateDispute } from '../api/disputes.mutations';
import { orderChoicesQueryOptions } from '../api/disputes.queries';
import { DISPUTE_ERRORS } from '../lib/dispute-errors';
import { CATEGORIES } from '../lib/dispute-labels';
import {
  type DisputeFormInput,
  type DisputeFormValues,
  disputeFormSchema,
  emptyDisputeForm,
} from '../schemas/dispute-form.schema';
import { EvidencePicker } from './evidence-picker';

const FIELDS = new Set<string>(Object.keys(disputeFormSchema.shape));

type NewDisputeFormProps = {
  /** The order the shopper came from (the order page's "Open a dispute"), chosen in the Order ID field. */
  initialOrderId?: string;
  /** Tells the page's red banner what went wrong, or that the last action went well (null). */
  onError: (message: string | null) => void;
};

export function NewDisputeForm({ initialOrderId = '', onError }: NewDisputeFormProps) {
  const { t } = useTranslation('disputes');
  const createDispute = useCreateDispute();
  const [submitted, setSubmitted] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const resolver = useTranslatedZodResolver(disputeFormSchema, 'disputes');
  const { control, handleSubmit, reset, setError, trigger, formState } = useForm<
    DisputeFormInput,
    unknown,
    DisputeFormValues
  >({ resolver, defaultValues: emptyDisputeForm(initialOrderId) });
  useRevalidateOnLanguageChange({ trigger, formState });

  const submit = (values: DisputeFormValues) => {
    onError(null);
    createDispute.mutate(
      { ...values, files },
      {
        onSuccess: () => {
          // Spec §4: empty subject and order id, general_complaint, empty description, no evidence.
          reset(emptyDisputeForm());
          setFiles([]);
          setSubmitted(true);
        },
        onError: (error) => {
          for (const fieldError of isApiError(error) ? (error.errors ?? []) : []) {
            const field = fieldError.path.replace(/^\//, '');
            if (FIELDS.has(field)) {
              setError(field as FieldPath<DisputeFormInput>, { message: fieldError.message });
            }
          }
          onError(errorMessage(error, t(DISPUTE_ERRORS.create)));
        },
      },
    );
  };

  if (submitted) {
    return (
      <Alert color="green" role="status">
        <Stack gap="sm" align="flex-start">
          <Text>{t('form.submitted')}</Text>
          <Button color="green" variant="light" onClick={() => setSubmitted(false)}>
            {t('form.another')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={t('tabs.new')}>
      <Stack>
        <TextField control={control} name="subject" label={t('form.subject')} required />
        <SelectField
          control={control}
          name="category"
          label={t('form.category')}
          data={CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
          allowDeselect={false}
          required
        />
        <OrderIdField control={control} />
        <TextareaField control={control} name="description" label={t('form.description')} rows={5} required />
        <EvidencePicker files={files} onChange={setFiles} disabled={createDispute.isPending} />
        <Group justify="flex-end">
          <Button type="submit" loading={createDispute.isPending}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The order id as text (spec: 'e.g., #123456'), with the shopper's own orders offered as choices. */
function OrderIdField({ control }: { control: Control<DisputeFormInput, unknown, DisputeFormValues> }) {
  const { t } = useTranslation('disputes');
  const { date, money } = useLocaleFormat();
  const { field, fieldState } = useController({ control, name: 'orderId' });
  const { data } = useQuery(orderChoicesQueryOptions());
  const orders = data?.data ?? [];
  const byNumber = new Map(orders.map((order) => [order.orderNumber, order]));

  return (
    <Autocomplete
      ref={field.ref}
      name={field.name}
      label={t('form.orderId')}
      placeholder={t('form.orderIdPlaceholder')}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      data={orders.map((order) => order.orderNumber)}
      renderOption={({ option }) => {
        const order = byNumber.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.value}</Text>
            {order && (
              <Text size="xs" c="dimmed">
                {date(order.createdAt)} · {money(order.totalPrice, order.currency)}
              </Text>
            )}
          </Stack>
        );
      }}
    />
  );
}
