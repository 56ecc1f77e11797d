import { Alert, Card, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { useTranslation } from 'react-i18next';
import {
  AddedTaxRow,
  AmountRow,
  DutyRow,
  IncludedTaxAmount,
  LineDeliveryText,
} from '../../../components/order-amounts';
import { useLocaleFormat } from '../../../i18n/i18n';
import type { CartItem } from '../../../lib/cart-store';
import '../checkout-texts';

// The checkout's right-hand column: what is ordered and the amounts the server priced it at.

type Quote = Schemas['OrderQuote'];
type CheckoutItemsProps = { items: CartItem[]; quote: Quote | undefined; delivery: string | undefined };

export function CheckoutItems({ items, quote, delivery }: CheckoutItemsProps) {
  const { t } = useTranslation('checkout');
  const { money, number } = useLocaleFormat();
  return (
    <Card component="section" withBorder aria-labelledby="checkout-items">
      <Title order={2} size="h4" id="checkout-items" mb="sm">
        {t('items')}
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => {
          // The server's price in the order's currency; the price seen when it was added until that arrives.
          const priced = quote?.items.find((line) => line.product === item.id && line.sku_id === item.sku_id);
          const price = priced && quote ? money(priced.price, quote.currency) : null;
          return (
            <Group component="li" key={`${item.id}-${item.sku_id}`} wrap="nowrap">
              <Image src={item.image} alt={item.name} w={48} h={48} radius="sm" fit="cover" />
              <Stack gap={2} flex={1} miw={0}>
                <Text lineClamp={2}>{item.name}</Text>
                {quote && <LineDeliveryText delivery={priced?.delivery} currency={quote.currency} />}
              </Stack>
              <Text c="dimmed" size="sm">
                {number(item.quantity)} × {price ?? (item.currency ? money(item.price, item.currency) : '—')}
              </Text>
            </Group>
          );
        })}
      </Stack>
      <Text size="sm" c="dimmed" mt="sm">
        {delivery ? t('delivery', { service: delivery }) : t('deliveryCheapest')}
      </Text>
    </Card>
  );
}

type SummaryCardProps = { quote: Quote | undefined; error: Error | null; pending: boolean };

/** The amounts the order will charge, as the server priced them (POST /order/quote). */
export function SummaryCard({ quote, error, pending }: SummaryCardProps) {
  const { t } = useTranslation('checkout');
  const { money } = useLocaleFormat();
  return (
    <Card component="section" withBorder aria-labelledby="checkout-summary">
      <Title order={2} size="h4" id="checkout-summary" mb="sm">
        {t('summary')}
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          {errorMessage(error, t('pricingFailed'))}
        </Alert>
      ) : pending || !quote ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" role="status">
            {t('pricing')}
          </Text>
        </Group>
      ) : (
        <>
          <dl style={{ margin: 0 }}>
            <AmountRow label={t('amounts.items')} value={money(quote.itemsPrice, quote.currency)} />
            <AmountRow label={t('amounts.shipping')} value={money(quote.shippingPrice, quote.currency)} />
            <AddedTaxRow
              tax={quote.tax}
              taxPrice={quote.taxPrice}
              currency={quote.currency}
              fallbackLabel={t('amounts.tax')}
            />
            <DutyRow label={quote.duty?.label} dutyPrice={quote.dutyPrice} currency={quote.currency} />
            {quote.paymentFee ? (
              <AmountRow label={t('amounts.paymentFee')} value={money(quote.paymentFee, quote.currency)} />
            ) : null}
            {quote.coupon?.applied && quote.discountPrice ? (
              <AmountRow
                label={t('amounts.discount', { code: quote.coupon.code })}
                value={`-${money(quote.discountPrice, quote.currency)}`}
              />
            ) : null}
            <AmountRow label={t('amounts.total')} value={money(quote.totalPrice, quote.currency)} strong />
          </dl>
          <IncludedTaxAmount tax={quote.tax} taxPrice={quote.taxPrice} currency={quote.currency} />
        </>
      )}
    </Card>
  );
}
