import { expectNoSeriousViolations } from './axe';
import { e2ePaths, expect, readE2e, test } from './fixtures';

/**
 * Import a .ics file into a calendar (the calendar config editor's upload page), with
 * JavaScript and without, on a community of its own: the page passes axe, a file of two events
 * and one VEVENT without a start is imported, the toast says what was added and skipped, and the
 * events are in the calendar. The rules (who may upload, size, cut-off files, the same file
 * again) are proven in app/features/calendars/ics-upload.server.test.ts.
 */
test.use({ communityOptions: { from: 'demo-campground', role: 'admin' } });

const stamp = (date: Date) => `${date.toISOString().slice(0, 10).replaceAll('-', '')}T180000Z`;

function calendarFile(): string {
  const day = (offset: number) => new Date(Date.now() + offset * 24 * 3_600_000);
  const event = (uid: string, title: string, offset: number) => [
    'BEGIN:VEVENT',
    `UID:${uid}@pool.example`,
    `DTSTART:${stamp(day(offset))}`,
    'DURATION:PT1H',
    `SUMMARY:${title}`,
    'END:VEVENT',
  ];
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Pool//EN',
    ...event('swim', 'Swim Lessons', 3),
    ...event('float', 'Float Night', 4),
    'BEGIN:VEVENT',
    'UID:nostart@pool.example',
    'SUMMARY:No Start',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

test(
  'imports an uploaded .ics file into the calendar, saying what was added and skipped',
  { tag: '@forms' },
  async ({ page, community, javaScriptEnabled }) => {
    await page.goto('/amc-calendars/config/activities');
    await page.locator('details[data-section="import"] summary').click();
    await expect(page.getByRole('link', { name: 'Import a .ics file' })).toHaveAttribute('href', '/amc-calendars/config/activities/upload');

    await page.goto('/amc-calendars/config/activities/upload');
    await expect(page.getByRole('heading', { name: /^Import a \.ics File/, level: 1 })).toBeVisible();
    if (javaScriptEnabled) {
      // axe runs as a script in the page: the audit is the js project's (the HTML is the same).
      await expectNoSeriousViolations(page);
    }

    await page
      .getByLabel('Calendar File (.ics)')
      .setInputFiles({ name: 'pool.ics', mimeType: 'text/calendar', buffer: Buffer.from(calendarFile()) });
    await page.getByLabel('Audience').selectOption({ index: 1 });
    await page.getByLabel('Event Context').selectOption('resort');
    await page.getByRole('button', { name: 'Import File' }).click();
    await expect(page.getByText(/^Imported pool\.ics: 2 added, 0 updated, 0 removed, 1 event skipped\./)).toBeVisible();

    const events = (await readE2e(e2ePaths.calendarEvents(community.key, 'activities'))) as Record<string, { title?: string }>;
    const titles = Object.values(events).map((event) => event.title);
    expect(titles).toEqual(expect.arrayContaining(['Swim Lessons', 'Float Night']));
    expect(titles).not.toContain('No Start');
  },
);
