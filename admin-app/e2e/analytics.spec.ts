import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { watchPolicyViolations } from '../../scripts/e2e/policy-violations.mts';
import { staffSignsIn } from './journey-helpers.ts';

const admin = 'http://localhost:5173';

test('staff read the figures against the period before and download a sales report', async ({ page }) => {
  const policyViolations = await watchPolicyViolations(page);
  await staffSignsIn(page);

  await page.goto(`${admin}/manage-admin/analytics`);
  const sales = page.getByRole('region', { name: 'Total Sales' });
  await expect(sales.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
  await expect(sales.getByText(/the 30 days before$/)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Sales per day' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Report' }).selectOption('sales-by-day');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await expect(page.getByText('Report generated.')).toBeVisible();
  const newest = page.getByRole('table', { name: 'Report log' }).getByRole('row').nth(1);
  await expect(newest.getByText('Ready')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await newest.getByRole('button', { name: /^Download Sales by day/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sales-by-day-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('date,orders,sales_usd');
  expect(lines).toHaveLength(31);

  expect(policyViolations).toEqual([]);
});
