import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SHIP_TO_COUNTRIES as COUNTRIES, CURRENCIES } from '@shop/sdk/choices';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { NumberField, SelectField, TextField } from '@shop/ui/form-fields';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { $api } from '../../../lib/api';

type StoreSettings = Schemas['StoreSettings'];

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const settingsSchema = z.object({
  storeName: z.string().trim().min(1, 'Store name is required.').max(100, 'Use at most 100 characters.'),
  contactEmail: z.string().trim().pipe(z.email('Enter a valid email address.')),
  contactPhone: z.string().trim().max(32, 'Use at most 32 characters.'),
  defaultCurrency: z.enum(CURRENCIES),
  defaultShipTo: z.enum(COUNTRIES),
  taxRate: z
    .number({ error: 'Enter a tax rate.' })
    .min(0, 'The tax rate is between 0 and 100%.')
    .max(100, 'The tax rate is between 0 and 100%.')
    .refine(twoDecimals, 'Use at most two decimals.'),
  freeShippingAbove: z
    .number({ error: 'Enter an amount.' })
    .min(0, 'The amount cannot be negative.')
    .refine(twoDecimals, 'Use at most two decimals.'),
  flatShipping: z
    .number({ error: 'Enter an amount.' })
    .min(0, 'The amount cannot be negative.')
    .max(10000, 'Use at most 10,000.')
    .refine(twoDecimals, 'Use at most two decimals.'),
});

type SettingsValues = z.infer<typeof settingsSchema>;

const settingsQuery = () => $api.queryOptions('get', '/settings/store');

/** System Settings: the store's name and contact, its defaults, and the checkout rules the server charges. */
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
  const { control, handleSubmit, formState } = useForm<SettingsValues>({
    resolver: zodResolver(settingsSchema),
    defaultValues: {
      storeName: saved.storeName,
      contactEmail: saved.contactEmail,
      contactPhone: saved.contactPhone,
      defaultCurrency: saved.defaultCurrency,
      defaultShipTo: saved.defaultShipTo,
      taxRate: saved.taxRate,
      freeShippingAbove: saved.freeShippingAbove,
      flatShipping: saved.flatShipping,
    },
  });

  const submit = handleSubmit(async (body) => {
    try {
      const answer = await save.mutateAsync({ body });
      queryClient.setQueryData(settingsQuery().queryKey, answer);
      toast.success('Settings saved.');
    } catch (error) {
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
              data={COUNTRIES.map((code) => ({
                value: code,
                label: `${regionNames.of(code) ?? code} (${code})`,
              }))}
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
