import type { DbValue } from '@server/db';
import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, submit, test, uniqueKey, withE2eDb } from './fixtures';

/**
 * The remote flyer designer (`/create-flyer-remote/:action?`, spec 02 "Flyer designer"): the
 * holder of a calendar's URL grant with Edit Information designs a flyer for an event of that
 * calendar without signing in; the grant is checked on the server for every request (another
 * calendar's event is not found, a grant without Edit Information is refused).
 */

test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

const EVENT = 'activities/ev-sunset-paddle';

async function grant(community: string, editInfo: boolean): Promise<string> {
  const uuid = uniqueKey('flyer-link');
  const remoteKey = uniqueKey('flyer-key');
  const entry: Record<string, DbValue> = {
    type: 'calendar',
    accessType: 'url',
    title: 'Organizer',
    editInfo,
    addButtons: false,
    sendNotifications: false,
    origContext: `${community}/amc-events`,
    contexts: [`${community}/amc-events/calendars/activities`],
    detailTitle: 'Activities',
    uid: uuid,
  };
  await withE2eDb((db) =>
    db.ref().update({
      [`${e2ePaths.calendarConfig(community, 'activities')}/remoteKey`]: remoteKey,
      [e2ePaths.remoteByUid(uuid, remoteKey)]: entry,
      [e2ePaths.remoteByDetail(remoteKey, uuid)]: entry,
    }),
  );
  return uuid;
}

test(
  'a calendar URL grant holder designs a flyer for an event of the calendar',
  { tag: '@forms' },
  async ({ page, context, community }) => {
    test.setTimeout(120_000);
    const uuid = await grant(community.key, true);
    await context.clearCookies();
    await page.goto(`/create-flyer-remote/event?event=${EVENT}&uuid=${uuid}`);
    await expect(page.getByRole('heading', { name: 'Flyer Designer: Guided Sunset Kayak Paddle', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
    await expect(page.getByLabel('Text', { exact: true }).first()).toHaveValue('Guided Sunset Kayak Paddle');
    await expectNoSeriousViolations(page);
    await page.getByLabel('Text', { exact: true }).first().fill('Sunset Paddle');
    await page.getByLabel('What the background shows').fill('Kayaks on a calm lake at sunset');
    await page.getByLabel('Tint opacity').fill('0.4');
    await submit(page, page.getByRole('button', { name: 'Update Preview' }));
    await expect(page.getByLabel('Text', { exact: true }).first()).toHaveValue('Sunset Paddle');
    await expect(page).toHaveURL(new RegExp(`uuid=${uuid}`));

    // The remote manager generates a background too, following the job on the designer's own page under the grant.
    await expect(page.getByLabel('What the background shows')).toHaveValue('Kayaks on a calm lake at sunset');
    await submit(page, page.getByRole('button', { name: 'Generate Image' }));
    await expect(page).toHaveURL(new RegExp(`/create-flyer-remote/event\\?.*uuid=${uuid}.*&job=flyer-`));
    const jobId = new URL(page.url()).searchParams.get('job');
    // While the job runs the designer keeps the layout it had, not the page's defaults.
    await expect(page.getByLabel('Tint opacity')).toHaveValue('0.4');
    const progress = page.getByTestId('job-progress');
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expectNoSeriousViolations(page);
    await page.getByRole('link', { name: 'Use it in the flyer' }).click();
    await expect(page).toHaveURL(new RegExp(`/create-flyer-remote/event\\?.*uuid=${uuid}.*&use=`));
    await expect(page.getByLabel('Text', { exact: true }).first()).toHaveValue('Sunset Paddle');
    await expect(page.getByLabel('Tint opacity')).toHaveValue('0.4');
    await expect(page.getByRole('button', { name: 'Download Background' })).toBeEnabled();
    const history = (await readE2e(e2ePaths.flyersGenerated(community.key))) as Record<string, Record<string, unknown>>;
    expect(Object.values(history)).toEqual([expect.objectContaining({ title: 'Guided Sunset Kayak Paddle', orientation: 'portrait' })]);
    // The job's state is read under the grant, for its calendar's events only.
    const state = (event: string) =>
      page.request.get(`/create-flyer-remote/job-state?${new URLSearchParams({ event, uuid, job: jobId ?? '' })}`);
    expect(await (await state(EVENT)).json()).toMatchObject({ queue: 'flyer-image', state: 'done' });
    expect((await state('kids-club/ev-x')).status()).toBe(404);

    // The grant is the calendar's: another calendar's event is not found, a grant without Edit Information refused.
    expect((await page.goto(`/create-flyer-remote/event?event=kids-club/ev-x&uuid=${uuid}`))?.status()).toBe(404);
    const readOnly = await grant(community.key, false);
    expect((await page.goto(`/create-flyer-remote/event?event=${EVENT}&uuid=${readOnly}`))?.status()).toBe(403);
  },
);
