import {
  ActionIcon,
  Box,
  Button,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import '../product-texts';
import { catalogueQueries } from '../api/catalogue.queries';
import type { CategoryFilter } from '../lib/list-filters';

/** Spec §9: the similar carousel moves one slide at a time, in 500 ms. */
const SLIDE_TRANSITION_MS = 500;
const AUTOPLAY_MS = 3000;
const SIMILAR_LIMIT = 12;

type SimilarProductsProps = {
  category: CategoryFilter;
  productId: string;
  country: string;
  currency: string;
};

/** Spec §2: products of the same category in a carousel of 6 (5, 4, 3, 2, 1 on narrower screens). */
export function SimilarProducts({ category, productId, country, currency }: SimilarProductsProps) {
  const { t } = useTranslation('product');
  const { money } = useLocaleFormat();
  const perView = useMatches({ base: 1, xs: 2, sm: 3, md: 4, lg: 5, xl: 6 });
  // Deferred like the product page: the slides render in small slices once they arrive.
  const similar = useDeferredValue(
    useQuery(
      catalogueQueries.productList({ category, country, currency, sort: 'popularity', limit: SIMILAR_LIMIT }),
    ),
  );
  const products = similar.data?.data.filter((product) => product._id !== productId) ?? [];
  const lastStart = Math.max(products.length - perView, 0);
  const [start, setStart] = useState(0);
  const shownStart = Math.min(start, lastStart);

  useEffect(() => {
    if (lastStart === 0) return;
    const timer = setTimeout(() => setStart(shownStart >= lastStart ? 0 : shownStart + 1), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [shownStart, lastStart]);

  if (similar.isError || (similar.isSuccess && products.length === 0)) return null;

  return (
    <Stack component="section" aria-labelledby="similar-products" gap="md">
      <Group justify="space-between">
        <Title order={2} fz="h3" id="similar-products">
          {t('similar.title')}
        </Title>
        <Group gap="xs">
          <ActionIcon
            variant="default"
            radius="xl"
            aria-label={t('similar.previous')}
            disabled={shownStart === 0}
            onClick={() => setStart(shownStart - 1)}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            radius="xl"
            aria-label={t('similar.next')}
            disabled={shownStart >= lastStart}
            onClick={() => setStart(shownStart + 1)}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
      </Group>
      {similar.isPending ? (
        <Skeleton height={220} />
      ) : (
        <Box style={{ overflow: 'hidden' }}>
          <Box
            display="flex"
            style={{
              transform: `translateX(-${(shownStart * 100) / perView}%)`,
              transition: `transform ${SLIDE_TRANSITION_MS}ms ease`,
            }}
          >
            {products.map((product) => (
              <Box key={product._id} px={6} style={{ flex: `0 0 ${100 / perView}%` }}>
                <Link
                  to="/products/$id"
                  params={{ id: product._id }}
                  style={{ color: 'inherit', textDecoration: 'none' }}
                >
                  <Image
                    src={product.images[0]}
                    alt=""
                    radius="md"
                    style={{ aspectRatio: '1 / 1' }}
                    fit="cover"
                    loading="lazy"
                  />
                  <Text fz="sm" lineClamp={2} mt={6}>
                    {product.name || t('unnamed')}
                  </Text>
                  <Text fw={700} fz="sm">
                    {money(product.price, product.currency)}
                  </Text>
                </Link>
              </Box>
            ))}
          </Box>
        </Box>
      )}
      <Group justify="center">
        <Button
          variant="default"
          renderRoot={(props) => <Link to="/search/$id" params={{ id: category }} {...props} />}
        >
          {t('similar.loadMore')}
        </Button>
      </Group>
    </Stack>
  );
}
