import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Image,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { SelectField, TextField } from '@shop/ui/form-fields';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { type Control, useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AddedTaxRow,
  AmountRow,
  DutyRow,
  IncludedTaxAmount,
  LineDeliveryText,
} from '../../../components/order-amounts';
import { useLocaleFormat } from '../../../i18n/i18n';
import { type CartItem, removeOrderedLines, useCart } from '../../../lib/cart-store';
import { browserNavigation } from '../../../lib/leave-to';
import { orderItems, quoteQueryOptions } from '../../../lib/order-quote';
import { toast } from '../../../lib/toast';
import { useRevalidateOnLanguageChange, useTranslatedZodResolver } from '../../../lib/translated-resolver';
import { usePaymentMethods } from '../api/payment-methods';
import { usePlaceOrder } from '../api/place-order';
import '../../payments/payments-texts';
import { useStartPayment } from '../../payments/api/start-payment';
import { CouponField } from './coupon-field';
import '../checkout-texts';
import {
  type CheckoutInput,
  type CheckoutValues,
  checkoutSchema,
  PAYMENT_METHODS,
} from '../schemas/checkout.schema';

/** Spec §4: the orders page follows the success toast after 0.8 s. */
const GO_TO_ORDERS_AFTER_MS = 800;

type CheckoutPageProps = {
  /** The shopper's currency: the order is priced in it. */
  currency: Schemas['StoreCurrency'];
  /** The ship-to country chosen in the settings, the form's starting country. */
  shipToCountry: string;
  countries: readonly string[];
};

