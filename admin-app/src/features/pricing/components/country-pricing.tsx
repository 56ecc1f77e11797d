import { ActionIcon, Badge, Button, Group, NumberInput, Select, Table, Text } from '@mantine/core';
import { SHIP_TO_COUNTRIES } from '@shop/sdk/choices';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { formatMoney } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { $api } from '../../../lib/api';
import { pricingKeys, pricingQueries } from '../api/pricing.queries';
import { countryName } from './country-name';
import { Section } from './pricing-section';

type CountryRule = Schemas['PricingSettings']['countries'][number];

export function CountryPricing({ countries }: { countries: CountryRule[] }) {
  const queryClient = useQueryClient();
  const [country, setCountry] = useState<string | null>(null);
  const [type, setType] = useState<CountryRule['adjustmentType']>('percentage');
  const [value, setValue] = useState<number | string>('');
  const refresh = (answer: { data: Schemas['PricingSettings'] }) =>
    queryClient.setQueryData(pricingQueries.settings().queryKey, answer as never);
  const invalidatePreview = () => queryClient.invalidateQueries({ queryKey: pricingKeys.preview });
  const saveRule = $api.useMutation('put', '/pricing/countries/{country}', {
    onSuccess: refresh,
    onSettled: invalidatePreview,
  });
  const removeRule = $api.useMutation('delete', '/pricing/countries/{country}', {
    onSuccess: refresh,
    onSettled: invalidatePreview,
  });
  const submit = async () => {
    if (!country || typeof value !== 'number') {
      toast.error('Choose a country and the adjustment.');
      return;
    }
    try {
      await saveRule.mutateAsync({ params: { path: { country } }, body: { adjustmentType: type, value } });
      toast.success(`${countryName(country)} prices saved.`);
      setCountry(null);
      setValue('');
    } catch (error) {
      toast.error(errorMessage(error, 'The country price could not be saved.'));
    }
  };
  const remove = async (code: string) => {
    try {
      await removeRule.mutateAsync({ params: { path: { country: code } } });
      toast.success(`${countryName(code)} pays the store price again.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The country price could not be removed.'));
    }
  };
  const describe = (rule: CountryRule) =>
    rule.adjustmentType === 'percentage'
      ? `${rule.value > 0 ? '+' : ''}${rule.value}%`
      : `${rule.value > 0 ? '+' : '−'}${formatMoney(Math.abs(rule.value), 'USD')}`;

  return (
    <Section
      id="country-title"
      title="Country-wise Pricing"
      description="Shoppers shipping to a country pay the store price with its markup or adjustment."
    >
      {countries.length === 0 ? (
        <Text size="sm" c="dimmed" mb="sm">
          Every country pays the store price.
        </Text>
      ) : (
        <Table aria-label="Country prices" mb="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Country</Table.Th>
              <Table.Th>Adjustment</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {countries.map((rule) => (
              <Table.Tr key={rule.country}>
                <Table.Td>{countryName(rule.country)}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={rule.value >= 0 ? 'blue' : 'orange'}>
                    {describe(rule)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove the ${countryName(rule.country)} price`}
                    onClick={() => void remove(rule.country)}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end" gap="xs">
        <Select
          label="Country"
          placeholder="Choose"
          searchable
          value={country}
          onChange={setCountry}
          data={SHIP_TO_COUNTRIES.map((code) => ({ value: code, label: countryName(code) }))}
          w={180}
        />
        <Select
          label="Type"
          value={type}
          onChange={(next) => setType((next as CountryRule['adjustmentType']) ?? 'percentage')}
          data={[
            { value: 'percentage', label: 'Percent' },
            { value: 'fixed', label: 'Fixed USD' },
          ]}
          allowDeselect={false}
          w={130}
        />
        <NumberInput
          label={type === 'percentage' ? 'Adjustment (%)' : 'Adjustment (USD)'}
          step={0.01}
          decimalScale={2}
          value={value}
          onChange={setValue}
          w={130}
        />
        <Button onClick={() => void submit()} loading={saveRule.isPending}>
          Save Country Price
        </Button>
      </Group>
    </Section>
  );
}
