import type { Page } from '@playwright/test';
import { formatInTimeZone } from 'date-fns-tz';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test, withE2eDb } from './fixtures';

/**
 * The AI writing assistant (spec 02 "AI writing assistant dialog", §4 "AI run"; docs/decisions/038)
 * opened from the event editor and the hunt editor of a community of its own, with JavaScript (a
 * dialog over the editor) and without (the assistant's page). No OpenAI key: the offline drafts,
 * which the assistant says are offline. A prompt runs as a job ('Thinking...'), its drafts are
 * reworked, used in the editor's form, and deleted until the prompt goes with its last response.
 * axe runs with JavaScript (the same markup without it). The rules are proven in server/assistant/history.test.ts and jobs/processors/ai-assistant.test.ts.
 */
test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

const TZ = 'America/New_York';
const DAY = 864e5;

/** An event of the community's Activities calendar that has not ended, with a title of its own; answers its key. */
async function upcomingEvent(community: string): Promise<string> {
  const events = (await readE2e<Record<string, Record<string, unknown>>>(e2ePaths.calendarEvents(community, 'activities'))) ?? {};
  const key = Object.keys(events)[0];
  if (!key) throw new Error('the copied Activities calendar has no event');
  const start = Date.now() + 5 * DAY;
  await withE2eDb((db) =>
    db.ref(e2ePaths.calendarEvent(community, 'activities', key)).update({
      title: 'Breakfast',
      startDate: start,
      endDate: start + 3_600_000,
      recurrenceId: null,
      recurrence: null,
    }),
  );
  return key;
}

