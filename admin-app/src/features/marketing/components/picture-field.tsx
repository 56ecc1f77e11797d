import { Button, FileButton, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { TextFieldProps } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { useState } from 'react';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useStaffMember } from '../../../components/shell/staff-member';
import { MAX_MEDIA_BYTES } from '../../media/components/media-library';
import { MediaPicker } from '../../media/components/media-picker';
import { useUploadMarketingPicture } from '../api/marketing.mutations';

const PICTURE_TYPES = 'image/png,image/jpeg,image/webp';
const PICTURE_NAME = /\.(jpe?g|png|webp)$/i;

type PictureFieldProps<TValues extends FieldValues> = {
  control: TextFieldProps<TValues>['control'];
  name: FieldPath<TValues>;
  label: string;
  description?: string;
};

/**
 * A picture's address, chosen from the media library or uploaded into its Marketing folder (the library's calls
 * need the products permission; without it the address can still be typed).
 */
export function PictureField<TValues extends FieldValues>({
  control,
  name,
  label,
  description,
}: PictureFieldProps<TValues>) {
  const { field, fieldState } = useController({ control, name });
  const value = typeof field.value === 'string' ? field.value : '';
  const canUseLibrary = useStaffMember()?.can(['products']) ?? false;
  const [picking, setPicking] = useState(false);
  const upload = useUploadMarketingPicture();

  const send = async (file: File | null) => {
    if (!file) return;
    if (!PICTURE_NAME.test(file.name)) return void toast.error('Only JPG, PNG or WebP pictures can be used.');
    if (file.size > MAX_MEDIA_BYTES) return void toast.error('The file is larger than 10 MB.');
    try {
      const stored = await upload.mutateAsync(file);
      field.onChange(stored.url);
      toast.success(`${stored.name} uploaded to the Marketing folder.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The picture could not be uploaded.'));
    }
  };

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        description={description}
        placeholder="https://…"
        value={value}
        onChange={(event) => field.onChange(event.currentTarget.value)}
        onBlur={field.onBlur}
        error={fieldState.error?.message}
      />
      <Group gap="xs">
        {canUseLibrary ? (
          <>
            <Button size="xs" variant="light" onClick={() => setPicking(true)}>
              Choose from library
            </Button>
            <FileButton accept={PICTURE_TYPES} onChange={(file) => void send(file)}>
              {(props) => (
                <Button {...props} size="xs" variant="light" loading={upload.isPending}>
                  Upload picture
                </Button>
              )}
            </FileButton>
          </>
        ) : (
          <Text size="xs" c="dimmed">
            Choosing or uploading a picture uses the media library, which needs the products permission.
          </Text>
        )}
        {value ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => field.onChange('')}>
            Remove picture
          </Button>
        ) : null}
      </Group>
      {value ? <Image src={value} alt={`${label} preview`} h={80} w={160} fit="cover" radius="sm" /> : null}
      {canUseLibrary ? (
        <MediaPicker
          opened={picking}
          onClose={() => setPicking(false)}
          onPick={(file) => {
            field.onChange(file.url);
            setPicking(false);
          }}
        />
      ) : null}
    </Stack>
  );
}
