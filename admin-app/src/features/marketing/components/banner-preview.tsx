import { Box, Button, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';

type PreviewBanner = Pick<
  Schemas['StorefrontBanner'],
  'placement' | 'title' | 'text' | 'imageUrl' | 'background' | 'link'
>;
export type PreviewLanguage = keyof Schemas['LocalizedText'];

// What the storefront draws (store-app features/marketing/components/home-banners.tsx), at its sizes.
const HERO_FALLBACK = 'var(--mantine-color-dark-6)';
const TILE_FALLBACK = 'var(--mantine-color-gray-light)';
const SHADE = 'linear-gradient(90deg, rgba(0, 0, 0, 0.65), rgba(0, 0, 0, 0.25))';
const CTA: Record<PreviewLanguage, string> = {
  en: 'Shop now',
  bn: 'এখনই কিনুন',
  es: 'Comprar ahora',
  hi: 'अभी खरीदें',
};

const inLanguage = (text: Schemas['LocalizedText'], language: PreviewLanguage) =>
  text[language]?.trim() || text.en;

/** A hero slide or promo tile as shoppers see it in one language (English where that language is empty). */
export function BannerPreview({ banner, language }: { banner: PreviewBanner; language: PreviewLanguage }) {
  const hero = banner.placement === 'hero';
  const title = inLanguage(banner.title, language);
  const text = inLanguage(banner.text, language);
  const onPicture = banner.imageUrl !== null;
  return (
    <Stack
      role="figure"
      aria-label={`${hero ? 'Hero slide' : 'Promo tile'} preview`}
      justify="center"
      align="flex-start"
      gap={hero ? 'xs' : 4}
      px={hero ? 48 : 'lg'}
      py="lg"
      h={hero ? 240 : undefined}
      mih={hero ? undefined : 110}
      maw={hero ? undefined : 320}
      pos="relative"
      c={hero || onPicture ? 'white' : undefined}
      style={{
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-md)',
        background: banner.background ?? (hero ? HERO_FALLBACK : TILE_FALLBACK),
      }}
    >
      {banner.imageUrl ? (
        <>
          <img
            src={banner.imageUrl}
            alt=""
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          />
          <Box pos="absolute" inset={0} style={{ background: SHADE }} />
        </>
      ) : null}
      {hero ? (
        <Title order={3} fz={26} c="inherit" pos="relative">
          {title || 'Title'}
        </Title>
      ) : (
        <Text fw={700} fz="lg" pos="relative" td={banner.link ? 'underline' : undefined}>
          {title || 'Title'}
        </Text>
      )}
      {text ? (
        <Text fz={hero ? 'lg' : 'sm'} pos="relative">
          {text}
        </Text>
      ) : null}
      {hero && banner.link ? (
        // A picture of the storefront's button: the preview leads nowhere.
        <Button component="span" variant="white" color="dark" pos="relative" mt={4} tabIndex={-1}>
          {CTA[language]}
        </Button>
      ) : null}
    </Stack>
  );
}
