import { NumberInput, Radio, Stack } from '@mantine/core';
import { Section } from './pricing-section';
import { number, type Rules, type RulesDraftProps } from './rules-draft';

export function CompareAtSection({ draft, set }: RulesDraftProps) {
  return (
    <Section
      id="compare-title"
      title="Compare-at Price Settings"
      description="Where the struck-through price and the SALE badge come from."
    >
      <Radio.Group
        value={draft.compareAtMode}
        onChange={(value) => set('compareAtMode', value as Rules['compareAtMode'])}
      >
        <Stack gap="xs">
          <Radio value="marketplace" label="The marketplace's list price" />
          <Radio value="percent" label="A percent above the price" />
          <Radio value="off" label="No compare-at price" />
        </Stack>
      </Radio.Group>
      {draft.compareAtMode === 'percent' ? (
        <NumberInput
          mt="sm"
          label="Percent above the price"
          min={1}
          max={500}
          value={draft.compareAtPercent}
          onChange={(value) => set('compareAtPercent', number(value))}
        />
      ) : null}
    </Section>
  );
}
