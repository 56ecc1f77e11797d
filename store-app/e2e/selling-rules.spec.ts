import { expect, type Page, test } from '@playwright/test';
import { proceedToCheckout } from '../../scripts/e2e/cart.ts';
import { watchPolicyViolations } from '../../scripts/e2e/policy-violations.mts';
import { closeAddedToast } from '../../scripts/e2e/toast.ts';

const admin = 'http://localhost:5173';
const store = 'http://localhost:5174';
const api = 'http://localhost:3000/api';

/** A store product with one price for every option. */
const PRODUCT = { search: 'Dotted Notebook', name: /^Shop Originals A5 Dotted Notebook/ };
const HERO = 'Top picks, delivered worldwide';

/** '$12.34' or '1 × $12.34' → 1234: the last amount in a text, in minor units. */
const minor = (text: string) =>
  Math.round(Number((text.match(/[\d,]+\.\d\d/g)?.at(-1) ?? 'NaN').replaceAll(',', '')) * 100);

const localInput = (date: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

async function staffToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('shop.adminToken'));
  if (!token) throw new Error('not signed in');
  return token;
}

test('staff raise Bangladesh prices and make a 10% coupon; a shopper there pays the new price less the coupon; a new hero banner shows', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36).toUpperCase();
  const campaign = `E2E Ten Off ${run}`;
  const code = `E2E10${run}`;
  const heroTitle = `E2E Winter Sale ${run}`;
  const staff = await browser.newPage();
  const shopperPage = await browser.newPage();
  const policyViolations = await Promise.all([
    watchPolicyViolations(staff),
    watchPolicyViolations(shopperPage),
  ]);
  let token = '';
  let heroId: string | null = null;

  try {
    await test.step('staff raise the prices for Bangladesh by 20%', async () => {
      await staff.goto(`${admin}/admin/auth/login`);
      await staff.getByLabel(/email/i).fill('admin@example.com');
      await staff.getByLabel(/password/i).fill('admin12345');
      await staff.getByRole('button', { name: 'Log In' }).click();
      await expect(staff).toHaveURL(/\/manage-admin\/dashboard$/);
      token = await staffToken(staff);
      await staff.goto(`${admin}/manage-admin/pricing`);
      const countries = staff.getByRole('region', { name: 'Country-wise Pricing' });
      await countries.getByRole('combobox', { name: 'Country' }).click();
      await staff.getByRole('listbox').getByRole('option', { name: 'Bangladesh', exact: true }).click();
      await countries.getByLabel('Adjustment (%)').fill('20');
      await countries.getByRole('button', { name: 'Save Country Price' }).click();
      await expect(staff.getByText('Bangladesh prices saved.')).toBeVisible();
      await expect(countries.getByRole('table', { name: 'Country prices' })).toContainText('+20%');
    });

    await test.step('staff create a 10% campaign with a coupon code', async () => {
      await staff.goto(`${admin}/manage-admin/campaigns`);
      await staff.getByRole('button', { name: 'New Campaign' }).click();
      const form = staff.getByRole('form', { name: 'New campaign' });
      await form.getByLabel(/^Name/).fill(campaign);
      await form.getByLabel(/^Percent Off/).fill('10');
      await form.getByLabel(/^Start/).fill(localInput(new Date(Date.now() - 60 * 60 * 1000)));
      await form.getByLabel(/^End/).fill(localInput(new Date(Date.now() + 24 * 60 * 60 * 1000)));
      await form.getByRole('button', { name: 'Create Campaign' }).click();
      await expect(staff.getByText(`${campaign} created.`)).toBeVisible();
      const row = staff
        .getByRole('table', { name: 'Campaigns' })
        .getByRole('row')
        .filter({ hasText: campaign });
      await expect(row.getByText('Active')).toBeVisible();
      await row.getByRole('button', { name: `Codes of ${campaign}` }).click();
      await staff.getByLabel('New code').fill(code);
      await staff.getByRole('button', { name: 'Add Code' }).click();
      await expect(staff.getByRole('table', { name: 'Coupon codes' })).toContainText(code);
      await staff.keyboard.press('Escape');
    });

    let pagePrice = 0;
    await test.step('a shopper shipping to Bangladesh sees the raised price', async () => {
      const email = `rules.${Date.now()}@example.org`;
      const password = 'correct-horse-42';
      const registered = await request.post(`${api}/user/register`, {
        data: { name: 'Rules Shopper', email, password, confirmPassword: password },
      });
      expect(registered.status()).toBe(201);
      await shopperPage.goto(`${store}/#/login`);
      await shopperPage.getByLabel(/email/i).fill(email);
      await shopperPage.getByLabel(/password/i).fill(password);
      await shopperPage.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(shopperPage.getByText('You are signed in')).toBeVisible();

      const searchBox = shopperPage.getByRole('searchbox', { name: 'Search top picks' });
      await searchBox.fill(PRODUCT.search);
      await searchBox.press('Enter');
      const card = shopperPage.getByRole('article', { name: PRODUCT.name });
      const href = await card.getByRole('link', { name: PRODUCT.name }).getAttribute('href');
      const id = href?.split('/').pop()?.split('?')[0] ?? '';
      const priced = async (country: string) => {
        const answer = await request.get(`${api}/product/${id}?country=${country}&currency=USD`);
        return Math.round(((await answer.json()) as { data: { price: number } }).data.price * 100);
      };
      const [bangladesh, elsewhere] = [await priced('BD'), await priced('US')];
      expect(bangladesh).toBe(Math.round(elsewhere * 1.2));
      await shopperPage.goto(`${store}${href}`);
      pagePrice = minor(
        (await shopperPage
          .getByText(/^Price in USD: /)
          .first()
          .textContent()) ?? '',
      );
      expect(pagePrice).toBe(bangladesh);
    });

    await test.step('the shopper applies the coupon and pays the discounted total', async () => {
      await shopperPage
        .getByRole('region', { name: 'Shipping & Purchase' })
        .getByRole('button', { name: 'Add to Cart' })
        .click();
      await closeAddedToast(shopperPage);
      await shopperPage.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
      await proceedToCheckout(shopperPage);
      const items = shopperPage.getByRole('region', { name: 'Items' });
      await expect(items.getByText(/^1 × /)).toBeVisible();
      expect(minor((await items.getByText(/^1 × /).textContent()) ?? '')).toBe(pagePrice);

      await shopperPage.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase());
      await shopperPage.getByRole('button', { name: 'Apply' }).click();
      await expect(shopperPage.getByText(`Code ${code} applied.`)).toBeVisible();
      const summary = shopperPage.getByRole('region', { name: 'Order Summary' });
      await expect(summary.getByText(`Discount (${code})`)).toBeVisible();
      const quoted = (await summary.getByRole('definition').allTextContents()).map(minor);

      await shopperPage.getByLabel(/^Full Name/).fill('Rules Shopper');
      await shopperPage.getByLabel(/^Address/).fill('House 12, Road 5, Dhanmondi');
      await shopperPage.getByLabel(/^City/).fill('Dhaka');
      await shopperPage.getByLabel(/^Province \/ State/).fill('Dhaka Division');
      await shopperPage.getByLabel(/^ZIP \/ Postal Code/).fill('1205');
      await shopperPage.getByLabel(/^Phone Country Code/).fill('+880');
      await shopperPage.getByLabel(/^Mobile Number/).fill('1712345678');
      await shopperPage.getByRole('radio', { name: 'PayPal' }).check();
      const placed = shopperPage.waitForResponse(
        (response) => response.request().method() === 'POST' && response.url().endsWith('/api/order'),
      );
      await shopperPage.getByRole('button', { name: 'Place Order' }).click();
      const response = await placed;
      expect(response.status()).toBe(201);
      const order = (
        (await response.json()) as {
          data: {
            couponCode: string;
            items: Array<{ price: number }>;
            itemsPrice: number;
            discountPrice: number;
            totalPrice: number;
          };
        }
      ).data;
      expect(order.couponCode).toBe(code);
      expect(Math.round((order.items[0]?.price ?? 0) * 100)).toBe(pagePrice);
      // 10% of the items, rounded once; the order charges what the summary showed.
      expect(Math.round(order.discountPrice * 100)).toBe(Math.round(pagePrice * 0.1));
      expect(quoted).toContain(Math.round(order.totalPrice * 100));
    });

    await test.step('staff replace the first hero banner and the storefront shows it', async () => {
      await staff.goto(`${admin}/manage-admin/marketing`);
      await staff.getByRole('button', { name: `Edit ${HERO}` }).click();
      const form = staff.getByRole('form', { name: 'Edit banner' });
      await form.getByLabel(/^Title \(English\)/).fill(heroTitle);
      await form.getByRole('button', { name: 'Save banner' }).click();
      await expect(staff.getByRole('button', { name: `Edit ${heroTitle}` })).toBeVisible();
      const banners = await request.get(`${api}/marketing/banners`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      heroId =
        ((await banners.json()) as { data: Array<{ id: string; title: { en: string } }> }).data.find(
          (banner) => banner.title.en === heroTitle,
        )?.id ?? null;

      await shopperPage.goto(`${store}/`);
      await expect(shopperPage.getByRole('heading', { name: heroTitle })).toBeVisible();
    });
  } finally {
    // Leave the store as the other journeys expect it.
    const headers = { Authorization: `Bearer ${token}` };
    if (token) {
      await request.delete(`${api}/pricing/countries/BD`, { headers });
      if (heroId) {
        const banners = await request.get(`${api}/marketing/banners`, { headers });
        const hero = (
          (await banners.json()) as { data: Array<Record<string, unknown> & { id: string }> }
        ).data.find((banner) => banner.id === heroId);
        if (hero) {
          const { id: _id, status: _status, position: _p, createdAt: _c, updatedAt: _u, ...rest } = hero;
          await request.put(`${api}/marketing/banners/${heroId}`, {
            headers,
            data: { ...rest, title: { ...(hero.title as object), en: HERO } },
          });
        }
      }
    }
  }

  expect(policyViolations.flat()).toEqual([]);
});
