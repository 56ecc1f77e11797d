import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AddedTaxRow, AmountRow, DutyRow, IncludedTaxAmount } from '../../../components/order-amounts';
import { useLocaleFormat } from '../../../i18n/i18n';
import { catalogueQueries, type LandedCostQuery } from '../api/catalogue.queries';
import '../product-texts';

type LandedCostProps = {
  /** The catalogue product's `_id`. */
  productId: string;
  /** The SKU, quantity, service, country and currency; null while no SKU or quantity is chosen. */
  query: LandedCostQuery | null;
};

/**
 * What the shopper pays delivered to their country, under the price: the server prices it as checkout does
 * (price, delivery of the chosen service, tax, import duty), so the total here is the order's total.
 */
export function LandedCost({ productId, query }: LandedCostProps) {
  const { t } = useTranslation('product');
  const { money, date, number } = useLocaleFormat();
  const landed = useQuery({
    ...catalogueQueries.landedCost(productId, query),
    placeholderData: keepPreviousData,
  });
  if (query === null) return null;
  if (landed.isPending) return <Skeleton height={132} aria-label={t('landed.loading')} />;
  const cost = landed.data?.data;
  if (landed.isError || !cost) {
    return (
      <Text fz="sm" c="dimmed">
        {t('landed.unavailable')}
      </Text>
    );
  }
  const { currency } = cost;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="landed-cost">
      <Stack gap={4}>
        <Text fw={700} id="landed-cost">
          {t('landed.title', { country: cost.country })}
        </Text>
        <Stack gap={2} component="dl" m={0} fz="sm">
          <AmountRow label={t('landed.price')} value={money(cost.itemsPrice, currency)} />
          <AmountRow
            label={
              cost.delivery
                ? t('landed.deliveryBy', { company: cost.delivery.company })
                : t('landed.delivery')
            }
            value={cost.shippingPrice === 0 ? t('landed.free') : money(cost.shippingPrice, currency)}
          />
          <AddedTaxRow
            tax={cost.tax}
            taxPrice={cost.taxPrice}
            currency={currency}
            fallbackLabel={cost.tax.label}
          />
          <DutyRow label={cost.duty?.label} dutyPrice={cost.dutyPrice} currency={currency} />
          <AmountRow label={t('landed.total')} value={money(cost.totalPrice, currency)} strong />
        </Stack>
        <IncludedTaxAmount tax={cost.tax} taxPrice={cost.taxPrice} currency={currency} />
        {cost.duty && cost.dutyPrice === 0 && (
          <Text fz="xs" c="dimmed">
            {t('landed.belowDeMinimis', {
              label: cost.duty.label,
              amount: money(cost.duty.deMinimis, currency),
            })}
          </Text>
        )}
        {cost.window && (
          <Text fz="sm">
            {t('landed.window', {
              from: date(cost.window.from),
              to: date(cost.window.to),
              min: number(cost.window.minDays),
              max: number(cost.window.maxDays),
            })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
