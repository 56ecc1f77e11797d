import { Alert, Anchor, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { PasswordField, TextareaField, TextField } from '@shop/ui/form-fields';
import { applyServerFieldErrors } from '@shop/ui/server-field-errors';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordToggleProps } from '../../../components/password-toggle';
import { useRevalidateOnLanguageChange, useTranslatedZodResolver } from '../../../lib/translated-resolver';
import '../sell-texts';
import { useApplyVendor } from '../api/apply-vendor';
import { type ApplyBody, type ApplyValues, applySchema } from '../schemas/apply.schema';
import { VENDOR_LOGIN_URL } from '../vendor-panel';

const FIELDS = Object.keys(applySchema.shape) as (keyof ApplyValues)[];

/** Apply to sell: a shop owner's application, which staff review before the store can sign in to the vendor panel. */
export function ApplyForm() {
  const { t } = useTranslation('sell');
  const apply = useApplyVendor();
  const resolver = useTranslatedZodResolver(applySchema, 'sell');
  const { control, handleSubmit, setError, trigger, formState } = useForm<ApplyValues, unknown, ApplyBody>({
    resolver,
    defaultValues: { storeName: '', email: '', password: '', phone: '', address: '', description: '' },
  });
  useRevalidateOnLanguageChange({ trigger, formState });

  const submit = handleSubmit((values) =>
    apply.mutate(values, {
      // Field errors come back as JSON pointers (`/email`); show each beside its field.
      onError: (error) => applyServerFieldErrors(error, FIELDS, setError),
    }),
  );

  if (apply.isSuccess) {
    return (
      <Paper withBorder shadow="sm" p="xl" maw={560} mx="auto" my="xl">
        <Stack>
          <Title order={1} ta="center">
            {t('received.title')}
          </Title>
          <Text role="status">{t('received.message')}</Text>
          <Text>
            {t('received.signInHint')}{' '}
            <Anchor href={VENDOR_LOGIN_URL} underline="always">
              {t('received.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder shadow="sm" p="xl" maw={560} mx="auto" my="xl">
      <Stack>
        <div>
          <Title order={1} ta="center">
            {t('title')}
          </Title>
          <Text c="dimmed" ta="center" size="sm" mt={4}>
            {t('subtitle')}
          </Text>
        </div>
        {/* noValidate: the form's own messages explain a problem, not the browser's bubbles. */}
        <form noValidate onSubmit={submit} aria-label={t('title')}>
          <Stack>
            {apply.isError && (
              <Alert color="red" role="alert">
                {errorMessage(apply.error, t('failed'))}
              </Alert>
            )}
            <TextField control={control} name="storeName" label={t('storeName')} withAsterisk />
            <TextField
              control={control}
              name="email"
              label={t('email')}
              type="email"
              autoComplete="email"
              withAsterisk
            />
            <PasswordField
              visibilityToggleButtonProps={passwordToggleProps}
              control={control}
              name="password"
              label={t('password')}
              autoComplete="new-password"
              withAsterisk
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField control={control} name="phone" label={t('phone')} type="tel" autoComplete="tel" />
              <TextField
                control={control}
                name="address"
                label={t('address')}
                autoComplete="street-address"
              />
            </SimpleGrid>
            <TextareaField control={control} name="description" label={t('description')} rows={4} />
            <Button type="submit" loading={apply.isPending} fullWidth>
              {t('submit')}
            </Button>
            <Text size="sm" ta="center">
              {t('haveAccount')}{' '}
              <Anchor href={VENDOR_LOGIN_URL} underline="always">
                {t('received.signIn')}
              </Anchor>
            </Text>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
