import { MultiSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { NumberField, SwitchField } from '@shop/ui/form-fields';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { COUNTRY_OPTIONS } from '../lib/country-options';
import type { SettingsInput, SettingsValues } from '../schemas/store-settings.schema';

type SettingsControl = Control<SettingsInput, unknown, SettingsValues>;

/** System Settings' Cash on Delivery: where shoppers may pay the courier, its fee and the largest order it takes. */
export function CashOnDeliverySettings({ control }: { control: SettingsControl }) {
  const enabled = useWatch({ control, name: 'cashOnDelivery.enabled' });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-cod">
      <Title order={3} fz="h4" id="settings-cod" mb={4}>
        Cash on Delivery
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Shoppers in these countries may pay the courier in cash. The order stays unpaid until the courier
        delivers it (or staff confirm the cash); couriers' remittances are reconciled under Payments.
      </Text>
      <Stack gap="md">
        <SwitchField control={control} name="cashOnDelivery.enabled" label="Offer cash on delivery" />
        {enabled ? (
          <>
            <Controller
              control={control}
              name="cashOnDelivery.countries"
              render={({ field, fieldState }) => (
                <MultiSelect
                  ref={field.ref}
                  name={field.name}
                  label="Countries"
                  placeholder="Choose countries"
                  data={COUNTRY_OPTIONS}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  searchable
                  withAsterisk
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberField
                control={control}
                name="cashOnDelivery.fee"
                label="Fee (USD)"
                description="Added to the order, converted into the shopper's currency."
                min={0}
                max={1000}
                decimalScale={2}
                step={0.01}
              />
              <NumberField
                control={control}
                name="cashOnDelivery.maxOrder"
                label="Largest Order (USD)"
                description="Leave empty for no limit."
                min={1}
                decimalScale={2}
                step={0.01}
              />
            </SimpleGrid>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
