import { Button } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { WishlistHeart } from '../../../components/wishlist-heart';
import { useLocaleFormat } from '../../../i18n/i18n';
import { useQuickPurchase } from '../api/use-quick-purchase';
import { ImageCarousel } from './image-carousel';
import classes from './product-card.module.css';

type ProductCardProps = {
  product: Schemas['ProductListItem'];
  country: string;
  currency: string;
};

/**
 * Spec §2 'Product card'. It opens the product page in a new tab (/products/{id} in the browser). Plain elements
 * and one stylesheet rather than Mantine's layout components: a page renders twenty cards at once.
 */
export function ProductCard({ product, country, currency }: ProductCardProps) {
  const { t } = useTranslation('catalogue');
  const { money } = useLocaleFormat();
  const purchase = useQuickPurchase({ productId: product._id, country, currency });
  const outOfStock = product.availableStock === 0;
  const name = product.name || t('common:unnamedProduct');
  const listPrice = product.sku.sku_price;
  const productLink = { to: '/products/$id', params: { id: product._id }, target: '_blank' } as const;

  return (
    <article className={classes.card} aria-label={name}>
      <div className={classes.media}>
        <ImageCarousel
          images={product.images}
          alt={name}
          greyscale={outOfStock}
          frame={(image) => (
            <Link {...productLink} rel="noopener" tabIndex={-1} aria-hidden className={classes.imageLink}>
              {image}
            </Link>
          )}
        >
          {outOfStock && <div className={classes.soldOut}>{t('card.outOfStock')}</div>}
        </ImageCarousel>
        {product.originalPrice != null && <span className={classes.sale}>{t('card.sale')}</span>}
        <div className={classes.heart}>
          <WishlistHeart
            productId={product._id}
            product={{
              _id: product._id,
              name,
              images: product.images,
              price: product.price,
              currency: product.currency,
            }}
            size="md"
          />
        </div>
      </div>
      <div className={classes.body}>
        <Link {...productLink} rel="noopener" className={classes.name}>
          {name}
        </Link>
        <p className={classes.prices}>
          <span className={classes.price}>
            {product.priceFrom
              ? t('card.from', { price: money(product.price, product.currency) })
              : money(product.price, product.currency)}
          </span>
          {listPrice != null && listPrice > product.price && (
            <s className={classes.listPrice}>{money(listPrice, product.currency)}</s>
          )}
        </p>
        <div className={classes.actions}>
          <Button
            size="xs"
            disabled={outOfStock}
            loading={purchase.pending === 'buy'}
            onClick={purchase.buyNow}
          >
            {t('card.buyNow')}
          </Button>
          <Button
            size="xs"
            variant="light"
            disabled={outOfStock}
            loading={purchase.pending === 'cart'}
            onClick={purchase.addToCart}
          >
            {t('card.addToCart')}
          </Button>
        </div>
      </div>
    </article>
  );
}
