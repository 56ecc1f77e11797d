import { Button, ColorInput, Group, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { MAIN_CATEGORIES } from '@shop/product-form/categories';
import { toLocalInput } from '@shop/ui/discount.schema';
import { SelectField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { categoryFromTitle } from '../lib/auto-category';
import type { LabelsValues, labelsSchema } from '../schemas/labels.schema';

type LabelsForm = UseFormReturn<LabelsValues, unknown, z.output<typeof labelsSchema>>;

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Spec 1 §2.12 Labels section: tags, categories (with Auto-Assign), a label, and a scheduled flash sale. */
export function LabelsFields({ form, title }: { form: LabelsForm; title: string }) {
  const { control } = form;
  const flashSaleAt = useWatch({ control, name: 'flashSaleAt' });
  const [flashSaleInput, setFlashSaleInput] = useState(() => {
    const saved = form.getValues('flashSaleAt');
    return saved ? toLocalInput(saved) : '';
  });
  const [flashSaleError, setFlashSaleError] = useState<string | null>(null);

  function autoAssign() {
    const category = categoryFromTitle(title);
    if (!category) {
      toast.error('No category matches the product title. Choose one from the list.');
      return;
    }
    form.setValue('mainCategory', category, { shouldDirty: true });
    form.clearErrors('mainCategory');
    toast.success(`Main Category set to ${category}.`);
  }

  function scheduleFlashSale() {
    const date = new Date(flashSaleInput);
    if (flashSaleInput === '' || Number.isNaN(date.getTime())) {
      setFlashSaleError('Choose a date and time for the flash sale.');
      return;
    }
    if (date.getTime() <= Date.now()) {
      setFlashSaleError('Choose a date and time in the future.');
      return;
    }
    setFlashSaleError(null);
    form.setValue('flashSaleAt', date.toISOString(), { shouldDirty: true });
  }

  return (
    <Stack gap="md">
      <Controller
        control={control}
        name="tags"
        render={({ field, fieldState }) => (
          <TagsInput
            label="Internal Tags"
            description="Press Enter after each tag"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            clearable
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          control={control}
          name="mainCategory"
          label="Main Category"
          placeholder="Choose a category"
          data={[...MAIN_CATEGORIES]}
          withAsterisk
        />
        <TextField control={control} name="subcategory" label="Subcategory" />
      </SimpleGrid>
      <Group>
        <Button variant="light" onClick={autoAssign}>
          Auto-Assign Category
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          control={control}
          name="labelName"
          label="Label Name"
          placeholder="e.g. New, Hot, Limited"
        />
        <Controller
          control={control}
          name="labelColor"
          render={({ field, fieldState }) => (
            <ColorInput
              label="Label Color"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              format="hex"
            />
          )}
        />
      </SimpleGrid>
      <Group align="flex-end">
        <TextInput
          type="datetime-local"
          label="Flash Sale Date & Time"
          value={flashSaleInput}
          onChange={(event) => {
            setFlashSaleInput(event.currentTarget.value);
            setFlashSaleError(null);
          }}
          error={flashSaleError}
        />
        <Button variant="light" onClick={scheduleFlashSale} mb={flashSaleError ? 22 : 0}>
          Schedule Flash Sale
        </Button>
      </Group>
      {flashSaleAt ? (
        <Group gap="xs">
          <Text size="sm" role="status">
            Flash sale scheduled for {dateTimeFormat.format(new Date(flashSaleAt))}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={() => {
              form.setValue('flashSaleAt', null, { shouldDirty: true });
              setFlashSaleInput('');
            }}
          >
            Cancel Flash Sale
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
