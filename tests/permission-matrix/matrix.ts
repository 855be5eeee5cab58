import { COMMUNITY_A, COMMUNITY_B, type Role } from './fixtures';

/**
 * THE PERMISSION MATRIX: who gets what from every route module of the app.
 *
 * One line per request: the route module (its Remix route id: `root`, `routes/_app`,
 * `routes/_app.listnm.switch-community` …), the request, and the outcome for each role:
 *
 * | role      | who (firebase/seed/demo-users.json)                                   |
 * |-----------|-----------------------------------------------------------------------|
 * | anonymous | nobody signed in                                                      |
 * | editorA   | editor@demo.example — editor of A (demo-campground)                   |
 * | adminA    | admin@demo.example — editor, admin and notifier of A                  |
 * | editorB   | town-editor@demo.example — editor of B (demo-town)                    |
 * | system    | system@demo.example — resort system admin (admin of A and B)          |
 * | super     | super@demo.example — super admin (SUPER_ADMIN_EMAILS), admin of A     |
 * | remote    | remote@demo.example — no community rights, remote grant on an A item  |
 *
 * Outcomes: a status (200 data or page, 400, 403, 404, 405 …); LOGIN = redirect to
 * /login?redirectTo={the request's path and query}; `redirect:{path}` = a redirect to exactly
 * that address (REMOTE = /detail/remote, where remote-only people belong).
 *
 * Every route module must have at least one line: the test fails, naming the module, when a
 * route exists without one. Add a line (or a few: loader and action, each distinct rule) with
 * each new route. Sessions are fresh for every line (a line's action cannot change another
 * line's session); `communityKey` sets the community stored in every role's session.
 */

export type Outcome = number | typeof LOGIN | `redirect:${string}`;

export const LOGIN = 'login';
export const REMOTE = 'redirect:/detail/remote';

export interface MatrixRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query. */
  path: string;
  /** Form fields of a POST (sent as application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** The community stored in each signed-in role's session. */
  communityKey?: string;
}

export interface MatrixRow {
  route: string;
  request: MatrixRequest;
  expected: Record<Role, Outcome>;
  /** Why the line reads as it does, when that is not obvious. */
  note?: string;
}

/** The same outcome for everyone (public routes). */
export const everyone = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: outcome,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: outcome,
});

/** Any signed-in staff member (requireStaff): anonymous people sign in, remote-only people go to their page. */
export const STAFF: Record<Role, Outcome> = {
  anonymous: LOGIN,
  editorA: 200,
  adminA: 200,
  editorB: 200,
  system: 200,
  super: 200,
  remote: REMOTE,
};

/** Anyone signed in (requireUser). */
export const SIGNED_IN: Record<Role, Outcome> = { ...everyone(200), anonymous: LOGIN };

/** Super admins only (requireSuperAdmin): other staff 403, anonymous people sign in, remote-only people go to their page. */
export const SUPER_ONLY = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: 403,
  adminA: 403,
  editorB: 403,
  system: 403,
  super: outcome,
  remote: REMOTE,
});

const SEED_IMAGE = '/files/demo-campground/images/header/1717200000000/pine-trail.jpg';

