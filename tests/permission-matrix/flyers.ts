import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

/**
 * The flyer designer (spec 02 "Flyer designer"): `/create-flyer/:action?` for staff of the
 * session's community, its downloads at `/create-flyer/download`, and the remote designer
 * `/create-flyer-remote/event` for a calendar grant with Edit Information (the seeded URL grant of
 * A's `activities`, as ./remote-events.ts). The flyer travels in every post; without an image the
 * downloads answer the spec's warning (400). Saves into history need a stored image:
 * tests/e2e/flyer.spec.ts walks them.
 */

const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';
const STAFF = (outcome: Outcome, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: REMOTE,
  ...overrides,
});
const ANYONE = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: outcome,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: outcome,
});

/** The seeded calendar URL grant's link (A's activities, Edit Information). */
const LINK = '8d2e4f6a-1c3b-4e5d-9f70-2a4b6c8d0e13';
/** The seeded business URL grant's link: no calendar grant. */
const BUSINESS_LINK = '3f6c1d2a-8b4e-4c7a-9e51-7d2b0a6f4c19';
const EVENT = 'activities/ev-pancake-breakfast';
/** A remote designer's job id of A's community that no job has. */
const REMOTE_JOB = 'flyer-demo-campground-1700000000000-0123456789abcdef';

/** The smallest flyer a form posts: no image, no elements. */
const FLYER: Record<string, string> = {
  title: 'Matrix flyer',
  'tint.whiteBlack': 'black',
  'tint.opacity': '0.25',
  'paper.orientation': 'portrait',
  'paper.type': 'match',
  'paper.offsetX': '50',
  'paper.offsetY': '50',
};
const TEXT: Record<string, string> = {
  'elements[0].id': 't1',
  'elements[0].type': 'text',
  'elements[0].label': 'Text',
  'elements[0].visible': 'on',
  'elements[0].text': 'Hello',
  'elements[0].position.x': '10',
  'elements[0].position.y': '10',
  'elements[0].position.width': '450',
  'elements[0].position.height': '100',
  'elements[0].style.family': 'Verdana',
  'elements[0].style.size': '24',
  'elements[0].style.color': '#FFFFFF',
  'elements[0].style.transform': 'uppercase',
  'elements[0].style.align': 'center',
  'elements[0].style.shadow.distance': '2',
  'elements[0].style.shadow.blur': '3',
  'elements[0].style.shadow.color': '#000000CC',
  'elements[0].box.color': '#00000000',
  'elements[0].box.cornerRadius': '10',
  'elements[0].box.shadow.distance': '2',
  'elements[0].box.shadow.blur': '3',
  'elements[0].box.shadow.color': '#000000CC',
};

const PAGE = '/create-flyer';
const FILES = '/create-flyer/download';
const post = (path: string, intent: string, form: Record<string, string> = {}) => ({
  method: 'POST' as const,
  path,
  form: { intent, ...FLYER, ...form },
});

