import {
  Checkbox,
  type CheckboxProps,
  NumberInput,
  type NumberInputProps,
  PasswordInput,
  type PasswordInputProps,
  Select,
  type SelectProps,
  Switch,
  type SwitchProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { ChangeEvent } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/** What every bound field takes: the form's `control` and the field's `name`; the rest goes to Mantine. */
type BoundProps<TValues extends FieldValues, TInputProps> = Omit<
  TInputProps,
  'name' | 'value' | 'defaultValue' | 'checked' | 'defaultChecked' | 'onChange' | 'error'
> & {
  // `any` for context and output: forms built with a resolver (zod) transform their values.
  // biome-ignore lint/suspicious/noExplicitAny: matches react-hook-form's own default for TContext
  control: Control<TValues, any, any>;
  name: FieldPath<TValues>;
};

export type TextFieldProps<TValues extends FieldValues> = BoundProps<TValues, TextInputProps>;

export function TextField<TValues extends FieldValues>({ control, name, ...props }: TextFieldProps<TValues>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={props.disabled ?? field.disabled}
      error={fieldState.error?.message}
    />
  );
}

export type PasswordFieldProps<TValues extends FieldValues> = BoundProps<TValues, PasswordInputProps>;

export function PasswordField<TValues extends FieldValues>({
  control,
  name,
  ...props
}: PasswordFieldProps<TValues>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PasswordInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={props.disabled ?? field.disabled}
      error={fieldState.error?.message}
    />
  );
}

export type NumberFieldProps<TValues extends FieldValues> = BoundProps<TValues, NumberInputProps>;

/** Stores a number, or `undefined` while the input is empty (so optional zod numbers pass). */
export function NumberField<TValues extends FieldValues>({
  control,
  name,
  ...props
}: NumberFieldProps<TValues>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <NumberInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={(value) => field.onChange(value === '' ? undefined : value)}
      onBlur={field.onBlur}
      disabled={props.disabled ?? field.disabled}
      error={fieldState.error?.message}
    />
  );
}

export type SelectFieldProps<TValues extends FieldValues> = BoundProps<TValues, SelectProps>;

export function SelectField<TValues extends FieldValues>({
  control,
  name,
  ...props
}: SelectFieldProps<TValues>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? null}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      disabled={props.disabled ?? field.disabled}
      error={fieldState.error?.message}
    />
  );
}

export type TextareaFieldProps<TValues extends FieldValues> = BoundProps<TValues, TextareaProps>;

export function TextareaField<TValues extends FieldValues>({
  control,
  name,
  ...props
}: TextareaFieldProps<TValues>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Textarea
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={props.disabled ?? field.disabled}
      error={fieldState.error?.message}
    />
  );
}

/** A checkbox's or a switch's props bound to a boolean field. */
function useToggle<TValues extends FieldValues>(
  { control, name }: Pick<BoundProps<TValues, object>, 'control' | 'name'>,
  disabled: boolean | undefined,
) {
  const { field, fieldState } = useController({ control, name });
  return {
    ref: field.ref,
    name: field.name,
    checked: Boolean(field.value),
    onChange: (event: ChangeEvent<HTMLInputElement>) => field.onChange(event.currentTarget.checked),
    onBlur: field.onBlur,
    disabled: disabled ?? field.disabled,
    error: fieldState.error?.message,
  };
}

export type CheckboxFieldProps<TValues extends FieldValues> = BoundProps<TValues, CheckboxProps>;

export function CheckboxField<TValues extends FieldValues>({
  control,
  name,
  ...props
}: CheckboxFieldProps<TValues>) {
  const bound = useToggle({ control, name }, props.disabled);
  return <Checkbox {...props} {...bound} />;
}

export type SwitchFieldProps<TValues extends FieldValues> = BoundProps<TValues, SwitchProps>;

export function SwitchField<TValues extends FieldValues>({
  control,
  name,
  ...props
}: SwitchFieldProps<TValues>) {
  const bound = useToggle({ control, name }, props.disabled);
  return <Switch {...props} {...bound} />;
}
