import type { DbValue } from '@server/db';
import { startOfZonedDay } from '~/lib/date-time';
import { e2ePaths, expect, readE2e, test, withE2eDb } from './fixtures';

/**
 * Events waiting for approval (spec 02 "Event editor" in the google-events-import context, §4
 * imported events, §6): on a community of its own (a copy of the demo campground), staff see
 * the Kids Club calendar's notice of two events waiting, open one, see the calendar's other
 * event of that day under Existing Events and Create it; then Deny the other. With JavaScript
 * and without. The rules (the pending write, the e-mails, the refusals) are proven in
 * app/features/events/pending.server.test.ts and server/events/approvals.test.ts.
 */
test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

const TZ = 'America/New_York';
const HOUR = 36e5;

test('staff create one event waiting for approval and deny another', { tag: '@forms' }, async ({ page, community, javaScriptEnabled }) => {
  const day = startOfZonedDay(Date.now() + 4 * 24 * HOUR, TZ);
  const context = `${community.key}/amc-events/calendars/kids-club`;
  const pending = (title: string, start: number): Record<string, DbValue> => ({
    title,
    description: '<p>Submitted by a scout troop.</p>',
    htmlDescription: '<p>Submitted by a scout troop.</p>',
    audience: 'family',
    type: 'resort',
    startDate: start,
    endDate: start + HOUR,
    endDateDuration: HOUR,
    allDay: false,
    endDateHide: false,
    cost: false,
    rsvpRequest: false,
    resortLocationId: 'recreation-hall',
    eventContext: context,
    userCreated: true,
    submittedBy: { uid: 'e2e-link', who: 'Link: Scout Troop 12' },
    submittedTime: Date.now(),
  });
  await withE2eDb((db) =>
    db.ref().update({
      [e2ePaths.googleEventImport(community.key, 'e2e-stargazing')]: pending('Stargazing by the Lake', day + 20 * HOUR),
      [e2ePaths.googleEventImport(community.key, 'e2e-drum-circle')]: pending('Midnight Drum Circle', day + 23 * HOUR),
      [e2ePaths.calendarEvent(community.key, 'kids-club', 'e2e-morning-crafts')]: {
        ...pending('Morning Crafts', day + 9 * HOUR),
        eventContext: null,
        userCreated: null,
        submittedBy: null,
        submittedTime: null,
        contexts: [context],
      },
    }),
  );

  await page.goto('/amc-calendar/kids-club/active');
  const notice = page.getByRole('region', { name: '2 events waiting for approval' });
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: 'Stargazing by the Lake' }).click();

  await expect(page.getByRole('heading', { name: 'Event Waiting for Approval', level: 1 })).toBeVisible();
  await expect(page.getByText('Submitted by Link: Scout Troop 12.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Existing Events' })).toContainText('Morning Crafts');
  await expect(page.getByLabel('Title *')).toHaveValue('Stargazing by the Lake');
  await page.getByRole('button', { name: 'Create Event' }).click();

  await expect(page).toHaveURL(/\/amc-calendar\/kids-club\/active$/);
  const left = page.getByRole('region', { name: '1 event waiting for approval' });
  await expect(left).toBeVisible();
  expect(await readE2e(e2ePaths.calendarEvent(community.key, 'kids-club', 'e2e-stargazing'))).toMatchObject({
    title: 'Stargazing by the Lake',
    creator: 'e2e-link',
  });
  expect(await readE2e(e2ePaths.googleEventImport(community.key, 'e2e-stargazing'))).toBeNull();

  await left.getByRole('link', { name: 'Midnight Drum Circle' }).click();
  await expect(page.getByRole('heading', { name: 'Event Waiting for Approval', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Deny Event' }).click();
  const question = page.getByRole('alertdialog', { name: 'Deny Event' });
  await expect(question).toContainText('Are you sure you want to deny this event?');
  // The safe choice has the focus.
  if (javaScriptEnabled) await expect(question.getByRole('link', { name: 'Cancel' })).toBeFocused();
  await question.getByRole('button', { name: 'Deny Event' }).click();
  await expect(page).toHaveURL(/\/amc-calendar\/kids-club\/active$/);
  await expect(page.getByTestId('pending-notice')).toHaveCount(0);
  expect(await readE2e(e2ePaths.googleEventDenied(community.key, 'e2e-drum-circle'))).toMatchObject({
    id: 'e2e-drum-circle',
    title: 'Midnight Drum Circle',
  });
  expect(await readE2e(e2ePaths.calendarEvent(community.key, 'kids-club', 'e2e-drum-circle'))).toBeNull();
});
