import { e2ePaths, expect, readE2e, test } from './fixtures';

/**
 * Manage Calendars and the calendar config editor (spec 02 "Calendars", "Calendar config
 * editor") on a community of its own, with JavaScript and without: create a calendar, edit its
 * config with errors in two sections, both of which open, fix them (adding an import), ask for an import of it
 * now, remove the import after 'Remove Calendar Import', delete the calendar. The other rules (Stop and Delete All Events,
 * remote management, conflicts) are proven in app/features/calendars/calendars.server.test.ts.
 */
test.use({ communityOptions: { role: 'admin', record: { title: 'Calendar Pines', name: 'Calendar Pines' } } });

test(
  'creates a calendar, edits its config after an error, removes its import and deletes it',
  { tag: '@forms' },
  async ({ page, community, javaScriptEnabled }) => {
    await page.goto('/amc-calendars');
    await expect(page.getByRole('heading', { name: 'Manage Calendars', level: 1 })).toBeVisible();
    await expect(page.getByText('No calendars yet.')).toBeVisible();

    // Create: the title is required.
    await page.getByRole('link', { name: 'Create Calendar' }).click();
    await expect(page.getByRole('heading', { name: 'Create Calendar' })).toBeVisible();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Calendar title is required.')).toBeVisible();
    await page.getByLabel('Calendar Title').fill('Pool Games');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Calendar created.')).toBeVisible();
    const list = page.getByRole('list', { name: 'Calendars' });
    await expect(list.getByRole('link', { name: 'Pool Games', exact: true })).toHaveAttribute('href', '/amc-calendar/pool-games/active');
    await expect(list.getByRole('link', { name: 'Print Pool Games' })).toHaveAttribute('href', '/activities-printout/pool-games');
    expect(await readE2e(e2ePaths.calendarConfig(community.key, 'pool-games'))).toMatchObject({
      title: 'Pool Games',
      priorNotificationTime: 15,
      allowUserCreated: false,
    });

    // Config: approval without a staff e-mail is refused, and its section opens on the error.
    await list.getByRole('link', { name: 'Config of Pool Games' }).click();
    await expect(page.getByRole('heading', { name: 'Calendar Config', level: 1 })).toBeVisible();
    const userCreated = page.locator('details[data-section="user-created"]');
    await userCreated.locator('summary').click();
    await page.getByLabel('Allow User Created Events').check();
    await page.getByLabel('Requires Approval').check();
    // And an import with its address but none of its selects, in a section closed again.
    const imports = page.locator('details[data-section="import"]');
    await imports.locator('summary').click();
    // A new row's address names both kinds until a type is chosen.
    await imports.getByLabel('Calendar ID or address (iCal URL)', { exact: true }).fill('https://town.example/feed.ics');
    await imports.locator('summary').click();
    await expect(imports).not.toHaveAttribute('open', '');
    await page.getByRole('button', { name: 'Submit' }).click();
    // Every section with an error opens (spec 02 §5), with JavaScript and without.
    await expect(userCreated).toHaveAttribute('open', '');
    await expect(userCreated.getByText('You must include at least one email address to have approval.')).toBeVisible();
    await expect(imports).toHaveAttribute('open', '');
    await expect(imports.getByText('If you add a calendar ID you must include all selects below.').first()).toBeVisible();
    await expect(page.getByLabel('Requires Approval')).toBeChecked();
    // With JavaScript the focus is on the first field with an error.
    if (javaScriptEnabled) await expect(userCreated.getByLabel('New Staff Email')).toBeFocused();

    await userCreated.getByLabel('New Staff Email').fill('pool@calendar-pines.example');
    // The import, now with every select.
    // (Without JavaScript the answer adds an empty row below the one posted.)
    const row = imports.getByRole('group').first();
    await row.getByLabel('Import Title').fill('Town feed');
    // The address is labelled by the type: as it is chosen with JavaScript, by the saved type without.
    if (javaScriptEnabled) {
      await row.getByLabel('Import Type').selectOption('google');
      await expect(row.getByLabel('Calendar ID', { exact: true })).toBeVisible();
    }
    await row.getByLabel('Import Type').selectOption('iCal');
    const addressLabel = javaScriptEnabled ? 'Calendar address (iCal URL)' : 'Calendar ID or address (iCal URL)';
    await expect(row.getByLabel(addressLabel, { exact: true })).toHaveValue('https://town.example/feed.ics');
    await row.getByLabel('Audience').selectOption('family');
    await row.getByLabel('Event Context').selectOption('local');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Calendar config saved.')).toBeVisible();
    expect(await readE2e(e2ePaths.calendarConfig(community.key, 'pool-games'))).toMatchObject({
      allowUserCreated: true,
      userCreatedRequiresApproval: true,
      userCreatedEmails: ['pool@calendar-pines.example'],
      import: [
        { title: 'Town feed', type: 'iCal', calendarId: 'https://town.example/feed.ics', audience: 'family', eventContext: 'local' },
      ],
    });

    // The saved import shows its last run (none yet, or the failure of the run the save queued) and 'Import now' queues one.
    await list.getByRole('link', { name: 'Config of Pool Games' }).click();
    await page.locator('details[data-section="import"] summary').click();
    await expect(page.getByLabel('Calendar address (iCal URL)', { exact: true })).toHaveValue('https://town.example/feed.ics');
    await expect(page.getByText(/^(Not imported yet\.|Last import failed .*)$/)).toBeVisible();
    await page.getByRole('button', { name: 'Import now: Town feed' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Import of Town feed queued.' })).toBeVisible();

    // 'Remove Calendar Import' asks: Cancel keeps it, Stop Syncing removes it.
    const remove = page.getByRole('button', { name: 'Remove Calendar Import: Town feed' });
    await remove.click();
    const removal = page.getByRole('alertdialog', { name: 'Remove Calendar Import' });
    await removal.getByRole('button', { name: 'Cancel' }).click();
    await expect(removal).toBeHidden();
    await remove.click();
    await removal.getByRole('button', { name: 'Stop Syncing' }).click();
    await expect(page.getByText('Calendar config saved.')).toBeVisible();
    expect((await readE2e<Record<string, unknown>>(e2ePaths.calendarConfig(community.key, 'pool-games')))?.import).toBeUndefined();

    // Delete, after the spec's confirmation.
    await list.getByRole('link', { name: 'Delete Pool Games' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Calendar' });
    await expect(confirm).toContainText('Are you certain you want to delete this calendar and all its events?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Calendar deleted.')).toBeVisible();
    await expect(page.getByText('No calendars yet.')).toBeVisible();
    expect(await readE2e(e2ePaths.calendarConfig(community.key, 'pool-games'))).toBeNull();
  },
);
