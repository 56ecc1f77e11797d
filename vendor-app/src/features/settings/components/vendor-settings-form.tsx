import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, FileInput, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { errorMessage, isApiError } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { TextareaField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LogoUploadError, useSaveVendorSettings } from '../api/vendor-settings.mutations';
import { vendorSettingsQueries } from '../api/vendor-settings.queries';
import {
  LOGO_TYPES,
  SERVER_FIELDS,
  settingsValues,
  type VendorSettings,
  type VendorSettingsInput,
  vendorSettingsSchema,
} from '../schemas/vendor-settings.schema';

/** Settings: the store's details as the server holds them, saved back to it. */
export function VendorSettingsScreen() {
  const store = useQuery(vendorSettingsQueries.store());
  if (store.isPending) return <Skeleton height={420} maw={560} aria-label="Loading settings" />;
  if (store.isError) {
    return (
      <Alert color="red" role="alert" maw={560}>
        {errorMessage(store.error, 'Failed to load the settings.')}
      </Alert>
    );
  }
  return <VendorSettingsForm key={store.data.data._id} store={store.data.data} />;
}

function VendorSettingsForm({ store }: { store: Schemas['VendorProfile'] }) {
  const save = useSaveVendorSettings();
  const { control, handleSubmit, reset, setError, setValue } = useForm<
    VendorSettingsInput,
    unknown,
    VendorSettings
  >({
    resolver: zodResolver(vendorSettingsSchema),
    defaultValues: settingsValues(store),
  });
  const logo = useWatch({ control, name: 'logo' });
  const logoUrl = useWatch({ control, name: 'logoUrl' });
  const chosenUrl = useObjectUrl(logo);
  const previewUrl = chosenUrl ?? (logoUrl || null);

  const submit = handleSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      reset(settingsValues(answer.data));
      toast.success('Settings saved!');
    } catch (error) {
      if (error instanceof LogoUploadError) {
        setError('logo', { message: errorMessage(error.cause, error.message) });
        return;
      }
      // Field errors come back as JSON pointers (`/email`); each lands beside its field.
      let placed = false;
      for (const fieldError of isApiError(error) ? (error.errors ?? []) : []) {
        const field = SERVER_FIELDS[fieldError.path];
        if (field) {
          setError(field, { message: fieldError.message });
          placed = true;
        }
      }
      if (!placed) toast.error(errorMessage(error, 'Failed to save the settings.'));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Store settings">
      <Stack maw={560}>
        <TextField control={control} name="storeName" label="Store Name" withAsterisk />
        <TextField control={control} name="email" label="Email" type="email" withAsterisk />
        <TextField control={control} name="phone" label="Phone" type="tel" />
        <TextField control={control} name="address" label="Address" />
        <TextareaField control={control} name="description" label="Description" rows={4} />
        <Controller
          control={control}
          name="logo"
          render={({ field, fieldState }) => (
            <FileInput
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label="Store Logo"
              placeholder="Choose an image"
              description="JPG, PNG or WebP, up to 10 MB"
              accept={LOGO_TYPES.join(',')}
              clearable
              leftSection={<IconPhoto size={16} />}
              error={fieldState.error?.message}
            />
          )}
        />
        {previewUrl ? (
          <Group align="flex-end">
            <Image src={previewUrl} alt="Store logo preview" w={120} h={120} fit="contain" radius="md" />
            {!logo ? (
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => setValue('logoUrl', '', { shouldDirty: true })}
              >
                Remove logo
              </Button>
            ) : null}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No logo yet.
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A blob URL for the chosen file, released when the file changes or the form goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
