import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * axe as the end-to-end tests run it: in the page itself (AxeBuilder's legacy mode). By default
 * AxeBuilder runs axe in every frame and then opens a blank page of its own, loads axe into it a
 * second time and merges the frames' results there: a new browser tab for every audit, which
 * is most of an audit's time. The console's own markup is all in the page (its only frames are
 * a header's video from another origin and the outbox's sandboxed e-mail preview), so running axe
 * in the page audits the same markup with the same rules, without the extra tab.
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

/**
 * axe on the page as it is: no violation of impact serious or critical (as tests/e2e/a11y.spec.ts).
 * In the no-JavaScript project the page's markup is audited in a copy (expectNoSeriousViolationsWithoutJs).
 */
export async function expectNoSeriousViolations(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return expectNoSeriousViolationsWithoutJs(page);
  await auditInPage(page);
}

async function auditInPage(page: Page) {
  const results = await axeOn(page).analyze();
  expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

/**
 * The audit of a page as a browser without JavaScript got it. In any page whose scripts are
 * disabled axe's run never answers (its own callbacks never run): the markup is copied into a
 * page of a JavaScript-enabled context (same address, size and cookies, so its stylesheets and
 * images load as they did), with its scripts removed so that nothing hydrates, and audited there.
 */
export async function expectNoSeriousViolationsWithoutJs(page: Page) {
  const url = page.url();
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
  const browser = page.context().browser();
  if (!browser) throw new Error('the page has no browser to open a copy in');
  // The project's options apply to every new context of a test: JavaScript is turned on by name.
  const context = await browser.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
    storageState: await page.context().storageState(),
    reducedMotion: 'reduce',
  });
  try {
    const copy = await context.newPage();
    await copy.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
    await copy.goto(url);
    await auditInPage(copy);
  } finally {
    await context.close();
  }
}
