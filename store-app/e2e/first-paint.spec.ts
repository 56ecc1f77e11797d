import { type APIRequestContext, expect, test } from '@playwright/test';

const store = 'http://localhost:5174';
const heroTitle = 'Top picks, delivered worldwide';

/** The first product of the demo catalogue, as the home page lists it. */
async function firstProduct(request: APIRequestContext): Promise<{ _id: string; name: string }> {
  const list = await request.get('http://localhost:3000/api/product/?page=1&limit=1&country=BD&currency=USD');
  return (await list.json()).data[0];
}

test.describe('first paint before the scripts run', () => {
  test('the home page shows its header, hero and tiles from the HTML alone', async ({ page }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${store}/`);
    await expect(page.getByRole('link', { name: 'Shop home' })).toBeVisible();
    await expect(page.getByRole('heading', { name: heroTitle })).toBeVisible();
    await expect(page.getByText('Free Shipping')).toBeVisible();
    await expect(page.getByText('Easy Returns')).toBeVisible();
  });

  test('other pages show only the header, in the stored theme', async ({ page }) => {
    await page.route('**/*.js', (route) => route.abort());
    await page.addInitScript(() => localStorage.setItem('shop.settings', JSON.stringify({ theme: 'dark' })));
    await page.goto(`${store}/cart`);
    await expect(page.getByRole('link', { name: 'Shop home' })).toBeVisible();
    await expect(page.getByRole('heading', { name: heroTitle })).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(36, 36, 36)',
    );
  });

  test('a product page shows its picture from the HTML alone, where the gallery shows it', async ({
    page,
    request,
  }) => {
    const product = await firstProduct(request);
    const url = `${store}/products/${product._id}`;

    const blocked = await page.context().newPage();
    await blocked.route('**/*.js', (route) => route.abort());
    await blocked.goto(url);
    const shellPicture = blocked.getByRole('img', { name: product.name });
    await expect(shellPicture).toBeVisible();
    const shell = { src: await shellPicture.getAttribute('src'), box: await shellPicture.boundingBox() };
    await blocked.close();

    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    // The page's server-rendered text has the same heading: the app has taken over once its buttons are there.
    await expect(page.getByRole('button', { name: 'Add to Cart' }).first()).toBeVisible();
    const gallery = page.getByRole('img', { name: product.name }).first();
    expect(await gallery.getAttribute('src')).toBe(shell.src);
    expect(await gallery.boundingBox()).toEqual(shell.box);
  });

  test('the app replaces the shell, with the same category links', async ({ page }) => {
    const shellLinks = await test.step('read the links of the shell', async () => {
      const blocked = await page.context().newPage();
      await blocked.route('**/*.js', (route) => route.abort());
      await blocked.goto(`${store}/`);
      const links = await blocked
        .getByRole('navigation', { name: 'Categories' })
        .getByRole('link')
        .evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]));
      await blocked.close();
      return links;
    });

    await page.goto(`${store}/`);
    await expect(page.getByRole('heading', { name: 'Top Picks', exact: true })).toBeVisible();
    await expect(page.locator('.boot')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: heroTitle })).toHaveCount(1);
    const appLinks = await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(appLinks).toEqual(shellLinks);
  });

  test('a product page asks for its product once, and opens on it (index.html asks, the app uses the answer)', async ({
    page,
    request,
  }) => {
    const product = await firstProduct(request);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/product/${product._id}`) asked.push(request.url());
    });

    // A slow answer (still within the page's wait): the app's code is ready before it arrives.
    await page.route(
      (url) => url.pathname === `/api/product/${product._id}`,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      },
    );
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('[aria-label="Loading product"]'))
          document.documentElement.dataset.sawSkeleton = '';
      }).observe(document, { childList: true, subtree: true });
    });

    // An old hash link: the same product page, at its path.
    await page.goto(`${store}/#/products/${product._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page).toHaveURL(`${store}/products/${product._id}`);
    // The answer was there before the app's first render: the page opened on the product, not its skeleton.
    await expect(page.locator('html')).not.toHaveAttribute('data-saw-skeleton');
    await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('country=BD&currency=USD');
  });
});
