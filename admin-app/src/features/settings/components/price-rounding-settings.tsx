import { List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { CURRENCIES } from '@shop/sdk/choices';
import { SelectField } from '@shop/ui/form-fields';
import type { Control } from 'react-hook-form';
import type { RoundingRule, SettingsInput, SettingsValues } from '../schemas/store-settings.schema';

type SettingsControl = Control<SettingsInput, unknown, SettingsValues>;

/** Each rule with an example of what it does to a shown price (the server rounds, always upwards). */
const RULES: { value: RoundingRule; label: string; example: string }[] = [
  { value: 'none', label: 'None', example: 'prices stay as converted: 17.71 stays 17.71' },
  { value: 'whole', label: 'Whole units', example: 'up to the next whole unit: 17.21 → 18' },
  {
    value: 'end_99',
    label: 'End in .99',
    example:
      'up to the next .99: 17.71 → 17.99 (in whole-unit HUF, the next amount ending in 99: 8,172 → 8,199)',
  },
  { value: 'end_9', label: 'End in 9', example: 'up to the next whole amount ending in 9: 1,481 → 1,489' },
];

const RULE_OPTIONS = RULES.map(({ value, label }) => ({ value, label }));

/** System Settings' Price rounding: how shown prices are rounded in each shopper currency. */
export function PriceRoundingSettings({ control }: { control: SettingsControl }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-price-rounding">
      <Title order={3} fz="h4" id="settings-price-rounding" mb={4}>
        Price rounding
      </Title>
      <Text size="sm" c="dimmed">
        Shown prices are rounded up after conversion, markup and tax, so a price never drops under its margin.
      </Text>
      <List size="sm" c="dimmed" mb="sm" aria-label="Rounding examples">
        {RULES.map(({ value, label, example }) => (
          <List.Item key={value}>
            {label}: {example}
          </List.Item>
        ))}
      </List>
      <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }}>
        {CURRENCIES.map((currency) => (
          <SelectField
            key={currency}
            control={control}
            name={`priceRounding.${currency}`}
            label={currency}
            data={RULE_OPTIONS}
            allowDeselect={false}
          />
        ))}
      </SimpleGrid>
    </Paper>
  );
}
