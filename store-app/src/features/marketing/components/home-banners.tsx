import { ActionIcon, Box, Button, Grid, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import { marketingQueries } from '../api/marketing.queries';
import { withFreeShipping } from '../lib/free-shipping';
import { linkTarget, localized } from '../lib/localized';
import classes from './home-banners.module.css';

type Banner = Schemas['StorefrontBanner'];

/** Spec §9: the hero moves on every 5 seconds; a slide change takes 500 ms. */
const HERO_INTERVAL_MS = 5000;
const SLIDE_TRANSITION_MS = 500;
/** Behind a slide or tile staff gave neither a picture nor a background (index.html's shell draws the same). */
const HERO_FALLBACK = 'var(--mantine-color-dark-6)';
const TILE_FALLBACK = 'var(--mantine-color-gray-light)';
const HERO_HEIGHT = { base: 200, sm: 280 };
const RADIUS = 'var(--mantine-radius-md)';

/**
 * Spec §2 Home: the rotating hero and the promo tiles beside it, as staff set them up in Marketing & Content
 * (only those enabled and in their schedule come). Nothing is drawn when there are none, or when they cannot be
 * read: the top picks matter more than the banners. A banner's free-shipping threshold is stated in `currency`.
 */
export function HomeBanners({ currency }: { currency: string }) {
  const content = useQuery(marketingQueries.content());
  const { money } = useLocaleFormat();
  if (content.isPending) return <BannersPlaceholder />;
  if (content.isError) return null;
  const threshold = content.data.data.freeShippingAbove?.[currency];
  const amount = threshold === undefined ? null : money(threshold, currency);
  const hero = withFreeShipping(content.data.data.hero, amount);
  const promo = withFreeShipping(content.data.data.promo, amount);
  if (hero.length === 0 && promo.length === 0) return null;
  if (promo.length === 0) return <HeroBanner slides={hero} />;
  if (hero.length === 0) return <PromoTiles tiles={promo} inRow />;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 9 }}>
        <HeroBanner slides={hero} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <PromoTiles tiles={promo} />
      </Grid.Col>
    </Grid>
  );
}

/** While the banners load: the same blank shapes index.html's first-paint shell shows. */
function BannersPlaceholder() {
  return (
    <Grid gap="md" aria-hidden>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Box h={HERO_HEIGHT} className={classes.placeholder} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Stack gap="md" h="100%">
          <Box flex={1} className={`${classes.placeholder} ${classes.placeholderTile}`} />
          <Box flex={1} className={`${classes.placeholder} ${classes.placeholderTile}`} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** A picture behind a banner's texts, darkened enough for white text to read. */
function BannerPicture({ src, eager }: { src: string; eager: boolean }) {
  return (
    <>
      <img src={src} alt="" className={classes.picture} loading={eager ? 'eager' : 'lazy'} />
      <span className={classes.shade} />
    </>
  );
}

/** The home page's rotating banner: previous/next arrows and dots when there is more than one slide. */
export function HeroBanner({ slides }: { slides: Banner[] }) {
  const { t, i18n } = useTranslation(['catalogue', 'marketing']);
  const [chosen, setIndex] = useState(0);
  const count = slides.length;
  // Staff may remove slides while the page is open: stay within those left.
  const index = chosen % count;
  const go = (next: number) => setIndex((next + count) % count);

  // Restarted on every change, so a slide the shopper picked stays for the full interval.
  useEffect(() => {
    if (count < 2) return;
    const timer = setTimeout(() => setIndex((index + 1) % count), HERO_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [index, count]);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={t('hero.label')}
      pos="relative"
      h={HERO_HEIGHT}
      style={{ overflow: 'hidden', borderRadius: RADIUS }}
    >
      <Box
        display="flex"
        h="100%"
        style={{
          transform: `translateX(-${index * 100}%)`,
          transition: `transform ${SLIDE_TRANSITION_MS}ms ease`,
        }}
      >
        {slides.map((slide, position) => {
          const text = localized(slide.text, i18n.language);
          const target = slide.link ? linkTarget(slide.link) : null;
          return (
            <Stack
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('hero.slide', { position: position + 1, count })}
              aria-hidden={position !== index}
              // Slides out of view keep their link out of the tab order too.
              inert={position !== index}
              justify="center"
              align="flex-start"
              px={{ base: 'xl', sm: 64 }}
              gap="xs"
              h="100%"
              pos="relative"
              style={{ flex: '0 0 100%', background: slide.background ?? HERO_FALLBACK }}
            >
              {slide.imageUrl ? <BannerPicture src={slide.imageUrl} eager={position === 0} /> : null}
              <Title order={2} c="white" pos="relative">
                {localized(slide.title, i18n.language)}
              </Title>
              {text ? (
                <Text c="white" fz="lg" pos="relative">
                  {text}
                </Text>
              ) : null}
              {target ? (
                <Button
                  component="a"
                  href={target.href}
                  {...(target.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  variant="white"
                  color="dark"
                  pos="relative"
                  mt={4}
                >
                  {t('marketing:banner.cta')}
                </Button>
              ) : null}
            </Stack>
          );
        })}
      </Box>
      {count > 1 ? (
        <>
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
            {slides.map((slide, dot) => (
              <UnstyledButton
                key={slide.id}
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
        </>
      ) : null}
    </Box>
  );
}

/** The tiles beside the hero (or in a row of their own when there is no hero); a tile with a link is one link. */
export function PromoTiles({ tiles, inRow = false }: { tiles: Banner[]; inRow?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <Box className={inRow ? classes.tilesRow : classes.tiles}>
      {tiles.map((tile) => {
        const title = localized(tile.title, i18n.language);
        const text = localized(tile.text, i18n.language);
        const target = tile.link ? linkTarget(tile.link) : null;
        const onPicture = tile.imageUrl !== null;
        return (
          <Stack
            key={tile.id}
            gap={4}
            p="lg"
            flex={1}
            justify="center"
            pos="relative"
            c={onPicture ? 'white' : undefined}
            style={{ borderRadius: RADIUS, overflow: 'hidden', background: tile.background ?? TILE_FALLBACK }}
          >
            {tile.imageUrl ? <BannerPicture src={tile.imageUrl} eager /> : null}
            <Text fw={700} fz="lg" pos="relative" c="inherit">
              {target ? (
                <a
                  href={target.href}
                  {...(target.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  className={classes.tileLink}
                >
                  {title}
                </a>
              ) : (
                title
              )}
            </Text>
            {/* The page's own text colour: the grey "dimmed" one falls to about 2.6:1 on the tinted tiles. */}
            {text ? (
              <Text fz="sm" pos="relative" c="inherit">
                {text}
              </Text>
            ) : null}
          </Stack>
        );
      })}
    </Box>
  );
}
