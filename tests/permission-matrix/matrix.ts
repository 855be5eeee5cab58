import { COMMUNITY_A, COMMUNITY_B, type Role } from './fixtures';

/**
 * THE PERMISSION MATRIX: who gets what from every address of the app.
 *
 * One line per request — method, path and query, form fields (with `intent`), the community
 * stored in the session — and the outcome for each role. A line names no route module: the
 * test matches the path with Remix's own matcher (./routes.ts) and answers it as Remix would.
 * A GET of a page runs every matched route's loader, outermost first (root, the signed-in
 * layout `_app`, the page), so the layout's guard decides for anonymous and remote-only people
 * wherever it applies; a GET of a resource route (no default export) runs its loader only. Any
 * other method runs the action of the route Remix targets (the deepest route with a path; the
 * index route with `?index`). Roles:
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
 * Coverage (./coverage.ts), failing with the missing item's name and the line to add:
 * - every address pattern the app serves (each page or resource route's full pattern:
 *   `/:action`, `/home/:action/:itemId`, `/login`, `/*` …) has a GET line when its module has a
 *   loader or a page, and a POST line when it has an action (other methods its module names,
 *   such as DELETE, need lines too);
 * - every intent of every action has a POST line: the intents are the route module's exported
 *   `Intent` (`intents(…)` of app/lib/intent.ts). An action without `Intent` must be declared
 *   intent-less by a POST line whose form has no `intent`;
 * - a line that points at nothing fails: a path no route serves, a method its route does not
 *   answer, an intent its route's `Intent` does not declare (UNKNOWN_INTENT excepted: a line
 *   posting it checks the 400). Lines of an action without `Intent` are not checked for intents.
 * A line for a new screen reuses an existing line's shape; a failing coverage test prints the
 * line to add, with the path of a line that already reaches the route when the pattern has
 * parameters.
 * On top of the lines, every action with an `Intent` is posted `intent=not-an-intent` by each
 * signed-in role: 400, or the role's refusal (403, LOGIN, REMOTE, the 404 of a GET there).
 *
 * Every role's request of every line runs in a database transaction that is rolled back
 * afterwards, and sessions are minted fresh for it: no line (nor role) sees another's writes.
 * `communityKey` sets the community stored in every role's session.
 */

export type Outcome = number | typeof LOGIN | `redirect:${string}`;

export const LOGIN = 'login';
export const REMOTE = 'redirect:/detail/remote';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An intent no action declares: a line posting it checks the action's 400 for a stale or tampered form. */
export const UNKNOWN_INTENT = 'not-an-intent';

export interface MatrixRequest {
  method?: Method;
  /** Path and query. */
  path: string;
  /** Form fields of a POST (sent as application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** The community stored in each signed-in role's session. */
  communityKey?: string;
}

export interface MatrixRow {
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
  { request: { path: '/healthcheck' }, expected: everyone(200) },
  {
    request: { path: '/dev/outbox' },
    expected: everyone(200),
    note: 'public while no SMTP server is configured (the outbox mailer); 404 with SMTP_URL set',
  },
  { request: { path: SEED_IMAGE }, expected: everyone(200), note: 'public: the path is the capability' },
  { request: { path: '/files/demo-campground/images/nope.png' }, expected: everyone(404) },
  { request: { path: '/no/such/page' }, expected: everyone(404) },
  { request: { method: 'POST', path: '/no/such/page' }, expected: everyone(404) },

