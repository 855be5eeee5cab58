import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * Splash screens and banner ads (spec 02 "Listing routes" context splashscreen, §7; spec 03 §6
 * Administrative tray; §9; decision 042): `/listnm/splashscreen` and `/listnm/ads` (the list, its
 * next chunk, Add, an item's editor with Upload, Save, Delete and Delete confirmed), for admins
 * of the community. Demo-campground has the splash screen demo-welcome-splash and the banner ad
 * demo-kayak-ad (firebase/seed/demo-data.json). A save without the version of what its form
 * showed is a conflict (nothing written); what the saves and deletes write:
 * server/promos/store.test.ts.
 */

const admins = (outcome: Outcome, overrides: Partial<Record<Role, Outcome>> = {}): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: 403,
  adminA: outcome,
  editorB: 403,
  system: outcome,
  super: outcome,
  remote: REMOTE,
  ...overrides,
});

const IMAGE = 'https://img.example/promo.png';

function linesOf(context: 'splashscreen' | 'ads', itemKey: string, pages: string, badPages: string): MatrixRow[] {
  const list = `/listnm/${context}`;
  const item = `${list}/edit/${itemKey}`;
  const add = `${list}/add?key=matrix-new-item`;
  const saved: Outcome = `redirect:${list}`;
  return [
    { request: { path: list }, expected: admins(200), note: 'the list, with Add' },
    { request: { path: `${list}?q=kayak` }, expected: admins(200), note: 'filtered by title or address' },
    { request: { path: `${list}/rows?after=bad` }, expected: admins(400), note: 'a junk cursor' },
    { request: { path: `${list}/rows` }, expected: admins(200), note: 'the next chunk from the start' },
    { request: { path: `${list}/add` }, expected: admins(200), note: 'the Add form, with a fresh key' },
    { request: { path: item }, expected: admins(200), note: 'an item of A' },
    { request: { path: `${item}?confirm=delete` }, expected: admins(200), note: 'Delete asks first (the question as a page)' },
    { request: { path: `${list}/edit/no-such-item` }, expected: admins(404) },
    {
      request: { method: 'POST', path: add, form: { intent: 'save', title: 'New', url: 'https://example.com', drawable: IMAGE, pages } },
      expected: admins(saved),
      note: 'Add',
    },
    {
      request: { method: 'POST', path: add, form: { intent: 'save', title: 'New', drawable: IMAGE, pages: badPages } },
      expected: admins(context === 'splashscreen' ? 403 : 400, context === 'splashscreen' ? { system: saved } : {}),
      note:
        context === 'splashscreen'
          ? 'an app the person does not administer (B): only its administrators add it there'
          : 'a page that is no listing page of A',
    },
    {
      request: { method: 'POST', path: add, form: { intent: 'save', title: '', drawable: 'javascript:alert(1)' } },
      expected: admins(400),
      note: "'Title is required.', an image address that is none",
    },
    {
      request: { method: 'POST', path: add, form: { intent: 'upload', title: 'New' } },
      expected: admins(200),
      note: 'Upload without a file: the form again',
    },
    {
      request: { method: 'POST', path: `${list}/add`, form: { intent: 'save', title: 'New', drawable: IMAGE } },
      expected: admins(404),
      note: 'an Add without its key',
    },
    {
      request: { method: 'POST', path: item, form: { intent: 'save', title: 'Changed', drawable: IMAGE, pages } },
      expected: admins(409),
      note: 'a save without the version its form showed: a conflict, nothing written',
    },
    {
      request: { method: 'POST', path: item, form: { intent: 'upload', title: 'Changed', drawable: IMAGE } },
      expected: admins(200),
      note: 'Upload without a file: the form again',
    },
    { request: { method: 'POST', path: item, form: { intent: 'delete' } }, expected: admins(200), note: 'Delete asks first' },
    {
      request: { method: 'POST', path: item, form: { intent: 'delete-confirmed' } },
      expected: admins(saved),
      note: context === 'splashscreen' ? 'Delete, confirmed: from every app that shows it' : 'Delete, confirmed',
    },
    {
      request: { method: 'POST', path: `${list}/edit/no-such-item`, form: { intent: 'save', title: 'X', drawable: IMAGE } },
      expected: admins(404),
    },
  ];
}

export const PROMO_LINES: MatrixRow[] = [
  ...linesOf('splashscreen', 'demo-welcome-splash', '', 'demo-town'),
  ...linesOf('ads', 'demo-kayak-ad', 'dining', 'no-such-page'),
];
