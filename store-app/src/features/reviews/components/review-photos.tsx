import { Anchor, Group, Image } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '../reviews-texts';

type ReviewPhotosProps = {
  photos: ReadonlyArray<{ _id: string; url: string }> | undefined;
  /** Who took them, for the pictures' names. */
  name: string;
};

/** A review's photos as thumbnails; each opens full size in a new tab. */
export function ReviewPhotos({ photos, name }: ReviewPhotosProps) {
  const { t } = useTranslation('reviews');
  if (!photos || photos.length === 0) return null;
  return (
    <Group
      component="ul"
      gap="xs"
      p={0}
      m={0}
      mt={6}
      style={{ listStyle: 'none' }}
      aria-label={t('photos.of', { name })}
    >
      {photos.map((photo, index) => (
        <li key={photo._id}>
          <Anchor href={photo.url} target="_blank" rel="noopener noreferrer">
            <Image
              src={photo.url}
              alt={t('photos.alt', { name, number: index + 1 })}
              w={72}
              h={72}
              radius="sm"
              fit="cover"
              loading="lazy"
            />
          </Anchor>
        </li>
      ))}
    </Group>
  );
}
