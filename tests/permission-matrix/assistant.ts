import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * The AI writing assistant (`/assistant/:assistantPath`, docs/decisions/038): staff of the
 * session's community, each on their own history; remote managers are sent to their own page
 * (spec 02 hides the assistant from them) and anonymous people sign in. The history is the
 * person's own, so no role reaches another's prompts: a prompt or response that is not in the
 * poster's history is a 404. A search that starts a run redirects to an address naming its job
 * (a hash of the minute), so the lines post the refused search (no prompt) and the edit-only
 * mode's buttons, which the offline assistant answers at once.
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

const EVENTS = '/assistant/events';
const HUNTS = '/assistant/hunts?back=%2Flistnm%2Fhunts';
const PROMPT = '-NoSuchPrompt';
const RESPONSE = 'abcdefghij0123456789';

export const ASSISTANT_LINES: MatrixRow[] = [
  { request: { path: EVENTS }, expected: staff(200), note: "the person's own history of event prompts" },
  { request: { path: `${EVENTS}?back=%2Fdetail%2Fevents%2Factivities%2Fev-1&title=Bingo&location=Pavilion` }, expected: staff(200) },
  { request: { path: HUNTS }, expected: staff(200), note: "the hunt editor's assistant" },
  {
    request: { path: `${EVENTS}?mode=edit&title=Bingo&description=Fun` },
    expected: staff(200),
    note: 'edit-only mode on the given title and description',
  },
  { request: { path: `${EVENTS}?run=ai-no-such-run` }, expected: staff(200), note: 'a run nobody may follow shows no Thinking…' },
  { request: { path: '/assistant/messages' }, expected: staff(404), note: 'no assistant of that name' },
  {
    request: { method: 'POST', path: EVENTS, form: { intent: 'search', prompt: '' } },
    expected: staff(400),
    note: "'Enter a prompt.': nothing stored, no run",
  },
  {
    request: { method: 'POST', path: EVENTS, form: { intent: 'delete-response', promptKey: PROMPT, responseKey: RESPONSE } },
    expected: staff(404),
    note: "a response that is not in the poster's own history",
  },
  {
    request: { method: 'POST', path: EVENTS, form: { intent: 'use', promptKey: PROMPT, responseKey: RESPONSE } },
    expected: staff(404),
  },
  {
    request: { method: 'POST', path: EVENTS, form: { intent: 'field:title-shorten', promptKey: PROMPT, responseKey: RESPONSE } },
    expected: staff(404),
  },
  {
    request: { method: 'POST', path: EVENTS, form: { intent: 'delete-response', promptKey: PROMPT, responseKey: 'short' } },
    expected: staff(400),
    note: 'a response key is 20 characters',
  },
  {
    request: {
      method: 'POST',
      path: `${EVENTS}?mode=edit`,
      form: { intent: 'edit-field:title-emojify', title: 'Bingo Night', description: '' },
    },
    expected: staff(200),
    note: 'edit-only mode: the offline assistant reworks the title; nothing is stored',
  },
  {
    request: { method: 'POST', path: `${EVENTS}?mode=edit`, form: { intent: 'edit-describe', title: 'Bingo Night', description: '' } },
    expected: staff(200),
    note: 'edit-only mode: a description written from the title by the offline assistant; nothing is stored',
  },
  {
    request: { method: 'POST', path: HUNTS, form: { intent: 'edit-use', title: 'Bingo Night', description: 'Fun for all' } },
    expected: staff('redirect:/listnm/hunts?aiTitle=Bingo+Night&aiDescription=Fun+for+all'),
    note: 'Use goes back to the editor with the texts, unsaved',
  },
];
