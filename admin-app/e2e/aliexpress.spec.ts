import { expect, test } from '@playwright/test';
import { watchPolicyViolations } from '../../scripts/e2e/policy-violations.mts';
import { staffSignsIn } from './journey-helpers.ts';

const admin = 'http://localhost:5173';
/** Fixture items the demo catalogue has not imported (nor does another journey). */
const IDS = ['1005006209875364', '1005006264390851', '1005006372915468'];

test('staff bulk-import three marketplace ids, see them in the sync log, sync and fetch freight', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const policyViolations = await watchPolicyViolations(page);

  await test.step('sign in and open the integration', async () => {
    await staffSignsIn(page);
    await page.goto(`${admin}/manage-admin/aliexpress`);
    const connection = page.getByRole('region', { name: 'Connection Status' });
    await expect(connection.getByText('Connected', { exact: true })).toBeVisible();
    // The staff journeys' shop is connected to the Open Platform's stand-in (scripts/e2e/shops.ts).
    await expect(connection.getByText('Connected to the AliExpress Open Platform.')).toBeVisible();
  });

  const titles: string[] = [];
  await test.step('import three ids at once', async () => {
    const importer = page.getByRole('region', { name: 'Product Import' });
    await importer
      .getByRole('textbox', { name: 'AliExpress Product IDs' })
      .fill(`${IDS[0]}, ${IDS[1]}\n${IDS[2]}`);
    await importer.getByRole('button', { name: 'Import' }).click();
    await expect(importer.getByText('3 of 3 imported or refused')).toBeVisible();
    await expect(importer.getByText('3 of 3 imported.')).toBeVisible();
    const results = importer.getByRole('table', { name: 'Import results' });
    for (const id of IDS) {
      const row = results.getByRole('row').filter({ hasText: id });
      // A retried journey finds them imported already: updated instead of created.
      await expect(row.getByText(/^(created|updated)$/)).toBeVisible();
      const link = row.getByRole('link');
      titles.push((await link.textContent()) ?? '');
    }
  });

  await test.step('see them in the sync log', async () => {
    const log = page.getByRole('table', { name: 'Sync log' });
    for (const [index, title] of titles.entries()) {
      await expect(log.getByText(`Imported ${title} (${IDS[index]}).`)).toBeVisible();
    }
  });

  await test.step('sync now', async () => {
    const autoSync = page.getByRole('region', { name: 'Auto-Sync' });
    await expect(autoSync.getByRole('radio', { name: 'Daily' })).toBeChecked();
    await autoSync.getByRole('button', { name: 'Sync Now' }).click();
    await expect(page.getByText(/^Synced \d+ products: /)).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Sync log' }).getByText(/^Synced \d+ of \d+ imported products:/),
    ).toBeVisible();
  });

  await test.step('look up the SKUs and fetch freight to Bangladesh', async () => {
    const tools = page.getByRole('region', { name: 'SKU Manager & Freight Fetcher' });
    await tools.getByRole('textbox', { name: 'AliExpress Product ID' }).fill(IDS[0] ?? '');
    await tools.getByRole('button', { name: 'Look Up SKUs' }).click();
    const skus = tools.getByRole('table', { name: 'SKUs' });
    await expect(skus.getByRole('row').nth(1)).toBeVisible();
    await skus
      .getByRole('button', { name: /^Freight for SKU / })
      .first()
      .click();
    await tools.getByRole('button', { name: 'Fetch Freight to Bangladesh' }).click();
    await expect(
      tools.getByRole('table', { name: 'Delivery options' }).getByRole('row').nth(1),
    ).toBeVisible();
  });

  expect(policyViolations).toEqual([]);
});
