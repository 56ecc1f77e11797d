// The route walk (issue 27): every route of an app, at a desktop and a phone width, must render something, clip
// no control or text, throw no page error and, on the phone, not scroll sideways. The routes come from the app's
// generated route tree, so a new screen is walked without editing the specs.
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page, test } from '@playwright/test';
import { type JourneyApp, shopAddresses } from './shops.ts';

export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Every full path of the app's route tree (`FileRoutesByFullPath` in `<app>/src/routeTree.gen.ts`). */
export function routePaths(app: JourneyApp): string[] {
  const source = readFileSync(new URL(`../../${app}/src/routeTree.gen.ts`, import.meta.url), 'utf8');
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(source)?.[1];
  if (!block) throw new Error(`${app}/src/routeTree.gen.ts has no FileRoutesByFullPath`);
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1] as string);
}

/** `$id`-style segments of a route path (`$` alone is a splat). */
export const paramsOf = (path: string) => path.split('/').filter((segment) => segment.startsWith('$'));

/** The path with its `$param` segments filled in; undefined when a value is missing. */
export function fillParams(path: string, values: Record<string, string | undefined>): string | undefined {
  let missing = false;
  const filled = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith('$')) return segment;
      const value = values[segment];
      if (value === undefined) missing = true;
      return encodeURIComponent(value ?? '');
    })
    .join('/');
  return missing ? undefined : filled;
}

