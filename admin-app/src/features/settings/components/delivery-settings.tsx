import { Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { NumberField, SwitchField } from '@shop/ui/form-fields';
import { type Control, Controller, useWatch } from 'react-hook-form';
import type { SettingsInput, SettingsValues } from '../schemas/store-settings.schema';

type SettingsControl = Control<SettingsInput, unknown, SettingsValues>;

/** System Settings' Delivery: the store's flat rule, or each supplier service's own fee with the store's markup. */
export function DeliverySettings({ control }: { control: SettingsControl }) {
  const policy = useWatch({ control, name: 'deliveryPolicy' });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-delivery">
      <Title order={3} fz="h4" id="settings-delivery" mb={4}>
        Delivery
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        How quotes and orders charge delivery. The threshold and the flat fee are the Checkout figures above.
      </Text>
      <Stack gap="md">
        <Controller
          control={control}
          name="deliveryPolicy"
          render={({ field }) => (
            <Radio.Group
              label="Delivery Policy"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="store_rule" label="Store rule: flat fee, free above the threshold" />
                <Radio
                  value="supplier"
                  label="Supplier's fee per delivery service"
                  description="Each imported line pays its supplier's fee for the service the shopper chose, plus the markup; the store's own products pay the flat fee once."
                />
              </Stack>
            </Radio.Group>
          )}
        />
        {policy === 'supplier' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberField
              control={control}
              name="supplierShippingMarkup"
              label="Supplier Shipping Markup (%)"
              min={0}
              max={100}
              decimalScale={2}
              step={0.01}
            />
            <SwitchField
              control={control}
              name="supplierFreeShipping"
              label="Free above the threshold too"
              description="Orders above the free-shipping threshold pay no supplier delivery either."
              mt={{ sm: 'lg' }}
            />
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}
