import {
  Alert,
  Button,
  Divider,
  Grid,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type IncludedTax, IncludedTaxNote } from '../../../components/order-amounts';
import { WishlistHeart } from '../../../components/wishlist-heart';
import { useLocaleFormat } from '../../../i18n/i18n';
import { addToCart, setCheckoutItems } from '../../../lib/cart-store';
import { usePageMeta } from '../../../lib/page-meta';
import { toast } from '../../../lib/toast';
import { useAfterOwnFirstFrame } from '../../../lib/use-after-own-first-frame';
import { AskSeller } from '../../messages/components/ask-seller';
import { AlsoBoughtRow } from '../../recommendations/components/also-bought-row';
import { RecentlyViewedRow } from '../../recommendations/components/recently-viewed-row';
import { RatingBreakdown } from '../../reviews/components/rating-breakdown';
import { SoldBy } from '../../stores/components/sold-by';
import { catalogueQueries } from '../api/catalogue.queries';
import { skuPrice, toCartItem } from '../lib/cart-item';
import { digitsIn } from '../lib/digits';
import { asCategory } from '../lib/list-filters';
import {
  clampQuantity,
  groupOptions,
  matchSku,
  openingImage,
  openingSku,
  optionsOf,
  type SelectedOptions,
  skuImage,
} from '../lib/sku-options';
import { DeliveryOptions, useDeliveryChoice } from './delivery-options';
import { ItemProperties } from './item-properties';
import { LandedCost } from './landed-cost';
import { OptionPicker } from './option-picker';
import { ProductGallery } from './product-gallery';
import { ProductReviews } from './product-reviews';
import { ShareButton } from './share-button';
import { SimilarProducts } from './similar-products';
import '../product-texts';

type ProductDetail = Schemas['ProductDetail'];

type ProductDetailPageProps = {
  productId: string;
  country: string;
  currency: string;
  /** The ship-to country's tax when its prices include it (the server has added it to them), else null. */
  includedTax?: IncludedTax | null;
};

/** Spec §2 'Product detail'. A new ship-to country or currency asks for the product again (key). */
export function ProductDetailPage({
  productId,
  country,
  currency,
  includedTax = null,
}: ProductDetailPageProps) {
  const { t } = useTranslation('product');
  const latest = useQuery({
    ...catalogueQueries.product(productId, { country, currency }),
    // Repricing keeps the page (and the shopper's choices) on screen while the new prices load.
    placeholderData: keepPreviousData,
  });
  // The whole page is a long render. Deferred, React renders it in small slices (not one long task holding up
  // the page) while what was shown before stays on screen.
  const product = useDeferredValue(latest);

  const data = product.data?.data;
  // Another product's page stays only while the same product reprices, never while a new one loads.
  if (product.isPending || (product.isPlaceholderData && data?._id !== productId)) {
    return <ProductDetailSkeleton />;
  }
  if (product.isError || !data || data.skus.length === 0) {
    return (
      <Alert color="red" role="alert">
        {t('failed')}
      </Alert>
    );
  }
  // Choices belong to one product: a link to a similar product starts afresh.
  return (
    <ProductView
      key={data._id}
      product={data}
      country={country}
      currency={currency}
      includedTax={includedTax}
    />
  );
}

type ProductViewProps = {
  product: ProductDetail;
  country: string;
  currency: string;
  includedTax: IncludedTax | null;
};

