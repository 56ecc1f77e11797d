import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { TextField } from '@shop/ui/form-fields';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type Control, useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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
import { AddressFields } from './address-fields';
import { CheckoutItems, SummaryCard } from './checkout-summary';
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