export function CheckoutPage({ currency, shipToCountry, countries }: CheckoutPageProps) {
  const { t } = useTranslation('checkout');
  const { checkoutItems } = useCart();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const { t: tPayments } = useTranslation('payments');
  const startPayment = useStartPayment();
  const resolver = useTranslatedZodResolver(checkoutSchema, 'checkout');
  const { control, handleSubmit, trigger, formState, setValue } = useForm<
    CheckoutInput,
    unknown,
    CheckoutValues
  >({
    resolver,
    defaultValues: {
      full_name: '',
      address: '',
      city: '',
      province: '',
      country: shipToCountry,
      zip: '',
      phone_country: '',
      mobile_no: '',
      tax_number: '',
      card: { number: '', expMonth: '', expYear: '', cvc: '' },
    },
  });
  useRevalidateOnLanguageChange({ trigger, formState });
  const paymentMethod = useWatch({ control, name: 'paymentMethod' });
  // The address's country prices the order (its country rule), so the summary follows the form's country.
  const shipCountry = useWatch({ control, name: 'country' });
  // Only the goods and each line's delivery service are sent: the server prices the quote and the order,
  // ignoring client figures.
  const items = orderItems(checkoutItems);
  // The coupon code the shopper applied: the server's quote says whether it applies and what it takes off.
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const quote = useQuery({
    ...quoteQueryOptions({
      items,
      currency,
      ...(shipCountry ? { country: shipCountry } : {}),
      ...(couponCode ? { couponCode } : {}),
      // The chosen method's own fee (cash on delivery) is priced in, as the order charges it.
      ...(paymentMethod ? { paymentMethod } : {}),
    }),
    enabled: items.length > 0,
  });
  const quoted = quote.data?.data;
  const methods = usePaymentMethods({
    country: shipCountry,
    currency,
    amount: quoted ? quoted.totalPrice - (quoted.paymentFee ?? 0) : undefined,
  });
  const onProviderPage = (method: string) =>
    methods.data?.data.some((option) => option.method === method && option.onProviderPage) ?? false;
  const cardOnProviderPage = onProviderPage('Credit Card');
  useEffect(() => setValue('cardOnProviderPage', cardOnProviderPage), [cardOnProviderPage, setValue]);
  // Only the code the shown quote applied goes with the order, so the shopper pays what the summary shows.
  const shownCoupon = quote.data?.data.coupon;
  const appliedCode = shownCoupon?.applied && shownCoupon.code === couponCode ? couponCode : null;

  // Paid on the provider's own page: the shopper goes there instead of to My Orders.
  const placed = placeOrder.data?.data;
  const paysElsewhere =
    placed !== undefined && (placed.paymentRedirect !== undefined || placed.canPay === true);

  useEffect(() => {
    if (!placeOrder.isSuccess || paysElsewhere) return;
    const timer = setTimeout(() => void navigate({ to: '/profile/order' }), GO_TO_ORDERS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [placeOrder.isSuccess, paysElsewhere, navigate]);

  const submit = ({ shippingAddress, paymentMethod: method, card }: CheckoutValues) => {
    const ordered = checkoutItems;
    const delivery = chosenDelivery(ordered);
    placeOrder.mutate(
      {
        items,
        shippingAddress: delivery
          ? { ...shippingAddress, logistics_service_name: delivery }
          : shippingAddress,
        paymentMethod: method,
        ...(card ? { card } : {}),
        currency,
        ...(appliedCode ? { couponCode: appliedCode } : {}),
      },
      {
        onSuccess: ({ data: order }) => {
          removeOrderedLines(ordered);
          if (order.paymentRedirect) {
            browserNavigation.leaveTo(order.paymentRedirect);
            return;
          }
          // A retried order answered as already placed: its checkout at the provider is opened again.
          if (order.canPay) {
            startPayment.mutate(order._id, {
              onError: (error) => toast.error(errorMessage(error, t('tryAgain')), t('failed')),
            });
            return;
          }
          toast.success(t('placed'));
        },
        // Through the app's toasts, which also put the notifications host on the page if none was shown yet.
        onError: (error) => toast.error(errorMessage(error, t('tryAgain')), t('failed')),
      },
    );
  };

  if (placeOrder.isSuccess) {
    return (
      <Stack align="center" py="xl">
        <Title order={1}>{t('title')}</Title>
        {paysElsewhere ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{tPayments('leaving', { provider: t(`methods.${placed.paymentMethod}`) })}</Text>
          </Group>
        ) : (
          <Alert color="teal" title={t('placed')}>
            {t('takingYou')}
          </Alert>
        )}
      </Stack>
    );
  }

  if (checkoutItems.length === 0) {
    return (
      <Stack align="center" py="xl">
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('nothing')}</Text>
        <Button component={Link} to="/cart">
          {t('goToCart')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={1}>{t('title')}</Title>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              <Card component="section" withBorder aria-labelledby="checkout-address">
                <Title order={2} size="h4" id="checkout-address" mb="sm">
                  {t('billing')}
                </Title>
                <AddressFields control={control} countries={countries} />
              </Card>
              <Card component="section" withBorder aria-labelledby="checkout-payment">
                <Title order={2} size="h4" id="checkout-payment" mb="sm">
                  {t('payment')}
                </Title>
                <PaymentField control={control} methods={methods} />
                {paymentMethod === 'Credit Card' && !onProviderPage(paymentMethod) && (
                  <CardFields control={control} />
                )}
                {paymentMethod && onProviderPage(paymentMethod) ? (
                  <Text size="sm" c="dimmed" mt="sm">
                    {paymentMethod === 'Credit Card'
                      ? tPayments('hostedCardNote')
                      : tPayments('hostedNote', { provider: t(`methods.${paymentMethod}`) })}
                  </Text>
                ) : null}
              </Card>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack>
              <CheckoutItems
                items={checkoutItems}
                quote={quote.data?.data}
                delivery={chosenDelivery(checkoutItems)}
              />
              <CouponField
                code={couponCode}
                quote={quote.data?.data}
                checking={couponCode !== null && quote.isFetching}
                onApply={setCouponCode}
                onRemove={() => setCouponCode(null)}
              />
              <SummaryCard quote={quote.data?.data} error={quote.error} pending={quote.isPending} />
              <Button type="submit" size="md" fullWidth loading={placeOrder.isPending}>
                {t('placeOrder')}
              </Button>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </Stack>
  );
}

/**
 * The order's delivery service, for lines that name none: the one chosen on the product page, when every item
 * agrees on it (each line also sends its own).
 */
function chosenDelivery(items: CartItem[]): string | undefined {
  const chosen = new Set(items.map((item) => item.logistics_service_name));
  const [only] = chosen;
  return chosen.size === 1 ? only : undefined;
}

function AddressFields({
  control,
  countries,
}: {
  control: Control<CheckoutInput, unknown, CheckoutValues>;
  countries: readonly string[];
}) {
  const { t } = useTranslation('checkout');
  const { locale } = useLocaleFormat();
  const country = useWatch({ control, name: 'country' });
  // Country names in the shopper's language; the form keeps the two-letter code the order sends.
  const countryChoices = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return countries.map((code) => ({ value: code, label: names.of(code) ?? code }));
  }, [countries, locale]);
  return (
    <Stack>
      <TextField
        control={control}
        name="full_name"
        label={t('fields.fullName')}
        autoComplete="name"
        withAsterisk
      />
      <TextField
        control={control}
        name="address"
        label={t('fields.address')}
        autoComplete="street-address"
        withAsterisk
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          control={control}
          name="city"
          label={t('fields.city')}
          autoComplete="address-level2"
          withAsterisk
        />
        <TextField
          control={control}
          name="province"
          label={t('fields.province')}
          autoComplete="address-level1"
          withAsterisk
        />
        <SelectField
          control={control}
          name="country"
          label={t('fields.country')}
          data={countryChoices}
          allowDeselect={false}
          searchable
          withAsterisk
        />
        <TextField
          control={control}
          name="zip"
          label={t('fields.zip')}
          autoComplete="postal-code"
          withAsterisk
        />
        <TextField
          control={control}
          name="phone_country"
          label={t('fields.phoneCountry')}
          placeholder="+880"
          autoComplete="tel-country-code"
          withAsterisk
        />
        <TextField
          control={control}
          name="mobile_no"
          label={t('fields.mobile')}
          autoComplete="tel-national"
          inputMode="tel"
          withAsterisk
        />
        {country === 'BR' && (
          <TextField
            control={control}
            name="tax_number"
            label={t('fields.taxNumber')}
            inputMode="numeric"
            placeholder="000.000.000-00"
            withAsterisk
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}

function PaymentField({
  control,
  methods,
}: {
  control: Control<CheckoutInput, unknown, CheckoutValues>;
  methods: ReturnType<typeof usePaymentMethods>;
}) {
  const { t } = useTranslation('checkout');
  const { money } = useLocaleFormat();
  const { field, fieldState } = useController({ control, name: 'paymentMethod' });
  const offered = methods.data?.data;
  const { onChange } = field;
  // A method the new address or amount no longer allows is not kept chosen.
  useEffect(() => {
    if (offered && field.value && !offered.some((option) => option.method === field.value))
      onChange(undefined);
  }, [offered, field.value, onChange]);
  if (methods.isError) {
    return (
      <Alert color="red" role="alert" title={t('methodsFailed')}>
        <Button size="xs" variant="light" mt="xs" onClick={() => void methods.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  }
  if (!offered) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" role="status">
          {t('methodsLoading')}
        </Text>
      </Group>
    );
  }
  return (
    <Radio.Group
      name={field.name}
      label={t('fields.paymentMethod')}
      withAsterisk
      value={field.value ?? null}
      onChange={field.onChange}
      error={fieldState.error?.message}
    >
      <Stack gap="xs" mt="xs">
        {PAYMENT_METHODS.flatMap((method) => {
          const option = offered.find((entry) => entry.method === method);
          if (!option) return [];
          return [
            <Radio
              key={method}
              value={method}
              label={t(`methods.${method}`)}
              description={
                option.fee > 0 ? t('methodFee', { fee: money(option.fee, option.currency) }) : undefined
              }
            />,
          ];
        })}
      </Stack>
    </Radio.Group>
  );
}

function CardFields({ control }: { control: Control<CheckoutInput, unknown, CheckoutValues> }) {
  const { t } = useTranslation('checkout');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
      <TextField
        control={control}
        name="card.number"
        label={t('fields.cardNumber')}
        autoComplete="cc-number"
        inputMode="numeric"
        withAsterisk
      />
      <TextField
        control={control}
        name="card.cvc"
        label={t('fields.cvc')}
        autoComplete="cc-csc"
        inputMode="numeric"
        withAsterisk
      />
      <TextField
        control={control}
        name="card.expMonth"
        label={t('fields.expMonth')}
        placeholder={t('fields.expMonthPlaceholder')}
        autoComplete="cc-exp-month"
        inputMode="numeric"
        withAsterisk
      />
      <TextField
        control={control}
        name="card.expYear"
        label={t('fields.expYear')}
        placeholder={t('fields.expYearPlaceholder')}
        autoComplete="cc-exp-year"
        inputMode="numeric"
        withAsterisk
      />
    </SimpleGrid>
  );
}

type Quote = Schemas['OrderQuote'];
type CheckoutItemsProps = { items: CartItem[]; quote: Quote | undefined; delivery: string | undefined };

function CheckoutItems({ items, quote, delivery }: CheckoutItemsProps) {
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
function SummaryCard({ quote, error, pending }: SummaryCardProps) {
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
