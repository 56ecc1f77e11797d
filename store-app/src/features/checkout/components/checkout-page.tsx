import { zodResolver } from '@hookform/resolvers/zod';
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
import { notifications } from '@mantine/notifications';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { SelectField, TextField } from '@shop/ui/form-fields';
import { formatMoney } from '@shop/ui/format';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { type Control, useController, useForm, useWatch } from 'react-hook-form';
import { type CartItem, removeOrderedLines, useCart } from '../../../lib/cart-store';
import { quoteQueryOptions } from '../../../lib/order-quote';
import { toast } from '../../../lib/toast';
import { usePlaceOrder } from '../api/place-order';
import {
  type CheckoutInput,
  type CheckoutValues,
  checkoutSchema,
  PAYMENT_METHODS,
} from '../schemas/checkout.schema';

const ORDER_PLACED = 'Order placed successfully!';
const ORDER_FAILED = 'Failed to place order.';
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
  const { checkoutItems } = useCart();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const { control, handleSubmit } = useForm<CheckoutInput, unknown, CheckoutValues>({
    resolver: zodResolver(checkoutSchema),
    defaultValues: {
      full_name: '',
      address: '',
      city: '',
      province: '',
      country: shipToCountry,
      zip: '',
      phone_country: '',
      mobile_no: '',
      card: { number: '', expMonth: '', expYear: '', cvc: '' },
    },
  });
  const paymentMethod = useWatch({ control, name: 'paymentMethod' });
  // Only what identifies the goods is sent: the server prices the quote and the order, ignoring client figures.
  const items = checkoutItems.map((line) => ({
    product: line.id,
    sku_id: line.sku_id,
    quantity: line.quantity,
  }));
  const quote = useQuery({ ...quoteQueryOptions({ items, currency }), enabled: items.length > 0 });

  useEffect(() => {
    if (!placeOrder.isSuccess) return;
    const timer = setTimeout(() => void navigate({ to: '/profile/order' }), GO_TO_ORDERS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [placeOrder.isSuccess, navigate]);

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
      },
      {
        onSuccess: () => {
          toast.success(ORDER_PLACED);
          removeOrderedLines(ordered);
        },
        onError: (error) =>
          notifications.show({
            title: ORDER_FAILED,
            message: errorMessage(error, 'Please try again.'),
            color: 'red',
            withCloseButton: true,
          }),
      },
    );
  };

  if (placeOrder.isSuccess) {
    return (
      <Stack align="center" py="xl">
        <Title order={1}>Place Your Order</Title>
        <Alert color="teal" title={ORDER_PLACED}>
          Taking you to your orders…
        </Alert>
      </Stack>
    );
  }

  if (checkoutItems.length === 0) {
    return (
      <Stack align="center" py="xl">
        <Title order={1}>Place Your Order</Title>
        <Text c="dimmed">There is nothing to check out yet.</Text>
        <Button component={Link} to="/cart">
          Go to Cart
        </Button>
      </Stack>
    );
  }

  return (
    <Stack>
      <Title order={1}>Place Your Order</Title>
      <form onSubmit={handleSubmit(submit)} noValidate>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack>
              <Card component="section" withBorder aria-labelledby="checkout-address">
                <Title order={2} size="h4" id="checkout-address" mb="sm">
                  Billing Address
                </Title>
                <AddressFields control={control} countries={countries} />
              </Card>
              <Card component="section" withBorder aria-labelledby="checkout-payment">
                <Title order={2} size="h4" id="checkout-payment" mb="sm">
                  Payment
                </Title>
                <PaymentField control={control} />
                {paymentMethod === 'Credit Card' && <CardFields control={control} />}
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
              <SummaryCard quote={quote.data?.data} error={quote.error} pending={quote.isPending} />
              <Button type="submit" size="md" fullWidth loading={placeOrder.isPending}>
                Place Order
              </Button>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </Stack>
  );
}

