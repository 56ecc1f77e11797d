import { Button, CloseButton, FileButton, Group, Image, Input, Paper, Text } from '@mantine/core';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../reviews-texts';
import { useLocaleFormat } from '../../../i18n/i18n';
import { MAX_PHOTO_BYTES, MAX_REVIEW_PHOTOS, PHOTO_TYPES } from '../api/reviews.api';

export type KeptPhoto = { _id: string; url: string };

type ReviewPhotoPickerProps = {
  /** Photos already on the review that stay. */
  kept: KeptPhoto[];
  onRemoveKept: (photo: KeptPhoto) => void;
  /** Pictures chosen on this device, uploaded when the review is saved. */
  added: File[];
  onChangeAdded: (files: File[]) => void;
  disabled?: boolean;
};

/** A picture chosen on the device, shown from memory until it is uploaded. */
function AddedThumb({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  const { t } = useTranslation('reviews');
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Thumb
      src={url}
      label={t('photos.remove', { name: file.name })}
      onRemove={onRemove}
      disabled={disabled}
    />
  );
}

function Thumb(props: { src: string; label: string; onRemove: () => void; disabled: boolean }) {
  return (
    <Paper component="li" withBorder radius="sm" pos="relative" w={72} h={72} style={{ overflow: 'hidden' }}>
      <Image src={props.src} alt="" w={72} h={72} fit="cover" />
      <CloseButton
        size="sm"
        pos="absolute"
        top={2}
        right={2}
        variant="filled"
        aria-label={props.label}
        disabled={props.disabled}
        onClick={props.onRemove}
      />
    </Paper>
  );
}

/** Up to five pictures of the product as it arrived: PNG, JPG, GIF or WebP, at most 10 MB each. */
export function ReviewPhotoPicker({
  kept,
  onRemoveKept,
  added,
  onChangeAdded,
  disabled = false,
}: ReviewPhotoPickerProps) {
  const { t } = useTranslation('reviews');
  const { number } = useLocaleFormat();
  const [refused, setRefused] = useState<string | null>(null);
  const room = MAX_REVIEW_PHOTOS - kept.length - added.length;

  const add = (picked: File[]) => {
    // The server checks the bytes as well; refusing here spares the shopper a failed save.
    const wrongType = picked.find((file) => !PHOTO_TYPES.includes(file.type));
    const tooLarge = picked.find((file) => file.size > MAX_PHOTO_BYTES);
    const fitting = picked.filter((file) => PHOTO_TYPES.includes(file.type) && file.size <= MAX_PHOTO_BYTES);
    const tooMany = fitting.length > room;
    setRefused(
      wrongType
        ? t('photos.wrongType', { name: wrongType.name })
        : tooLarge
          ? t('photos.tooLarge', { name: tooLarge.name })
          : tooMany
            ? t('photos.tooMany', { max: number(MAX_REVIEW_PHOTOS) })
            : null,
    );
    onChangeAdded([...added, ...fitting.slice(0, Math.max(room, 0))]);
  };

  const count = kept.length + added.length;
  return (
    <Input.Wrapper
      label={t('photos.title')}
      description={t('photos.description', { max: number(MAX_REVIEW_PHOTOS) })}
      error={refused}
    >
      {count > 0 && (
        <Group
          component="ul"
          gap="xs"
          p={0}
          m={0}
          mt={6}
          style={{ listStyle: 'none' }}
          aria-label={t('photos.list')}
        >
          {kept.map((photo, index) => (
            <Thumb
              key={photo._id}
              src={photo.url}
              label={t('photos.removeNumber', { number: index + 1 })}
              disabled={disabled}
              onRemove={() => onRemoveKept(photo)}
            />
          ))}
          {added.map((file, index) => (
            <AddedThumb
              // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be chosen twice; position tells them apart
              key={`${file.name}-${index}`}
              file={file}
              disabled={disabled}
              onRemove={() => onChangeAdded(added.filter((other) => other !== file))}
            />
          ))}
        </Group>
      )}
      <Group gap="xs" mt={6}>
        <FileButton multiple accept={PHOTO_TYPES.join(',')} onChange={add} disabled={disabled || room <= 0}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPhotoPlus size={16} aria-hidden />}
              disabled={disabled || room <= 0}
            >
              {t('photos.add')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('photos.count', { current: number(count), max: number(MAX_REVIEW_PHOTOS) })}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}
