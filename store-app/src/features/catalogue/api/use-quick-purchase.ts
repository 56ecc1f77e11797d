import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { addToCart, setCheckoutItems } from '../../../lib/cart-store';
import { toast } from '../../../lib/toast';
import { firstInStockSku, toCartItem } from '../lib/cart-item';
import { ADDED_TO_CART, CANNOT_ADD_TO_CART, PRODUCT_FAILED } from '../lib/messages';
import { catalogueQueries } from './catalogue.queries';

type QuickPurchase = { productId: string; country: string; currency: string };

class NothingInStock extends Error {}

/**
 * A card's Add to Cart and Buy Now take the product's first SKU in stock. The list has no SKUs, so the
 * product is read first (through the product page's query, which the page then finds in the cache).
 */
export function useQuickPurchase({ productId, country, currency }: QuickPurchase) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const purchase = useMutation({
    mutationFn: async (_mode: 'cart' | 'buy') => {
      const { data: product } = await queryClient.fetchQuery(
        catalogueQueries.product(productId, { country, currency }),
      );
      const sku = firstInStockSku(product);
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
      toast.success(ADDED_TO_CART);
    },
    onError: (error) => {
      if (error instanceof NothingInStock) window.alert(CANNOT_ADD_TO_CART);
      else toast.error(PRODUCT_FAILED);
    },
  });

  return {
    addToCart: () => purchase.mutate('cart'),
    buyNow: () => purchase.mutate('buy'),
    pending: purchase.isPending ? purchase.variables : null,
  };
}