  // ── Shell and home (spec 01 §2.3, §2.6) ──
  {
    request: { path: '/' },
    expected: STAFF,
    note: "home: the shell's loader (_app) signs the person in, then the home grid's",
  },
  {
    request: { path: '/', communityKey: COMMUNITY_B },
    expected: STAFF,
    note: 'a stored community the person may not manage falls back to their default',
  },
  {
    request: { path: '/?leftColumn=collapsed' },
    expected: everyone('redirect:/'),
    note: 'the menu expander stores a preference cookie (which grants nothing) and comes back to the address',
  },
  {
    request: { path: '/community-setup' },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 200, editorB: 403, system: 200, super: 200, remote: REMOTE },
    note: 'community setup: location admin of the current community, or resort system admin',
  },
  {
    request: { method: 'POST', path: '/community-setup', form: { intent: 'save' } },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 400, editorB: 403, system: 400, super: 400, remote: REMOTE },
    note: 'an empty form is refused with the schema messages (400), after the permission check',
  },
  {
    request: { path: '/add-community' },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 200, super: 403, remote: REMOTE },
    note: 'Add Community is in the Resort System Management tray',
  },
  {
    request: { method: 'POST', path: '/add-community', form: { intent: 'save' } },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 400, super: 403, remote: REMOTE },
  },
  // App Setup and Integrations (spec 01 §6: super admins see them)
  { request: { path: '/app-setup' }, expected: SUPER_ONLY(200), note: 'app setup: super admins only' },
  { request: { path: '/app-setup?appId=pine-hollow' }, expected: SUPER_ONLY(200) },
  {
    request: { method: 'POST', path: '/app-setup', form: { intent: 'save', appId: '' } },
    expected: SUPER_ONLY(400),
    note: "no app id: 'Please select an app ID.'",
  },
  {
    request: { method: 'POST', path: '/app-setup?appId=matrix-app', form: { intent: 'save', appId: 'matrix-app', appName: 'Matrix App' } },
    expected: SUPER_ONLY('redirect:/app-setup?appId=matrix-app'),
    note: 'saves (a record of its own) and comes back with the success toast',
  },
  { request: { method: 'POST', path: '/app-setup', form: { intent: UNKNOWN_INTENT } }, expected: SUPER_ONLY(400) },
  {
    request: { path: '/header-images' },
    expected: STAFF,
    note: 'header editor: staff of the current community',
  },
  {
    request: { method: 'POST', path: '/header-images', form: { intent: 'save', headerType: 'images', delaySeconds: '4' } },
    expected: { anonymous: LOGIN, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400, remote: REMOTE },
    note: "header editor: no image left is refused with 'Image is required.' (400), after the permission check",
  },
  { request: { path: '/integrations' }, expected: SUPER_ONLY(200), note: 'integrations: super admins only' },
  { request: { path: '/integrations?location=demo-campground' }, expected: SUPER_ONLY(200) },
  {
    request: { method: 'POST', path: '/integrations', form: { intent: 'save', location: '' } },
    expected: SUPER_ONLY(400),
    note: "no location: 'Please select a location.'",
  },
  {
    request: {
      method: 'POST',
      path: '/integrations?location=demo-town',
      form: { intent: 'save', location: 'demo-town', mapSystem: 'campguest' },
    },
    expected: SUPER_ONLY('redirect:/integrations?location=demo-town'),
  },
  {
    request: { method: 'POST', path: '/integrations', form: { intent: 'load-instances', pmsSystem: 'newbook', apiRegion: 'us' } },
    expected: SUPER_ONLY(200),
    note: 'instance lookup through the PMS port (offline without vendor keys)',
  },
  // Main menu sorting (spec 01 §2.6, §4.3; spec 02 §6: staff of a location manage its content)
  { request: { path: '/sort-button' }, expected: STAFF, note: 'sort mode of the main menu' },
  { request: { path: '/sort-alpha' }, expected: STAFF, note: "the 'Sort Alphabetically' confirmation" },
  {
    request: { method: 'POST', path: '/sort-button', form: { intent: 'move-down:0', order: '[]' } },
    expected: STAFF,
    note: 'Move down without JavaScript: sort mode again with the pending order; nothing saved',
  },
  {
    request: { method: 'POST', path: '/sort-submit', form: { intent: 'sort-submit', order: '["activities"]' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
    note: 'an order that is not exactly the stored items is refused (400), after the permission check',
  },
  {
    request: { method: 'POST', path: '/sort-alpha', form: { intent: 'sort-alpha' } },
    expected: { ...STAFF, editorA: 'redirect:/', adminA: 'redirect:/', editorB: 'redirect:/', system: 'redirect:/', super: 'redirect:/' },
    note: "the confirmation's OK: sorts the current community's main menu and saves",
  },
  {
    request: { method: 'POST', path: '/sort-submit', form: { intent: UNKNOWN_INTENT } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
  },
  {
    request: { path: '/not-a-home-action' },
    expected: everyone(404),
    note: "not a page, for anyone: the shell's loader answers 404 for a word that is not a home action before it signs anyone in",
  },
  {
    request: { method: 'POST', path: '/sort-submit', form: { order: '["activities"]' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
    note: '/:action declares no Intent yet: intent-less, /sort-submit posts sort-submit by default',
  },

  // ── Menu item editor (spec 02 "Menu item editor"; spec 02 §6: staff of a location manage its content) ──
  { request: { path: '/add' }, expected: STAFF, note: 'Add Menu Item opens on the Select Menu Type picker' },
  { request: { path: '/add?type=form' }, expected: STAFF },
  {
    request: { method: 'POST', path: '/add', form: { intent: 'save', typeId: 'website', name: '', icon: '', url: '' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
    note: "'Title is required.', 'URL is required.' (400), after the permission check",
  },
  {
    request: { method: 'POST', path: '/add', form: { intent: UNKNOWN_INTENT } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
  },
  {
    request: { path: '/edit' },
    expected: { ...STAFF, editorA: 'redirect:/', adminA: 'redirect:/', editorB: 'redirect:/', system: 'redirect:/', super: 'redirect:/' },
    note: '/edit names no item: home',
  },
  {
    request: { path: '/home/edit/messages' },
    expected: STAFF,
    note: "an item of the current community's shown menu",
  },
  {
    request: { path: '/home/edit/activities' },
    expected: { ...STAFF, editorB: 'redirect:/' },
    note: 'an item key the current community (B for editorB) does not have: home with a message',
  },
  {
    request: { path: '/home/edit/activities', communityKey: 'demo-town' },
    expected: { ...STAFF, editorB: 'redirect:/', system: 'redirect:/' },
    note: "items are looked up in the session's community only: A's staff stay on A (which has it); B's staff and the system admin on B do not find it",
  },
  {
    request: { path: '/home/sort/messages' },
    expected: { ...STAFF, editorA: 404, adminA: 404, editorB: 404, system: 404, super: 404 },
    note: "only edit is an action here (after the shell's guard)",
  },
  {
    request: { method: 'POST', path: '/home/edit/messages', form: { intent: 'save', typeId: 'messages', name: '', icon: 'chat' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
  },
  {
    request: { method: 'POST', path: '/home/edit/messages', form: { typeId: 'messages', name: '', icon: 'chat' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
    note: '/home/:action/:itemId declares no Intent yet: intent-less, a form without intent saves',
  },
  {
    request: { method: 'POST', path: '/?index', form: { intent: 'choose-section', menuId: 'main-menu' } },
    expected: { ...STAFF, editorA: 'redirect:/', adminA: 'redirect:/', editorB: 'redirect:/', system: 'redirect:/', super: 'redirect:/' },
    note: 'remembers the menu section the home grid shows',
  },
  {
    request: { method: 'POST', path: '/?index', form: { intent: 'choose-section', menuId: 'not-a-section' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
  },
  {
    request: { method: 'POST', path: '/?index', form: { menuId: 'main-menu' } },
    expected: { ...STAFF, editorA: 400, adminA: 400, editorB: 400, system: 400, super: 400 },
    note: 'home declares no Intent yet: intent-less; a form without choose-section is refused',
  },

  // ── Switch Community (spec 03 §6: admin rights and two communities, or system admin) ──
  {
    request: { path: '/listnm/switch-community' },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 200, super: 403, remote: REMOTE },
  },
  {
    request: {
      method: 'POST',
      path: '/listnm/switch-community',
      form: { intent: 'switch', communityKey: COMMUNITY_B },
      communityKey: COMMUNITY_A,
    },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 'redirect:/', super: 403, remote: REMOTE },
  },
  {
    request: { method: 'POST', path: '/listnm/switch-community', form: { intent: 'switch', communityKey: 'no-such-community' } },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 403, super: 403, remote: REMOTE },
  },
  {
    request: { method: 'POST', path: '/listnm/switch-community', form: { intent: 'switch' } },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 400, super: 403, remote: REMOTE },
    note: "no community chosen: 'Choose a community.'",
  },
  {
    request: { method: 'POST', path: '/listnm/switch-community', form: { communityKey: COMMUNITY_B } },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 403, system: 400, super: 403, remote: REMOTE },
    note: 'a form without the Switch intent is refused (400), after the permission check',
  },

  // ── Sign-in (spec 01 §2.4): public; the tests' environment has no Google credentials ──
  {
    request: { path: '/login' },
    expected: everyone(200),
    note: "with the root document's loader (flash toast and help-desk script), which every page runs",
  },
  { request: { path: '/login?redirectTo=%2Flistnm%2Fusers' }, expected: everyone(200) },
  {
    request: { path: '/login?action=logout' },
    expected: everyone('redirect:/login'),
    note: 'signs out whoever is signed in',
  },
  { request: { method: 'POST', path: '/login?action=logout' }, expected: everyone('redirect:/login') },
  {
    request: { method: 'POST', path: '/login', form: { intent: 'password', email: 'editor@demo.example', password: 'demo-password-1' } },
    expected: everyone(400),
    note: "a post without the form's honeypot fields is refused",
  },
  {
    request: { method: 'POST', path: '/login', form: { intent: 'device', device: 'personal' } },
    expected: everyone('redirect:/login'),
    note: 'the Personal Device step without a pending sign-in: back to Login',
  },
  { request: { method: 'POST', path: '/login', form: { intent: 'cancel' } }, expected: everyone('redirect:/login') },
  { request: { method: 'POST', path: '/login', form: { intent: 'email-link', email: 'editor@demo.example' } }, expected: everyone(400) },
  { request: { method: 'POST', path: '/login', form: { intent: 'email-link-redeem', token: 'x' } }, expected: everyone(400) },
  { request: { method: 'POST', path: '/login', form: { intent: 'forgot', email: 'editor@demo.example' } }, expected: everyone(400) },
  {
    request: {
      method: 'POST',
      path: '/login',
      form: { intent: 'reset', token: 'x', password: 'new-password-2', confirm: 'new-password-2' },
    },
    expected: everyone(400),
  },
  {
    request: { path: '/auth/google' },
    expected: everyone(404),
    note: '404 unless Google sign-in is configured',
  },
  { request: { method: 'POST', path: '/auth/google', form: { intent: 'google' } }, expected: everyone(404) },
  { request: { method: 'POST', path: '/auth/google', form: {} }, expected: everyone(404) },
  { request: { path: '/auth/google/callback?code=x&state=y' }, expected: everyone(404) },

  // ── Pages outside the shell ──
  { request: { path: '/google-auth?code=abc&scope=email' }, expected: SIGNED_IN },
];
