import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FileInput, Group, Image, Stack } from '@mantine/core';
import { TextareaField, TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  emptyVendorSettings,
  type VendorSettings,
  type VendorSettingsInput,
  vendorSettingsSchema,
} from '../schemas/vendor-settings.schema';

/** Validates the store's details; there is no vendor API yet, so saving only confirms the draft is valid. */
export function VendorSettingsForm() {
  const { control, handleSubmit } = useForm<VendorSettingsInput, unknown, VendorSettings>({
    resolver: zodResolver(vendorSettingsSchema),
    defaultValues: emptyVendorSettings,
  });
  const logo = useWatch({ control, name: 'logo' });
  const previewUrl = useObjectUrl(logo);

  const save = () => {
    toast.success('Settings saved!');
  };

  return (
    <form onSubmit={handleSubmit(save)} noValidate>
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
              accept="image/*"
              clearable
              leftSection={<IconPhoto size={16} />}
              error={fieldState.error?.message}
            />
          )}
        />
        {previewUrl && (
          <Image src={previewUrl} alt="Store logo preview" w={120} h={120} fit="contain" radius="md" />
        )}
        <Group>
          <Button type="submit">Save Settings</Button>
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
