import { Button, Group, Modal, Stack, useMantineColorScheme } from '@mantine/core';
import { SelectField } from '@shop/ui/form-fields';
import { useForm } from 'react-hook-form';
import { countryOptions, currencyOptions } from '../settings-labels';
import { languageOptions } from '../settings-options';
import { type StoreSettings, settingsStore } from '../settings-store';

const themeOptions = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

type SettingsModalProps = { opened: boolean; onClose: () => void };

/** Ship-to country, currency, language and theme. Escape and the overlay discard the draft; Save keeps it. */
export function SettingsModal({ opened, onClose }: SettingsModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Settings"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <SettingsForm onSaved={onClose} />
    </Modal>
  );
}

// Mounted afresh each time the modal opens, so the draft always starts from the saved settings.
function SettingsForm({ onSaved }: { onSaved: () => void }) {
  const { setColorScheme } = useMantineColorScheme();
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
          label="Ship to"
          data={countryOptions}
          searchable
          allowDeselect={false}
        />
        <SelectField
          control={control}
          name="currency"
          label="Currency"
          data={currencyOptions}
          searchable
          allowDeselect={false}
        />
        <SelectField
          control={control}
          name="language"
          label="Language"
          data={languageOptions}
          allowDeselect={false}
        />
        <SelectField control={control} name="theme" label="Theme" data={themeOptions} allowDeselect={false} />
        <Group justify="flex-end">
          <Button type="submit">Save</Button>
        </Group>
      </Stack>
    </form>
  );
}
