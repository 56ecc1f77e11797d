import { Button, Group, NumberInput, SegmentedControl, Table } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatDate } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { $api } from '../../../lib/api';
import { pricingKeys, pricingQueries } from '../api/pricing.queries';
import { Section } from './pricing-section';
import type { Rules } from './rules-draft';

export function CurrencyConversion({ mode }: { mode: Rules['currencyMode'] }) {
  const queryClient = useQueryClient();
  const rates = useQuery(pricingQueries.rates());
  const settings = useQuery(pricingQueries.settings());
  const saveRules = $api.useMutation('put', '/pricing', {
    onSuccess: (answer) => queryClient.setQueryData(pricingQueries.settings().queryKey, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pricingKeys.preview }),
  });
  const refresh = $api.useMutation('post', '/settings/currency/refresh', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: pricingQueries.rates().queryKey }),
  });
  const switchMode = async (next: Rules['currencyMode']) => {
    const rules = settings.data?.data.rules;
    if (!rules) return;
    try {
      await saveRules.mutateAsync({ body: { ...rules, currencyMode: next } });
      toast.success(next === 'auto' ? 'Rates now come from the provider.' : 'Rates are now set by hand.');
    } catch (error) {
      toast.error(errorMessage(error, 'The conversion mode could not be changed.'));
    }
  };
  const fetchNow = async () => {
    try {
      toast.success((await refresh.mutateAsync({})).message ?? 'Rates fetched.');
    } catch (error) {
      toast.error(errorMessage(error, 'The rates could not be fetched.'));
    }
  };
  return (
    <Section
      id="currency-title"
      title="Currency Conversion"
      description="The rates every price is converted with (units per 1 USD)."
    >
      <Group mb="sm">
        <SegmentedControl
          aria-label="Conversion mode"
          value={mode}
          onChange={(value) => void switchMode(value as Rules['currencyMode'])}
          data={[
            { value: 'auto', label: 'Auto' },
            { value: 'manual', label: 'Manual' },
          ]}
        />
        {mode === 'auto' ? (
          <Button variant="light" onClick={() => void fetchNow()} loading={refresh.isPending}>
            Fetch Rates Now
          </Button>
        ) : null}
      </Group>
      <Table aria-label="Currency rates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Currency</Table.Th>
            <Table.Th>Rate</Table.Th>
            <Table.Th>Updated</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(rates.data?.data ?? []).map((rate) => (
            <Table.Tr key={rate.code}>
              <Table.Td>{rate.code}</Table.Td>
              <Table.Td>
                {mode === 'manual' && rate.code !== 'USD' ? <RateEditor rate={rate} /> : rate.rate}
              </Table.Td>
              <Table.Td>{formatDate(rate.updatedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function RateEditor({ rate }: { rate: Schemas['CurrencyRate'] }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | string>(rate.rate);
  const save = $api.useMutation('put', '/settings/currency/{code}', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: pricingQueries.rates().queryKey }),
  });
  const submit = async () => {
    if (typeof value !== 'number' || value <= 0) {
      toast.error('A rate is more than 0.');
      return;
    }
    try {
      await save.mutateAsync({ params: { path: { code: rate.code } }, body: { rate: value } });
      toast.success(`${rate.code} rate saved.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The rate could not be saved.'));
    }
  };
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        aria-label={`${rate.code} rate`}
        min={0}
        decimalScale={6}
        value={value}
        onChange={setValue}
        w={140}
        size="xs"
      />
      <Button size="compact-xs" variant="light" onClick={() => void submit()} loading={save.isPending}>
        Save
      </Button>
    </Group>
  );
}
