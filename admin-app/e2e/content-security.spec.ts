import { expect, test } from '@playwright/test';
import {
  slippedScriptRan,
  slipScriptsIn,
  watchPolicyViolations,
} from '../../scripts/e2e/policy-violations.mts';

const admin = 'http://localhost:5173';

test('a script slipped into an admin page, inline or as an event handler, does not run', async ({ page }) => {
  const violations = await watchPolicyViolations(page);
  await page.goto(`${admin}/admin/auth/login`);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  expect(violations).toEqual([]);

  await slipScriptsIn(page);
  await expect.poll(() => violations.length).toBe(2);
  expect(await slippedScriptRan(page)).toBeUndefined();
});
