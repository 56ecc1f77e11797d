import { expect, type Page, test } from '@playwright/test';

const store = 'http://localhost:5174';

/** Collects the page's Content Security Policy violations from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test.describe('content security policy', () => {
  test('the home page and a product page run their own scripts without a violation', async ({ page }) => {
    const homeViolations = await watchViolations(page);
    await page.goto(`${store}/`);
    const firstCard = page.getByRole('article').first();
    await expect(firstCard).toBeVisible();
    const href = await firstCard.getByRole('link').last().getAttribute('href');
    expect(await homeViolations()).toEqual([]);

    // In a tab of its own, as a card opens it: index.html's start-up script asks for the product.
    const product = await page.context().newPage();
    const productViolations = await watchViolations(product);
    await product.goto(new URL(href ?? '', store).href);
    await expect(product.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(product.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    expect(await productViolations()).toEqual([]);
  });

  test('the forms check their fields without a violation', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(`${store}/#/register`);
    await page.getByRole('button', { name: /create account|register|sign up/i }).click();
    await expect(page.getByText('All fields are required.')).toBeVisible();
    await page.getByLabel(/name/i).first().fill('Ada Lovelace');
    await page.getByLabel(/email/i).fill('ada@example.com');
    await page.getByLabel(/^password/i).fill('secret123');
    await page.getByLabel(/confirm/i).fill('secret124');
    await page.getByRole('button', { name: /create account|register|sign up/i }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('a script slipped into the page, inline or as an event handler, does not run', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto(`${store}/`);
    await expect(page.getByRole('article').first()).toBeVisible();

    await page.evaluate(() => {
      const html = document.createElement('div');
      html.innerHTML = '<img src="data:," onerror="window.__ran = \'handler\'">';
      document.body.append(html);
      const script = document.createElement('script');
      script.textContent = "window.__ran = 'inline'";
      document.body.append(script);
    });

    await expect.poll(violations).toHaveLength(2);
    expect(await page.evaluate(() => (window as unknown as { __ran?: string }).__ran)).toBeUndefined();
  });
});
