import { SimpleGrid, Stack, Text } from '@mantine/core';
import { errorMessage } from '@shop/sdk/client';
import { useQuery } from '@tanstack/react-query';
import { pricingQueries } from '../api/pricing.queries';
import { CountryPricing } from './country-pricing';
import { CurrencyConversion } from './currency-conversion';
import { OverrideLogs } from './override-logs';
import { PreviewTool } from './pricing-preview-tool';
import { RulesForm } from './pricing-rules-form';

/** Pricing & Profit Management: the rules the server prices the storefront with, and the tools around them. */
export function PricingManagement() {
  const settings = useQuery(pricingQueries.settings());
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
