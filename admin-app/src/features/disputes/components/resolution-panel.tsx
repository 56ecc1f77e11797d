import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { NumberField, SelectField, TextareaField } from '@shop/ui/form-fields';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { type DefaultValues, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { optionsOf, RESOLUTION_ACTIONS, RESOLUTION_CURRENCIES } from '../lib/dispute-values';
import { type ResolutionBody, type ResolutionValues, resolutionSchema } from '../schemas/resolution.schema';

const ACTION_OPTIONS = optionsOf(RESOLUTION_ACTIONS);
const FIELDS: FieldPath<ResolutionValues>[] = ['action', 'amount', 'currency', 'notes'];

type ResolutionPanelProps = {
  busy: boolean;
  /** The currency of the order the dispute is about: the amount is in it (a refund is paid back in it). */
  orderCurrency: ResolutionValues['currency'] | null;
  /** Sends status resolved with this resolution; rejects with the server's error. */
  onSubmit: (resolution: ResolutionBody) => Promise<void>;
};

/** Spec 2 §2/§4: the action, the amount and its currency (unless no_action) and notes; submitting resolves. */
export function ResolutionPanel({ busy, orderCurrency, onSubmit }: ResolutionPanelProps) {
  // No action is chosen at first: submitting requires staff to pick one.
  const defaultValues: DefaultValues<ResolutionValues> = { currency: orderCurrency ?? 'USD', notes: '' };
  const { control, handleSubmit, setError } = useForm<ResolutionValues, unknown, ResolutionBody>({
    resolver: zodResolver(resolutionSchema),
    defaultValues,
  });
  const action = useWatch({ control, name: 'action' });

  const submit = handleSubmit(async (resolution) => {
    try {
      await onSubmit(resolution);
    } catch (error) {
      // The server's field errors (e.g. an amount above what the order can refund) sit beside their fields.
      applyServerFieldErrors(error, FIELDS, setError, 'resolution');
    }
  });

  return (
    <Paper component="section" aria-labelledby="resolution-panel-title" withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Resolution">
        <Stack gap="sm">
          <Title order={4} size="h6" id="resolution-panel-title">
            Resolution
          </Title>
          <SelectField
            control={control}
            name="action"
            label="Action"
            placeholder="Select an action"
            data={ACTION_OPTIONS}
            withAsterisk
          />
          {action === 'no_action' ? null : (
            <Group grow align="flex-start">
              <NumberField
                control={control}
                name="amount"
                label="Amount"
                // No min/max: clamping would quietly change the amount; the schema says what is wrong instead.
                decimalScale={2}
                withAsterisk
              />
              <SelectField
                control={control}
                name="currency"
                label="Currency"
                data={orderCurrency ? [orderCurrency] : [...RESOLUTION_CURRENCIES]}
                readOnly={orderCurrency !== null}
                description={orderCurrency ? "The order's currency" : undefined}
                allowDeselect={false}
                withAsterisk
              />
            </Group>
          )}
          <TextareaField control={control} name="notes" label="Notes" rows={3} withAsterisk />
          <Group justify="flex-end">
            <Button type="submit" color="teal" disabled={!action} loading={busy}>
              Resolve Dispute
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
