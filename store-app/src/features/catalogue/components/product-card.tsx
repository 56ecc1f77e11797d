import { Badge, Button, Card, Center, Group, Stack, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { Link } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/router-links';
import { WishlistHeart } from '../../../components/wishlist-heart';
import { useQuickPurchase } from '../api/use-quick-purchase';
import { ImageCarousel } from './image-carousel';

type ProductCardProps = {
  product: Schemas['ProductListItem'];
  country: string;
  currency: string;
};

/** Spec §2 'Product card'. It opens the product page in a new tab (/#/products/{id} in the browser). */
export function ProductCard({ product, country, currency }: ProductCardProps) {
  const purchase = useQuickPurchase({ productId: product._id, country, currency });
  const outOfStock = product.availableStock === 0;
  const name = product.name || 'Unnamed Product';
  const listPrice = product.sku.sku_price;
  const productLink = { to: '/products/$id', params: { id: product._id }, target: '_blank' } as const;

  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="article"
      aria-label={name}
      h="100%"
      // Off-screen cards skip style, layout and paint until scrolled near: most of a page of 20 is below the fold.
      style={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 340px' }}
    >
      <Card.Section pos="relative">
        <ImageCarousel
          images={product.images}
          alt={name}
          greyscale={outOfStock}
          frame={(image) => (
            <Link
              {...productLink}
              rel="noopener"
              tabIndex={-1}
              aria-hidden
              style={{ display: 'block', height: '100%' }}
            >
              {image}
            </Link>
          )}
        >
          {outOfStock && (
            <Center pos="absolute" inset={0} bg="rgba(0, 0, 0, 0.45)" style={{ pointerEvents: 'none' }}>
              <Text c="white" fw={800} fz="lg">
                OUT OF STOCK
              </Text>
            </Center>
          )}
        </ImageCarousel>
        {product.originalPrice != null && (
          <Badge color="red" pos="absolute" top={8} left={8}>
            SALE
          </Badge>
        )}
        <Group pos="absolute" top={4} right={4}>
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
        </Group>
      </Card.Section>
      <Stack gap={6} mt="sm" flex={1}>
        <AnchorLink {...productLink} rel="noopener" c="inherit" fz="sm" lineClamp={2}>
          {name}
        </AnchorLink>
        <Group gap="xs" align="baseline">
          <Text fw={700}>
            {product.currency} {product.price.toFixed(2)}
          </Text>
          {listPrice != null && listPrice > product.price && (
            <Text component="s" c="dimmed" fz="sm">
              {product.currency} {listPrice.toFixed(2)}
            </Text>
          )}
        </Group>
        <Group gap="xs" mt="auto" grow>
          <Button
            size="xs"
            disabled={outOfStock}
            loading={purchase.pending === 'buy'}
            onClick={purchase.buyNow}
          >
            Buy Now
          </Button>
          <Button
            size="xs"
            variant="light"
            disabled={outOfStock}
            loading={purchase.pending === 'cart'}
            onClick={purchase.addToCart}
          >
            Add to Cart
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
