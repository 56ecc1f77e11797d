import { Alert, Button, Center, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { memo, type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueQueries, PAGE_SIZE, type ProductListQuery } from '../api/catalogue.queries';
import { ProductCard } from './product-card';
import classes from './product-grid.module.css';

type ProductGridProps = {
  /** The list's filters; country and currency price every card. */
  query: ProductListQuery & { country: string; currency: string };
  emptyText: string;
  /** Shown under the empty text (a search's "Did you mean"). */
  emptyAction?: ReactNode;
};

const gridCols = { base: 2, sm: 3, md: 4, lg: 5 };

/** A product list's cards a page at a time: skeletons, the failure text, Load More while pages remain. */
export function ProductGrid({ query, emptyText, emptyAction }: ProductGridProps) {
  const { t } = useTranslation('catalogue');
  const products = useInfiniteQuery({
    ...catalogueQueries.productPages(query),
    // A new filter or currency keeps the old cards until the new ones arrive, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

  // A page of cards is one big render. Deferred, React renders it in small slices (no long task holding up the
  // page) while the skeleton, or the cards shown before, stay on screen.
  const pages = useDeferredValue(products.data);

  if (products.isPending) return <ProductGridSkeleton />;
  if (products.isError) {
    return (
      <Alert color="red" role="alert">
        {t('grid.failed')}
      </Alert>
    );
  }

  if (!pages) return <ProductGridSkeleton />;
  const items = pages.pages.flatMap((page) => page.data);
  if (items.length === 0) {
    return (
      <Stack align="center" py="xl" gap="xs">
        <Text c="dimmed">{emptyText}</Text>
        {emptyAction}
      </Stack>
    );
  }

  return (
    <>
      <SimpleGrid cols={gridCols} spacing="md" aria-busy={products.isPlaceholderData}>
        {items.map((product) => (
          <ProductCard
            key={product._id}
            product={product}
            country={query.country}
            currency={query.currency}
          />
        ))}
      </SimpleGrid>
      {products.hasNextPage && (
        <Center mt="xl">
          <Button
            variant="default"
            loading={products.isFetchingNextPage}
            onClick={() => void products.fetchNextPage()}
          >
            {t('grid.loadMore')}
          </Button>
        </Center>
      )}
    </>
  );
}

// Memoised: the grid re-renders as its request moves along, the placeholders never change. Plain elements, as
// the cards they stand for.
const ProductGridSkeleton = memo(function ProductGridSkeleton({ count = PAGE_SIZE / 2 }: { count?: number }) {
  const { t } = useTranslation('catalogue');
  return (
    <SimpleGrid cols={gridCols} spacing="md" aria-label={t('grid.loading')}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className={classes.placeholder}>
          <div className={`${classes.bone} ${classes.picture}`} />
          <div className={`${classes.bone} ${classes.line}`} />
          <div className={`${classes.bone} ${classes.shortLine}`} />
          <div className={`${classes.bone} ${classes.button}`} />
        </div>
      ))}
    </SimpleGrid>
  );
});
