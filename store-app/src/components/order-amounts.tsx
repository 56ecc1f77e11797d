import { Group, Text } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../i18n/i18n';

type AppliedTax = Schemas['AppliedTax'];
type LineDelivery = Schemas['LineDelivery'];

/** The tax a price already holds, as the ship-to country names it. */
export type IncludedTax = Pick<AppliedTax, 'rate' | 'label'>;

type AmountRowProps = { label: string; value: string; strong?: boolean };

/** One row of an amounts list (`<dl>`): the cart's, the checkout's and an order's summary. */
export function AmountRow({ label, value, strong = false }: AmountRowProps) {
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

/** "incl. 21% VAT", under prices the server has put the ship-to country's tax into. */
export function IncludedTaxNote({ tax }: { tax: IncludedTax }) {
  const { t } = useTranslation();
  const { number } = useLocaleFormat();
  return (
    <Text fz="sm" c="dimmed">
      {t('tax.included', { rate: number(tax.rate), label: tax.label })}
    </Text>
  );
}

type TaxAmountProps = {
  /** The rule the amounts were priced with; absent from answers older than tax rules. */
  tax: AppliedTax | undefined;
  taxPrice: number;
  currency: string;
};

type AddedTaxRowProps = TaxAmountProps & { fallbackLabel: string };

/**
 * The tax row before the total, for tax the total adds: "VAT (20%)", or `fallbackLabel` ("Tax") without a rule.
 * Tax included in the prices is no row of its own: `IncludedTaxAmount` says what part of them it is.
 */
export function AddedTaxRow({ tax, taxPrice, currency, fallbackLabel }: AddedTaxRowProps) {
  const { t } = useTranslation();
  const { money, number } = useLocaleFormat();
  if (tax?.inclusive) return null;
  const label = tax ? t('tax.added', { label: tax.label, rate: number(tax.rate) }) : fallbackLabel;
  return <AmountRow label={label} value={money(taxPrice, currency)} />;
}

/** Under the total, for tax the prices include: "incl. 21% VAT" and "Includes VAT €1.74", not added to it. */
export function IncludedTaxAmount({ tax, taxPrice, currency }: TaxAmountProps) {
  const { t } = useTranslation();
  const { money } = useLocaleFormat();
  if (!tax?.inclusive) return null;
  return (
    <>
      <IncludedTaxNote tax={tax} />
      <Text fz="sm" c="dimmed">
        {t('tax.includes', { label: tax.label, amount: money(taxPrice, currency) })}
      </Text>
    </>
  );
}

type DutyRowProps = {
  /** The duty rule's name the amounts were priced with; null or absent: the country has no duty rule. */
  label: string | null | undefined;
  dutyPrice: number | undefined;
  currency: string;
};

/** The import duty row before the total ("Import duty", as staff name it), when the ship-to country has a rule. */
export function DutyRow({ label, dutyPrice, currency }: DutyRowProps) {
  const { money } = useLocaleFormat();
  if (!label) return null;
  return <AmountRow label={label} value={money(dutyPrice ?? 0, currency)} />;
}

type LineDeliveryTextProps = { delivery: LineDelivery | undefined; currency: string };

/** A line's delivery service and the fee charged for it (in the quote's or order's currency), when it has one. */
export function LineDeliveryText({ delivery, currency }: LineDeliveryTextProps) {
  const { t } = useTranslation();
  const { money } = useLocaleFormat();
  if (!delivery) return null;
  return (
    <Text size="sm" c="dimmed">
      {delivery.fee === 0
        ? t('delivery.lineFree', { company: delivery.company })
        : t('delivery.line', { company: delivery.company, fee: money(delivery.fee, currency) })}
    </Text>
  );
}
