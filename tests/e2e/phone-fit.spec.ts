import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * What must fit on a phone (390 × 844), read on the demo community: the business editor's hours
 * show whole times ('10:00 AM', not '10:0'), and the home header's caption wraps before the
 * carousel's ‹ › buttons instead of running under them.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('the hours editor shows whole times', async ({ page, loginAs }) => {
  await loginAs('admin@demo.example');
  await page.goto('/detail/business/dining-resort/lakeside-grill');
  const details = page.locator('details.editor-section', { has: page.locator('summary', { hasText: 'Hours' }) });
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
  const inputs = details.locator('input[type="time"]');
  await expect(inputs.first()).toBeVisible();
  expect(await inputs.count()).toBeGreaterThan(0);
  // Each input is at least as wide as the browser makes it to show its whole time (its width with `width: auto`).
  const tooNarrow = await inputs.evaluateAll((elements) =>
    elements
      .map((element) => {
        const probe = element.cloneNode() as HTMLInputElement;
        probe.style.width = 'auto';
        probe.style.position = 'absolute';
        element.parentElement!.append(probe);
        const needed = probe.offsetWidth;
        probe.remove();
        return { name: element.getAttribute('name'), width: (element as HTMLElement).offsetWidth, needed };
      })
      .filter((input) => input.width < input.needed),
  );
  expect(tooNarrow).toEqual([]);
  await details.screenshot({ path: 'test-results/phone-fit-hours.png' });
});

/** The right end of the caption's text (its last character's box on each line), and the buttons' left edge. */
async function captionAndButtons(page: Page) {
  return page.evaluate(() => {
    const caption = document.querySelector('.header-carousel-caption');
    const controls = document.querySelector('.header-carousel-controls');
    if (!caption || !controls) return null;
    const range = document.createRange();
    range.selectNodeContents(caption);
    const lines = Array.from(range.getClientRects());
    const buttons = controls.getBoundingClientRect();
    return {
      textRight: Math.max(...lines.map((line) => line.right)),
      textBottom: Math.max(...lines.map((line) => line.bottom)),
      buttonsLeft: buttons.left,
      buttonsTop: buttons.top,
    };
  });
}

test('the home header’s caption wraps before the ‹ › buttons', async ({ page, loginAs }) => {
  await loginAs('admin@demo.example');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Next image' })).toBeVisible();
  const box = await captionAndButtons(page);
  expect(box).not.toBeNull();
  // The text stays left of the buttons wherever it reaches their height.
  if (box && box.textBottom > box.buttonsTop) expect(box.textRight).toBeLessThanOrEqual(box.buttonsLeft);
  await page.locator('.header-carousel').screenshot({ path: 'test-results/phone-fit-carousel.png' });
});
