import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { errorMessage, isApiError } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { NumberField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSaveSecuritySettings } from '../api/security.mutations';
import {
  PASSWORD_EXPIRY_MAX_DAYS,
  type SecuritySettingsValues,
  securitySettingsSchema,
} from '../schemas/security-settings.schema';
import { IpWhitelistEditor } from './ip-whitelist-editor';

const POLICY_RULES = [
  ['uppercase', 'Uppercase letters'],
  ['lowercase', 'Lowercase letters'],
  ['numbers', 'Numbers'],
  ['specialCharacters', 'Special characters'],
  ['minLength', 'Minimum 8 characters'],
] as const;

const ALERTS = [
  ['failedLogin', 'Failed login', 'A staff sign-in fails, or is refused by the IP whitelist.'],
  ['newDevice', 'New device', 'A staff member signs in from a browser they have not used before.'],
  ['passwordChange', 'Password change', 'A staff password is changed.'],
  [
    'adminAction',
    'Admin action',
    'Two-factor is turned on or off, a session is ended, or these settings change.',
  ],
] as const;

const toValues = ({
  updatedAt: _updatedAt,
  ...values
}: Schemas['SecuritySettings']): SecuritySettingsValues => values;

type SecuritySettingsFormProps = { settings: Schemas['SecuritySettings'] };

/** Spec 2 §2 Security Settings: the store-wide part, saved at once; the server's refusals show here. */
export function SecuritySettingsForm({ settings }: SecuritySettingsFormProps) {
  const save = useSaveSecuritySettings();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [entryErrors, setEntryErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const { control, handleSubmit, reset, setError, formState } = useForm<SecuritySettingsValues>({
    resolver: zodResolver(securitySettingsSchema),
    defaultValues: toValues(settings),
  });

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    setEntryErrors(new Map());
    try {
      const answer = await save.mutateAsync({ body: values });
      reset(toValues(answer.data));
      toast.success(answer.message ?? 'Security settings saved.');
    } catch (error) {
      const fieldErrors = isApiError(error) ? (error.errors ?? []) : [];
      const entries = new Map<number, string>();
      for (const { path, message } of fieldErrors) {
        const entry = /^\/ipWhitelist\/(\d+)$/.exec(path);
        if (entry) entries.set(Number(entry[1]), message);
        else if (path === '/passwordExpiryDays') setError('passwordExpiryDays', { message });
      }
      setEntryErrors(entries);
      setRefusal(errorMessage(error, 'Failed to save the security settings.'));
    }
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="security-settings-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Title order={2} size="h4" id="security-settings-title">
            Security Settings
          </Title>

          <Stack gap="xs">
            <Title order={3} size="h5">
              Two-Factor Authentication
            </Title>
            <Controller
              control={control}
              name="twoFactorRequired"
              render={({ field }) => (
                <Switch
                  label="Require two-factor authentication for all staff"
                  description="Staff who have not set it up are sent to set it up when they sign in."
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                />
              )}
            />
          </Stack>

          <Stack gap="xs">
            <Title order={3} size="h5">
              Password Policy
            </Title>
            <Group gap="lg">
              {POLICY_RULES.map(([rule, label]) => (
                <Controller
                  key={rule}
                  control={control}
                  name={`passwordPolicy.${rule}`}
                  render={({ field }) => (
                    <Checkbox
                      label={label}
                      checked={field.value}
                      onChange={(event) => field.onChange(event.currentTarget.checked)}
                    />
                  )}
                />
              ))}
            </Group>
            <NumberField
              control={control}
              name="passwordExpiryDays"
              label="Password expiry (days)"
              description="Staff must choose a new password after this many days; 0 means never."
              min={0}
              max={PASSWORD_EXPIRY_MAX_DAYS}
              allowDecimal={false}
              // Out-of-range values stay as typed so the message says what is allowed, rather than changing silently.
              clampBehavior="none"
              maw={240}
            />
          </Stack>

          <Stack gap="xs">
            <Title order={3} size="h5">
              IP Whitelist
            </Title>
            <Controller
              control={control}
              name="ipWhitelist"
              render={({ field }) => (
                <IpWhitelistEditor
                  value={field.value}
                  onChange={(list) => {
                    setEntryErrors(new Map());
                    field.onChange(list);
                  }}
                  errors={entryErrors}
                />
              )}
            />
          </Stack>

          <Stack gap="xs">
            <Title order={3} size="h5">
              Security Alerts
            </Title>
            {ALERTS.map(([alert, label, description]) => (
              <Controller
                key={alert}
                control={control}
                name={`alerts.${alert}`}
                render={({ field }) => (
                  <Switch
                    label={label}
                    description={description}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                  />
                )}
              />
            ))}
          </Stack>

          {refusal && (
            <Alert color="red" role="alert" title="Not saved">
              {refusal}
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {formState.isDirty ? 'Unsaved changes.' : ''}
            </Text>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
