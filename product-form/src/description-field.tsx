import { Group, Input, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { RichTextField } from '@shop/ui/rich-text-field';
import { useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

type DescriptionFieldProps<TValues extends FieldValues> = {
  // `any` for context and output, as in the bound form fields: forms with a zod resolver transform their values.
  // biome-ignore lint/suspicious/noExplicitAny: matches react-hook-form's own default for TContext
  control: Control<TValues, any, any>;
  name: FieldPath<TValues>;
  label: string;
  description?: string;
};

type View = 'write' | 'html';

/**
 * A product description: written in the rich text editor, or as HTML beside it (for markup the editor does not
 * offer). Opening it changes nothing: the value is what was loaded until someone edits it.
 */
export function DescriptionField<TValues extends FieldValues>({
  control,
  name,
  label,
  description,
}: DescriptionFieldProps<TValues>) {
  const { field, fieldState } = useController({ control, name });
  const [view, setView] = useState<View>('write');
  const value: string = field.value ?? '';

  return (
    <Stack gap={4}>
      <Group justify="space-between" align="flex-end">
        <Input.Label>{label}</Input.Label>
        <SegmentedControl
          size="xs"
          aria-label={`${label} view`}
          value={view}
          onChange={(next) => setView(next as View)}
          data={[
            { value: 'write', label: 'Write' },
            { value: 'html', label: 'HTML' },
          ]}
        />
      </Group>
      {view === 'write' ? (
        <RichTextField
          label={label}
          labelHidden
          description={description}
          value={value}
          onChange={field.onChange}
          error={fieldState.error?.message}
        />
      ) : (
        <Textarea
          aria-label={`${label} HTML`}
          description={description}
          value={value}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          rows={10}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
      )}
    </Stack>
  );
}