/** An order has one delivery service: the one chosen on the product page, when every item agrees on it. */
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
  return (
    <Stack>
      <TextField control={control} name="full_name" label="Full Name" autoComplete="name" withAsterisk />
      <TextField
        control={control}
        name="address"
        label="Address"
        autoComplete="street-address"
        withAsterisk
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={control} name="city" label="City" autoComplete="address-level2" withAsterisk />
        <TextField
          control={control}
          name="province"
          label="Province / State"
          autoComplete="address-level1"
          withAsterisk
        />
        <SelectField
          control={control}
          name="country"
          label="Country"
          data={[...countries]}
          allowDeselect={false}
          searchable
          withAsterisk
        />
        <TextField
          control={control}
          name="zip"
          label="ZIP / Postal Code"
          autoComplete="postal-code"
          withAsterisk
        />
        <TextField
          control={control}
          name="phone_country"
          label="Phone Country Code"
          placeholder="+880"
          autoComplete="tel-country-code"
          withAsterisk
        />
        <TextField
          control={control}
          name="mobile_no"
          label="Mobile Number"
          autoComplete="tel-national"
          inputMode="tel"
          withAsterisk
        />
      </SimpleGrid>
    </Stack>
  );
}

function PaymentField({ control }: { control: Control<CheckoutInput, unknown, CheckoutValues> }) {
  const { field, fieldState } = useController({ control, name: 'paymentMethod' });
  return (
    <Radio.Group
      name={field.name}
      label="Payment Method"
      withAsterisk
      value={field.value ?? null}
      onChange={field.onChange}
      error={fieldState.error?.message}
    >
      <Stack gap="xs" mt="xs">
        {PAYMENT_METHODS.map((method) => (
          <Radio key={method} value={method} label={method} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function CardFields({ control }: { control: Control<CheckoutInput, unknown, CheckoutValues> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
      <TextField
        control={control}
        name="card.number"
        label="Card Number"
        autoComplete="cc-number"
        inputMode="numeric"
        withAsterisk
      />
      <TextField
        control={control}
        name="card.cvc"
        label="CVC"
        autoComplete="cc-csc"
        inputMode="numeric"
        withAsterisk
      />
      <TextField
        control={control}
        name="card.expMonth"
        label="Expiry Month"
        placeholder="MM"
        autoComplete="cc-exp-month"
        inputMode="numeric"
        withAsterisk
      />
      <TextField
        control={control}
        name="card.expYear"
        label="Expiry Year"
        placeholder="YYYY"
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
  return (
    <Card component="section" withBorder aria-labelledby="checkout-items">
      <Title order={2} size="h4" id="checkout-items" mb="sm">
        Items
      </Title>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => {
          // The server's price in the order's currency; the price seen when it was added until that arrives.
          const priced = quote?.items.find((line) => line.product === item.id && line.sku_id === item.sku_id);
          const price = priced && quote ? formatMoney(priced.price, quote.currency) : null;
          return (
            <Group component="li" key={`${item.id}-${item.sku_id}`} wrap="nowrap">
              <Image src={item.image} alt="" w={48} h={48} radius="sm" fit="cover" />
              <Text flex={1} lineClamp={2}>
                {item.name}
              </Text>
              <Text c="dimmed" size="sm">
                {item.quantity} × {price ?? (item.currency ? formatMoney(item.price, item.currency) : '—')}
              </Text>
            </Group>
          );
        })}
      </Stack>
      <Text size="sm" c="dimmed" mt="sm">
        {delivery
          ? `Delivery service: ${delivery}`
          : 'Delivery service: the cheapest option for your address.'}
      </Text>
    </Card>
  );
}

type SummaryCardProps = { quote: Quote | undefined; error: Error | null; pending: boolean };

/** The amounts the order will charge, as the server priced them (POST /order/quote). */
function SummaryCard({ quote, error, pending }: SummaryCardProps) {
  return (
    <Card component="section" withBorder aria-labelledby="checkout-summary">
      <Title order={2} size="h4" id="checkout-summary" mb="sm">
        Order Summary
      </Title>
      {error ? (
        <Alert color="red" role="alert">
          {errorMessage(error, 'The order could not be priced. Please try again.')}
        </Alert>
      ) : pending || !quote ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" role="status">
            Pricing your order…
          </Text>
        </Group>
      ) : (
        <dl style={{ margin: 0 }}>
          <Amount label="Items" value={formatMoney(quote.itemsPrice, quote.currency)} />
          <Amount label="Shipping" value={formatMoney(quote.shippingPrice, quote.currency)} />
          <Amount label="Tax" value={formatMoney(quote.taxPrice, quote.currency)} />
          <Amount label="Total" value={formatMoney(quote.totalPrice, quote.currency)} strong />
        </dl>
      )}
    </Card>
  );
}

function Amount({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text component="dt" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}
