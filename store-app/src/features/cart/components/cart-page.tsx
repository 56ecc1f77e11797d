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
import {
  AddedTaxRow,
  AmountRow,
  IncludedTaxAmount,
  LineDeliveryText,
} from '../../../components/order-amounts';
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
import { orderItems, quoteQueryOptions } from '../../../lib/order-quote';
import { AlsoBoughtRow } from '../../recommendations/components/also-bought-row';
import { RecentlyViewedRow } from '../../recommendations/components/recently-viewed-row';
import { useStoreSettings } from '../../settings/settings-store';
import '../cart-texts';
import { lineKey, type QuotedDelivery, quotedDelivery, summarize, withQuotedPrices } from '../cart-summary';

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
  // say) leaves the prices the items were added at. Prices follow the ship-to country's rule, as on the
  // product pages, and each line's delivery service is the one chosen there.
  const quoteOf = (lines: CartItem[]) => ({
    ...quoteQueryOptions({ items: orderItems(lines), currency, country: shipToCountry }),
    enabled: lines.length > 0 && lines.length <= MAX_QUOTED_LINES,
  });
  const quote = useQuery(quoteOf(added));
  const items = withQuotedPrices(added, quote.data?.data);
  // Deselected lines are remembered rather than selected ones, so a line added later starts selected.
  const [deselected, setDeselected] = useState<ReadonlySet<string>>(new Set());
  const [triedEmptyCheckout, setTriedEmptyCheckout] = useState(false);

  const selected = items.filter((line) => !deselected.has(lineKey(line)));
  const summary = summarize(selected, currency);
  // Delivery and tax of the selected lines as the order would charge them (the same query as `quote` while every
  // line is selected). Until it answers for this selection, the summary shows the lines' sum alone.
  const selectedQuote = useQuery(quoteOf(added.filter((line) => !deselected.has(lineKey(line)))));
  const priced = selectedQuote.isPlaceholderData ? undefined : selectedQuote.data?.data;
  const deliveryOf = (line: CartItem) =>
    quotedDelivery(priced, line) ?? quotedDelivery(quote.data?.data, line);

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
                  delivery={deliveryOf(line)}
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
              <Stack component="dl" gap="sm" m={0}>
                <AmountRow label={t('selectedItems')} value={number(summary.units)} />
                {priced && (
                  <>
                    <AmountRow label={t('shipping')} value={money(priced.shippingPrice, priced.currency)} />
                    <AddedTaxRow
                      tax={priced.tax}
                      taxPrice={priced.taxPrice}
                      currency={priced.currency}
                      fallbackLabel={t('tax')}
                    />
                  </>
                )}
                <AmountRow
                  label={t('total')}
                  value={
                    priced
                      ? money(priced.totalPrice, priced.currency)
                      : summary.currency
                        ? money(summary.total, summary.currency)
                        : '—'
                  }
                  strong
                />
              </Stack>
              {priced && (
                <IncludedTaxAmount tax={priced.tax} taxPrice={priced.taxPrice} currency={priced.currency} />
              )}
              {!priced && !summary.currency && (
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
      <AlsoBoughtRow productIds={items.map((line) => line.id)} country={shipToCountry} currency={currency} />
      <RecentlyViewedRow country={shipToCountry} currency={currency} />
    </Stack>
  );
}

type CartLineProps = {
  line: CartItem;
  currency: string;
  /** The line's delivery service and fee, as quoted. */
  delivery: QuotedDelivery | undefined;
  selected: boolean;
  onSelect: (checked: boolean) => void;
};

function CartLine({ line, currency, delivery, selected, onSelect }: CartLineProps) {
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
          {delivery && <LineDeliveryText delivery={delivery.delivery} currency={delivery.currency} />}
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
