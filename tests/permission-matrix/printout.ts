import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

/**
 * The activities printout (spec 01 §2.1 /activities-printout/:calendarId?, spec 02 "Activities
 * printout"): staff of the session's community print its calendars (spec 02 §6). A's
 * activities is no calendar of B (404 for B's staff). A Print that is queued leads to the job's
 * page under a fresh id, so its line here posts a form the server refuses; the queued job, its
 * PDF and its page are jobs/processors/activities-printout.test.ts's and
 * app/features/printouts/printout.server.test.ts's.
 */

const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';
const PAGE = '/activities-printout/activities';

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
const onA = (outcome: Outcome) => staff(outcome, { editorB: 404 });

/** The form as the page posts it (dates as the pickers' typed parts). */
const VALID: Record<string, string> = {
  calendarId: 'activities',
  'startDate-date': '12/07/2026',
  'endDate-date': '12/09/2026',
  type: 'daily',
  eventsPerColumn: '',
  titleFontSize: '10',
  textFontSize: '8',
  headerText: 'Activities',
  headerDrawable: '',
  rightColumnTitle: 'Good to know',
  rightColumnContent: '<p>Pool open <strong>9–5</strong></p>',
  leftSectionContent: '',
  midSectionContent: '',
  rightSectionContent: '',
  footerContent: '<p>Subject to change.</p>',
};

export const PRINTOUT_LINES: MatrixRow[] = [
  { request: { path: '/activities-printout' }, expected: staff(200), note: "the session community's first calendar" },
  { request: { path: PAGE }, expected: onA(200), note: 'the printout form of A’s activities, from its saved template' },
  { request: { path: '/activities-printout/no-such-calendar' }, expected: staff(404) },
  {
    request: { path: '/activities-printout?calendar=kids-club' },
    expected: staff('redirect:/activities-printout/kids-club'),
    note: 'the calendar chooser without JavaScript',
  },
  {
    request: { method: 'POST', path: PAGE, form: { intent: 'save-template', ...VALID } },
    expected: onA(`redirect:${PAGE}`),
    note: 'Save Template: the printout record in the calendar config, then the page again',
  },
  {
    request: { method: 'POST', path: PAGE, form: { intent: 'print', ...VALID, 'endDate-date': '12/01/2026' } },
    expected: onA(400),
    note: "Print refused: 'End date must not be before the start date.' (nothing queued)",
  },
  {
    request: { method: 'POST', path: PAGE, form: { intent: 'print', ...VALID, eventsPerColumn: 'ten' } },
    expected: onA(400),
    note: "'Events per column must be a number.'",
  },
  {
    request: { method: 'POST', path: PAGE, form: { intent: 'upload-header', ...VALID } },
    expected: onA(400),
    note: "Upload without a file: 'Choose an image to upload.' (the form as typed)",
  },
  {
    request: { method: 'POST', path: PAGE, form: { intent: 'remove-header', ...VALID } },
    expected: onA(200),
    note: 'the form again without its header image (saved by Save Template)',
  },
  {
    request: { method: 'POST', path: '/activities-printout/no-such-calendar', form: { intent: 'save-template', ...VALID } },
    expected: staff(404),
  },
];
