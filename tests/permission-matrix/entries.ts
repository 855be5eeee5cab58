import { entryPdfJobId } from '@server/entries/pdf';
import { hrefs } from '~/lib/hrefs';
import { COMMUNITY_A, type Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * The guest entries screens (spec 02 "Guest entries", §6: staff of the community; hunt grading
 * needs editor or admin, which every staff member is): `/scrollerEntries/:context/view/:itemId`
 * (the list, its next chunk, Delete Selected), an entry at `…/entry/:entryId` (Completed, Denied,
 * Reopened in the archive, a hunt step's score), Export / Export Photos / Export Files of the list
 * (an entries-export job, or 'No data to export'), a form entry's PDF at `…/entry/:entryId/pdf`
 * (the stored file, or its job's page), and a legacy event row's RSVP action. A's demo
 * data has the forms visitor-registration (B has one too, without A's entries) and rsvp-standard,
 * the hunt nature-trail-hunt (A only) and their entries (firebase/seed/demo-data.json). What the
 * screens show and write: app/features/entries/entries.server.test.ts.
 */

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
/** Something of A's: B's staff have no such item or entry in their community. */
const onA = (outcome: Outcome) => staff(outcome, { editorB: 404 });

const FORM = '/scrollerEntries/custom-forms/view/visitor-registration';
const HUNT = '/scrollerEntries/hunts/view/nature-trail-hunt';
/** The job of vr-nguyen's PDF (no PDF is stored for it: the link queues the job, once). */
const NGUYEN_PDF_JOB = hrefs.jobStatus(
  'entry-pdf',
  entryPdfJobId({ product: 'amc', community: COMMUNITY_A, item: 'visitor-registration', entryId: 'vr-nguyen' }),
  { back: `${FORM}/entry/vr-nguyen?view=archive` },
);

export const ENTRY_LINES: MatrixRow[] = [
  { request: { path: FORM }, expected: staff(200), note: 'the active entries of the form (B: its own form)' },
  {
    request: { path: `${FORM}?view=archive&q=water&who=ellis&from=2026-01-01&to=2026-12-31` },
    expected: staff(200),
    note: 'archive, filtered',
  },
  {
    request: { path: '/scrollerEntries/forms/view/visitor-registration' },
    expected: staff(200),
    note: 'the forms context names the same forms',
  },
  { request: { path: '/scrollerEntries/feedback/view/feedback' }, expected: staff(200), note: 'the feedback form' },
  {
    request: { path: '/scrollerEntries/custom-forms/view/rsvp-standard?eventId=ev-pancake-breakfast' },
    expected: staff(200),
    note: 'RSVP entries of one event, with the totals',
  },
  { request: { path: HUNT }, expected: onA(200), note: 'the hunt entries' },
  { request: { path: '/scrollerEntries/custom-forms/view/no-such-form' }, expected: staff(404) },
  {
    request: { path: '/scrollerEntries/orders/view/visitor-registration' },
    expected: staff(404),
    note: 'not an entries context (the console asks anonymous people to sign in first)',
  },
  { request: { path: `${FORM}/rows?after=bad` }, expected: staff(400), note: 'a junk cursor' },
  { request: { path: `${FORM}/rows` }, expected: staff(200), note: 'the next chunk from the start' },
  { request: { path: `${FORM}/entry/vr-nguyen` }, expected: onA(200), note: 'a form entry' },
  { request: { path: `${FORM}/entry/no-such-entry` }, expected: staff(404) },
  { request: { path: `${HUNT}/entry/hunt-raman` }, expected: onA(200), note: 'a hunt entry' },
  {
    request: { path: `${FORM}/entry/vr-nguyen/pdf?view=archive` },
    expected: onA(`redirect:${NGUYEN_PDF_JOB}`),
    note: "a form entry's PDF: none stored, so its job is queued and followed on its page (back to the entry)",
  },
  { request: { path: `${FORM}/entry/no-such-entry/pdf` }, expected: staff(404) },
  { request: { path: `${HUNT}/entry/hunt-raman/pdf` }, expected: staff(404), note: 'hunt entries have no PDF' },
  {
    request: { method: 'POST', path: FORM, form: { intent: 'delete-selected', key: 'vr-nguyen' } },
    expected: staff(200),
    note: 'Delete Selected asks first',
  },
  {
    request: { method: 'POST', path: FORM, form: { intent: 'delete-selected', key: 'vr-nguyen', confirmed: '1' } },
    expected: staff(`redirect:${FORM}`),
    note: 'Delete Selected, confirmed: the entries are removed (B: none of its own)',
  },
  {
    request: { method: 'POST', path: FORM, form: { intent: 'export', dialog: '1' } },
    expected: staff(200),
    note: 'Export of the active view: an entries-export job queued (B: of its own entries), its status answered to the waiting dialog',
  },
  {
    request: { method: 'POST', path: `${FORM}?view=archive`, form: { intent: 'export-photos', key: 'vr-ellis', dialog: '1' } },
    expected: staff(400),
    note: "Export Photos of a ticked entry without photos: 'No data to export', nothing queued",
  },
  {
    request: { method: 'POST', path: `${HUNT}`, form: { intent: 'export-files', all: '1', dialog: '1' } },
    expected: onA(400),
    note: "Export Files of a hunt's entries (hunts keep no files): 'No data to export'",
  },
  {
    request: { method: 'POST', path: `${FORM}?q=no-such-answer-anywhere`, form: { intent: 'export' } },
    expected: staff(400),
    note: "Export of a filter that matches nothing: 'No data to export' (title Error) without JavaScript too",
  },
  {
    request: { method: 'POST', path: FORM, form: { intent: 'export', key: 'not/a/key' } },
    expected: staff(400),
    note: 'a malformed selection',
  },
  {
    request: { method: 'POST', path: `${FORM}/entry/vr-nguyen`, form: { intent: 'complete', was: '0' } },
    expected: onA(`redirect:${FORM}`),
    note: 'Completed: completed 2 and completedBy, the view closes',
  },
  {
    request: { method: 'POST', path: `${FORM}/entry/vr-nguyen`, form: { intent: 'deny', was: '0' } },
    expected: onA(`redirect:${FORM}`),
    note: 'Denied: completed 1',
  },
  {
    request: { method: 'POST', path: `${FORM}/entry/vr-nguyen`, form: { intent: 'deny', was: '2' } },
    expected: onA(409),
    note: 'someone else marked it meanwhile: nothing written',
  },
  {
    request: { method: 'POST', path: `${FORM}/entry/vr-nguyen`, form: { intent: 'reopen', was: '0' } },
    expected: onA(400),
    note: 'Reopened is offered in the archive only',
  },
  {
    request: { method: 'POST', path: `${FORM}/entry/vr-ellis?view=archive`, form: { intent: 'reopen', was: '2' } },
    expected: onA(`redirect:${FORM}?view=archive`),
    note: 'Reopened in the archive: completed and completedBy removed',
  },
  {
    request: { method: 'POST', path: `${HUNT}/entry/hunt-raman`, form: { intent: 'score:correct', step: 'white-pine', was: '' } },
    expected: onA(`redirect:${HUNT}/entry/hunt-raman`),
    note: 'a hunt step scored correct (1)',
  },
  {
    request: { method: 'POST', path: `${HUNT}/entry/hunt-raman`, form: { intent: 'score:clear', step: 'trail-bird', was: '1' } },
    expected: onA(`redirect:${HUNT}/entry/hunt-raman`),
    note: 'Clear score',
  },
  {
    request: { method: 'POST', path: `${HUNT}/entry/hunt-raman`, form: { intent: 'score:incorrect', step: 'mini-golf', was: '' } },
    expected: onA(400),
    note: 'a golf step is not graded',
  },
  {
    request: { method: 'POST', path: `${FORM}/entry/vr-nguyen`, form: { intent: 'score:correct', step: 'white-pine', was: '' } },
    expected: onA(400),
    note: 'form entries are not scored',
  },
  {
    request: { path: '/listnm/custom-forms.entries/view/visitor-registration?view=archive' },
    expected: staff(`redirect:${FORM}?view=archive`),
    note: 'listingNoMenuEdit {type}.entries: the same entries at their own address',
  },
  { request: { path: '/listnm/store.entries/view/visitor-registration' }, expected: staff(404), note: 'not an entries type' },
  { request: { path: '/detail/events/events-resort/1/rsvp' }, expected: staff(404), note: "a legacy event's RSVP entries: no such event" },
];
