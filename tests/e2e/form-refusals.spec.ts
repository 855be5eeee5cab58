import { expect, test } from './fixtures';

/**
 * A form that does not fit its schema is refused with the reason (issue 9): here the page's own
 * form gets a row of its social links far past the list's cap (as a tampered page would post
 * it), and the answer is a 400 whose message the page shows, with JavaScript (the route's error
 * boundary shows the action's message) and without (the document). Every refusal and every
 * action is proven server-side in server/http/*.test.ts and the malformed-bodies walk
 * (tests/permission-matrix); here the browser shows it once each way.
 */

test.use({ communityOptions: { role: 'admin' } });

test(
  'a form naming a list row past its cap is refused with the reason, and nothing is saved',
  { tag: '@forms' },
  async ({ page, community }) => {
    await page.goto('/community-setup');
    const form = page.locator('#community-setup-form');
    await form.getByLabel('Title', { exact: true }).fill('Renamed by a tampered form');
    await form.evaluate((element) => {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = 'socialMedia[5000].site';
      input.value = 'facebook';
      element.append(input);
    });
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    // A step of the form (not Submit, which checks the whole form in the browser first).
    await form.getByRole('button', { name: 'Look up time zone' }).click();
    expect((await answer).status()).toBe(400);
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Bad request' })).toBeVisible();
    await expect(alert).toContainText('The form sent row 5,001 of “socialMedia”, which holds at most 30 rows. Nothing was saved.');
    expect((await community.record())?.title).not.toBe('Renamed by a tampered form');
  },
);
