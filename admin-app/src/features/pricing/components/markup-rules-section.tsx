import { NumberInput, SegmentedControl, Stack } from '@mantine/core';
import { Section } from './pricing-section';
import { number, type Rules, type RulesDraftProps } from './rules-draft';

export function MarkupRulesSection({ draft, set }: RulesDraftProps) {
  return (
    <Section
      id="markup-title"
      title="Global Markup Rules"
      description="Imported products sell at their supplier cost plus this markup."
    >
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Markup type"
          value={draft.markupType}
          onChange={(value) => set('markupType', value as Rules['markupType'])}
          data={[
            { value: 'percentage', label: 'Percentage' },
            { value: 'fixed', label: 'Fixed (USD)' },
          ]}
        />
        <NumberInput
          label={draft.markupType === 'percentage' ? 'Markup (%)' : 'Markup (USD)'}
          min={0}
          allowNegative={false}
          step={0.01}
          decimalScale={2}
          value={draft.markupValue}
          onChange={(value) => set('markupValue', number(value))}
        />
        <NumberInput
          label="Minimum margin (%)"
          description="No imported product sells below its cost plus this, whatever the other rules say."
          min={0}
          max={100}
          step={0.01}
          decimalScale={2}
          value={draft.minMarginPercent}
          onChange={(value) => set('minMarginPercent', number(value))}
        />
      </Stack>
    </Section>
  );
}
