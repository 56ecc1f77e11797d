import { Box, Image, SimpleGrid, UnstyledButton } from '@mantine/core';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import { digitsIn } from '../lib/digits';
import '../product-texts';

type ProductGalleryProps = {
  images: string[];
  /** The image in the main frame (the chosen SKU's, or one the shopper picked from the thumbnails). */
  shown: string | undefined;
  onShow: (image: string) => void;
  alt: string;
};

const ZOOM = 2;

/** Spec §2: the main image with hover zoom, and a row of thumbnails. */
export function ProductGallery({ images, shown, onShow, alt }: ProductGalleryProps) {
  const { t } = useTranslation('product');
  const digits = digitsIn(useLocaleFormat().locale);
  const [origin, setOrigin] = useState<string | null>(null);

  const follow = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setOrigin(`${x}% ${y}%`);
  };

  return (
    <Box>
      <Box
        style={{
          aspectRatio: '1 / 1',
          overflow: 'hidden',
          borderRadius: 'var(--mantine-radius-md)',
          cursor: 'zoom-in',
        }}
        bg="gray.1"
        onMouseMove={follow}
        onMouseLeave={() => setOrigin(null)}
      >
        <Image
          src={shown}
          alt={alt}
          h="100%"
          w="100%"
          fit="contain"
          // The page's largest picture (its LCP): before the thumbnails and the cards below.
          fetchPriority="high"
          style={{
            transform: origin ? `scale(${ZOOM})` : undefined,
            transformOrigin: origin ?? 'center',
            transition: 'transform 150ms ease',
          }}
        />
      </Box>
      {images.length > 1 && (
        <SimpleGrid cols={6} spacing="xs" mt="xs">
          {images.map((image, index) => (
            <UnstyledButton
              key={image}
              aria-label={t('showImage', { n: digits(index + 1) })}
              aria-pressed={image === shown}
              onClick={() => onShow(image)}
              style={{
                aspectRatio: '1 / 1',
                borderRadius: 'var(--mantine-radius-sm)',
                overflow: 'hidden',
                outline: image === shown ? '2px solid var(--mantine-primary-color-filled)' : undefined,
              }}
            >
              <Image src={image} alt="" h="100%" w="100%" fit="cover" loading="lazy" />
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
