import { expect, type Page, request, test } from '@playwright/test';
import { generate } from 'otplib';

const admin = 'http://localhost:5173';
const api = 'http://localhost:3000/api';
const DEMO = { email: 'admin@example.com', password: 'admin12345' };

let secret: string | null = null;

async function signIn(page: Page) {
  await page.goto(`${admin}/admin/auth/login`);
  await page.getByLabel(/email/i).fill(DEMO.email);
  await page.getByLabel(/password/i).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

// The journeys after this one sign the demo admin in with a password only: turn two-factor off again, through the
// API, whatever happened above.
test.afterAll(async () => {
  if (!secret) return;
  const context = await request.newContext();
  const login = await (await context.post(`${api}/admin/login`, { data: DEMO })).json();
  if (login.data?.challenge) {
    const second = await context.post(`${api}/admin/login/2fa`, {
      data: { challenge: login.data.challenge, code: await generate({ secret }) },
    });
    const token = (await second.json()).data.token;
    await context.post(`${api}/admin/two-factor/disable`, {
      headers: { authorization: `Bearer ${token}` },
      data: { code: await generate({ secret }) },
    });
  }
  await context.dispose();
});

test('a super admin turns on two-factor, signs out, and signs in again with a code from the app', async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/manage-admin\/dashboard$/);

  await page.goto(`${admin}/manage-admin/admin/security`);
  const card = page.getByRole('region', { name: 'Your Two-Factor Authentication' });
  await card.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  secret = (await card.locator('code').first().textContent())?.trim() ?? null;
  expect(secret).toMatch(/^[A-Z2-7]+$/);

  await card.getByLabel('Authentication code').fill(await generate({ secret: secret ?? '' }));
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Logout' });
  await expect(dialog.getByText('Are you sure you want to logout?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/auth\/login$/);

  await signIn(page);
  await page.getByLabel('Authentication code').fill(await generate({ secret: secret ?? '' }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Login successful.')).toBeVisible();
  await expect(page).toHaveURL(/\/manage-admin\/dashboard$/);

  await page.goto(`${admin}/manage-admin/admin/security`);
  await card.getByLabel('Code to turn it off').fill(await generate({ secret: secret ?? '' }));
  await card.getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  secret = null;
});
