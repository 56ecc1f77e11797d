import { ActionIcon, Box, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

/** Spec §9: the hero moves on every 5 seconds; a slide change takes 500 ms. */
const HERO_INTERVAL_MS = 5000;
const SLIDE_TRANSITION_MS = 500;

/** The slides; the first one is also drawn by the first-paint shell in index.html. */
export const HERO_SLIDES = [
  {
    title: 'Top picks, delivered worldwide',
    text: 'We deliver to 40+ countries, priced in your currency.',
    background: 'linear-gradient(120deg, #1c7ed6, #15aabf)',
  },
  {
    title: 'New arrivals every week',
    text: 'Fresh gadgets, fashion and home finds from trusted suppliers.',
    background: 'linear-gradient(120deg, #7048e8, #d6336c)',
  },
  {
    title: 'Deals that ship free',
    text: 'Free shipping on orders over 100, and a 7-day return window.',
    background: 'linear-gradient(120deg, #e8590c, #f59f00)',
  },
] as const;

/** The home page's rotating banner: 3 slides, previous/next arrows and dots. */
export function HeroBanner() {
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
      aria-label="Featured"
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
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${HERO_SLIDES.length}`}
            aria-hidden={position !== index}
            justify="center"
            px={{ base: 'xl', sm: 64 }}
            gap="xs"
            h="100%"
            style={{ flex: '0 0 100%', background: slide.background }}
          >
            <Title order={2} c="white">
              {slide.title}
            </Title>
            <Text c="white" fz="lg">
              {slide.text}
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
        aria-label="Previous slide"
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
        aria-label="Next slide"
        onClick={() => go(index + 1)}
      >
        <IconChevronRight size={18} />
      </ActionIcon>
      <Group gap={8} pos="absolute" bottom={12} left={0} right={0} justify="center">
        {HERO_SLIDES.map((slide, dot) => (
          <UnstyledButton
            key={slide.title}
            aria-label={`Go to slide ${dot + 1}`}
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

/** The two tiles beside the hero (also drawn by the first-paint shell in index.html). */
export const PROMO_TILES = [
  { title: 'Free Shipping', text: 'On orders over 100 in your currency.', color: 'teal' },
  { title: 'Easy Returns', text: '7 calendar days to change your mind.', color: 'grape' },
] as const;

export function PromoTiles() {
  return (
    <Stack gap="md" h="100%">
      {PROMO_TILES.map((tile) => (
        <Stack
          key={tile.title}
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
            {tile.title}
          </Text>
          <Text fz="sm" c="dimmed">
            {tile.text}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
