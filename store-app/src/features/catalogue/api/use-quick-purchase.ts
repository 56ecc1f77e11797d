import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { addToCart, setCheckoutItems } from '../../../lib/cart-store';
import { toast } from '../../../lib/toast';
import { quickPurchaseSku, toCartItem } from '../lib/cart-item';
import { catalogueQueries } from './catalogue.queries';

type QuickPurchase = { productId: string; country: string; currency: string };

class NothingInStock extends Error {}

/**
 * A card's Add to Cart and Buy Now take the SKU the product page preselects, at the card's price. The list has
 * no SKUs, so the product is read first (through the product page's query, which the page then finds in the
 * cache).
 */
export function useQuickPurchase({ productId, country, currency }: QuickPurchase) {
  const { t } = useTranslation('catalogue');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const purchase = useMutation({
    mutationFn: async (_mode: 'cart' | 'buy') => {
      const { data: product } = await queryClient.fetchQuery(
        catalogueQueries.product(productId, { country, currency }),
      );
      const sku = quickPurchaseSku(product);
      if (!sku) throw new NothingInStock();
      return toCartItem(product, sku);
    },
    onSuccess: (item, mode) => {
      if (mode === 'buy') {
        setCheckoutItems([item]);
        void navigate({ to: '/checkout' });
        return;
      }
      addToCart(item);
      toast.success(t('card.added'));
    },
    onError: (error) => {
      // The app's own toasts, not the browser's alert (issue 13).
      toast.error(t(error instanceof NothingInStock ? 'card.cannotAdd' : 'card.productFailed'));
    },
  });

  return {
    addToCart: () => purchase.mutate('cart'),
    buyNow: () => purchase.mutate('buy'),
    pending: purchase.isPending ? purchase.variables : null,
  };
}
