import { Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { SHIP_TO_COUNTRIES } from '@shop/sdk/choices';
import { errorMessage } from '@shop/sdk/client';
import { formatMoney } from '@shop/ui/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pricingQueries } from '../api/pricing.queries';
import { countryName } from './country-name';
import { Section } from './pricing-section';

export function PreviewTool() {
  const [cost, setCost] = useState<number | string>(100);
  const [country, setCountry] = useState<string | null>(null);
  const valid = typeof cost === 'number' && cost >= 0;
  const preview = useQuery({
    ...pricingQueries.preview({ cost: Number(cost), country }),
    select: (answer) => answer.data,
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const money = (amount: number | undefined) => (amount === undefined ? '—' : formatMoney(amount, 'USD'));
  return (
    <Section
      id="preview-title"
      title="Pricing Preview Tool"
      description="A supplier cost priced by the same rules as the storefront (saved rules only)."
    >
      <Group align="flex-end" gap="xs" mb="md">
        <NumberInput
          label="Cost price ($)"
          min={0}
          step={0.01}
          decimalScale={2}
          value={cost}
          onChange={setCost}
          w={160}
        />
        <Select
          label="Ship-to country"
          placeholder="Any country"
          clearable
          searchable
          value={country}
          onChange={setCountry}
          data={SHIP_TO_COUNTRIES.map((code) => ({ value: code, label: countryName(code) }))}
          w={200}
        />
      </Group>
      {preview.isError ? (
        <Text c="red" size="sm">
          {errorMessage(preview.error, 'The preview could not be calculated.')}
        </Text>
      ) : null}
      <SimpleGrid cols={3} aria-live="polite">
        <Figure label="Final price" value={valid ? money(preview.data?.price) : '—'} />
        <Figure label="Margin" value={valid ? money(preview.data?.margin) : '—'} />
        <Figure
          label="Profit percentage"
          value={valid && preview.data ? `${preview.data.profitPercent.toFixed(2)}%` : '—'}
        />
      </SimpleGrid>
    </Section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" aria-label={label}>
        {value}
      </Text>
    </Stack>
  );
}
