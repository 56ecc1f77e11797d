import { Button, Group, Modal, Stack, useMantineColorScheme } from '@mantine/core';
import { SelectField } from '@shop/ui/form-fields';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import { CURRENCIES, languageOptions, SHIP_TO_COUNTRIES } from '../settings-options';
import { type StoreSettings, settingsStore } from '../settings-store';
import '../settings-texts';

type SettingsModalProps = { opened: boolean; onClose: () => void };

/** Ship-to country, currency, language and theme. Escape and the overlay discard the draft; Save keeps it. */
export function SettingsModal({ opened, onClose }: SettingsModalProps) {
  const { t } = useTranslation('settings');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('title')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <SettingsForm onSaved={onClose} />
    </Modal>
  );
}

// Mounted afresh each time the modal opens, so the draft always starts from the saved settings.
function SettingsForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('settings');
  const { locale } = useLocaleFormat();
  const { setColorScheme } = useMantineColorScheme();
  // Country and currency names in the shopper's language, the codes beside them as before.
  const { countryOptions, currencyOptions } = useMemo(() => {
    const regions = new Intl.DisplayNames([locale], { type: 'region' });
    const currencies = new Intl.DisplayNames([locale], { type: 'currency' });
    return {
      countryOptions: SHIP_TO_COUNTRIES.map((code) => ({
        value: code,
        label: `${regions.of(code) ?? code} (${code})`,
      })),
      currencyOptions: CURRENCIES.map((code) => ({
        value: code,
        label: `${code} - ${currencies.of(code) ?? code}`,
      })),
    };
  }, [locale]);
  const themeOptions = [
    { value: 'light', label: t('light') },
    { value: 'dark', label: t('dark') },
  ];
  const { control, handleSubmit } = useForm<StoreSettings>({ defaultValues: settingsStore.get() });

  const save = (values: StoreSettings) => {
    settingsStore.set(values);
    setColorScheme(values.theme);
    onSaved();
  };

  return (
    <form onSubmit={handleSubmit(save)}>
      <Stack>
        <SelectField
          control={control}
          name="shipToCountry"
          label={t('shipTo')}
          data={countryOptions}
          searchable
          allowDeselect={false}
        />
        <SelectField
          control={control}
          name="currency"
          label={t('currency')}
          data={currencyOptions}
          searchable
          allowDeselect={false}
        />
        <SelectField
          control={control}
          name="language"
          label={t('language')}
          data={languageOptions}
          allowDeselect={false}
        />
        <SelectField
          control={control}
          name="theme"
          label={t('theme')}
          data={themeOptions}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button type="submit">{t('save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
