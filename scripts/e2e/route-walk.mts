// The route walk (issue 27): every route of an app, at a desktop and a phone width, must render something, clip
// no control or text, throw no page error and, on the phone, not scroll sideways. The routes come from the app's
// generated route tree, so a new screen is walked without editing the specs.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { type APIRequestContext, test as base, type Page, type Request } from '@playwright/test';
import { type JourneyApp, projectShop, shopAddresses } from './shops.ts';

export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Every full path of the app's route tree (`FileRoutesByFullPath` in `<app>/src/routeTree.gen.ts`). */
export function routePaths(app: JourneyApp): string[] {
  const source = readFileSync(new URL(`../../${app}/src/routeTree.gen.ts`, import.meta.url), 'utf8');
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(source)?.[1];
  if (!block) throw new Error(`${app}/src/routeTree.gen.ts has no FileRoutesByFullPath`);
  const paths = [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1] as string);
  // A layout's path opens its index ('/orders' and '/orders/' are one screen), so the index is walked as the layout.
  return paths.filter(
    (path) => !(path.length > 1 && path.endsWith('/') && paths.includes(path.slice(0, -1))),
  );
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

/** The API of the shop the walk runs in (a project may walk one app in another app's shop). */
const walkedApi = () => shopAddresses(projectShop(base.info().project.name)).api;

/** A `data` answer of the shop's API, for the demo ids the dynamic routes are filled with. */
export async function apiData<T>(request: APIRequestContext, path: string, token?: string): Promise<T> {
  const response = await request.get(`${walkedApi()}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** A token from one of the API's sign-in operations (staff, vendor and shopper answer it in different places). */
export async function signInToken(
  request: APIRequestContext,
  path: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await request.post(`${walkedApi()}${path}`, { data: credentials });
  if (!response.ok()) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  const answer = (await response.json()) as { token?: string; data?: { token?: string } };
  const token = answer.token ?? answer.data?.token;
  if (!token) throw new Error(`POST ${path} answered no token`);
  return token;
}

/**
 * Browser storage set before any of the app's scripts run (a session token, a cart, settings). The page is reused
 * from route to route, so each load starts from exactly these entries, as a fresh browser would.
 */
async function presetStorage(page: Page, entries: Record<string, string>) {
  await page.addInitScript((values) => {
    // about:blank (before a hash route) has no storage of its own; a same-origin frame must not wipe its page's.
    if (location.protocol !== 'http:' || window !== window.top) return;
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, entries);
}

/** The page's requests in flight, so the walk can wait for the network to fall quiet (see NETWORK_QUIET_MS). */
function watchNetwork(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    /** Forgets the last document's requests (navigating away cancels them). */
    reset() {
      inFlight.clear();
      lastChange = Date.now();
    },
    /** Until no request has been in flight, started or ended for `quietMs`, or `timeoutMs` has passed. */
    async quiet(quietMs: number, timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && (inFlight.size > 0 || Date.now() - lastChange < quietMs))
        await sleep(25);
    },
  };
}

/** A page of the walk at one of its widths. */
export type WalkPage = { page: Page; width: number; network: ReturnType<typeof watchNetwork> };
/** The walk's pages (one per width) whose every load starts with `storage` in the browser's storage. */
export type OpenWalkPages = (storage: Record<string, string>) => Promise<WalkPage[]>;

/**
 * The walk's pages: for each set of preset storage (signed in, a visitor), one page per width, kept for the worker's
 * whole walk. Every route is still loaded afresh at each width, but from the browser's cache of the app's hashed
 * scripts, as a returning visitor's would be, rather than fetched and compiled again in a new browser context for
 * each route; and the two widths load side by side, as most of a visit is waiting for the API.
 */
export const test = base.extend<object, { walkPages: OpenWalkPages }>({
  walkPages: [
    async ({ browser }, use) => {
      const sets = new Map<string, Promise<WalkPage[]>>();
      const open = (storage: Record<string, string>) =>
        Promise.all(
          VIEWPORTS.map(async (viewport) => {
            const context = await browser.newContext({ viewport });
            const page = await context.newPage();
            await presetStorage(page, storage);
            return { page, width: viewport.width, network: watchNetwork(page) };
          }),
        );
      await use((storage) => {
        const key = JSON.stringify(storage);
        const pages = sets.get(key) ?? open(storage);
        sets.set(key, pages);
        return pages;
      });
      for (const pages of sets.values()) {
        for (const { page } of await pages) await page.context().close();
      }
    },
    { scope: 'worker' },
  ],
});

// What the apps show while they wait: Mantine's loader and skeleton, and tables marked busy (ui/src/data-table.tsx).
const LOADERS = '.mantine-Loader-root, .mantine-Skeleton-root[data-visible], [aria-busy="true"]';
const SETTLE_TIMEOUT = 20_000;
// No request in flight, started or ended for this long counts as a quiet network. Playwright's 'networkidle' waits
// 500 ms, as long as the rest of a visit; a call chained on another's answer starts within a render, far sooner.
const NETWORK_QUIET_MS = 250;

/**
 * Waits until the screen shows something (text or a picture in its main area), no loader shows and the network is
 * quiet; answers what never settled. On a busy machine the network can fall quiet before the app has even
 * rendered, so quiet alone is not ready; a screen still empty after the timeout is reported as blank by the audit.
 */
async function settle({ page, network }: WalkPage): Promise<string | undefined> {
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
  await network.quiet(NETWORK_QUIET_MS, SETTLE_TIMEOUT);
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
  // Mantine's transitions (toasts, collapses) run as CSS transitions: wait until none has run for a few frames.
  // Endless animations (a spinner, a skeleton's pulse) never end and are the loaders' business.
  await page
    .waitForFunction(
      () => {
        const moving = document
          .getAnimations()
          .some(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
          );
        const calm = window as unknown as { routeWalkCalmFrames?: number };
        calm.routeWalkCalmFrames = moving ? 0 : (calm.routeWalkCalmFrames ?? 0) + 1;
        return calm.routeWalkCalmFrames >= 3;
      },
      undefined,
      { timeout: SETTLE_TIMEOUT },
    )
    .catch(() => undefined);
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

/** Opens `url` fresh in the width's page and answers the problems found there, each prefixed with the width. */
async function visit(walkPage: WalkPage, url: string): Promise<string[]> {
  const { page, width, network } = walkPage;
  const errors: string[] = [];
  const onPageError = (error: Error) => errors.push(`page error: ${error.message}`);
  page.on('pageerror', onPageError);
  try {
    // A hash route opens from a blank page, so it loads afresh rather than as an in-page jump from the last route.
    if (new URL(url).hash) await page.goto('about:blank');
    network.reset();
    await page.goto(url);
    const stuck = await settle(walkPage);
    const found = [...(stuck ? [stuck] : []), ...(await page.evaluate(auditInPage, { narrow: width < 600 }))];
    if (found.length > 0) {
      // What the walk saw, beside the report, to see a clipped label or a blank screen without running it again.
      await base.info().attach(`${width}px`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    }
    return [...errors, ...found].map((problem) => `${width}px: ${problem}`);
  } finally {
    // The page walks the next route too.
    page.off('pageerror', onPageError);
  }
}

/**
 * Opens `url` fresh at each width (side by side) and answers every problem found, each prefixed with its width,
 * so one failing expect lists all of a route's problems.
 */
export async function walkRoute(pages: WalkPage[], url: string): Promise<string[]> {
  return (await Promise.all(pages.map((walkPage) => visit(walkPage, url)))).flat();
}
