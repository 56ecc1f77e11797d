import { ActionIcon, Badge, Button, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { TextField } from '@shop/ui/form-fields';
import { toast } from '@shop/ui/notifications';
import { IconArrowDown, IconArrowUp, IconStar, IconTrash } from '@tabler/icons-react';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  formatMegabytes,
  MAX_IMAGES,
  type MediaItem,
  type MediaValues,
  type mediaSchema,
} from './media.schema';

type MediaForm = UseFormReturn<MediaValues, unknown, z.output<typeof mediaSchema>>;

/** A picture the server has stored: its address, and its name and size when the server tells them. */
export type UploadedImage = { url: string; name?: string | undefined; size?: number | undefined };

/** A picture chosen from a library of pictures already on the server. */
export type LibraryImage = { url: string; name: string; sizeBytes: number };

type MediaFieldsProps = {
  form: MediaForm;
  /** Sends one picture to the server (which checks its type and size); rejects with the API's error. */
  upload: (file: File) => Promise<UploadedImage>;
  /** A picker over pictures already uploaded; without it there is no 'Choose from Library'. */
  renderLibrary?: (picker: {
    opened: boolean;
    onClose: () => void;
    onPick: (image: LibraryImage) => void;
  }) => ReactNode;
  /** Without a video address field (forms whose product has no video). */
  withVideo?: boolean;
  /** The picture types the server takes, for the file chooser and the hint under the label. */
  accept?: string;
  uploadHint?: string;
};

const UPLOAD_HINT =
  'PNG, JPG, GIF up to 10MB each. Recommended: 800x800 or larger. At least 1 image is advised.';

/**
 * Spec 1 §2.12 Images step: pictures go to the server one by one (it checks type and size), the first becomes
 * the default, any can be made default, moved or removed; and a video address.
 */
export function MediaFields({
  form,
  upload,
  renderLibrary,
  withVideo = true,
  accept = 'image/*',
  uploadHint = UPLOAD_HINT,
}: MediaFieldsProps) {
  const inputId = useId();
  const [uploading, setUploading] = useState(0);
  const [picking, setPicking] = useState(false);
  const images = useWatch({ control: form.control, name: 'images' }) ?? [];

  function setImages(next: MediaItem[]) {
    form.setValue(
      'images',
      next.map((image, order) => ({ ...image, order })),
      { shouldDirty: true },
    );
  }

  async function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.currentTarget.files ?? []);
    // Let the same file be chosen again after a failure.
    event.currentTarget.value = '';
    for (const file of files) {
      if (form.getValues('images').length >= MAX_IMAGES) {
        toast.error(`A product can have at most ${MAX_IMAGES} images.`);
        break;
      }
      if (!file.type.startsWith('image/')) {
        toast.error(`${file.name} is not an image.`);
        continue;
      }
      setUploading((count) => count + 1);
      try {
        const stored = await upload(file);
        const current = form.getValues('images');
        setImages([
          ...current,
          {
            id: crypto.randomUUID(),
            url: stored.url,
            name: stored.name ?? file.name,
            size: stored.size ?? file.size,
            isDefault: current.length === 0,
            order: current.length,
          },
        ]);
      } catch (error) {
        toast.error(errorMessage(error, `Failed to upload ${file.name}.`));
      } finally {
        setUploading((count) => count - 1);
      }
    }
  }

  function addFromLibrary(file: LibraryImage) {
    const current = form.getValues('images');
    setPicking(false);
    if (current.length >= MAX_IMAGES) {
      toast.error(`A product can have at most ${MAX_IMAGES} images.`);
      return;
    }
    setImages([
      ...current,
      {
        id: crypto.randomUUID(),
        url: file.url,
        name: file.name,
        size: file.sizeBytes,
        isDefault: current.length === 0,
        order: current.length,
      },
    ]);
  }

  function makeDefault(index: number) {
    setImages(images.map((image, i) => ({ ...image, isDefault: i === index })));
  }

  function move(index: number, by: -1 | 1) {
    const next = [...images];
    const [moved] = next.splice(index, 1);
    if (!moved) return;
    next.splice(index + by, 0, moved);
    setImages(next);
  }

  function removeImage(index: number) {
    const removed = images[index];
    const next = images.filter((_, i) => i !== index);
    // The default picture is never left unset while pictures remain.
    if (removed?.isDefault && next[0]) next[0] = { ...next[0], isDefault: true };
    setImages(next);
  }

  const full = images.length >= MAX_IMAGES;
  const imagesError = form.formState.errors.images?.message;

  return (
    <Stack gap="md">
      <Input.Wrapper label="Upload Images" description={uploadHint} id={inputId}>
        <Paper withBorder p="md" mt={6} style={{ borderStyle: 'dashed' }}>
          <Group justify="space-between">
            <input
              id={inputId}
              type="file"
              accept={accept}
              multiple
              disabled={full}
              onChange={(event) => void addFiles(event)}
            />
            {renderLibrary ? (
              <Button variant="light" size="xs" disabled={full} onClick={() => setPicking(true)}>
                Choose from Library
              </Button>
            ) : null}
            {uploading > 0 ? (
              <Text size="sm" c="dimmed" role="status">
                {uploading === 1 ? 'Uploading 1 image...' : `Uploading ${uploading} images...`}
              </Text>
            ) : null}
          </Group>
        </Paper>
      </Input.Wrapper>

      {renderLibrary?.({ opened: picking, onClose: () => setPicking(false), onPick: addFromLibrary })}
      {imagesError ? (
        <Text c="red" size="sm" role="alert">
          {imagesError}
        </Text>
      ) : null}
      {images.length === 0 ? (
        <Text size="sm" c="dimmed">
          No images yet.
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Product images"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {images.map((image, index) => (
            <Paper key={image.id} withBorder p="xs" component="li" aria-label={image.name}>
              {/* On a phone the actions wrap under the picture and its name, which keeps room to be read. */}
              <Group gap="sm">
                <Image src={image.url} alt={image.name} w={64} h={64} fit="cover" radius="sm" />
                <Stack gap={2} style={{ flex: '1 1 8rem', minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate title={image.name}>
                    {image.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {image.size === undefined ? 'Size unknown' : formatMegabytes(image.size)}
                  </Text>
                </Stack>
                <Group gap="sm" wrap="nowrap" ml="auto">
                  {image.isDefault ? (
                    <Badge color="teal" variant="light">
                      Default
                    </Badge>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      leftSection={<IconStar size={14} />}
                      aria-label={`Make Default (${image.name})`}
                      onClick={() => makeDefault(index)}
                    >
                      Make Default
                    </Button>
                  )}
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${image.name} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${image.name} down`}
                    disabled={index === images.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${image.name}`}
                    onClick={() => removeImage(index)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      {withVideo ? (
        <TextField
          control={form.control}
          name="videoUrl"
          label="Video URL"
          description="YouTube, Vimeo or direct links"
          type="url"
          placeholder="https://www.youtube.com/watch?v=..."
        />
      ) : null}
    </Stack>
  );
}