async function shoot(page: Page, name: string, project: string) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    await page.screenshot({ path: `tests/.tmp/ai-assistant-${name}-${project}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test(
  'drafts a title and description for an event, reworks and uses them, and deletes the prompt with its last response',
  { tag: '@forms' },
  async ({ page, community }, info) => {
    const js = info.project.name === 'js';
    const eventKey = await upcomingEvent(community.key);
    const editor = `/detail/events/activities/${eventKey}`;
    await page.goto(editor);
    await expect(page.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeVisible();
    if (js) await expect(page.locator('.event-editor[data-hydrated]')).toBeVisible();
    await page.getByRole('link', { name: 'AI Writing Assistant' }).click();

    // With JavaScript a dialog over the editor; without, the assistant's page.
    const scope = js ? page.getByRole('dialog', { name: 'AI Writing Assistant' }) : page.locator('main');
    if (js) await expect(scope).toHaveAttribute('data-modal', '');
    else await expect(page.getByRole('heading', { name: 'AI Writing Assistant', level: 1 })).toBeVisible();
    await expect(scope.getByText('The AI writing assistant is offline')).toBeVisible();
    await expect(scope.getByText('No prompts yet.')).toBeVisible();
    const prompt = scope.getByRole('textbox', { name: 'Prompt', exact: true });
    await expect(prompt).toHaveAttribute('placeholder', 'Enter prompt...');
    const search = scope.getByRole('button', { name: 'Search' });
    if (js) await expect(search).toBeDisabled();
    else {
      // Without JavaScript an empty prompt is answered by the server, and nothing is stored.
      await search.click();
      await expect(scope.getByText('Enter a prompt.')).toBeVisible();
    }

    await prompt.fill('pancake breakfast by the lake');
    await scope.getByLabel('Resort / Local Area').selectOption('resort');
    await search.click();
    const response = scope.getByTestId('assistant-response');
    await expect(response).toHaveCount(2, { timeout: 20_000 });
    const header = `${formatInTimeZone(Date.now(), TZ, 'MM/dd/yyyy')} pancake breakfast by the lake`;
    await expect(scope.getByTestId('assistant-prompt').first().locator(':scope > summary')).toContainText(header);
    await expect(scope.getByTestId('assistant-title').first()).toHaveText(/Pancake Breakfast by the Lake|Breakfast/);
    const first = response.filter({ has: page.getByTestId('assistant-title').getByText('Pancake Breakfast by the Lake', { exact: true }) });
    await first.locator(':scope > summary').click();
    await expect(first.getByTestId('assistant-description')).toContainText('Join us for Pancake Breakfast by the Lake.');
    if (js) await expectNoSeriousViolations(page);
    await shoot(page, 'history', info.project.name);

    // A field reworked: the offline assistant adds an emoji; the old text is kept in the history.
    await first.getByRole('button', { name: 'Emojify title' }).click();
    const emojified = response.filter({
      has: page.getByTestId('assistant-title').getByText('🍽️ Pancake Breakfast by the Lake', { exact: true }),
    });
    await expect(emojified).toHaveCount(1);
    if ((await emojified.getAttribute('open')) === null) await emojified.locator(':scope > summary').click();

    // Use: both texts into the editor's form (unsaved).
    await emojified.getByRole('button', { name: 'Use', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Title *')).toHaveValue('🍽️ Pancake Breakfast by the Lake');
    if (js) await expect(page.locator('.ProseMirror')).toContainText('Join us for Pancake Breakfast by the Lake.');
    else {
      await expect(page.getByTestId('assistant-used')).toBeVisible();
      await expect(page.locator('textarea[name="description"]')).toHaveValue(/^<p>Join us for Pancake Breakfast by the Lake\./);
    }
    // Nothing saved yet.
    const stored = await readE2e<Record<string, unknown>>(e2ePaths.calendarEvent(community.key, 'activities', eventKey));
    expect(stored?.title).toBe('Breakfast');

    // The history again: delete both responses; the prompt goes with the last.
    await page.getByRole('link', { name: 'AI Writing Assistant' }).click();
    await expect(scope.getByTestId('assistant-response')).toHaveCount(2);
    await scope.getByTestId('assistant-response').first().locator(':scope > summary').click();
    await scope.getByTestId('assistant-response').first().getByRole('button', { name: 'Delete Response' }).click();
    await expect(scope.getByTestId('assistant-response')).toHaveCount(1);
    await expect(scope.getByText('1 response', { exact: true })).toBeVisible();
    await scope.getByTestId('assistant-response').getByRole('button', { name: 'Delete Response' }).click();
    await expect(scope.getByText('No prompts yet.')).toBeVisible();
    const history = await readE2e(e2ePaths.aiPrompts(community.user.uid, community.key, 'events'));
    expect(history).toBeNull();
  },
);

test(
  'edit-only mode writes a description from the title and improves it; the hunt editor opens the assistant too',
  { tag: '@forms' },
  async ({ page, community }, info) => {
    const js = info.project.name === 'js';
    const hunts = (await readE2e<Record<string, unknown>>(e2ePaths.hunts(community.key))) ?? {};
    const huntKey = Object.keys(hunts)[0];
    expect(huntKey).toBeTruthy();
    await page.goto(`/listnm/hunts/edit/${huntKey}`);
    const title = page.getByRole('form', { name: 'Edit Hunt' }).locator('input[name="title"]');
    await expect(title).toBeVisible();
    if (js) await expect(page.getByRole('form', { name: 'Edit Hunt' })).toHaveAttribute('data-hydrated', '');
    await title.fill('Nature Trail Hunt');
    // The description emptied: edit-only mode writes one from the title.
    const description = page.locator('[name="description"]');
    if (!js) await description.fill('');
    else await page.locator('.ProseMirror').evaluate((element) => (element.innerHTML = ''));
    // The dialog posts for the description as it opens; that post is held until 'Thinking...' has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    if (js)
      await page.route(/\/assistant\//, async (route) => {
        if (route.request().method() === 'POST' && (route.request().postData() ?? '').includes('edit-describe')) await held;
        await route.continue();
      });
    await page.getByRole('link', { name: 'Improve Title and Description' }).click();

    const scope = js ? page.getByRole('dialog', { name: 'AI Writing Assistant' }) : page.locator('main');
    const editTitle = scope.getByLabel('Title', { exact: true });
    const editDescription = scope.getByLabel('Description', { exact: true });
    if (js) {
      await expect(editTitle).toHaveValue('Nature Trail Hunt');
      await expect(scope.getByRole('status').filter({ hasText: 'Thinking...' })).toBeVisible();
      release();
      await expect(editDescription).toHaveValue('Join us for Nature Trail Hunt. More details about this hunt will follow.');
    } else {
      // Without JavaScript the link carries the stored title, with its stored description.
      await expect(editTitle).not.toHaveValue('');
    }
    await expect(scope.getByRole('button', { name: 'Cancel' }).or(scope.getByRole('link', { name: 'Cancel' }))).toBeVisible();
    if (js) await expectNoSeriousViolations(page);
    await shoot(page, 'edit-only', info.project.name);
    await editTitle.fill('Nature Trail Treasure Hunt for Families');
    await scope.getByRole('button', { name: 'Shorten title' }).click();
    await expect(editTitle).toHaveValue('Nature Trail Treasure Hunt for');
    await scope.getByRole('button', { name: 'Use', exact: true }).click();
    if (js) await expect(scope).toBeHidden();
    await expect(title).toHaveValue('Nature Trail Treasure Hunt for');
  },
);
