import { ActionIcon, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../i18n/i18n';
import { useCartCount } from '../../lib/cart-store';

export function CartButton() {
  const { t } = useTranslation('shell');
  const { number } = useLocaleFormat();
  const count = useCartCount();
  return (
    <Indicator label={number(count)} size={18} showZero offset={4}>
      <ActionIcon
        component={Link}
        to="/cart"
        variant="subtle"
        size="lg"
        aria-label={t('cartBadge', { count })}
      >
        <IconShoppingCart size={22} />
      </ActionIcon>
    </Indicator>
  );
}
