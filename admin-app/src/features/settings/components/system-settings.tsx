import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CURRENCIES } from '@shop/sdk/choices';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { NumberField, SelectField, TextField } from '@shop/ui/form-fields';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FieldPath, useForm } from 'react-hook-form';
import { $api } from '../../../lib/api';
import { COUNTRY_OPTIONS } from '../lib/country-options';
import { type SettingsInput, settingsSchema, settingsValues } from '../schemas/store-settings.schema';
import { CashOnDeliverySettings } from './cash-on-delivery-settings';
import { DeliverySettings } from './delivery-settings';
import { DutyRulesEditor } from './duty-rules-editor';
import { PriceRoundingSettings } from './price-rounding-settings';
import { TaxRulesEditor } from './tax-rules-editor';

type StoreSettings = Schemas['StoreSettings'];

const FIELDS: FieldPath<SettingsInput>[] = [
  'storeName',
  'contactEmail',
  'contactPhone',
  'defaultCurrency',
  'defaultShipTo',
  'taxRate',
  'freeShippingAbove',
  'flatShipping',
  'deliveryPolicy',
  'supplierShippingMarkup',
  'supplierFreeShipping',
  'cashOnDelivery.countries',
  'cashOnDelivery.fee',
  'cashOnDelivery.maxOrder',
  'vendorCommissionPercent',
];

/** The fields a server error may name: the fixed ones and each tax and duty rule's (`/taxRules/1/country`). */
const fieldsOf = (taxRules: number, dutyRules: number): FieldPath<SettingsInput>[] => [
  ...FIELDS,
  ...Array.from({ length: taxRules }, (_, index) =>
    (['country', 'rate', 'inclusive', 'label'] as const).map((key) => `taxRules.${index}.${key}` as const),
  ).flat(),
  ...Array.from({ length: dutyRules }, (_, index) =>
    (['country', 'rate', 'deMinimis', 'basis', 'label'] as const).map(
      (key) => `dutyRules.${index}.${key}` as const,
    ),
  ).flat(),
];

const settingsQuery = () => $api.queryOptions('get', '/settings/store');

/**
 * System Settings: the store's name and contact, its defaults, and the rules the server prices with (checkout
 * figures, delivery, tax per country, rounding of shown prices).
 */
export function SystemSettings() {
  const settings = useQuery(settingsQuery());
  if (settings.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(settings.error, 'Failed to load the settings.')}
      </Alert>
    );
  }
  if (!settings.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading settings" />
      </Center>
    );
  }
  return <SettingsForm key={settings.data.data.updatedAt} saved={settings.data.data} />;
}

function SettingsForm({ saved }: { saved: StoreSettings }) {
  const queryClient = useQueryClient();
  const save = $api.useMutation('put', '/settings/store');
  const { control, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(settingsSchema),
    defaultValues: settingsValues(saved),
  });

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await save.mutateAsync({ body });
      queryClient.setQueryData(settingsQuery().queryKey, answer);
      toast.success('Settings saved.');
    } catch (error) {
      applyServerFieldErrors(error, fieldsOf(body.taxRules.length, body.dutyRules.length), setError);
      toast.error(errorMessage(error, 'Failed to save the settings.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-store">
          <Title order={3} fz="h4" id="settings-store" mb="sm">
            Store
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextField control={control} name="storeName" label="Store Name" withAsterisk />
            <TextField
              control={control}
              name="contactEmail"
              label="Contact Email"
              type="email"
              withAsterisk
            />
            <TextField control={control} name="contactPhone" label="Contact Phone" type="tel" />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-defaults">
          <Title order={3} fz="h4" id="settings-defaults" mb="sm">
            Storefront Defaults
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField
              control={control}
              name="defaultCurrency"
              label="Default Currency"
              data={[...CURRENCIES]}
              allowDeselect={false}
              searchable
            />
            <SelectField
              control={control}
              name="defaultShipTo"
              label="Default Ship-to Country"
              data={COUNTRY_OPTIONS}
              allowDeselect={false}
              searchable
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-checkout">
          <Title order={3} fz="h4" id="settings-checkout" mb={4}>
            Checkout
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            The server prices every quote and order with these: shipping is free above the threshold,
            otherwise the flat fee (both in USD, converted into the shopper's currency); tax is a share of the
            items total.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberField
              control={control}
              name="taxRate"
              label="Tax Rate (%)"
              min={0}
              max={100}
              decimalScale={2}
              step={0.01}
            />
            <NumberField
              control={control}
              name="freeShippingAbove"
              label="Free Shipping Above (USD)"
              min={0}
              decimalScale={2}
              step={0.01}
            />
            <NumberField
              control={control}
              name="flatShipping"
              label="Flat Shipping (USD)"
              min={0}
              decimalScale={2}
              step={0.01}
            />
          </SimpleGrid>
        </Paper>
        <DeliverySettings control={control} />
        <CashOnDeliverySettings control={control} />
        <TaxRulesEditor control={control} />
        <DutyRulesEditor control={control} />
        <PriceRoundingSettings control={control} />
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-vendors">
          <Title order={3} fz="h4" id="settings-vendors" mb={4}>
            Vendors
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            The store's commission on each delivered vendor line, unless the vendor's store has its own
            (Vendor Applications, Earnings).
          </Text>
          <NumberField
            control={control}
            name="vendorCommissionPercent"
            label="Default Commission (%)"
            min={0}
            max={100}
            decimalScale={2}
            step={0.01}
            w={240}
          />
        </Paper>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Last saved {formatDate(saved.updatedAt)}
          </Text>
          <Button type="submit" loading={formState.isSubmitting}>
            Save Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
