import { useQuery } from '@tanstack/react-query';
import { StatCards } from '../../../components/stat-cards';
import { productQueries } from '../api/products.queries';

/** Spec 1 §2.8 stat cards, counted by the server over the whole catalogue, and the products taken off sale. */
export function ProductStatCards() {
  const stats = useQuery(productQueries.stats());
  const counts = stats.data?.data;
  const count = (value: number | undefined) => value?.toLocaleString('en-US');
  const cards = [
    { label: 'Total', value: count(counts?.total) },
    { label: 'Published', value: count(counts?.published) },
    { label: 'Draft', value: count(counts?.draft) },
    { label: 'Out of Stock', value: count(counts?.out_of_stock) },
    { label: 'Disabled', value: count(counts?.disabled) },
  ];
  return <StatCards label="Product counts" cards={cards} failed={stats.isError} />;
}
