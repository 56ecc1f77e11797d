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

type DeliveryOptionsProps = {
  /** Null while no SKU or quantity is chosen: nothing can be quoted yet. */
  request: DeliveryOptionsBody | null;
};

/**
 * Spec §4: the cheapest option (free first, then the lowest fee) is chosen by default and again whenever the
 * quote changes; the shopper may pick another in a modal.
 */
export function DeliveryOptions({ request }: DeliveryOptionsProps) {
  const { t } = useTranslation('product');
  const quote = useQuery({
    ...catalogueQueries.deliveryOptions(request),
    placeholderData: keepPreviousData,
  });
  const [choice, setChoice] = useState<{ options: DeliveryOption[]; code: string } | null>(null);
  const modal = useLazyDisclosure();

  if (request !== null && quote.isPending) {
    return <Skeleton height={72} aria-label={t('delivery.loading')} />;
  }

  const options = (request !== null && quote.data) || [];
  // A choice belongs to the quote it was made on; a new quote falls back to the cheapest again.
  const chosen =
    (choice?.options === options && options.find((option) => option.code === choice.code)) ||
    cheapestOption(options);

  if (!chosen) return <Text c="dimmed">{t('delivery.none')}</Text>;

  return (
    <>
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" align="flex-start" wrap="nowrap">
            <IconTruckDelivery size={22} aria-hidden />
            <DeliverySummary option={chosen} />
          </Group>
          <Button size="compact-sm" variant="subtle" onClick={modal.open}>
            {t('delivery.change')}
          </Button>
        </Group>
      </Paper>
      {modal.everOpened && (
        <Suspense fallback={null}>
          <DeliveryOptionsModal
            opened={modal.opened}
            onClose={modal.close}
            options={options}
            chosen={chosen}
            onChoose={(code) => {
              setChoice({ options, code });
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
