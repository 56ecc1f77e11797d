import { Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import type { Schemas } from '@shop/sdk/types';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../i18n/i18n';

type Quote = Schemas['OrderQuote'];

type CouponFieldProps = {
  /** The code the quote was asked with, or null. */
  code: string | null;
  /** The server's quote for it: whether the code applies, or why not. */
  quote: Quote | undefined;
  /** A quote for a new code is on its way. */
  checking: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/** The checkout's coupon code: the server's quote says whether it applies and why not; the order sends it. */
export function CouponField({ code, quote, checking, onApply, onRemove }: CouponFieldProps) {
  const { t } = useTranslation('checkout');
  const { money } = useLocaleFormat();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  // The verdict on the code asked for, once its quote is in (not the previous quote shown meanwhile).
  const verdict = code !== null && quote?.coupon?.code === code ? quote.coupon : undefined;

  const apply = () => {
    const wanted = text.trim().toUpperCase();
    setMissing(wanted === '');
    if (wanted !== '') onApply(wanted);
  };
  // Shown until the shopper edits the code it is about.
  const refusal =
    verdict && !verdict.applied && verdict.reason && text.trim().toUpperCase() === code
      ? t(`coupon.reasons.${verdict.reason}`, {
          amount:
            verdict.minimumOrder !== undefined && quote ? money(verdict.minimumOrder, quote.currency) : '',
        })
      : null;

  return (
    <Card component="section" withBorder aria-labelledby="checkout-coupon">
      <Title order={2} size="h4" id="checkout-coupon" mb="sm">
        {t('coupon.title')}
      </Title>
      {verdict?.applied ? (
        <Group justify="space-between" wrap="nowrap">
          <Text c="teal" fw={500} role="status">
            {t('coupon.applied', { code: verdict.code })}
          </Text>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={() => {
              setText('');
              onRemove();
            }}
          >
            {t('coupon.remove')}
          </Button>
        </Group>
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="xs">
          <TextInput
            flex={1}
            label={t('coupon.label')}
            placeholder={t('coupon.placeholder')}
            value={text}
            autoComplete="off"
            maxLength={64}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setMissing(false);
            }}
            // Inside the checkout form: Enter applies the code rather than placing the order.
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
            error={missing ? t('coupon.required') : refusal}
          />
          <Button type="button" mt={25} variant="light" loading={checking} onClick={apply}>
            {t('coupon.apply')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
