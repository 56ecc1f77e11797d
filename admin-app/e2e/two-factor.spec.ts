import { expect, request, test } from '@playwright/test';
import { generate } from 'otplib';
import { shopAddresses } from '../../scripts/e2e/shops.ts';
import { DEMO_STAFF as DEMO, staffSubmitsPassword } from './journey-helpers.ts';

const { admin, api } = shopAddresses('admin-app');

let secret: string | null = null;
let lastStep = -1;

const STEP_MS = 30_000;
// The server takes a code from one 30-second step either side of its clock, for phones whose clock is a little
// off, and each step's code once per account. The previous step's code is used only with 10 s of its window left.
const MARGIN_MS = 10_000;

/**
 * A code the authenticator app shows, as the server will take it: the earliest step after the last one used whose
 * code is still good for at least MARGIN_MS. Waits for the app's next code only when the three steps around the
 * server's clock are used up.
 */
async function freshCode(): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / STEP_MS);
    const earliest = (current + 1) * STEP_MS - now >= MARGIN_MS ? current - 1 : current;
    const step = Math.max(earliest, lastStep + 1);
    if (step <= current + 1) {
      lastStep = step;
      return generate({ secret: secret ?? '', epoch: step * 30 });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// The journeys after this one sign the demo admin in with a password only: turn two-factor off again, through the
// API, whatever happened above.
test.afterAll(async () => {
  if (!secret) return;
  test.setTimeout(120_000);
  const context = await request.newContext();
  const login = await (await context.post(`${api}/admin/login`, { data: DEMO })).json();
  if (login.data?.challenge) {
    const second = await context.post(`${api}/admin/login/2fa`, {
      data: { challenge: login.data.challenge, code: await freshCode() },
    });
    const token = (await second.json()).data.token;
    await context.post(`${api}/admin/two-factor/disable`, {
      headers: { authorization: `Bearer ${token}` },
      data: { code: await freshCode() },
    });
  }
  await context.dispose();
});

test('a super admin turns on two-factor, signs out, and signs in again with a code from the app', async ({
  page,
}) => {
  // Three codes from the app, each a new one: at most one wait for the app's next code.
  test.setTimeout(90_000);
  const card = page.getByRole('region', { name: 'Your Two-Factor Authentication' });

  await test.step('the admin turns two-factor on with a code from the app', async () => {
    await staffSubmitsPassword(page);
    await expect(page).toHaveURL(/\/manage-admin\/dashboard$/);
    await page.goto(`${admin}/manage-admin/admin/security`);
    await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    secret = (await card.locator('code').first().textContent())?.trim() ?? null;
    expect(secret).toMatch(/^[A-Z2-7]+$/);

    await card.getByLabel('Authentication code').fill(await freshCode());
    await card.getByRole('button', { name: 'Confirm' }).click();
    await expect(card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await expect(card.getByText('On', { exact: true })).toBeVisible();
  });

  await test.step('the admin signs out', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
    await expect(dialog.getByText('Are you sure you want to logout?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/auth\/login$/);
  });

  await test.step('signing in again asks for the next code', async () => {
    await staffSubmitsPassword(page);
    await page.getByLabel('Authentication code').fill(await freshCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Login successful.')).toBeVisible();
    await expect(page).toHaveURL(/\/manage-admin\/dashboard$/);
  });

  await test.step('the admin turns two-factor off with another code', async () => {
    await page.goto(`${admin}/manage-admin/admin/security`);
    await card.getByLabel('Code to turn it off').fill(await freshCode());
    await card.getByRole('button', { name: 'Turn off' }).click();
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
    secret = null;
  });
});
