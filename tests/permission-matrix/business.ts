import { COMMUNITY_A, COMMUNITY_B, type Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

/**
 * The business detail editor (spec 03 §2; spec 01 §2.1 remote routes): `/detail/…` and
 * `/detailUpdate/…` for staff, the remote pages `/detail/remote/:uuid/` (a URL grant, no
 * sign-in) and `/detail/remote/id/:detailId` (the signed-in holder of an e-mail grant).
 *
 * The seeded item is A's `lakeside-grill` in dining-resort; the remote role holds an e-mail
 * grant on it (Edit Information, Add Buttons). B's staff find no such item in B (404). What a
 * grant may write (only its fields; never listing icons, sections or remote management) is
 * proven by app/features/business/editor.server.test.ts; here: a grant reaches no other item
 * (404), no staff address and no other community (REMOTE), and nothing without its holder.
 */

const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';
const ITEM = '/detail/business/dining-resort/lakeside-grill';
const BACK = 'redirect:/listnm/dining';

const roles = (outcome: Outcome, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: REMOTE,
  ...overrides,
});
/** A's item: B's staff have no such item in their community. */
const onA = (outcome: Outcome) => roles(outcome, { editorB: 404 });

/** A complete, valid form of the editor (the seeded item's values). */
const VALID: Record<string, string> = {
  title: 'Lakeside Grill',
  'location.address': '4120 Lakeshore Road',
  'location.city': 'Lake Luzerne',
  'location.state': 'NY',
  'location.zip': '12846',
  'location.latitude': '43.3129',
  'location.longitude': '-73.8339',
  phone: '(518) 555-0163',
  website: 'https://www.pinehollowrv.example/lakeside-grill',
};

/** Remote pages: nobody but the grant's holder. */
const REMOTE_ONLY = (outcome: Outcome, anonymous: Outcome = LOGIN): Record<Role, Outcome> => ({
  anonymous,
  editorA: 404,
  adminA: 404,
  editorB: 404,
  system: 404,
  super: 404,
  remote: outcome,
});
/** The seeded URL grant's link (firebase/seed/demo-data.json). */
const LINK = '3f6c1d2a-8b4e-4c7a-9e51-7d2b0a6f4c19';
const ANYONE = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: outcome,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: outcome,
});
const NOBODY: Record<Role, Outcome> = {
  anonymous: 404,
  editorA: 404,
  adminA: 404,
  editorB: 404,
  system: 404,
  super: 404,
  remote: 404,
};

const staffLines = (base: string, label: string, outcome: (status: Outcome) => Record<Role, Outcome>): MatrixRow[] => [
  { request: { path: base }, expected: outcome(200), note: `${label}: the editor` },
  {
    request: { method: 'POST', path: base, form: { intent: 'save', title: '' } },
    expected: outcome(400),
    note: `${label}: the spec's messages and the form-level message, the section with the error open`,
  },
  {
    request: { method: 'POST', path: base, form: { intent: 'preview', ...VALID } },
    expected: outcome(200),
    note: `${label}: Update Preview (no JavaScript) shows the form again, unsaved`,
  },
  {
    request: { method: 'POST', path: base, form: { intent: 'place-search', 'location.query': 'diner', ...VALID } },
    expected: outcome(200),
    note: `${label}: the place picker's Search without JavaScript (offline sample places), unsaved`,
  },
  {
    request: { method: 'POST', path: base, form: { intent: 'place-choice:offline-lakeshore-diner', ...VALID } },
    expected: outcome(200),
    note: `${label}: a place fills the location fields, unsaved`,
  },
];

/** Every intent of the shared header editor at `path` (offline stock photos, AI images and places). */
export const headerLines = (path: string, outcome: (status: Outcome) => Record<Role, Outcome>, options: { ai: boolean }): MatrixRow[] => [
  { request: { path }, expected: outcome(200), note: "the item's own header media, in the shared header editor" },
  ...(
    [
      ['save', {}, 400],
      ['upload', {}, 200],
      ['places', {}, 200],
      ['places-cancel', {}, 200],
      ['place-photo', { placePhoto: 'offline/pine-trail.jpg' }, 200],
      ['stock', {}, 200],
      ['stock-search', { stockQuery: 'lake' }, 200],
      ['stock-more', { stockQuery: 'lake', stockPage: '1' }, 200],
      ['stock-previous', { stockQuery: 'lake', stockPage: '2' }, 200],
      ['stock-cancel', {}, 200],
      ['stock-photo', {}, 400],
      ['ai', {}, 200],
      ['ai-generate', { aiPrompt: ' ' }, 200],
      ['ai-cancel', {}, 200],
      ['ai-use', { aiImage: 'elsewhere/images/ai/1/ai-x.png' }, 400],
    ] as const
  ).map(([intent, fields, status]): MatrixRow => {
    const ai = intent.startsWith('ai');
    return {
      request: { method: 'POST', path, form: { intent, headerType: 'images', delaySeconds: '4', ...fields } },
      expected: outcome(ai && !options.ai ? 403 : status),
      note: ai && !options.ai ? `header editor ${intent}: no AI images here` : `header editor ${intent}`,
    };
  }),
];

