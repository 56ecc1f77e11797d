import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { NumberField, TextField } from '@shop/ui/form-fields';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { MAX_OPTIONS, MAX_VARIANTS, syncVariants, variantCount, variantLabel } from './variants';
import type { Variants, VariantsValues } from './variants.schema';

type VariantsForm = UseFormReturn<VariantsValues, unknown, Variants>;

type VariantsEditorProps = {
  form: VariantsForm;
  /** The product's pictures, offered as a variant's picture. */
  images?: ReadonlyArray<{ url: string; name: string }>;
  /** Starts the SKU codes of new variants (the product's title): 'CANVAS-TOTE-RED-S'. */
  skuPrefix?: string;
};

/**
 * Options such as Color and Size by name with their values, and one variant per combination with its price,
 * compare-at price, stock, SKU code and picture. Changing the options adds and removes rows; what was typed into a
 * row stays while its combination does. Without options the product is a single variant.
 */
export function VariantsEditor({ form, images = [], skuPrefix = '' }: VariantsEditorProps) {
  const { control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'options' });
  const options = useWatch({ control, name: 'options' }) ?? [];
  const rows = useWatch({ control, name: 'variants' }) ?? [];
  const count = variantCount(options);
  const optionsError = form.formState.errors.options;
  const optionsMessage = optionsError?.root?.message ?? optionsError?.message;
  const rowsMessage =
    form.formState.errors.variants?.root?.message ?? form.formState.errors.variants?.message;

  /** Rows for the options as they are now (left alone while the options would make too many). */
  function resync() {
    const current = form.getValues('options');
    if (variantCount(current) > MAX_VARIANTS) return;
    form.setValue('variants', syncVariants(current, form.getValues('variants'), skuPrefix), {
      shouldDirty: true,
    });
    // Errors were about the rows and options as they were.
    form.clearErrors(['options', 'variants']);
  }

  const imageChoices = (current: string) => {
    const choices = images.map((image) => ({ value: image.url, label: image.name }));
    // A picture the saved SKU has that is not among the product's pictures stays choosable.
    if (current && !choices.some((choice) => choice.value === current)) {
      choices.push({ value: current, label: current.split('/').pop() || current });
    }
    return choices;
  };

  const single = rows.length === 1 && rows[0]?.combination.length === 0;

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <div>
          <Text fw={600}>Options</Text>
          <Text size="sm" c="dimmed">
            Add options such as Color or Size with their values; every combination becomes a variant.
          </Text>
        </div>
        {fields.map((field, index) => (
          <Fieldset key={field.id} legend={`Option ${index + 1}`} variant="filled">
            <Group align="flex-start" wrap="nowrap">
              <Controller
                control={control}
                name={`options.${index}.name`}
                render={({ field: input, fieldState }) => (
                  <TextInput
                    label="Option name"
                    placeholder="e.g. Color"
                    value={input.value}
                    onChange={(event) => {
                      input.onChange(event.currentTarget.value);
                      resync();
                    }}
                    onBlur={input.onBlur}
                    error={fieldState.error?.message}
                    maxLength={255}
                    style={{ flex: 1 }}
                  />
                )}
              />
              <Controller
                control={control}
                name={`options.${index}.values`}
                render={({ field: input, fieldState }) => (
                  <TagsInput
                    label="Values"
                    description="Press Enter after each value"
                    placeholder="e.g. Red"
                    value={input.value}
                    onChange={(values) => {
                      input.onChange(values);
                      resync();
                    }}
                    onBlur={input.onBlur}
                    error={fieldState.error?.message}
                    acceptValueOnBlur
                    style={{ flex: 2 }}
                  />
                )}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={26}
                aria-label={`Remove option ${index + 1}`}
                onClick={() => {
                  remove(index);
                  resync();
                }}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Fieldset>
        ))}
        {count > MAX_VARIANTS ? (
          <Alert color="red" role="alert">
            {`These options make ${count} variants; a product can have at most ${MAX_VARIANTS}.`}
          </Alert>
        ) : optionsMessage ? (
          <Text c="red" size="sm" role="alert">
            {optionsMessage}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={fields.length >= MAX_OPTIONS}
            onClick={() => append({ name: '', values: [] })}
          >
            Add option
          </Button>
        </Group>
      </Stack>

      {rowsMessage ? (
        <Text c="red" size="sm" role="alert">
          {rowsMessage}
        </Text>
      ) : null}
      {single ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            control={control}
            name="variants.0.price"
            label="Price"
            inputMode="decimal"
            withAsterisk
          />
          <TextField
            control={control}
            name="variants.0.compareAtPrice"
            label="Compare-at Price"
            description="The price before a discount, shown struck through"
            inputMode="decimal"
          />
          <NumberField
            control={control}
            name="variants.0.stock"
            label="Stock"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            withAsterisk
          />
          <TextField control={control} name="variants.0.skuCode" label="SKU Code" withAsterisk />
        </SimpleGrid>
      ) : (
        <Stack gap="xs">
          <Text fw={600}>{`Variants (${rows.length})`}</Text>
          <Table.ScrollContainer minWidth={760}>
            <Table aria-label="Variants" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Variant</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Compare-at Price</Table.Th>
                  <Table.Th>Stock</Table.Th>
                  <Table.Th>SKU Code</Table.Th>
                  <Table.Th>Image</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => {
                  const label = variantLabel(row.combination);
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a saved product may have two SKUs with the same values
                    <Table.Tr key={`${index}-${row.key}`}>
                      <Table.Th scope="row">{label}</Table.Th>
                      <Table.Td>
                        <TextField
                          control={control}
                          name={`variants.${index}.price`}
                          aria-label={`Price (${label})`}
                          inputMode="decimal"
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextField
                          control={control}
                          name={`variants.${index}.compareAtPrice`}
                          aria-label={`Compare-at Price (${label})`}
                          inputMode="decimal"
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberField
                          control={control}
                          name={`variants.${index}.stock`}
                          aria-label={`Stock (${label})`}
                          min={0}
                          allowDecimal={false}
                          allowNegative={false}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextField
                          control={control}
                          name={`variants.${index}.skuCode`}
                          aria-label={`SKU Code (${label})`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Controller
                          control={control}
                          name={`variants.${index}.image`}
                          render={({ field: input, fieldState }) => (
                            <Select
                              aria-label={`Image (${label})`}
                              placeholder={images.length > 0 ? 'None' : 'Upload images first'}
                              data={imageChoices(input.value)}
                              value={input.value || null}
                              onChange={(value) => input.onChange(value ?? '')}
                              onBlur={input.onBlur}
                              error={fieldState.error?.message}
                              clearable
                            />
                          )}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}
