import { ActionIcon, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { CheckboxField, NumberField, TextField } from '@shop/ui/form-fields';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { COLOR_PROPERTY_ID, newSku, type SkusValues, type skusSchema } from './skus.schema';

type SkusForm = UseFormReturn<SkusValues, unknown, z.output<typeof skusSchema>>;

/** Spec 1 §3 SKU, §5 SKU form: one block per SKU with its properties; at least one SKU is always kept. */
export function SkuEditor({ form }: { form: SkusForm }) {
  const { control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'skus' });

  return (
    <Stack gap="md">
      {fields.map((field, index) => (
        <Fieldset key={field.id} legend={`SKU ${index + 1}`}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField control={control} name={`skus.${index}.sku_id`} label="SKU ID" required />
              <TextField
                control={control}
                name={`skus.${index}.sku_attr`}
                label="Attributes"
                description="propertyId:valueId pairs joined by ; (e.g. 14:193#Black;200007763:201336100)"
                required
              />
              <TextField
                control={control}
                name={`skus.${index}.offer_sale_price`}
                label="Offer Sale Price"
                type="number"
                step={0.01}
                min={0}
                required
              />
              <TextField
                control={control}
                name={`skus.${index}.sku_price`}
                label="SKU Price"
                type="number"
                step={0.01}
                min={0}
                required
              />
              <NumberField
                control={control}
                name={`skus.${index}.sku_available_stock`}
                label="Available Stock"
                min={0}
                allowDecimal={false}
                allowNegative={false}
                required
              />
              <NumberField
                control={control}
                name={`skus.${index}.sku_bulk_order`}
                label="Bulk Order Quantity"
                min={0}
                allowDecimal={false}
                allowNegative={false}
                required
              />
              <TextField
                control={control}
                name={`skus.${index}.currency_code`}
                label="Currency Code"
                maxLength={3}
              />
              <TextField control={control} name={`skus.${index}.limit_strategy`} label="Limit Strategy" />
            </SimpleGrid>
            <CheckboxField
              control={control}
              name={`skus.${index}.price_include_tax`}
              label="Price includes tax"
            />

            {field.ae_sku_property_dtos.ae_sku_property_d_t_o.map((property, propertyIndex) => {
              const base =
                `skus.${index}.ae_sku_property_dtos.ae_sku_property_d_t_o.${propertyIndex}` as const;
              return (
                <Fieldset
                  // biome-ignore lint/suspicious/noArrayIndexKey: a SKU's properties are fixed slots that are never reordered
                  key={`${property.sku_property_id}-${propertyIndex}`}
                  legend={`${property.sku_property_name} (${property.sku_property_id})`}
                  variant="filled"
                >
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextField
                      control={control}
                      name={`${base}.sku_property_value`}
                      label="Property Value"
                      required
                    />
                    <NumberField
                      control={control}
                      name={`${base}.property_value_id`}
                      label="Property Value ID"
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      required
                    />
                    {/* Spec 1 §3: the definition name and the SKU image apply to Color only. */}
                    {property.sku_property_id === COLOR_PROPERTY_ID ? (
                      <>
                        <TextField
                          control={control}
                          name={`${base}.property_value_definition_name`}
                          label="Color Name"
                        />
                        <TextField
                          control={control}
                          name={`${base}.sku_image`}
                          label="SKU Image URL"
                          type="url"
                        />
                      </>
                    ) : null}
                  </SimpleGrid>
                </Fieldset>
              );
            })}

            <Group justify="flex-end">
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove SKU ${index + 1}`}
                // Spec 1 §5: at least one SKU is kept.
                disabled={fields.length <= 1}
                onClick={() => remove(index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {fields.length === 1 ? '1 SKU' : `${fields.length} SKUs`}
        </Text>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => append(newSku())}>
          Add SKU
        </Button>
      </Group>
    </Stack>
  );
}
