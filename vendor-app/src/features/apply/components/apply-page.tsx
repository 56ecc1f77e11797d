import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Center, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { PasswordField, TextareaField, TextField } from '@shop/ui/form-fields';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useApplyVendor } from '../api/apply-vendor';
import { APPLY_FIELDS, type ApplyBody, type ApplyValues, applySchema } from '../schemas/apply.schema';

/** Apply to sell: the application becomes a pending store that staff approve or reject. */
export function ApplyPage() {
  const apply = useApplyVendor();
  const { control, handleSubmit, setError } = useForm<ApplyValues, unknown, ApplyBody>({
    resolver: zodResolver(applySchema),
    defaultValues: { storeName: '', email: '', password: '', phone: '', address: '', description: '' },
  });

  const submit = handleSubmit((values) =>
    apply.mutate(values, {
      // Field errors come back as JSON pointers (`/email`); each lands beside its field.
      onError: (error) => applyServerFieldErrors(error, APPLY_FIELDS, setError),
    }),
  );

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={560}>
        {apply.isSuccess ? (
          <Stack>
            <Title order={1} fz="h2">
              Application received
            </Title>
            <Text role="status">
              Thank you! Your application is under review. We will let you know by email once it has been
              decided.
            </Text>
            <Text>
              Once approved, sign in with your email and password.{' '}
              <Anchor component={Link} to="/login">
                Go to sign in
              </Anchor>
            </Text>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Apply to sell">
            <Stack>
              <div>
                <Title order={1} fz="h2">
                  Apply to sell
                </Title>
                <Text c="dimmed" size="sm">
                  Open your store on our marketplace. We review every application.
                </Text>
              </div>
              {apply.isError && (
                <Alert color="red" role="alert">
                  {errorMessage(apply.error, 'Your application could not be sent. Please try again.')}
                </Alert>
              )}
              <TextField control={control} name="storeName" label="Store Name" withAsterisk />
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
                autoComplete="new-password"
                withAsterisk
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" />
                <TextField control={control} name="address" label="Address" autoComplete="street-address" />
              </SimpleGrid>
              <TextareaField control={control} name="description" label="Description" rows={4} />
              <Button type="submit" loading={apply.isPending}>
                Apply to sell
              </Button>
              <Text size="sm" ta="center">
                Already approved?{' '}
                <Anchor component={Link} to="/login">
                  Sign in
                </Anchor>
              </Text>
            </Stack>
          </form>
        )}
      </Paper>
    </Center>
  );
}
