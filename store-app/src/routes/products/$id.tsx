import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { catalogueQueries } from '../../features/catalogue/api/catalogue.queries';
import { ProductDetailPage } from '../../features/catalogue/components/product-detail';
import { takeEarlyProduct } from '../../features/catalogue/lib/early-product';
import { openingImage } from '../../features/catalogue/lib/sku-options';
import { marketingQueries } from '../../features/marketing/api/marketing.queries';
import { settingsStore, useStoreSettings } from '../../features/settings/settings-store';

/** How long a first visit waits for index.html's product answer before showing the skeleton instead. */
const EARLY_ANSWER_WAIT_MS = 1000;

export const Route = createFileRoute('/products/$id')({
  // Asks for the product while the page's code is still downloading (the page then finds it in the cache: same
  // options), and starts its opening image as soon as its address is known. Not awaited, so the page keeps its own
  // skeleton and its own failure text. On a first visit index.html has usually asked already: that answer is used,
  // and waited for briefly, so the page opens on the product (under index.html's header) instead of its skeleton.
  loader: async ({ context, params }) => {
    const { shipToCountry, currency } = settingsStore.get();
    const early = takeEarlyProduct(params.id, shipToCountry, currency);
    const product = catalogueQueries.product(params.id, { country: shipToCountry, currency }, early);
    const request = context.queryClient.fetchQuery(product).then(
      ({ data }) => {
        const image = openingImage(data);
        if (image) new Image().src = image;
      },
      () => {},
    );
    if (early)
      await Promise.race([request, new Promise((resolve) => setTimeout(resolve, EARLY_ANSWER_WAIT_MS))]);
  },
  component: ProductPage,
});

function ProductPage() {
  const { id } = Route.useParams();
  const { shipToCountry, currency } = useStoreSettings();
  // The storefront content every page reads says how each ship-to country's tax is counted.
  const content = useQuery(marketingQueries.content());
  const rule = content.data?.data.taxRules?.find((candidate) => candidate.country === shipToCountry);
  return (
    <ProductDetailPage
      productId={id}
      country={shipToCountry}
      currency={currency}
      includedTax={rule?.inclusive ? rule : null}
    />
  );
}
