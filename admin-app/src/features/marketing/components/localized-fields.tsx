import { SimpleGrid } from '@mantine/core';
import { TextareaField, TextField, type TextFieldProps } from '@shop/ui/form-fields';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { LANGUAGES } from '../schemas/localized';

type LocalizedFieldsProps<TValues extends FieldValues> = {
  control: TextFieldProps<TValues>['control'];
  /** The localized field (`title`, `text`): its four languages are `<name>.en`, `<name>.bn`, ... */
  name: string;
  label: string;
  englishRequired?: boolean;
  multiline?: boolean;
};

/** One text in the storefront's four languages; a language left empty shows the English text. */
export function LocalizedFields<TValues extends FieldValues>({
  control,
  name,
  label,
  englishRequired = false,
  multiline = false,
}: LocalizedFieldsProps<TValues>) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      {LANGUAGES.map(({ code, label: language }) => {
        const props = {
          control,
          name: `${name}.${code}` as FieldPath<TValues>,
          label: `${label} (${language})`,
          required: code === 'en' && englishRequired,
          ...(code === 'en' ? {} : { placeholder: 'Empty: shows the English text' }),
        };
        return multiline ? (
          <TextareaField key={code} {...props} rows={2} />
        ) : (
          <TextField key={code} {...props} />
        );
      })}
    </SimpleGrid>
  );
}
