import { Alert, Button, Card, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { errorMessage, unwrap } from '@shop/sdk/client';
import type { RequestBody } from '@shop/sdk/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../account-texts';
import { useLocaleFormat } from '../../../i18n/i18n';
import { api } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { rememberAccountChoices } from '../../settings/account-settings-sync';
import {
  CURRENCIES,
  type Currency,
  LANGUAGE_CODES,
  type Language,
  languageOptions,
  SHIP_TO_COUNTRIES,
  type ShipToCountry,
  type Theme,
} from '../../settings/settings-options';
import { type StoreSettings, settingsStore, useStoreSettings } from '../../settings/settings-store';
import { accountSettingsQueryOptions } from '../api/account.queries';

type Notifications = { orderUpdates: boolean; promotions: boolean };

/**
 * /profile/settings: the settings modal's choices (ship-to country, currency, language, theme) and the account's
 * notifications, saved to the account. The choices are the same store the modal writes, so both always agree.
 */
export function AccountSettings() {
  const { t } = useTranslation('account');
  const saved = useQuery(accountSettingsQueryOptions());
  const current = useStoreSettings();

  return (
    <Stack>
      <Title order={1}>{t('settings.title')}</Title>
      {/* Keyed by the stored choices: a change made in the modal starts this form afresh. */}
      <ChoicesForm key={JSON.stringify(current)} current={current} />
      {saved.isError ? (
        <Alert color="red">{errorMessage(saved.error, t('settings.loadFailed'))}</Alert>
      ) : saved.data ? (
        <NotificationsForm
          key={JSON.stringify(saved.data.data.notifications)}
          saved={saved.data.data.notifications}
        />
      ) : null}
    </Stack>
  );
}

function ChoicesForm({ current }: { current: StoreSettings }) {
  const { t } = useTranslation('account');
  const { locale } = useLocaleFormat();
  const [draft, setDraft] = useState(current);
  const save = useSaveSettings(t('settings.saved'), t('settings.saveFailed'));
  const options = useMemo(() => {
    const regions = new Intl.DisplayNames([locale], { type: 'region' });
    const currencies = new Intl.DisplayNames([locale], { type: 'currency' });
    return {
      countries: SHIP_TO_COUNTRIES.map((code) => ({
        value: code,
        label: `${regions.of(code) ?? code} (${code})`,
      })),
      currencies: CURRENCIES.map((code) => ({
        value: code,
        label: `${code} - ${currencies.of(code) ?? code}`,
      })),
    };
  }, [locale]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const choices = {
      shipToCountry: draft.shipToCountry,
      currency: draft.currency,
      language: draft.language,
      theme: draft.theme,
    };
    // Saved to the account first; this device follows once the server has them.
    save.mutate(choices, {
      onSuccess: () => {
        rememberAccountChoices(choices);
        settingsStore.set(draft);
      },
    });
  };

  return (
    <Card component="form" onSubmit={submit} aria-labelledby="settings-choices">
      <Stack>
        <div>
          <Title order={2} fz="h4" id="settings-choices">
            {t('settings.storefront')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.storefrontHint')}
          </Text>
        </div>
        <Select
          label={t('settings.shipTo')}
          data={options.countries}
          value={draft.shipToCountry}
          onChange={(value) => value && setDraft({ ...draft, shipToCountry: value as ShipToCountry })}
          searchable
          allowDeselect={false}
        />
        <Select
          label={t('settings.currency')}
          data={options.currencies}
          value={draft.currency}
          onChange={(value) => value && setDraft({ ...draft, currency: value as Currency })}
          searchable
          allowDeselect={false}
        />
        <Select
          label={t('settings.language')}
          data={languageOptions.filter((option) => LANGUAGE_CODES.includes(option.value))}
          value={draft.language}
          onChange={(value) => value && setDraft({ ...draft, language: value as Language })}
          allowDeselect={false}
        />
        <Select
          label={t('settings.theme')}
          data={[
            { value: 'light', label: t('settings.light') },
            { value: 'dark', label: t('settings.dark') },
          ]}
          value={draft.theme}
          onChange={(value) => value && setDraft({ ...draft, theme: value as Theme })}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function NotificationsForm({ saved }: { saved: Notifications }) {
  const { t } = useTranslation('account');
  const [draft, setDraft] = useState(saved);
  const save = useSaveSettings(t('settings.saved'), t('settings.saveFailed'));
  return (
    <Card
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ notifications: draft });
      }}
      aria-labelledby="settings-notifications"
    >
      <Stack>
        <Title order={2} fz="h4" id="settings-notifications">
          {t('settings.notifications')}
        </Title>
        <Switch
          label={t('settings.orderUpdates')}
          description={t('settings.orderUpdatesHint')}
          checked={draft.orderUpdates}
          onChange={(event) => setDraft({ ...draft, orderUpdates: event.currentTarget.checked })}
        />
        <Switch
          label={t('settings.promotions')}
          description={t('settings.promotionsHint')}
          checked={draft.promotions}
          onChange={(event) => setDraft({ ...draft, promotions: event.currentTarget.checked })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** PUT /user/settings; 'Settings saved.' only once the server has them. */
function useSaveSettings(savedText: string, failedText: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestBody<'updateAccountSettings'>) => unwrap(api.PUT('/user/settings', { body })),
    onSuccess: (answer) => {
      queryClient.setQueryData(accountSettingsQueryOptions().queryKey, answer);
      toast.success(savedText);
    },
    onError: (error) => toast.error(errorMessage(error, failedText)),
  });
}
