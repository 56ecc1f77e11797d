import { createFileRoute } from '@tanstack/react-router';
import { catalogueQueries } from '../../features/catalogue/api/catalogue.queries';
import { ProductDetailPage } from '../../features/catalogue/components/product-detail';
import { takeEarlyProduct } from '../../features/catalogue/lib/early-product';
import { openingImage } from '../../features/catalogue/lib/sku-options';
import { settingsStore, useStoreSettings } from '../../features/settings/settings-store';

export const Route = createFileRoute('/products/$id')({
  // Asks for the product while the page's code is still downloading (the page then finds it in the cache: same
  // options), and starts its opening image as soon as its address is known. Not awaited, so the page keeps its own
  // skeleton and its own failure text. On a first visit index.html has often asked already: that answer is used.
  loader: ({ context, params }) => {
    const { shipToCountry, currency } = settingsStore.get();
    const early = takeEarlyProduct(params.id, shipToCountry, currency);
    const product = catalogueQueries.product(params.id, { country: shipToCountry, currency }, early);
    context.queryClient.fetchQuery(product).then(
      ({ data }) => {
        const image = openingImage(data);
        if (image) new Image().src = image;
      },
      () => {},
    );
  },
  component: ProductPage,
});

function ProductPage() {
  const { id } = Route.useParams();
  const { shipToCountry, currency } = useStoreSettings();
  return <ProductDetailPage productId={id} country={shipToCountry} currency={currency} />;
}
