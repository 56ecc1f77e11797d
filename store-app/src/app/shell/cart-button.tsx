import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useCartCount } from '../../lib/cart-store';

export function CartButton() {
  const count = useCartCount();
  return (
    <Indicator label={count} size={18} showZero offset={4}>
      <ActionIcon
        component={Link}
        to="/cart"
        variant="subtle"
        size="lg"
        aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      >
        <IconShoppingCart size={22} />
      </ActionIcon>
    </Indicator>
  );
}
