import { Box, Group, Image, Rating, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import '../recommendations-texts';
import { useLocaleFormat } from '../../../i18n/i18n';

type ProductRowProps = {
  /** The section's id, which its heading names. */
  id: string;
  title: string;
  products: Schemas['RecommendedProduct'][];
  pending: boolean;
};

/** A titled row of product cards that scrolls sideways; nothing at all when there is nothing to show. */
export function ProductRow({ id, title, products, pending }: ProductRowProps) {
  const { t } = useTranslation('recommendations');
  const { money } = useLocaleFormat();
  if (!pending && products.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Title order={2} fz="h3" id={id}>
        {title}
      </Title>
      {pending ? (
        <Skeleton height={200} />
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <Group
            component="ul"
            gap="md"
            wrap="nowrap"
            p={0}
            m={0}
            align="flex-start"
            style={{ listStyle: 'none' }}
          >
            {products.map((product) => (
              <Box component="li" key={product._id} w={160} style={{ flex: '0 0 160px' }}>
                <Link
                  to="/products/$id"
                  params={{ id: product._id }}
                  style={{ color: 'inherit', textDecoration: 'none' }}
                >
                  <Image
                    src={product.images[0]}
                    alt=""
                    radius="md"
                    w={160}
                    h={160}
                    fit="cover"
                    loading="lazy"
                  />
                  <Text fz="sm" lineClamp={2} mt={6}>
                    {product.name || t('unnamed')}
                  </Text>
                </Link>
                {product.reviewCount > 0 && (
                  <Rating
                    value={product.rating}
                    fractions={2}
                    readOnly
                    size="xs"
                    role="img"
                    aria-label={t('rating', { rating: product.rating })}
                  />
                )}
                <Group gap={6}>
                  <Text fw={700} fz="sm">
                    {money(product.price, product.currency)}
                  </Text>
                  {product.originalPrice !== null && (
                    <Text fz="xs" c="dimmed" td="line-through">
                      {money(product.originalPrice, product.currency)}
                    </Text>
                  )}
                </Group>
              </Box>
            ))}
          </Group>
        </ScrollArea>
      )}
    </Stack>
  );
}
