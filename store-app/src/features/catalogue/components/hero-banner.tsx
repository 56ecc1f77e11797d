import { ActionIcon, Box, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: the hero moves on every 5 seconds; a slide change takes 500 ms. */
const HERO_INTERVAL_MS = 5000;
const SLIDE_TRANSITION_MS = 500;

/**
 * The slides (texts: `catalogue:hero.<key>`); the first one is also drawn by the first-paint shell in index.html.
 * Dark enough behind white text for 4.5:1 across the whole gradient.
 */
export const HERO_SLIDES = [
  { key: 'worldwide', background: 'linear-gradient(120deg, #1864ab, #0b7285)' },
  { key: 'arrivals', background: 'linear-gradient(120deg, #5f3dc4, #a61e4d)' },
  { key: 'deals', background: 'linear-gradient(120deg, #c92a2a, #a33a06)' },
] as const;

/** The home page's rotating banner: 3 slides, previous/next arrows and dots. */
export function HeroBanner() {
  const { t } = useTranslation('catalogue');
  const [index, setIndex] = useState(0);
  const go = (next: number) => setIndex((next + HERO_SLIDES.length) % HERO_SLIDES.length);

  // Restarted on every change, so a slide the shopper picked stays for the full interval.
  useEffect(() => {
    const timer = setTimeout(() => setIndex((index + 1) % HERO_SLIDES.length), HERO_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index]);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={t('hero.label')}
      pos="relative"
      h={{ base: 200, sm: 280 }}
      style={{ overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Box
        display="flex"
        h="100%"
        style={{
          transform: `translateX(-${index * 100}%)`,
          transition: `transform ${SLIDE_TRANSITION_MS}ms ease`,
        }}
      >
        {HERO_SLIDES.map((slide, position) => (
          <Stack
            key={slide.key}
            role="group"
            aria-roledescription="slide"
            aria-label={t('hero.slide', { position: position + 1, count: HERO_SLIDES.length })}
            aria-hidden={position !== index}
            justify="center"
            px={{ base: 'xl', sm: 64 }}
            gap="xs"
            h="100%"
            style={{ flex: '0 0 100%', background: slide.background }}
          >
            <Title order={2} c="white">
              {t(`hero.${slide.key}.title`)}
            </Title>
            <Text c="white" fz="lg">
              {t(`hero.${slide.key}.text`)}
            </Text>
          </Stack>
        ))}
      </Box>
      <ActionIcon
        variant="white"
        radius="xl"
        pos="absolute"
        left={12}
        top="calc(50% - 14px)"
        aria-label={t('hero.previous')}
        onClick={() => go(index - 1)}
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      <ActionIcon
        variant="white"
        radius="xl"
        pos="absolute"
        right={12}
        top="calc(50% - 14px)"
        aria-label={t('hero.next')}
        onClick={() => go(index + 1)}
      >
        <IconChevronRight size={18} />
      </ActionIcon>
      <Group gap={8} pos="absolute" bottom={12} left={0} right={0} justify="center">
        {HERO_SLIDES.map((slide, dot) => (
          <UnstyledButton
            key={slide.key}
            aria-label={t('hero.goTo', { position: dot + 1 })}
            aria-current={dot === index}
            onClick={() => setIndex(dot)}
            w={10}
            h={10}
            style={{
              borderRadius: '50%',
              background: dot === index ? 'white' : 'rgba(255, 255, 255, 0.5)',
            }}
          />
        ))}
      </Group>
    </Box>
  );
}

/** The two tiles beside the hero (texts: `catalogue:promo.<key>`; also drawn by the first-paint shell). */
export const PROMO_TILES = [
  { key: 'shipping', color: 'teal' },
  { key: 'returns', color: 'grape' },
] as const;

export function PromoTiles() {
  const { t } = useTranslation('catalogue');
  return (
    <Stack gap="md" h="100%">
      {PROMO_TILES.map((tile) => (
        <Stack
          key={tile.key}
          gap={4}
          p="lg"
          flex={1}
          justify="center"
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            background: `var(--mantine-color-${tile.color}-light)`,
          }}
        >
          <Text fw={700} fz="lg">
            {t(`promo.${tile.key}.title`)}
          </Text>
          {/* The page's own text colour: the grey "dimmed" one falls to about 2.6:1 on the tinted tiles. */}
          <Text fz="sm">{t(`promo.${tile.key}.text`)}</Text>
        </Stack>
      ))}
    </Stack>
  );
}
