import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe as the end-to-end tests run it: in the page itself (AxeBuilder's legacy mode). By default
 * AxeBuilder runs axe in every frame and then opens a blank page of its own, loads axe into it a
 * second time and merges the frames' results there: a new browser tab for every audit, which
 * is most of an audit's time. The console's own markup is all in the page (its only frames are
 * a header's video from another origin and the outbox's sandboxed e-mail preview), so running axe
 * in the page audits the same markup with the same rules, without the extra tab.
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

/** axe on the page as it is: no violation of impact serious or critical (as tests/e2e/a11y.spec.ts). */
export async function expectNoSeriousViolations(page: Page) {
  const results = await axeOn(page).analyze();
  expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}