export const FLYER_LINES: MatrixRow[] = [
  { request: { path: PAGE }, expected: STAFF(200), note: 'a flyer of no event, for the session community' },
  {
    request: { path: `${PAGE}/event?event=${EVENT}` },
    expected: STAFF(200, { editorB: 404 }),
    note: "an event of the session community's calendar (the event layout); another community's is 404",
  },
  { request: { path: `${PAGE}/event?event=activities` }, expected: STAFF(404), note: 'the event address is {calendarId}/{eventId}' },
  { request: { path: `${PAGE}/poster` }, expected: STAFF(404), note: 'the only action is event' },
  { request: post(PAGE, 'update', TEXT), expected: STAFF(200), note: 'Update Preview: the flyer as posted comes back' },
  {
    request: post(PAGE, 'update', { ...TEXT, 'tint.opacity': '0.8', 'elements[0].box.cornerRadius': '30' }),
    expected: STAFF(400),
    note: 'out of the spec ranges (tint 0–0.75, corner radius 1–20)',
  },
  { request: post(PAGE, 'add-tag', { customTag: 'Retro' }), expected: STAFF(400), note: "'Tag already exists.' (nothing written)" },
  { request: post(PAGE, 'add-text'), expected: STAFF(200) },
  { request: post(PAGE, 'remove-element:t1', TEXT), expected: STAFF(200) },
  { request: post(PAGE, 'revert-element:t1', TEXT), expected: STAFF(200), note: 'no saved version: nothing changes' },
  { request: post(PAGE, 'load-event'), expected: STAFF(200), note: 'asks first (Load Event Layout)' },
  { request: post(PAGE, 'confirm-load-event'), expected: STAFF(400), note: 'a flyer of no event has no event layout' },
  { request: post(PAGE, 'space-evenly', TEXT), expected: STAFF(200) },
  { request: post(PAGE, 'use-history:nokey'), expected: STAFF(404), note: 'no such history entry' },
  { request: post(PAGE, 'delete-history:nokey'), expected: STAFF(404) },
  { request: post(PAGE, 'confirm-delete-history:nokey'), expected: STAFF(404) },
  { request: post(PAGE, 'use-header:0'), expected: STAFF(400), note: 'no event, no header image' },
  { request: post(PAGE, 'generate', { prompt: '' }), expected: STAFF(400), note: 'a prompt is needed' },
  { request: post(PAGE, 'download'), expected: STAFF(400), note: "'Please generate an image or select one from history first.'" },
  { request: post(PAGE, 'download-background'), expected: STAFF(400) },
  { request: post(PAGE, 'print-pdf'), expected: STAFF(400) },
  { request: post(FILES, 'download', TEXT), expected: STAFF(400), note: 'no image: the warning as text' },
  {
    request: post(FILES, 'download', { image: 'https://elsewhere.example/a.png' }),
    expected: STAFF(400),
    note: "an image that is none of the community's flyer images is refused",
  },
  { request: post(FILES, 'print-pdf'), expected: STAFF(400) },
  { request: post(FILES, 'download-background'), expected: STAFF(400) },
  {
    request: { path: `${FILES}?${new URLSearchParams({ ...FLYER, ...TEXT }).toString()}` },
    expected: STAFF(200),
    note: 'the preview of the page without JavaScript, drawn in the worker pool',
  },

  // The remote designer: the grant of the link, for its calendar's events only.
  {
    request: { path: `/create-flyer-remote/event?event=${EVENT}&uuid=${LINK}` },
    expected: ANYONE(200),
    note: "the calendar link grant's event, no sign-in",
  },
  { request: { path: `/create-flyer-remote/event?event=kids-club/ev-x&uuid=${LINK}` }, expected: ANYONE(404), note: 'another calendar' },
  { request: { path: `/create-flyer-remote/event?event=${EVENT}&uuid=${BUSINESS_LINK}` }, expected: ANYONE(404), note: 'a business grant' },
  { request: { path: '/create-flyer-remote' }, expected: ANYONE(404), note: 'always an event' },
  {
    request: { path: `/create-flyer-remote/event?event=${EVENT}` },
    expected: { ...ANYONE(404), anonymous: LOGIN },
    note: "signed in: the person's own calendar grant (nobody holds one)",
  },
  ...(
    [
      ['update', 200, TEXT],
      ['add-text', 200],
      ['remove-element:t1', 200, TEXT],
      ['revert-element:t1', 200, TEXT],
      ['load-event', 200],
      ['confirm-load-event', 200, {}, "the event's layout"],
      ['space-evenly', 200, TEXT],
      ['use-history:nokey', 404],
      ['delete-history:nokey', 403, {}, 'only staff delete from history'],
      ['confirm-delete-history:nokey', 403],
      ['use-header:9', 400, {}, 'no such event image'],
      ['generate', 400, { prompt: '' }, 'a prompt is needed (a remote manager generates images too; tests/e2e/flyer-remote.spec.ts)'],
      ['download', 400, {}, "'Please generate an image or select one from history first.'"],
      ['download-background', 400],
      ['print-pdf', 400],
    ] as Array<[string, Outcome, Record<string, string>?, string?]>
  ).map(([intent, outcome, form, note]): MatrixRow => ({
    request: post(`/create-flyer-remote/event?event=${EVENT}&uuid=${LINK}`, intent, form ?? {}),
    expected: ANYONE(outcome),
    ...(note ? { note } : {}),
  })),
  {
    request: post(`/create-flyer-remote/event?event=${EVENT}&uuid=${LINK}`, 'add-tag', { customTag: 'Sunny' }),
    expected: ANYONE(200),
    note: 'a remote manager adds a tag to the flyer only (the configuration is the community’s)',
  },
  ...['download', 'download-background', 'print-pdf'].map((intent): MatrixRow => ({
    request: post(`/create-flyer-remote/download?event=${EVENT}&uuid=${LINK}`, intent),
    expected: ANYONE(400),
    note: 'no image: the warning',
  })),
  {
    request: { path: `/create-flyer-remote/download?event=${EVENT}&uuid=${LINK}&${new URLSearchParams(FLYER).toString()}` },
    expected: ANYONE(200),
  },
  // The state of a remote designer's image generation: under the grant, a job of its community only.
  {
    request: { path: `/create-flyer-remote/job-state?event=${EVENT}&uuid=${LINK}&job=${REMOTE_JOB}` },
    expected: ANYONE(404),
    note: 'no such job (tests/e2e/flyer-remote.spec.ts follows a real one)',
  },
  {
    request: { path: `/create-flyer-remote/job-state?event=${EVENT}&uuid=${LINK}&job=flyer-pine-ridge-1700000000000-0123456789abcdef` },
    expected: ANYONE(404),
    note: "another community's job",
  },
  {
    request: { path: `/create-flyer-remote/job-state?event=kids-club/ev-x&uuid=${LINK}&job=${REMOTE_JOB}` },
    expected: ANYONE(404),
    note: 'another calendar',
  },
  {
    request: { path: `/create-flyer-remote/job-state?event=${EVENT}&job=${REMOTE_JOB}` },
    expected: { ...ANYONE(404), anonymous: LOGIN },
    note: 'no link: the signed-in person’s own grant (nobody holds one)',
  },
];
