import { Center, Image, Text } from '@mantine/core';

type ProductThumbProps = { src?: string; size?: number; fallback?: string };

/** A product's first image, or a labelled empty square. */
export function ProductThumb({ src, size = 48, fallback = 'No image' }: ProductThumbProps) {
  if (!src) {
    return (
      <Center
        w={size}
        h={size}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 4, flexShrink: 0 }}
      >
        <Text size="xs" c="dimmed" ta="center">
          {fallback}
        </Text>
      </Center>
    );
  }
  // The title sits next to the image, so the image itself adds nothing for a screen reader.
  return <Image src={src} alt="" w={size} h={size} fit="cover" radius="sm" style={{ flexShrink: 0 }} />;
}