export const MATRIX: MatrixRow[] = [
  // ── Platform ──
  {
    route: 'root',
    request: { path: '/' },
    expected: everyone(200),
    note: 'the document: flash toast and help-desk script, for every page',
  },
  { route: 'routes/healthcheck', request: { path: '/healthcheck' }, expected: everyone(200) },
  {
    route: 'routes/dev.outbox',
    request: { path: '/dev/outbox' },
    expected: everyone(200),
    note: 'public while no SMTP server is configured (the outbox mailer); 404 with SMTP_URL set',
  },
  { route: 'routes/files.$', request: { path: SEED_IMAGE }, expected: everyone(200), note: 'public: the path is the capability' },
  { route: 'routes/files.$', request: { path: '/files/demo-campground/images/nope.png' }, expected: everyone(404) },
  { route: 'routes/$', request: { path: '/no/such/page' }, expected: everyone(404) },
  { route: 'routes/$', request: { method: 'POST', path: '/no/such/page' }, expected: everyone(404) },

  // ── Shell and home (spec 01 §2.3, §2.6) ──
  { route: 'routes/_app', request: { path: '/' }, expected: STAFF },
  {
    route: 'routes/_app',
    request: { path: '/', communityKey: COMMUNITY_B },
    expected: STAFF,
    note: 'a stored community the person may not manage falls back to their default',
  },
  {
    route: 'routes/_app',
    request: { path: '/?leftColumn=collapsed' },
    expected: everyone('redirect:/'),
    note: 'the menu expander stores a preference cookie (which grants nothing) and comes back to the address',
  },
  { route: 'routes/_app._index', request: { path: '/' }, expected: STAFF },
  {
    route: 'routes/_app.$action',
    request: { path: '/community-setup' },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 200, editorB: 403, system: 200, super: 200, remote: REMOTE },
    note: 'community setup: location admin of the current community, or resort system admin',
  },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/community-setup', form: { intent: 'save' } },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 400, editorB: 403, system: 400, super: 400, remote: REMOTE },
    note: 'an empty form is refused with the schema messages (400), after the permission check',
  },
  {
    route: 'routes/_app.$action',
    request: { path: '/add-community' },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 200, super: 403, remote: REMOTE },
    note: 'Add Community is in the Resort System Management tray',
  },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/add-community', form: { intent: 'save' } },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 400, super: 403, remote: REMOTE },
  },
  // App Setup and Integrations (spec 01 §6: super admins see them)
  { route: 'routes/_app.$action', request: { path: '/app-setup' }, expected: SUPER_ONLY(200), note: 'app setup: super admins only' },
  { route: 'routes/_app.$action', request: { path: '/app-setup?appId=pine-hollow' }, expected: SUPER_ONLY(200) },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/app-setup', form: { intent: 'save', appId: '' } },
    expected: SUPER_ONLY(400),
    note: "no app id: 'Please select an app ID.'",
  },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/app-setup?appId=matrix-app', form: { intent: 'save', appId: 'matrix-app', appName: 'Matrix App' } },
    expected: SUPER_ONLY('redirect:/app-setup?appId=matrix-app'),
    note: 'saves (a record of its own) and comes back with the success toast',
  },
  { route: 'routes/_app.$action', request: { method: 'POST', path: '/app-setup', form: { intent: 'nope' } }, expected: SUPER_ONLY(400) },
  {
    route: 'routes/_app.$action',
    request: { path: '/header-images' },
    expected: STAFF,
    note: 'header editor: staff of the current community',
  },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/header-images', form: { intent: 'save', headerType: 'images', delaySeconds: '4' } },
    expected: { anonymous: LOGIN, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400, remote: REMOTE },
    note: "header editor: no image left is refused with 'Image is required.' (400), after the permission check",
  },
  { route: 'routes/_app.$action', request: { path: '/integrations' }, expected: SUPER_ONLY(200), note: 'integrations: super admins only' },
  { route: 'routes/_app.$action', request: { path: '/integrations?location=demo-campground' }, expected: SUPER_ONLY(200) },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/integrations', form: { intent: 'save', location: '' } },
    expected: SUPER_ONLY(400),
    note: "no location: 'Please select a location.'",
  },
  {
    route: 'routes/_app.$action',
    request: {
      method: 'POST',
      path: '/integrations?location=demo-town',
      form: { intent: 'save', location: 'demo-town', mapSystem: 'campguest' },
    },
    expected: SUPER_ONLY('redirect:/integrations?location=demo-town'),
  },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/integrations', form: { intent: 'load-instances', pmsSystem: 'newbook', apiRegion: 'us' } },
    expected: SUPER_ONLY(200),
    note: 'instance lookup through the PMS port (offline without vendor keys)',
  },
  // Main menu sorting (spec 01 §2.6, §4.3; spec 02 §6: staff of a location manage its content)
  { route: 'routes/_app.$action', request: { path: '/sort-button' }, expected: STAFF, note: 'sort mode of the main menu' },
  { route: 'routes/_app.$action', request: { path: '/sort-alpha' }, expected: STAFF, note: "the 'Sort Alphabetically' confirmation" },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/sort-button', form: { intent: 'move-down:0', order: '[]' } },
    expected: STAFF,
    note: 'Move down without JavaScript: sort mode again with the pending order; nothing saved',
  },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/sort-submit', form: { intent: 'sort-submit', order: '["activities"]' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
    note: 'an order that is not exactly the stored items is refused (400), after the permission check',
  },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/sort-alpha', form: { intent: 'sort-alpha' } },
    expected: { ...STAFF, editorA: 'redirect:/', adminA: 'redirect:/', editorB: 'redirect:/', system: 'redirect:/', super: 'redirect:/' },
    note: "the confirmation's OK: sorts the current community's main menu and saves",
  },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/sort-submit', form: { intent: 'nope' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
  },
  { route: 'routes/_app.$action', request: { path: '/not-a-home-action' }, expected: everyone(404) },

  // ── Menu item editor (spec 02 "Menu item editor"; spec 02 §6: staff of a location manage its content) ──
  { route: 'routes/_app.$action', request: { path: '/add' }, expected: STAFF, note: 'Add Menu Item opens on the Select Menu Type picker' },
  { route: 'routes/_app.$action', request: { path: '/add?type=form' }, expected: STAFF },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/add', form: { intent: 'save', typeId: 'website', name: '', icon: '', url: '' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
    note: "'Title is required.', 'URL is required.' (400), after the permission check",
  },
  {
    route: 'routes/_app.$action',
    request: { method: 'POST', path: '/add', form: { intent: 'nope' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
  },
  {
    route: 'routes/_app.$action',
    request: { path: '/edit' },
    expected: { ...STAFF, editorA: 'redirect:/', adminA: 'redirect:/', editorB: 'redirect:/', system: 'redirect:/', super: 'redirect:/' },
    note: '/edit names no item: home',
  },
  {
    route: 'routes/_app.home.$action.$itemId',
    request: { path: '/home/edit/messages' },
    expected: STAFF,
    note: "an item of the current community's shown menu",
  },
  {
    route: 'routes/_app.home.$action.$itemId',
    request: { path: '/home/edit/activities' },
    expected: { ...STAFF, editorB: 'redirect:/' },
    note: 'an item key the current community (B for editorB) does not have: home with a message',
  },
  {
    route: 'routes/_app.home.$action.$itemId',
    request: { path: '/home/edit/activities', communityKey: 'demo-town' },
    expected: { ...STAFF, editorB: 'redirect:/', system: 'redirect:/' },
    note: "items are looked up in the session's community only: A's staff stay on A (which has it); B's staff and the system admin on B do not find it",
  },
  {
    route: 'routes/_app.home.$action.$itemId',
    request: { path: '/home/sort/messages' },
    expected: everyone(404),
    note: 'only edit is an action here',
  },
  {
    route: 'routes/_app.home.$action.$itemId',
    request: { method: 'POST', path: '/home/edit/messages', form: { intent: 'save', typeId: 'messages', name: '', icon: 'chat' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
  },
  {
    route: 'routes/_app._index',
    request: { method: 'POST', path: '/?index', form: { intent: 'choose-section', menuId: 'main-menu' } },
    expected: { ...STAFF, editorA: 'redirect:/', adminA: 'redirect:/', editorB: 'redirect:/', system: 'redirect:/', super: 'redirect:/' },
    note: 'remembers the menu section the home grid shows',
  },
  {
    route: 'routes/_app._index',
    request: { method: 'POST', path: '/?index', form: { intent: 'choose-section', menuId: 'not-a-section' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
  },

  // ── Switch Community (spec 03 §6: admin rights and two communities, or system admin) ──
  {
    route: 'routes/_app.listnm.switch-community',
    request: { path: '/listnm/switch-community' },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 200, super: 403, remote: REMOTE },
  },
  {
    route: 'routes/_app.listnm.switch-community',
    request: { method: 'POST', path: '/listnm/switch-community', form: { communityKey: COMMUNITY_B }, communityKey: COMMUNITY_A },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 'redirect:/', super: 403, remote: REMOTE },
  },
  {
    route: 'routes/_app.listnm.switch-community',
    request: { method: 'POST', path: '/listnm/switch-community', form: { communityKey: 'no-such-community' } },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 403, super: 403, remote: REMOTE },
  },
  {
    route: 'routes/_app.listnm.switch-community',
    request: { method: 'POST', path: '/listnm/switch-community', form: {} },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 400, super: 403, remote: REMOTE },
  },

  // ── Sign-in (spec 01 §2.4): public; the tests' environment has no Google credentials ──
  { route: 'routes/login', request: { path: '/login' }, expected: everyone(200) },
  { route: 'routes/login', request: { path: '/login?redirectTo=%2Flistnm%2Fusers' }, expected: everyone(200) },
  {
    route: 'routes/login',
    request: { path: '/login?action=logout' },
    expected: everyone('redirect:/login'),
    note: 'signs out whoever is signed in',
  },
  { route: 'routes/login', request: { method: 'POST', path: '/login?action=logout' }, expected: everyone('redirect:/login') },
  {
    route: 'routes/login',
    request: { method: 'POST', path: '/login', form: { intent: 'password', email: 'editor@demo.example', password: 'demo-password-1' } },
    expected: everyone(400),
    note: "a post without the form's honeypot fields is refused",
  },
  {
    route: 'routes/auth.google',
    request: { path: '/auth/google' },
    expected: everyone(404),
    note: '404 unless Google sign-in is configured',
  },
  { route: 'routes/auth.google', request: { method: 'POST', path: '/auth/google', form: {} }, expected: everyone(404) },
  { route: 'routes/auth.google_.callback', request: { path: '/auth/google/callback?code=x&state=y' }, expected: everyone(404) },

  // ── Pages outside the shell ──
  { route: 'routes/google-auth', request: { path: '/google-auth?code=abc&scope=email' }, expected: SIGNED_IN },
];
