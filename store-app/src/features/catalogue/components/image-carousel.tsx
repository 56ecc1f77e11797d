import { ActionIcon, Box, Group, Image, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

// A grey square for a missing or broken image, so the card keeps its shape.
const PLACEHOLDER =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'%3E%3Crect width='1' height='1' fill='%23eee'/%3E%3C/svg%3E";

type ImageCarouselProps = {
  images: string[];
  alt: string;
  /** Wraps the image (the card makes it a link); arrows and dots stay outside so they do not follow it. */
  frame?: (image: ReactNode) => ReactNode;
  greyscale?: boolean;
  children?: ReactNode;
};

/** The card's image slider: one image at a time, arrows and dots when there is more than one. */
export function ImageCarousel({
  images,
  alt,
  frame = (image) => image,
  greyscale,
  children,
}: ImageCarouselProps) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const go = (next: number) => setIndex((next + count) % count);
  const image = (
    <Image
      src={images[index]}
      alt={alt}
      h="100%"
      w="100%"
      fit="cover"
      loading="lazy"
      fallbackSrc={PLACEHOLDER}
      style={{ filter: greyscale ? 'grayscale(1)' : undefined }}
    />
  );

  return (
    <Box pos="relative" style={{ aspectRatio: '1 / 1', overflow: 'hidden' }} bg="gray.1">
      {frame(image)}
      {children}
      {count > 1 && (
        <>
          <ActionIcon
            variant="white"
            radius="xl"
            size="sm"
            pos="absolute"
            left={6}
            top="calc(50% - 11px)"
            aria-label="Previous image"
            onClick={() => go(index - 1)}
          >
            <IconChevronLeft size={14} />
          </ActionIcon>
          <ActionIcon
            variant="white"
            radius="xl"
            size="sm"
            pos="absolute"
            right={6}
            top="calc(50% - 11px)"
            aria-label="Next image"
            onClick={() => go(index + 1)}
          >
            <IconChevronRight size={14} />
          </ActionIcon>
          <Group gap={4} pos="absolute" bottom={6} left={0} right={0} justify="center">
            {images.map((src, dot) => (
              <UnstyledButton
                key={src}
                aria-label={`Show image ${dot + 1}`}
                aria-current={dot === index}
                onClick={() => setIndex(dot)}
                w={8}
                h={8}
                style={{
                  borderRadius: '50%',
                  background: dot === index ? 'var(--mantine-color-white)' : 'rgba(255, 255, 255, 0.5)',
                  boxShadow: '0 0 2px rgba(0, 0, 0, 0.4)',
                }}
              />
            ))}
          </Group>
        </>
      )}
    </Box>
  );
}