/** A `data` answer of the shop's API, for the demo ids the dynamic routes are filled with. */
export async function apiData<T>(
  request: APIRequestContext,
  app: JourneyApp,
  path: string,
  token?: string,
): Promise<T> {
  const response = await request.get(`${shopAddresses(app).api}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** A token from one of the API's sign-in operations (staff, vendor and shopper answer it in different places). */
export async function signInToken(
  request: APIRequestContext,
  app: JourneyApp,
  path: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await request.post(`${shopAddresses(app).api}${path}`, { data: credentials });
  if (!response.ok()) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  const answer = (await response.json()) as { token?: string; data?: { token?: string } };
  const token = answer.token ?? answer.data?.token;
  if (!token) throw new Error(`POST ${path} answered no token`);
  return token;
}

/** Browser storage set before any of the app's scripts run (a session token, a cart, settings). */
export async function presetStorage(page: Page, entries: Record<string, string>) {
  await page.addInitScript((values) => {
    // about:blank between widths has no storage of its own.
    if (location.protocol !== 'http:') return;
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}

// What the apps show while they wait: Mantine's loader and skeleton, and tables marked busy (ui/src/data-table.tsx).
const LOADERS = '.mantine-Loader-root, .mantine-Skeleton-root[data-visible], [aria-busy="true"]';
const SETTLE_TIMEOUT = 20_000;

/**
 * Waits until the screen shows something (text or a picture in its main area), no loader shows and the network is
 * quiet; answers what never settled. On a busy machine the network can fall quiet before the app has even
 * rendered, so quiet alone is not ready; a screen still empty after the timeout is reported as blank by the audit.
 */
async function settle(page: Page): Promise<string | undefined> {
  await page
    .waitForFunction(
      (selector) => {
        const main = document.querySelector('main') ?? document.querySelector('#root');
        const shows =
          main !== null &&
          // biome-ignore lint/performance/useDomNodeTextContent: innerText, as hidden text does not count as shown
          ((main as HTMLElement).innerText.trim() !== '' ||
            main.querySelector('img, svg, canvas, video') !== null);
        return (
          shows && [...document.querySelectorAll(selector)].every((element) => !element.checkVisibility())
        );
      },
      LOADERS,
      { timeout: SETTLE_TIMEOUT },
    )
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT }).catch(() => undefined);
  // A refetch started as the network fell quiet gets its own time to end.
  const stillLoading = await page
    .waitForFunction(
      (selector) => [...document.querySelectorAll(selector)].every((element) => !element.checkVisibility()),
      LOADERS,
      { timeout: SETTLE_TIMEOUT },
    )
    .then(() => false)
    .catch(() => true);
  if (stillLoading) return `a loader still shows after ${SETTLE_TIMEOUT / 1000} s`;
  // Mantine's transitions (toasts, collapses) end within their 200-300 ms.
  await page.waitForTimeout(400);
  return undefined;
}

type AuditOptions = { narrow: boolean };

/** Runs in the page: the blank main area, clipped controls and text, and sideways scrolling at phone width. */
function auditInPage({ narrow }: AuditOptions): string[] {
  const problems: string[] = [];
  const nameOf = (element: Element) => {
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    const label = element.getAttribute('aria-label');
    const classes = [...element.classList].filter((name) => name.startsWith('mantine-')).join('.');
    return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${text || label || ''}"`;
  };
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    // Visually hidden text (screen-reader only) is 1 px wide on purpose.
    return (
      box.width > 2 &&
      box.height > 2 &&
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  };

  const main = document.querySelector('main') ?? document.querySelector('#root');
  if (!main) problems.push('no main area');
  else {
    // biome-ignore lint/performance/useDomNodeTextContent: innerText, as hidden text does not count as shown
    const hasText = (main as HTMLElement).innerText.trim() !== '';
    const hasMedia = [...main.querySelectorAll('img, svg, canvas, video')].some(shown);
    if (!hasText && !hasMedia) problems.push('the main area is blank');
  }

  // Controls and badges, and any element holding text of its own; text fields are left out (their value scrolls).
  const CONTROL =
    'button, a, [role="button"], [role="tab"], [role="menuitem"], [role="radio"], label, .mantine-Badge-root';
  const holdsText = (element: Element) =>
    [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
  // The apps truncate a few long names on purpose and give the full name in a `title` (media-manager.tsx's file
  // names); such an element is not a clipped one.
  const namedInFull = (element: Element) => {
    const titled = element.closest('[title]');
    const text = (element.textContent ?? '').trim();
    return titled !== null && text !== '' && (titled.getAttribute('title') ?? '').includes(text);
  };
  const clipped: Element[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (element.matches('input, textarea, select')) continue;
    if (element.scrollWidth - element.clientWidth <= 1) continue;
    const style = getComputedStyle(element);
    const clips =
      style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
    if (!clips) continue;
    if (!element.matches(CONTROL) && !element.closest(CONTROL) && !holdsText(element)) continue;
    // A control's own moving parts (a switch's track and thumb) are not text a reader loses.
    // biome-ignore lint/performance/useDomNodeTextContent: innerText, as hidden text does not count as shown
    if ((element as HTMLElement).innerText.trim() === '') continue;
    if (!shown(element) || namedInFull(element)) continue;
    clipped.push(element);
  }
  // One line per clipped thing: a clipped button's label clips its root too, so only the innermost is named.
  for (const element of clipped) {
    if (clipped.some((other) => other !== element && element.contains(other))) continue;
    problems.push(`clipped: ${nameOf(element)} needs ${element.scrollWidth}px, has ${element.clientWidth}px`);
  }

  const pageWidth = document.documentElement.scrollWidth;
  if (narrow && pageWidth > window.innerWidth) {
    const beyond = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 1 && shown(element),
    );
    // The deepest elements past the edge are the ones that push it.
    const culprits = beyond.filter(
      (element) => !beyond.some((other) => other !== element && element.contains(other)),
    );
    problems.push(
      `the page scrolls sideways (${pageWidth}px wide in ${window.innerWidth}px), past the edge: ${culprits
        .slice(0, 3)
        .map(nameOf)
        .join(', ')}`,
    );
  }
  return problems;
}

/**
 * Opens `url` fresh at each width and answers every problem found, each prefixed with its width, so one failing
 * expect lists all of a route's problems.
 */
export async function walkRoute(page: Page, url: string): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    // A blank page between widths, so a hash route loads afresh rather than as an in-page jump.
    await page.goto('about:blank');
    await page.goto(url);
    const stuck = await settle(page);
    const found = [
      ...(stuck ? [stuck] : []),
      ...(await page.evaluate(auditInPage, { narrow: viewport.width < 600 })),
    ];
    if (found.length > 0) {
      // What the walk saw, beside the report, to see a clipped label or a blank screen without running it again.
      await test.info().attach(`${viewport.width}px`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    }
    problems.push(...found.map((problem) => `${viewport.width}px: ${problem}`));
  }
  return problems;
}