function ProductView({ product, country, currency, includedTax }: ProductViewProps) {
  const { t } = useTranslation('product');
  const { money, locale } = useLocaleFormat();
  const navigate = useNavigate();
  const name = product.name || t('unnamed');
  // The page's own title and description: its SEO fields when the answer carries them, else its name.
  usePageMeta({ title: product.seo?.metaTitle || name, description: product.seo?.metaDescription });
  const groups = groupOptions(product.skus);
  const [selected, setSelected] = useState<SelectedOptions>(() => optionsOf(openingSku(product)));
  const [shownImage, setShownImage] = useState(() => openingImage(product));
  const [quantity, setQuantity] = useState<number | ''>(1);
  // The sections below the fold render once the top of the page (with its picture) is on screen.
  const belowTheFold = useAfterOwnFirstFrame();

  // Every shopper's answer names the product's storefront category; without one, no similar products.
  const category = asCategory(product.category ?? product.labels?.mainCategory);
  const sku = matchSku(product.skus, selected);
  const stock = sku?.sku_available_stock ?? 0;
  const purchasable =
    sku !== undefined && stock > 0 && typeof quantity === 'number' && quantity > 0 && quantity <= stock;

  const choose = (propertyName: string, key: string) => {
    const next = { ...selected, [propertyName]: key };
    setSelected(next);
    const match = matchSku(product.skus, next);
    setShownImage((match && skuImage(match)) ?? product.images[0]);
  };

  // The headline and 'Price in {currency}' show the one figure the server priced (and the order charges).
  const price = sku ? skuPrice(sku, product) : { amount: product.price, currency: product.currency };
  const shownPrice = money(price.amount, price.currency);

  const delivery = useDeliveryChoice(
    sku && typeof quantity === 'number'
      ? { product_id: product.productId, sku_id: sku.sku_id, country, quantity, currency }
      : null,
  );

  // The line names the delivery service shown (the cheapest unless the shopper chose another): checkout charges it.
  const cartItem = () =>
    sku && typeof quantity === 'number' ? toCartItem(product, sku, quantity, delivery.chosen?.company) : null;

  const onAddToCart = () => {
    const item = purchasable ? cartItem() : null;
    if (!item) {
      toast.error(t('cannotAdd'));
      return;
    }
    addToCart(item);
    toast.success(t('added'));
  };

  const onOrder = () => {
    const item = purchasable ? cartItem() : null;
    if (!item) {
      toast.error(t('cannotOrder'));
      return;
    }
    setCheckoutItems([item]);
    void navigate({ to: '/checkout' });
  };

  return (
    <Stack gap="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ProductGallery images={product.images} shown={shownImage} onShow={setShownImage} alt={name} />
        </Grid.Col>

        <Grid.Col span={{ base: 12, sm: 7, md: 4 }}>
          <Stack gap="md">
            <Paper px="md" py={6} radius="sm" bg="red.9" c="white" fw={700}>
              {t('offerPrice')}
            </Paper>
            <Title order={1} fz="h3">
              {name}
            </Title>
            <div>
              <Text fz={28} fw={800} c="red.7">
                {shownPrice}
              </Text>
              {includedTax && <IncludedTaxNote tax={includedTax} />}
            </div>
            <LandedCost
              productId={product._id}
              query={
                sku && typeof quantity === 'number' && quantity > 0 && !delivery.loading
                  ? {
                      sku_id: sku.sku_id,
                      quantity,
                      country,
                      currency,
                      ...(delivery.chosen ? { service: delivery.chosen.company } : {}),
                    }
                  : null
              }
            />
            <OptionPicker groups={groups} selected={selected} onChoose={choose} />
            {!sku && (
              <Alert color="yellow" role="alert">
                {t('noMatchingSku')}
              </Alert>
            )}
            <NumberInput
              label={t('quantity')}
              w={140}
              min={1}
              max={clampQuantity(Number.POSITIVE_INFINITY, stock)}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              value={quantity}
              onChange={(value) => setQuantity(value === '' ? '' : clampQuantity(Number(value), stock))}
              onBlur={() => setQuantity((current) => (current === '' ? 1 : current))}
            />
            {sku && (
              <Stack gap={2} fz="sm">
                <Text fz="sm">{t('skuId', { id: sku.sku_id })}</Text>
                <Text fz="sm">{t('stock', { amount: digitsIn(locale)(sku.sku_available_stock) })}</Text>
                <Text fz="sm">{t('priceIn', { currency: price.currency, price: shownPrice })}</Text>
              </Stack>
            )}
            <Group gap="xs">
              <WishlistHeart
                productId={product._id}
                product={{
                  _id: product._id,
                  name,
                  images: product.images,
                  price: product.price,
                  currency: product.currency,
                }}
              />
              <ShareButton title={name} />
            </Group>
            {product.storeId && <SoldBy storeId={product.storeId} />}
            {/* Only a product of a vendor store has a seller to ask. */}
            {product.source === 'vendor' && product.storeId && <AskSeller productId={product._id} />}
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, sm: 5, md: 3 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="shipping-and-purchase">
            <Stack gap="sm">
              <Title order={2} fz="h4" id="shipping-and-purchase">
                {t('shippingAndPurchase')}
              </Title>
              <Text fz="sm" c="dimmed">
                {t('shipTo', { country })}
              </Text>
              <DeliveryOptions delivery={delivery} />
              <Divider />
              <Button onClick={onAddToCart} variant="light">
                {t('addToCart')}
              </Button>
              <Button onClick={onOrder}>{t('buyNow')}</Button>
              <Button onClick={onOrder} color="orange">
                {t('orderNow')}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      {belowTheFold && (
        <>
          <Stack component="section" aria-labelledby="item-properties" gap="sm">
            <Title order={2} fz="h3" id="item-properties">
              {t('itemProperties')}
            </Title>
            <ItemProperties properties={product.property} />
          </Stack>

          <Stack component="section" aria-labelledby="reviews" gap="sm">
            <Title order={2} fz="h3" id="reviews">
              {t('reviews')}
            </Title>
            <RatingBreakdown productId={product._id} />
            <ProductReviews productId={product._id} />
          </Stack>

          <AlsoBoughtRow productIds={[product._id]} country={country} currency={currency} />

          {category && (
            <SimilarProducts
              category={category}
              productId={product._id}
              country={country}
              currency={currency}
            />
          )}

          <RecentlyViewedRow currentProductId={product._id} country={country} currency={currency} />
        </>
      )}
    </Stack>
  );
}

function ProductDetailSkeleton() {
  const { t } = useTranslation('product');
  return (
    <Grid gap="xl" aria-label={t('loading')}>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton style={{ aspectRatio: '1 / 1' }} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7, md: 4 }}>
        <Stack>
          <Skeleton height={28} />
          <Skeleton height={32} width="80%" />
          <Skeleton height={36} width="40%" />
          <Skeleton height={80} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 5, md: 3 }}>
        <Skeleton height={260} />
      </Grid.Col>
    </Grid>
  );
}
