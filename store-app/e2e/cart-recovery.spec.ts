import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { proceedToCheckout } from '../../scripts/e2e/cart.ts';
import { api, staffToken, store } from './journey-helpers';

// The journeys' mail server (server/src/test/mail-stand-in-server.ts): the shop delivers its outbox there, and
// the shop sends a left cart's first reminder after six seconds (CART_RECOVERY_DELAY_MINUTES in playwright.config.ts).
const MAILBOX = 'http://127.0.0.1:5194/messages';

/** A fixture product whose title the search finds from a misspelling (trigram similarity). */
const PRODUCT = { misspelt: 'wireles earbud', name: /^TWS Wireless Earbuds Bluetooth 5\.3/ };

type Mail = { subject: string; text: string };

async function recoveredCount(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get(`${api}/stats/overview`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()).data.recoveredOrders.count as number) ?? 0;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${store}/login`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('You are signed in')).toBeVisible();
  // The sign-in page moves home a moment later; the journey goes on from there.
  await expect(page.getByRole('searchbox', { name: 'Search top picks' })).toBeVisible();
  await page.waitForTimeout(1500);
}

test('a shopper who left a cart gets a reminder whose link brings it back, and the order counts as recovered', async ({
  browser,
  page,
  request,
}) => {
  // The first reminder waits for the cart to be left six seconds, then for the job (every 5 s) and the outbox.
  test.setTimeout(120_000);
  const email = `cart.leaver.${Date.now()}@example.org`;
  const password = 'correct-horse-42';
  const registered = await request.post(`${api}/user/register`, {
    data: { name: 'Cart Leaver', email, password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);
  const staff = await staffToken(request);
  const recoveredBefore = await recoveredCount(request, staff);

  await test.step('a misspelt search finds the product, which goes into the cart kept with the account', async () => {
    await signIn(page, email, password);
    const searchBox = page.getByRole('searchbox', { name: 'Search top picks' });
    await searchBox.fill(PRODUCT.misspelt);
    await searchBox.press('Enter');
    const card = page.getByRole('article', { name: PRODUCT.name }).first();
    await expect(card).toBeVisible();
    const href = (await card.getByRole('link', { name: PRODUCT.name }).getAttribute('href')) ?? '';
    await page.goto(new URL(href, `${store}/`).toString());
    await expect(page.getByRole('heading', { level: 1, name: PRODUCT.name })).toBeVisible();

    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/api\/cart(\?|$)/.test(response.url()),
    );
    await page
      .getByRole('region', { name: 'Shipping & Purchase' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await expect(page.getByText('Product added to cart!')).toBeVisible();
    expect((await saved).status()).toBe(200);
    // The shopper leaves.
    await page.close();
  });

  const reminder = await test.step('the reminder arrives with the cart’s items and a link back', async () => {
    let found: Mail | undefined;
    await expect
      .poll(
        async () => {
          const messages = (await (
            await request.get(`${MAILBOX}?to=${encodeURIComponent(email)}`)
          ).json()) as Mail[];
          found = messages.find((message) => message.subject.startsWith('You left something in your cart'));
          return found !== undefined;
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe(true);
    const mail = found as Mail;
    expect(mail.text).toMatch(/TWS Wireless Earbuds[^\n]* × 1: USD \d+\.\d\d/);
    const link = /https?:\/\/\S+\/cart\?recover=\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(mail.text).toMatch(/\/cart-reminders\?unsubscribe=\S+/);
    return link as string;
  });

  await test.step('the link restores the cart in a fresh browser, where the order is placed', async () => {
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto(reminder);
    await expect(fresh.getByText('Your cart is back')).toBeVisible();
    await expect(fresh.getByRole('listitem', { name: PRODUCT.name })).toBeVisible();

    await signIn(fresh, email, password);
    await fresh.goto(`${store}/cart`);
    await expect(fresh.getByRole('listitem', { name: PRODUCT.name })).toBeVisible();
    await proceedToCheckout(fresh);
    await expect(fresh.getByRole('heading', { name: 'Place Your Order' })).toBeVisible();
    await fresh.getByLabel(/^Full Name/).fill('Cart Leaver');
    await fresh.getByLabel(/^Address/).fill('House 7, Road 2, Banani');
    await fresh.getByLabel(/^City/).fill('Dhaka');
    await fresh.getByLabel(/^Province \/ State/).fill('Dhaka Division');
    await fresh.getByLabel(/^ZIP \/ Postal Code/).fill('1213');
    await fresh.getByLabel(/^Phone Country Code/).fill('+880');
    await fresh.getByLabel(/^Mobile Number/).fill('1711000000');
    await fresh.getByRole('radio', { name: 'Cash on Delivery' }).check();
    const placed = fresh.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/api/order'),
    );
    await fresh.getByRole('button', { name: 'Place Order' }).click();
    expect((await placed).status()).toBe(201);
    await expect(fresh.getByText('Order placed successfully!').first()).toBeVisible();
    await context.close();
  });

  await test.step('the dashboard counts the order as recovered', async () => {
    expect(await recoveredCount(request, staff)).toBe(recoveredBefore + 1);
  });
});
