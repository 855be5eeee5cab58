import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

/**
 * Manage Calendars and the calendar config editor (spec 02 "Calendars", "Calendar config
 * editor"; spec 01 §2.1 /amc-calendars/:action?): staff of the session's community (spec 02
 * §6). The seeded calendars are A's activities and kids-club and B's community-events
 * (firebase/seed/demo-data.json): B's staff find no activities in B (404). Remote Management is
 * written by location admins only: app/features/calendars/calendars.server.test.ts proves it.
 */

const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';
const LIST = 'redirect:/amc-calendars';

const staff = (outcome: Outcome, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: REMOTE,
  ...overrides,
});
/** A's calendar: B's staff have no such calendar in their community. */
const onA = (outcome: Outcome) => staff(outcome, { editorB: 404 });

const CONFIG = '/amc-calendars/config/activities';
/** The config editor's form for A's activities, as the page posts it (no version: saved without the check). */
const VALID_CONFIG: Record<string, string> = {
  title: 'Activities',
  priorNotificationTime: '15',
  'audiences[0].title': 'Family',
  'audiences[1].title': 'Adults',
  'userCreatedEmails[0]': '',
  'imports[0].type': 'none',
};

export const CALENDAR_LINES: MatrixRow[] = [
  { request: { path: '/amc-calendars' }, expected: staff(200), note: "the current community's calendars and the actions" },
  { request: { path: '/amc-calendars/add' }, expected: staff(200) },
  {
    request: { method: 'POST', path: '/amc-calendars/add', form: { intent: 'save', title: 'Matrix Calendar' } },
    expected: staff(LIST),
    note: 'created in the session community, then the list',
  },
  {
    request: { method: 'POST', path: '/amc-calendars/add', form: { intent: 'save', title: '' } },
    expected: staff(400),
    note: "'Calendar title is required.'",
  },
  { request: { path: '/amc-calendars/delete/activities' }, expected: onA(200), note: 'the confirmation' },
  { request: { path: '/amc-calendars/delete/no-such-calendar' }, expected: staff(404) },
  {
    request: { method: 'POST', path: '/amc-calendars/delete/activities', form: { intent: 'delete' } },
    expected: onA(LIST),
    note: 'deleted with its events, then the list',
  },
  { request: { path: CONFIG }, expected: onA(200), note: 'the config editor' },
  { request: { path: '/amc-calendars/config/no-such-calendar' }, expected: staff(404) },
  {
    request: { method: 'POST', path: CONFIG, form: { intent: 'save', ...VALID_CONFIG } },
    expected: onA(LIST),
    note: 'saved, then the list',
  },
  {
    request: { method: 'POST', path: CONFIG, form: { intent: 'save', ...VALID_CONFIG, userCreatedRequiresApproval: 'on' } },
    expected: onA(400),
    note: "'You must include at least one email address to have approval.'",
  },
  {
    request: {
      method: 'POST',
      path: CONFIG,
      form: {
        intent: 'remove-import:0',
        ...VALID_CONFIG,
        'imports[0].type': 'iCal',
        'imports[0].calendarId': 'https://town.example/feed.ics',
      },
    },
    expected: onA(200),
    note: "'Remove Calendar Import' asks first (nothing saved)",
  },
  {
    request: {
      method: 'POST',
      path: CONFIG,
      form: {
        intent: 'import-now:0',
        ...VALID_CONFIG,
        'imports[0].type': 'iCal',
        'imports[0].calendarId': 'https://town.example/feed.ics',
      },
    },
    expected: onA(400),
    note: "'Import now' of an import that is not saved: 'Submit this import before importing it now.' (nothing queued)",
  },
  {
    request: { method: 'POST', path: CONFIG, form: { intent: 'dismiss', ...VALID_CONFIG } },
    expected: onA(200),
    note: "the dialog's Cancel: the form again as typed",
  },
  { request: { path: `${CONFIG}/upload` }, expected: onA(200), note: 'Import a .ics File' },
  { request: { path: '/amc-calendars/config/no-such-calendar/upload' }, expected: staff(404) },
  {
    request: { method: 'POST', path: `${CONFIG}/upload`, form: { intent: 'upload', audience: 'family', eventContext: 'resort' } },
    expected: onA(400),
    note: "no file: 'Choose a .ics file to import.' (a file's import: app/features/calendars/ics-upload.server.test.ts)",
  },
];
