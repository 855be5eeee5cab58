import { e2ePaths, expect, test, withE2eDb } from './fixtures';

/**
 * A calendar's 'Import now' followed to its end (docs/decisions/020): with JavaScript the
 * progress bar under the notice follows the job in place; without it the link leads to the
 * job's page, which refreshes itself until the job has ended. The import is of a Google calendar,
 * which the e2e server (no Google key) answers with the offline message: the job ends, its line
 * saying the import failed and why.
 */
test.use({ communityOptions: { role: 'admin', record: { title: 'Job Pines', name: 'Job Pines' } } });

const GOOGLE_OFFLINE = /^The import of Town Google failed: Google Calendar imports are offline/;

test('an import started from the calendar config is followed until it has ended', { tag: '@forms' }, async ({ page, community }) => {
  await withE2eDb((db) =>
    db.ref(e2ePaths.calendarConfig(community.key, 'job-calendar')).set({
      title: 'Job Calendar',
      allowUserCreated: false,
      priorNotificationTime: 15,
      import: [
        {
          title: 'Town Google',
          type: 'google',
          calendarId: 'town@group.calendar.google.com',
          audience: 'family',
          eventContext: 'local',
          defaultLocation: '',
        },
      ],
    }),
  );
  await page.goto('/amc-calendars/config/job-calendar');
  await page.locator('details[data-section="import"] summary').click();
  await page.getByRole('button', { name: 'Import now: Town Google' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import of Town Google queued.' })).toBeVisible();

  // Without JavaScript the page is drawn once: the link to the job's page is there while the job
  // runs; a job that has already ended by then shows its outcome in place, without the link.
  const follow = page.getByRole('link', { name: 'Follow its progress' });
  const followed = test.info().project.name === 'no-js' && (await follow.isVisible());
  if (followed) {
    await follow.click();
    await expect(page.getByRole('heading', { name: 'Calendar Import', level: 1 })).toBeVisible();
  }
  const progress = page.getByTestId('job-progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
  await expect(progress.getByTestId('job-state')).toHaveText('Finished.');
  await expect(progress.getByRole('listitem')).toHaveText([GOOGLE_OFFLINE]);
  await expect(progress.getByRole('progressbar', { name: 'Calendar Import progress' })).toHaveAttribute('value', '100');
  if (followed) {
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: /Calendar Config/ })).toBeVisible();
  }
});
