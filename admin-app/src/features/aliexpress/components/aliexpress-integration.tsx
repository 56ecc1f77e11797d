import { SimpleGrid, Stack } from '@mantine/core';
import { AutoSync } from './auto-sync';
import { ConnectionStatus } from './connection-status';
import { ProductImport } from './product-import';
import { SkuFreight } from './sku-freight';
import { SyncLog } from './sync-log';

/** AliExpress Integration: the connection, importing, auto-sync, SKUs and freight, and the sync/error log. */
export function AliExpressIntegration() {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ConnectionStatus />
        <AutoSync />
      </SimpleGrid>
      <ProductImport />
      <SkuFreight />
      <SyncLog />
    </Stack>
  );
}
