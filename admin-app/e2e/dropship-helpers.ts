import { expect, type Page } from '@playwright/test';
import { ALIEXPRESS_STAND_IN, shopAddresses } from '../../scripts/e2e/shops.ts';

// What the dropship journeys share: calls made with a page's own session for what a journey sets up or reads
// rather than does on screens, and the AliExpress stand-in's control API.

const { api } = shopAddresses('admin-app');

/** A call with the session's own token (`shop.adminToken` or `shop.userToken`), answering its `data`. */
export async function callAs<T>(
  page: Page,
  key: 'shop.adminToken' | 'shop.userToken',
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<T> {
  const token = await page.evaluate((name) => window.localStorage.getItem(name), key);
  const response = await page.request.fetch(`${api}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.ok(), `${method} ${path} answers ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  return ((await response.json()) as { data: T }).data;
}

/** The signed-in staff member's own call. */
export const staffApi = <T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
  callAs<T>(page, 'shop.adminToken', method, path, body);

/** The stand-in's control API: GET without a body, POST with one. */
export async function control(page: Page, path: string, body?: unknown) {
  const response = await page.request.fetch(`${ALIEXPRESS_STAND_IN.control}/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.ok(), `stand-in ${path} answers ${response.status()}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A demo catalogue product found by search and matched by its name. */
export async function productNamed(page: Page, product: { search: string; name: RegExp }) {
  const found = await staffApi<Array<{ _id: string; productId: string; name: string }>>(
    page,
    'GET',
    `/product/?q=${encodeURIComponent(product.search)}&limit=20`,
  );
  const match = found.find((row) => product.name.test(row.name));
  if (!match) throw new Error(`the demo catalogue has no ${product.search}`);
  return match;
}
