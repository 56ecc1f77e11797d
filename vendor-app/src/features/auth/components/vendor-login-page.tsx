import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { errorMessage, unwrap } from '@shop/sdk/client';
import { PasswordField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { api } from '../../../lib/api';
import { vendorSession } from '../../../lib/session';

const loginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required.').max(254),
  password: z.string().min(1, 'Password is required.').max(128),
});
type LoginValues = z.infer<typeof loginSchema>;

/** Only the panel's own screens are places to return to after signing in. */
function safeRedirect(to: string | undefined): string {
  return to?.startsWith('/manage-vandor') ? to : '/manage-vandor/dashboard';
}

/** Vendor sign-in; a pending, rejected or suspended store is told why it cannot enter. */
export function VendorLoginPage({ redirectTo }: { redirectTo?: string | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const signIn = async (values: LoginValues) => {
    setFailure(null);
    try {
      const body = await unwrap(api.POST('/vendor/login', { body: values }));
      queryClient.clear();
      vendorSession.signIn(body.data.token);
      toast.success('Login successful.');
      await navigate({ href: safeRedirect(redirectTo), replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Login failed. Please check your credentials.'));
    }
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={handleSubmit(signIn)} noValidate>
          <Stack>
            <div>
              <Title order={1} fz="h2">
                Vandor Panel
              </Title>
              <Text c="dimmed" size="sm">
                Sign in to manage your store.
              </Text>
            </div>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <TextField
              control={control}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              withAsterisk
            />
            <PasswordField
              control={control}
              name="password"
              label="Password"
              autoComplete="current-password"
              withAsterisk
            />
            <Button type="submit" loading={formState.isSubmitting}>
              Sign in
            </Button>
            <Text size="sm" ta="center">
              New here?{' '}
              <Anchor component={Link} to="/apply">
                Apply to sell
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
