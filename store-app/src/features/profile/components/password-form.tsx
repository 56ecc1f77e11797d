import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { PasswordField } from '@shop/ui/form-fields';
import { useForm } from 'react-hook-form';
import { passwordToggleProps } from '../../../components/password-toggle';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { type PasswordFormValues, passwordFormSchema } from '../schemas/account.schemas';

const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const change = useChangePassword();
  const { control, handleSubmit, reset } = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: EMPTY,
  });

  const save = ({ currentPassword, newPassword }: PasswordFormValues) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          toast.success('Password updated successfully!');
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to update password')),
      },
    );

  return (
    <Card component="section" aria-labelledby="password-form-title">
      <form onSubmit={handleSubmit(save)} noValidate>
        <Stack>
          <Title order={2} size="h4" id="password-form-title">
            Change Password
          </Title>
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="currentPassword"
            label="Current Password"
            autoComplete="current-password"
          />
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="newPassword"
            label="New Password"
            autoComplete="new-password"
          />
          <PasswordField
            visibilityToggleButtonProps={passwordToggleProps}
            control={control}
            name="confirmPassword"
            label="Confirm New Password"
            autoComplete="new-password"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Update Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
