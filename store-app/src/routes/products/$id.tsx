import { createFileRoute } from '@tanstack/react-router';
import { ProductDetailPage } from '../../features/catalogue/components/product-detail';
import { useStoreSettings } from '../../features/settings/settings-store';

export const Route = createFileRoute('/products/$id')({
  component: ProductPage,
});

function ProductPage() {
  const { id } = Route.useParams();
  const { shipToCountry, currency } = useStoreSettings();
  return <ProductDetailPage productId={id} country={shipToCountry} currency={currency} />;
}
