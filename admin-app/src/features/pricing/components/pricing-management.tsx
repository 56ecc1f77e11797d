import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { SHIP_TO_COUNTRIES } from '@shop/sdk/choices';
import { errorMessage } from '@shop/sdk/client';
import type { Schemas } from '@shop/sdk/types';
import { DataTable } from '@shop/ui/data-table';
import { formatDate, formatMoney } from '@shop/ui/format';
import { toast } from '@shop/ui/notifications';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, rowPaginationFeature, tableFeatures } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { $api } from '../../../lib/api';
import { pricingKeys, pricingQueries } from '../api/pricing.queries';

type Rules = Schemas['PricingRules'];
type CountryRule = Schemas['PricingSettings']['countries'][number];

export const OVERRIDE_PAGE_SIZE = 10;
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => regionNames.of(code) ?? code;
const pricingQuery = pricingQueries.settings;
const ratesQuery = pricingQueries.rates;

/** Pricing & Profit Management: the rules the server prices the storefront with, and the tools around them. */
export function PricingManagement() {
  const settings = useQuery(pricingQuery());
  const loaded = settings.data?.data;
  return (
    <Stack gap="lg">
      {settings.isError ? (
        <Text c="red" role="alert">
          {errorMessage(settings.error, 'The pricing rules could not be loaded.')}
        </Text>
      ) : null}
      {loaded ? <RulesForm rules={loaded.rules} /> : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <CountryPricing countries={loaded?.countries ?? []} />
        <PreviewTool />
      </SimpleGrid>
      {loaded ? <CurrencyConversion mode={loaded.rules.currencyMode} /> : null}
      <OverrideLogs />
    </Stack>
  );
}

function Section(props: { id: string; title: string; children: React.ReactNode; description?: string }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={props.id}>
      <Title order={2} fz="h4" id={props.id} mb={props.description ? 4 : 'sm'}>
        {props.title}
      </Title>
      {props.description ? (
        <Text size="sm" c="dimmed" mb="sm">
          {props.description}
        </Text>
      ) : null}
      {props.children}
    </Paper>
  );
}

function RulesForm({ rules }: { rules: Rules }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Rules>(rules);
  useEffect(() => setDraft(rules), [rules]);
  const set = <K extends keyof Rules>(key: K, value: Rules[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const save = $api.useMutation('put', '/pricing', {
    onSuccess: (answer) => queryClient.setQueryData(pricingQuery().queryKey, answer),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pricingKeys.preview });
      return queryClient.invalidateQueries({ queryKey: ['get', '/product/'] });
    },
  });
  const invalid =
    !(draft.markupValue >= 0) || !(draft.minMarginPercent >= 0) || !(draft.b2bDiscountPercent >= 0);
  const submit = async () => {
    if (invalid) {
      toast.error('Markups, margins and discounts cannot be below 0.');
      return;
    }
    try {
      const answer = await save.mutateAsync({ body: draft });
      toast.success(
        `Pricing rules saved. ${answer.data.repriced.toLocaleString('en-US')} imported SKU prices updated.`,
      );
    } catch (error) {
      toast.error(errorMessage(error, 'The pricing rules could not be saved.'));
    }
  };
  const number = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
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
      </SimpleGrid>
      <Group>
        <Button onClick={() => void submit()} loading={save.isPending}>
          Save Pricing Rules
        </Button>
        <Text size="sm" c="dimmed">
          Saving reprices every imported product from its cost; prices set by hand stay.
        </Text>
      </Group>
    </Stack>
  );
}

function CountryPricing({ countries }: { countries: CountryRule[] }) {
  const queryClient = useQueryClient();
  const [country, setCountry] = useState<string | null>(null);
  const [type, setType] = useState<CountryRule['adjustmentType']>('percentage');
  const [value, setValue] = useState<number | string>('');
  const refresh = (answer: { data: Schemas['PricingSettings'] }) =>
    queryClient.setQueryData(pricingQuery().queryKey, answer as never);
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

function PreviewTool() {
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

function CurrencyConversion({ mode }: { mode: Rules['currencyMode'] }) {
  const queryClient = useQueryClient();
  const rates = useQuery(ratesQuery());
  const settings = useQuery(pricingQuery());
  const saveRules = $api.useMutation('put', '/pricing', {
    onSuccess: (answer) => queryClient.setQueryData(pricingQuery().queryKey, answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pricingKeys.preview }),
  });
  const refresh = $api.useMutation('post', '/settings/currency/refresh', {
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratesQuery().queryKey }),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: ratesQuery().queryKey }),
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

type Override = { id: string; message: string; by: string; timestamp: string };
const features = tableFeatures({ rowPaginationFeature });
const column = createColumnHelper<typeof features, Override>();
const overrideColumns = column.columns([
  column.accessor('message', { header: 'Change' }),
  column.accessor('by', { header: 'By' }),
  column.accessor('timestamp', {
    header: 'Time',
    cell: ({ getValue }) => `${formatDate(getValue())} ${getValue().slice(11, 16)} UTC`,
  }),
]);

function OverrideLogs() {
  const [page, setPage] = useState(1);
  const logs = useQuery({
    ...pricingQueries.overrides(page, OVERRIDE_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  return (
    <Section
      id="overrides-title"
      title="Manual Override Logs"
      description="Imported products' prices set by hand in the product editor; repricing leaves them be."
    >
      <DataTable
        label="Manual overrides"
        features={features}
        columns={overrideColumns}
        data={logs.data?.data ?? []}
        getRowId={(row) => row.id}
        rowCount={logs.data?.meta.total ?? 0}
        pagination={{ pageIndex: page - 1, pageSize: OVERRIDE_PAGE_SIZE }}
        onPaginationChange={({ pageIndex }) => setPage(pageIndex + 1)}
        loading={logs.isPending}
        loadingText="Loading the overrides..."
        emptyState={<Text c="dimmed">No manual overrides made yet.</Text>}
      />
    </Section>
  );
}
