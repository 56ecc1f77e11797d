import { Alert, Button, Group, NativeSelect, Paper, Stack, Switch, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { toast } from '@shop/ui/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useUpdateCartRecovery } from '../api/marketing.mutations';
import { marketingQueries } from '../api/marketing.queries';

type Settings = Schemas['CartRecoverySettings'];

/** Cart recovery: reminders to signed-in shoppers who left a cart, and the coupon the second one offers. */
export function CartRecoveryPanel() {
  const settings = useQuery(marketingQueries.cartRecovery());
  if (settings.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(settings.error, 'The settings could not be loaded.')}
      </Alert>
    );
  }
  if (!settings.data) return <Text c="dimmed">Loading the settings…</Text>;
  return <CartRecoveryForm key={JSON.stringify(settings.data.data)} settings={settings.data.data} />;
}

function CartRecoveryForm({ settings }: { settings: Settings }) {
  const save = useUpdateCartRecovery();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [couponId, setCouponId] = useState(settings.couponId ?? '');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ body: { enabled, couponId: couponId === '' ? null : couponId } });
      toast.success('Cart recovery saved.');
    } catch (error) {
      toast.error(errorMessage(error, 'The settings could not be saved.'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Cart recovery">
        <Stack gap="sm" maw={720}>
          <Text size="sm" c="dimmed">
            A signed-in shopper whose cart is left untouched for an hour, and not ordered, gets an email
            listing its items with a link that brings the cart back on any device; a second email follows
            after a day. Each email has an unsubscribe link.
          </Text>
          <Switch
            label="Send cart reminders"
            checked={enabled}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
          />
          <NativeSelect
            label="Coupon in the second reminder"
            description="One of the store’s coupons (Campaigns & Discounts), or none."
            value={couponId}
            onChange={(event) => setCouponId(event.currentTarget.value)}
            data={[
              { value: '', label: 'No coupon' },
              ...settings.coupons.map((coupon) => ({
                value: coupon._id,
                label: `${coupon.code} (${coupon.campaign})`,
              })),
            ]}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
