import { NumberInput, Stack, Switch } from '@mantine/core';
import { Section } from './pricing-section';
import { number, type RulesDraftProps } from './rules-draft';

export function B2bModeSection({ draft, set }: RulesDraftProps) {
  return (
    <Section
      id="b2b-title"
      title="B2B/B2C Mode Switch"
      description="Business accounts (marked on their user page) see B2B prices when this is on."
    >
      <Stack gap="sm">
        <Switch
          label={draft.b2bEnabled ? 'B2B prices on' : 'B2C prices for everyone'}
          checked={draft.b2bEnabled}
          onChange={(event) => set('b2bEnabled', event.currentTarget.checked)}
        />
        <NumberInput
          label="B2B discount (%)"
          min={0}
          max={90}
          step={0.01}
          decimalScale={2}
          value={draft.b2bDiscountPercent}
          onChange={(value) => set('b2bDiscountPercent', number(value))}
          disabled={!draft.b2bEnabled}
        />
      </Stack>
    </Section>
  );
}
