import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';
import { useLazyDisclosure } from '../../../lib/use-lazy-disclosure';
import { catalogueQueries, type DeliveryOptionsBody } from '../api/catalogue.queries';
import { cheapestOption, type DeliveryOption, deliveryWhen, feeText } from '../lib/delivery';
import { digitsIn } from '../lib/digits';
import '../product-texts';

// The modal (with Mantine's focus trap and scroll lock) is fetched on first Change, not with the product page.
const DeliveryOptionsModal = lazy(() =>
  import('./delivery-options-modal').then((module) => ({ default: module.DeliveryOptionsModal })),
);

/** The product page's delivery quote and the option checkout charges (its company goes on the cart line). */
export type DeliveryChoice = {
  /** The first quote for the chosen SKU and quantity is on its way. */
  loading: boolean;
  options: DeliveryOption[];
  /** What checkout charges for: the shopper's pick, else the cheapest. */
  chosen: DeliveryOption | undefined;
  /** The shopper kept the cheapest (the option charged when none is named). */
  isCheapest: boolean;
  choose: (code: string) => void;
};

/**
 * Spec §4: the cheapest option (free first, then the lowest fee) is chosen by default and again whenever the
 * quote changes; the shopper may pick another. `request` is null while no SKU or quantity is chosen.
 */
export function useDeliveryChoice(request: DeliveryOptionsBody | null): DeliveryChoice {
  const quote = useQuery({
    ...catalogueQueries.deliveryOptions(request),
    placeholderData: keepPreviousData,
  });
  const [choice, setChoice] = useState<{ options: DeliveryOption[]; code: string } | null>(null);
  const options = (request !== null && quote.data) || [];
  const cheapest = cheapestOption(options);
  // A choice belongs to the quote it was made on; a new quote falls back to the cheapest again.
  const chosen =
    (choice?.options === options && options.find((option) => option.code === choice.code)) || cheapest;
  return {
    loading: request !== null && quote.isPending,
    options,
    chosen,
    isCheapest: chosen !== undefined && chosen === cheapest,
    choose: (code) => setChoice({ options, code }),
  };
}

/** The chosen option, and a modal to choose another; the page holds the choice (`useDeliveryChoice`). */
export function DeliveryOptions({ delivery }: { delivery: DeliveryChoice }) {
  const { t } = useTranslation('product');
  const modal = useLazyDisclosure();
  const { chosen, options } = delivery;

  if (delivery.loading) return <Skeleton height={72} aria-label={t('delivery.loading')} />;
  if (!chosen) return <Text c="dimmed">{t('delivery.none')}</Text>;

  return (
    <>
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
            <IconTruckDelivery size={22} aria-hidden />
            <DeliverySummary option={chosen} />
          </Group>
          <Button size="compact-sm" variant="subtle" style={{ flexShrink: 0 }} onClick={modal.open}>
            {t('delivery.change')}
          </Button>
        </Group>
      </Paper>
      {delivery.isCheapest && (
        <Text fz="xs" c="dimmed">
          {t('delivery.cheapestCharged')}
        </Text>
      )}
      {modal.everOpened && (
        <Suspense fallback={null}>
          <DeliveryOptionsModal
            opened={modal.opened}
            onClose={modal.close}
            options={options}
            chosen={chosen}
            onChoose={(code) => {
              delivery.choose(code);
              modal.close();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

function DeliverySummary({ option }: { option: DeliveryOption }) {
  const { t } = useTranslation('product');
  const { locale, money } = useLocaleFormat();
  return (
    <Stack gap={2} aria-label={t('delivery.chosen')} role="group">
      <Text fw={600} fz="sm">
        {feeText(option, t, money)}
      </Text>
      <Text fz="sm">
        {t('delivery.from', { company: option.company, country: option.ship_from_country })}
      </Text>
      <Text fz="xs" c="dimmed">
        {deliveryWhen(option, t, digitsIn(locale))}
      </Text>
    </Stack>
  );
}
