import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import '../recommendations-texts';
import { recommendationQueries } from '../api/recommendations.queries';
import { ProductRow } from './product-row';

type AlsoBoughtRowProps = {
  /** The product on the page, or the cart's products. */
  productIds: string[];
  country: string;
  currency: string;
};

/** "Customers also bought": what was bought in the same orders as these products, most often first. */
export function AlsoBoughtRow({ productIds, country, currency }: AlsoBoughtRowProps) {
  const { t } = useTranslation('recommendations');
  // One key for the same products in any order (the cart's lines move).
  const ids = [...new Set(productIds)].sort();
  const alsoBought = useQuery({
    ...recommendationQueries.alsoBought(ids, { country, currency }),
    enabled: ids.length > 0,
  });
  // A failed suggestion row is left out rather than shown as an error: the page works without it.
  if (ids.length === 0 || alsoBought.isError) return null;
  return (
    <ProductRow
      id="also-bought"
      title={t('alsoBought')}
      products={alsoBought.data?.data ?? []}
      pending={alsoBought.isPending}
    />
  );
}
