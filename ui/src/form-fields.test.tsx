import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxField, NumberField, PasswordField, SwitchField, TextField } from './form-fields';
import { theme } from './theme';

type Values = { name: string; password: string; quantity?: number; agree: boolean };

function DemoForm({ onValid }: { onValid: (values: Values) => void }) {
  const { control, handleSubmit } = useForm<Values>({
    defaultValues: { name: '', password: '', agree: false },
  });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <TextField control={control} name="name" label="Name" />
      <PasswordField control={control} name="password" label="Password" />
      <NumberField control={control} name="quantity" label="Quantity" />
      <CheckboxField control={control} name="agree" label="I agree" />
      <button type="submit">Save</button>
    </form>
  );
}

/** A form whose submit handler reports a missing name as a field error, as a resolver would. */
function RequiredName({ onValid }: { onValid: (values: { name: string }) => void }) {
  const { control, handleSubmit, setError } = useForm<{ name: string }>({ defaultValues: { name: '' } });
  return (
    <form
      onSubmit={handleSubmit((values) => {
        if (!values.name) setError('name', { message: 'Name is required' });
        else onValid(values);
      })}
    >
      <TextField control={control} name="name" label="Name" />
      <button type="submit">Save</button>
    </form>
  );
}

function SwitchForm({ onValid }: { onValid: (values: { notify: boolean }) => void }) {
  const { control, handleSubmit } = useForm<{ notify: boolean }>({ defaultValues: { notify: true } });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <SwitchField control={control} name="notify" label="Notify me" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('form fields', () => {
  it('binds values and shows each field error under its input', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(
      <MantineProvider theme={theme}>
        <RequiredName onValid={onValid} />
      </MantineProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const input = screen.getByLabelText('Name');
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Name is required');
    expect(onValid).not.toHaveBeenCalled();

    await user.type(input, 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada' });
  });

  it('stores numbers as numbers and checkboxes as booleans', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(
      <MantineProvider theme={theme}>
        <DemoForm onValid={onValid} />
      </MantineProvider>,
    );

    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.type(screen.getByLabelText('Quantity'), '12');
    await user.click(screen.getByLabelText('I agree'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onValid).toHaveBeenCalledWith(
      { name: 'Ada', password: 'secret', quantity: 12, agree: true },
      expect.anything(),
    );
  });

  it('shows a switch as its saved value and stores its flips as booleans', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(
      <MantineProvider theme={theme}>
        <SwitchForm onValid={onValid} />
      </MantineProvider>,
    );

    const notify = screen.getByRole('switch', { name: 'Notify me' });
    expect(notify).toBeChecked();
    await user.click(notify);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ notify: false }, expect.anything());
  });
});
