import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Image,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import {
  type CartItem,
  clearCart,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
  removeFromCart,
  setCheckoutItems,
  updateCartQuantity,
  useCart,
} from '../../../lib/cart-store';
import { quoteQueryOptions } from '../../../lib/order-quote';
import { useStoreSettings } from '../../settings/settings-store';
import '../cart-texts';
import { lineKey, summarize, withQuotedPrices } from '../cart-summary';

/** The most lines one quote prices (the contract's limit); a larger cart shows the prices it was added at. */
const MAX_QUOTED_LINES = 50;

type CartPageProps = {
  /** The shopper's chosen currency: the cart is priced in it (and lines added without one are in it). */
  currency: Schemas['StoreCurrency'];
};

export function CartPage({ currency }: CartPageProps) {
  const { t } = useTranslation('cart');
  const { money, number } = useLocaleFormat();
  const { items: added } = useCart();
  const navigate = useNavigate();
  const { shipToCountry } = useStoreSettings();
  // Every price in the chosen currency, as the server prices the order; a quote that fails (an item sold out,
  // say) leaves the prices the items were added at.
  const quote = useQuery({
    ...quoteQueryOptions({
      items: added.map((line) => ({ product: line.id, sku_id: line.sku_id, quantity: line.quantity })),
      currency,
      // Prices follow the ship-to country's rule, as on the product pages.
      country: shipToCountry,
    }),
    enabled: added.length > 0 && added.length <= MAX_QUOTED_LINES,
  });
  const items = withQuotedPrices(added, quote.data?.data);
  // Deselected lines are remembered rather than selected ones, so a line added later starts selected.
  const [deselected, setDeselected] = useState<ReadonlySet<string>>(new Set());
  const [triedEmptyCheckout, setTriedEmptyCheckout] = useState(false);

  const selected = items.filter((line) => !deselected.has(lineKey(line)));
  const summary = summarize(selected, currency);

  const toggle = (line: CartItem, checked: boolean) => {
    const next = new Set(deselected);
    if (checked) next.delete(lineKey(line));
    else next.add(lineKey(line));
    setDeselected(next);
  };
  const toggleAll = (checked: boolean) => setDeselected(checked ? new Set() : new Set(items.map(lineKey)));

  const proceed = () => {
    if (selected.length === 0) {
      setTriedEmptyCheckout(true);
      return;
    }
    // As added: the checkout prices them again.
    setCheckoutItems(added.filter((line) => !deselected.has(lineKey(line))));
    void navigate({ to: '/checkout' });
  };

  if (items.length === 0) {
    return (
      <Stack align="center" py="xl">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('empty')}</Text>
        <Button component={Link} to="/">
          {t('continueShopping')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={1}>{t('title')}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <Group justify="space-between">
              <Checkbox
                label={t('selectAll')}
                checked={selected.length === items.length}
                indeterminate={selected.length > 0 && selected.length < items.length}
                onChange={(event) => toggleAll(event.currentTarget.checked)}
              />
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={clearCart}>
                {t('clear')}
              </Button>
            </Group>
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('items')}>
              {items.map((line) => (
                <CartLine
                  key={lineKey(line)}
                  line={line}
                  currency={line.currency ?? currency}
                  selected={!deselected.has(lineKey(line))}
                  onSelect={(checked) => toggle(line, checked)}
                />
              ))}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card component="section" aria-labelledby="cart-summary-title">
            <Stack gap="sm">
              <Title order={2} size="h3" id="cart-summary-title">
                {t('summary')}
              </Title>
              <Group justify="space-between">
                <Text>{t('selectedItems')}</Text>
                <Text fw={600}>{number(summary.units)}</Text>
              </Group>
              <Group justify="space-between">
                <Text>{t('total')}</Text>
                <Text fw={700} fz="lg">
                  {summary.currency ? money(summary.total, summary.currency) : '—'}
                </Text>
              </Group>
              {!summary.currency && (
                <Text size="sm" c="dimmed">
                  {t('mixedCurrencies')}
                </Text>
              )}
              <Button fullWidth onClick={proceed}>
                {t('proceed')}
              </Button>
              {triedEmptyCheckout && selected.length === 0 && (
                <Alert color="red" role="alert">
                  {t('nothingSelected')}
                </Alert>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

type CartLineProps = {
  line: CartItem;
  currency: string;
  selected: boolean;
  onSelect: (checked: boolean) => void;
};

function CartLine({ line, currency, selected, onSelect }: CartLineProps) {
  const { t } = useTranslation('cart');
  const { money, number } = useLocaleFormat();
  const name = { name: line.name };
  return (
    <Card component="li" withBorder aria-label={line.name}>
      <Group wrap="nowrap" align="center">
        <Checkbox
          aria-label={t('line.select', name)}
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
        />
        <Image src={line.image} alt={line.name} w={72} h={72} radius="sm" fit="cover" />
        <Stack gap={4} flex={1} miw={0}>
          <Text fw={600} lineClamp={2}>
            {line.name}
          </Text>
          <Text size="sm" c="dimmed">
            {t('line.each', { price: money(line.price, currency) })}
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={t('line.decrease', name)}
            disabled={line.quantity <= MIN_LINE_QUANTITY}
            onClick={() => updateCartQuantity(line, line.quantity - 1)}
          >
            <IconMinus size={14} />
          </ActionIcon>
          <Text component="output" w={28} ta="center" aria-label={t('line.quantity', name)}>
            {number(line.quantity)}
          </Text>
          <ActionIcon
            variant="default"
            aria-label={t('line.increase', name)}
            disabled={line.quantity >= MAX_LINE_QUANTITY}
            onClick={() => updateCartQuantity(line, line.quantity + 1)}
          >
            <IconPlus size={14} />
          </ActionIcon>
        </Group>
        <Text fw={600} w={96} ta="right">
          {money(Math.round(line.price * 100 * line.quantity) / 100, currency)}
        </Text>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('line.remove', name)}
          onClick={() => removeFromCart(line)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Card>
  );
}
