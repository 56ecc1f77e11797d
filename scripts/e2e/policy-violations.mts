import type { Page } from '@playwright/test';

/**
 * Collects the Content Security Policy violations of every document the page loads from now on, from the browser's
 * `securitypolicyviolation` events (Playwright's console events miss some, such as a refused eval).
 */
export async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportPolicyViolation', (violation: string) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportPolicyViolation(violation: string): void })
        .__reportPolicyViolation;
      report(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

/** Puts an inline script and an image with an inline event handler into the page, as an injection would. */
export async function slipScriptsIn(page: Page): Promise<void> {
  await page.evaluate(() => {
    const html = document.createElement('div');
    html.innerHTML = '<img src="data:," onerror="window.__slipped = \'handler\'">';
    document.body.append(html);
    const script = document.createElement('script');
    script.textContent = "window.__slipped = 'inline'";
    document.body.append(script);
  });
}

/** What a script put in by `slipScriptsIn` managed to run, if anything. */
export function slippedScriptRan(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { __slipped?: string }).__slipped);
}
