import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import '../returns-texts';
import { useLocaleFormat } from '../../../i18n/i18n';
import { myOrdersQueryOptions } from '../../orders/api/orders.queries';
import { withinReturnWindow } from '../return-window';

/** The Return & Refund page's list: the shopper's recent orders still inside the return window. */
export function ReturnableOrders() {
  const { t } = useTranslation('returns');
  const { date } = useLocaleFormat();
  // Orders delivered in the last 7 days are among the newest; the first page holds them.
  const orders = useQuery(myOrdersQueryOptions(1));
  if (!orders.isSuccess) return null;
  const eligible = orders.data.data.filter((order) => withinReturnWindow(order));

  return (
    <Card component="section" aria-labelledby="returnable-orders">
      <Stack gap="sm">
        <Title order={2} size="h4" id="returnable-orders">
          {t('eligible.title')}
        </Title>
        {eligible.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('eligible.none')}
          </Text>
        ) : (
          eligible.map((order) => (
            <Group key={order._id} justify="space-between">
              <div>
                <Text fw={600}>{order.orderNumber}</Text>
                {order.deliveredAt && (
                  <Text size="sm" c="dimmed">
                    {t('eligible.delivered', { date: date(order.deliveredAt) })}
                  </Text>
                )}
              </div>
              <Button
                component={Link}
                to={`/order/${order._id}`}
                variant="light"
                aria-label={`${t('eligible.open')}: ${order.orderNumber}`}
              >
                {t('eligible.open')}
              </Button>
            </Group>
          ))
        )}
      </Stack>
    </Card>
  );
}
