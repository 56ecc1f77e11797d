import { Loader, SimpleGrid, Stack } from '@mantine/core';
import { ListError } from '@shop/ui/list-kit/list-error';
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
  // Without the rules nothing below can be shown truthfully (an empty country list would read as "every country
  // pays the store price"), so a failed read shows only the error and Retry.
  if (settings.isError) {
    return (
      <ListError
        error={settings.error}
        fallback="The pricing rules could not be loaded: the server could not be reached."
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  if (!loaded) return <Loader aria-label="Loading pricing rules" m="xl" />;
  return (
    <Stack gap="lg">
      <RulesForm rules={loaded.rules} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <CountryPricing countries={loaded.countries} />
        <PreviewTool />
      </SimpleGrid>
      <CurrencyConversion mode={loaded.rules.currencyMode} />
      <OverrideLogs />
    </Stack>
  );
}
