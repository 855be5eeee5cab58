import { randomUUID } from 'node:crypto';
import { createCommunity, e2ePaths, expect, readE2e, test, type TestCommunity } from './fixtures';

/**
 * A form opened for one community never saves into another (docs/decisions/018): a resort
 * system admin opens Add FAQ for one community, switches to another community in a second tab,
 * then submits the first tab. Nothing is saved anywhere; the page says what happened and shows
 * what was typed, and "Switch to … and save" saves it where it was meant to go. With and
 * without JavaScript. Every action's refusal is proven in
 * tests/permission-matrix/form-community.ts.
 */

test.use({ communityOptions: { from: 'demo-campground', role: 'system', label: 'stale-form', locationData: { faqs: {} } } });

const faqTitles = async (community: TestCommunity) =>
  Object.values((await readE2e<Record<string, { title?: string }>>(e2ePaths.section(community.key, 'faqs'))) ?? {}).map((faq) => faq.title);

test('a form opened before another community was selected in another tab is refused, kept, and saved after switching back @forms', async ({
  page,
  context,
  community,
}) => {
  const other = await createCommunity({
    label: 'stale-form-other',
    record: { title: `Maple Grove ${randomUUID().slice(0, 8)}` },
    locationData: { faqs: {} },
  });
  const title = `Where can I buy ice? ${community.key}`;

  await page.goto('/listnm/faqs/add');
  await expect(page.getByRole('heading', { name: 'Add FAQ' })).toBeVisible();
  await page.getByLabel('Title').fill(title);

  // Meanwhile, in another tab, the other community is selected.
  const second = await context.newPage();
  await second.goto('/listnm/switch-community');
  await second.getByRole('button', { name: `Switch to ${other.title}` }).click();
  await expect(second.getByText(`Switched to ${other.displayName}.`)).toBeVisible();
  await second.close();

  await page.getByRole('button', { name: 'Submit' }).click();
  const refusal = page.getByTestId('community-refusal');
  await expect(refusal).toContainText(
    `This form was opened for ${community.title}, but ${other.title} is now selected, so nothing was saved. Switch back to ${community.title} to save it; what you typed is below.`,
  );
  await expect(refusal.getByRole('region', { name: 'What you typed' })).toContainText(title);
  expect(await faqTitles(other)).toEqual([]);
  expect(await faqTitles(community)).toEqual([]);

  await refusal.getByRole('button', { name: `Switch to ${community.title} and save` }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect.poll(() => faqTitles(community)).toEqual([title]);
  expect(await faqTitles(other)).toEqual([]);
  await expect(page.getByRole('banner')).toContainText(community.displayName);
});