export const BUSINESS_LINES: MatrixRow[] = [
  // ── Staff: add, edit, duplicate, header images (the session's community) ──
  ...staffLines('/detail/business/dining-resort', 'add', roles),
  {
    request: { method: 'POST', path: '/detail/business/dining-resort', form: { intent: 'save', itemKey: 'matrix-new-listing', ...VALID } },
    expected: roles(BACK),
    note: 'add: a new item on top of the list, then back to the list',
  },
  ...staffLines(ITEM, 'edit', onA),
  {
    request: { method: 'POST', path: ITEM, form: { intent: 'save', ...VALID } },
    expected: onA(BACK),
    note: 'edit: saved, then back to the list',
  },
  ...staffLines(`${ITEM}/duplicate`, 'duplicate', onA),
  {
    request: { method: 'POST', path: `${ITEM}/duplicate`, form: { intent: 'save', itemKey: 'matrix-copy', ...VALID } },
    expected: onA(BACK),
  },
  ...headerLines(`${ITEM}/header-images`, onA, { ai: true }),
  // ── The single business detail a business-detail menu item opens (A's camp-store) ──
  ...staffLines('/detail/business-detail/camp-store', 'business detail', onA),
  {
    request: {
      method: 'POST',
      path: '/detail/business-detail/camp-store',
      form: { intent: 'save', ...VALID, title: 'Pine Hollow Camp Store' },
    },
    expected: onA('redirect:/'),
    note: 'saved, then home (it is no list)',
  },
  { request: { path: '/detail/business-detail/no-such-record' }, expected: roles(404) },
  ...headerLines('/detail/business-detail/business-detail/camp-store/header-images', onA, { ai: true }),
  { request: { path: '/detail/business-detail/business-detail' }, expected: roles(404), note: 'a business detail is never added here' },
  { request: { path: '/detail/business-detail/business-detail/camp-store/duplicate' }, expected: roles(404) },
  { request: { path: '/detail/business/no-such-section' }, expected: roles(404), note: 'a section that is no detail list: 404' },
  { request: { path: '/detail/business/dining-resort/no-such-item' }, expected: roles(404) },
  { request: { path: '/detail/events/dining-resort/lakeside-grill' }, expected: roles(404), note: 'a type the section is not' },
  {
    request: { path: '/detail/searchablemap/searchablemap-detail/resort-site-map' },
    expected: roles(404),
    note: 'searchable-map editing is reserved for the maps issue: 404 for now',
  },
  {
    request: { path: `${ITEM}/no-such-action` },
    expected: NOBODY,
    note: 'an unknown detail action: no route serves it (the catch-all 404)',
  },

  // ── Staff: an item of the community named by the address ──
  ...staffLines(`/detailUpdate/${COMMUNITY_A}/business/dining-resort/lakeside-grill`, 'detailUpdate A', (status) =>
    roles(status, { editorB: 403 }),
  ),
  {
    request: {
      method: 'POST',
      path: `/detailUpdate/${COMMUNITY_A}/business/dining-resort/lakeside-grill`,
      form: { intent: 'save', ...VALID },
    },
    expected: roles(BACK, { editorB: 403 }),
    note: "B's editor may not edit A (403)",
  },
  {
    request: { path: `/detailUpdate/${COMMUNITY_B}/business/dining-resort/lakeside-grill` },
    expected: roles(403, { editorB: 404, system: 404 }),
    note: "B has no such item; A's staff may not edit B",
  },
  ...staffLines(`/detailUpdate/${COMMUNITY_A}/business/dining-resort/id/lakeside-grill`, 'detailUpdate by id', (status) =>
    roles(status, { editorB: 403 }),
  ),
  {
    request: {
      method: 'POST',
      path: `/detailUpdate/${COMMUNITY_A}/business/dining-resort/id/lakeside-grill`,
      form: { intent: 'save', ...VALID },
    },
    expected: roles(BACK, { editorB: 403 }),
  },

  ...headerLines(
    `/detailUpdate/${COMMUNITY_A}/business/dining-resort/lakeside-grill/header-images`,
    (status) => roles(status, { editorB: 403 }),
    {
      ai: true,
    },
  ),

  // ── Remote pages: the grant's holder only, its own item only ──
  { request: { path: '/detail/remote/id/lakeside-grill' }, expected: REMOTE_ONLY(200), note: "the remote role's e-mail grant" },
  {
    request: { method: 'POST', path: '/detail/remote/id/lakeside-grill', form: { intent: 'save', ...VALID, listIcons: 'pet-friendly' } },
    expected: REMOTE_ONLY('redirect:/detail/remote/id/lakeside-grill?saved=1'),
    note: "'Save Complete'; only the grant's fields are written (route tests prove listIcons, contexts and remote fields are ignored)",
  },
  {
    request: { method: 'POST', path: '/detail/remote/id/lakeside-grill', form: { intent: 'save', title: '' } },
    expected: REMOTE_ONLY(400),
  },
  {
    request: { method: 'POST', path: '/detail/remote/id/lakeside-grill', form: { intent: 'preview', ...VALID } },
    expected: REMOTE_ONLY(200),
  },
  {
    request: {
      method: 'POST',
      path: '/detail/remote/id/lakeside-grill',
      form: { intent: 'place-search', 'location.query': 'diner', ...VALID },
    },
    expected: REMOTE_ONLY(200),
  },
  {
    request: {
      method: 'POST',
      path: '/detail/remote/id/lakeside-grill',
      form: { intent: 'place-choice:offline-lakeshore-diner', ...VALID },
    },
    expected: REMOTE_ONLY(200),
  },
  {
    request: {
      method: 'POST',
      path: '/detail/remote/id/lakeside-grill',
      form: { intent: 'request-update', action: 'modify', message: 'More rights' },
    },
    expected: REMOTE_ONLY('redirect:/detail/remote/id/lakeside-grill?requested=1'),
    note: "Update Permissions: 'Your request has been sent to the administrators.'",
  },
  ...headerLines('/detail/remote/id/lakeside-grill/header-images', REMOTE_ONLY, { ai: false }),
  { request: { path: '/detail/remote/id/snack-shack/header-images' }, expected: REMOTE_ONLY(404), note: 'no other item' },
  {
    request: { method: 'POST', path: '/detail/remote/id/snack-shack/header-images', form: { intent: 'upload', headerType: 'images' } },
    expected: REMOTE_ONLY(404),
  },
  {
    request: { path: '/detail/remote/id/snack-shack' },
    expected: REMOTE_ONLY(404),
    note: 'a grant reaches no other item',
  },
  {
    request: { method: 'POST', path: '/detail/remote/id/snack-shack', form: { intent: 'save', ...VALID } },
    expected: REMOTE_ONLY(404),
  },
  // The seeded URL grant (Edit Information only) for A's Kayak & Paddleboard Rentals: the link is the capability, for anyone.
  { request: { path: `/detail/remote/${LINK}/` }, expected: ANYONE(200), note: 'a URL grant opens without signing in' },
  {
    request: { method: 'POST', path: `/detail/remote/${LINK}/`, form: { intent: 'save', ...VALID, title: 'Kayak & Paddleboard Rentals' } },
    expected: ANYONE(`redirect:/detail/remote/${LINK}/?saved=1`),
    note: "'Save Complete'; only the grant's fields are written",
  },
  { request: { method: 'POST', path: `/detail/remote/${LINK}/`, form: { intent: 'save', title: '' } }, expected: ANYONE(400) },
  { request: { method: 'POST', path: `/detail/remote/${LINK}/`, form: { intent: 'preview', ...VALID } }, expected: ANYONE(200) },
  {
    request: {
      method: 'POST',
      path: `/detail/remote/${LINK}/`,
      form: { intent: 'request-update', action: 'modify', message: 'Buttons too' },
    },
    expected: ANYONE(`redirect:/detail/remote/${LINK}/?requested=1`),
  },
  ...headerLines(`/detail/remote/${LINK}/header-images`, ANYONE, { ai: false }),
  {
    request: {
      method: 'POST',
      path: `/detail/remote/${LINK}/header-images`,
      form: { intent: 'save', headerType: 'video', videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', delaySeconds: '4' },
    },
    expected: ANYONE(`redirect:/detail/remote/${LINK}/`),
    note: 'saved (and recorded in the remote audit), back to the listing',
  },
  { request: { path: '/detail/remote/no-such-link/header-images' }, expected: NOBODY },
  { request: { method: 'POST', path: '/detail/remote/no-such-link/header-images', form: { intent: 'save' } }, expected: NOBODY },
  {
    request: { path: '/detail/remote/demo-remote/' },
    expected: NOBODY,
    note: "an e-mail grant's uid is no link: 404 without signing in, for anyone",
  },
  {
    request: { method: 'POST', path: '/detail/remote/demo-remote/', form: { intent: 'save', ...VALID } },
    expected: NOBODY,
  },
  { request: { path: '/detail/remote/no-such-link/' }, expected: NOBODY, note: 'an unknown link' },
  { request: { method: 'POST', path: '/detail/remote/no-such-link/', form: { intent: 'preview' } }, expected: NOBODY },
  {
    request: { method: 'POST', path: '/detail/remote/no-such-link/', form: { intent: 'place-search', 'location.query': 'diner' } },
    expected: NOBODY,
  },
  {
    request: { method: 'POST', path: '/detail/remote/no-such-link/', form: { intent: 'place-choice:offline-lakeshore-diner' } },
    expected: NOBODY,
  },
  {
    request: { method: 'POST', path: '/detail/remote/no-such-link/', form: { intent: 'request-update', action: 'modify' } },
    expected: NOBODY,
  },
];
