import { COMMUNITY_A, COMMUNITY_B, type Role } from '../setup/services';
import { ASSISTANT_LINES } from './assistant';
import { BUSINESS_LINES } from './business';
import { CALENDAR_BUILDER_LINES } from './calendar-builder';
import { CALENDAR_LINES } from './calendars';
import { DOLLARS_LINES } from './dollars';
import { EMAIL_TEMPLATE_LINES } from './email-templates';
import { ENTRY_LINES } from './entries';
import { EVENT_LIST_LINES } from './event-lists';
import { EVENT_LINES } from './events';
import { FILE_LINES } from './files';
import { FLYER_LINES } from './flyers';
import { GUEST_FORM_LINES } from './guest-forms';
import { JOB_STATUS_LINES } from './job-status';
import { LISTING_LINES } from './listing';
import { MARKETING_LINES } from './marketing';
import { MARKETING_ASSET_LINES } from './marketing-asset';
import { MESSAGE_FORM_LINES } from './message-form';
import { MESSAGE_LINES } from './messages';
import { ORDER_LINES } from './orders';
import { PRINTOUT_LINES } from './printout';
import { PROMO_LINES } from './promos';
import { PUBLIC_CALENDAR_LINES } from './public-calendar';
import { REMOTE_EVENT_LINES } from './remote-events';
import { REMOTE_MESSAGE_LINES } from './remote-messages';
import { RESORT_SYSTEM_LINES } from './resort-system';
import { REWARDS_LINES } from './rewards';
import { USER_LINES } from './users';

/**
 * THE PERMISSION MATRIX: who gets what from every address of the app.
 *
 * One line per request — method, path and query, form fields (with `intent`), the community
 * stored in the session — and the outcome for each role. A line names no route module: the
 * test matches the path with Remix's own matcher (./routes.ts) and answers it as Remix would.
 * A GET of a page runs every matched route's loader, outermost first (root, the signed-in
 * layout `_app`, the home screen's pathless layout `_app._home` where it applies, the page):
 * as in Remix, a redirect from any of them wins (the first in that order), then the first
 * error, so the layouts' guards decide for anonymous and remote-only people wherever they
 * apply. A GET of a resource route (no default export) runs its loader only. Any other method
 * runs the action of the route Remix targets (the deepest route with a path; the index route
 * with `?index`). Roles:
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
 *   `/:action`, `/community-setup`, `/home/edit/:itemId`, `/login`, `/*` …) has a GET line
 *   when its module has a loader or a page, and a POST line when it has an action (other
 *   methods its module names, such as DELETE, need lines too);
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

/** Staff of the current community (requireStaff), each with `outcome`: anonymous people sign in, remote-only people go to their page. */
export const staff = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: outcome,
  adminA: outcome,
  editorB: outcome,
  system: outcome,
  super: outcome,
  remote: REMOTE,
});

/** Resort system admins only (requireSystemAdmin): other staff 403. */
export const SYSTEM_ONLY = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: 403,
  adminA: 403,
  editorB: 403,
  system: outcome,
  super: 403,
  remote: REMOTE,
});

/**
 * The seeded main menus' keys, in their stored order (firebase/seed/demo-data.json): A's for
 * editorA, adminA, system and super (whose session community is A), B's for editorB.
 */
const MENU_A = [
  'activities',
  'reservations',
  'nature-trail-hunt',
  'messages',
  'recreation',
  'dining',
  'maps',
  'regulations',
  'contacts',
  'faqs',
  'visitor-registration',
  'report-an-issue',
  'feedback',
  'camp-store',
];
const MENU_B = [
  'community-events',
  'reservations',
  'historic-downtown-walk',
  'messages',
  'services',
  'dining',
  'maps',
  'regulations',
  'contacts',
  'faqs',
  'visitor-registration',
  'report-an-issue',
  'feedback',
];

/** The order with its first two keys swapped (Move down of the first, or Move up of the second). */
const firstTwoSwapped = (order: string[]) => [order[1] ?? '', order[0] ?? '', ...order.slice(2)];

/** Sort mode with a pending order in its address, and the key just moved: `/sort-button?order=[…]&moved=…`. */
const sortMode = (order: string[], moved?: string): Outcome =>
  `redirect:/sort-button?${new URLSearchParams({ order: JSON.stringify(order), ...(moved ? { moved } : {}) }).toString()}`;

/** Each staff role's sort mode, from its community's menu: B's for editorB, A's for the others. */
const sortModes = (outcomeFor: (menu: string[]) => Outcome): Record<Role, Outcome> => ({
  ...staff(outcomeFor(MENU_A)),
  editorB: outcomeFor(MENU_B),
});

/** A community setup form that passes the schema: a title and a time zone are all it requires. */
const SETUP_FORM = { title: 'Matrix Camp', timeZone: 'America/New_York' };

/** conform's Add row of the social media list, as its button posts it without JavaScript. */
const ADD_SOCIAL_ROW = JSON.stringify({ type: 'insert', payload: { name: 'socialMedia' } });

/**
 * The menu item editor's steps (its buttons other than Submit and Delete): each shows the form
 * again, unsaved, to staff of the current community. The same lines run at /add and at
 * /home/edit/messages (an item both A and B have).
 */
const MENU_ITEM_STEPS: Array<{ form: Record<string, string>; note: string }> = [
  { form: { intent: 'change-type', typeId: 'website' }, note: 'Apply type without JavaScript: the form again with the type applied' },
  { form: { intent: 'pick-type', typeQuery: 'web' }, note: 'More menu types… (and its Filter): the picker over the form' },
  { form: { intent: 'choose-type:website' }, note: 'a type chosen in the picker: the form again with that type, all else as typed' },
  { form: { intent: 'close-picker', typeId: 'website' }, note: "the picker's Cancel" },
  { form: { intent: 'search-icons', typeId: 'website', iconQuery: 'tent' }, note: 'the icon search without JavaScript' },
  {
    form: { intent: 'upload-svg', typeId: 'website' },
    note: "the svg icon's Upload without a file: the form again as typed, with no message (as the header editor's Upload)",
  },
  { form: { intent: 'remove-svg', typeId: 'website' }, note: "the uploaded svg icon's Remove: the type's library icon comes back" },
  {
    form: { intent: 'upload-file', typeId: 'file' },
    note: "the File item's Upload without a file: the form again as typed, with no message",
  },
];

const SEED_IMAGE = '/files/demo-campground/images/header/1717200000000/pine-trail.jpg';

export const MATRIX: MatrixRow[] = [
  // ── Platform ──
  { request: { path: '/healthcheck' }, expected: everyone(200) },
  {
    request: { path: '/dev/outbox' },
    expected: everyone(200),
    note: 'public in demo mode (the demo set-up these lines run in) without SMTP; 404 outside demo mode or with SMTP_URL (app/routes/dev.outbox.test.ts)',
  },
  {
    request: { path: '/dev/push-outbox' },
    expected: everyone(200),
    note: 'public in demo mode (the demo set-up these lines run in) without Firebase; 404 outside demo mode or with Firebase configured (app/routes/dev.push-outbox.test.ts)',
  },
  { request: { path: SEED_IMAGE }, expected: everyone(200), note: 'public: the path is the capability' },
  { request: { path: '/files/demo-campground/images/nope.png' }, expected: everyone(404) },
  {
    request: { path: '/files/demo-campground/amc-events/activities-calendar.ics' },
    expected: everyone(200),
    note: "a demo calendar's iCal feed (built by the calendar-feed job; the matrix's set-up builds the demo feeds as the workers' sweep does): public, the path is the capability",
  },
  { request: { path: '/files/demo-campground/amc-events/no-such-calendar-calendar.ics' }, expected: everyone(404) },
  { request: { path: '/no/such/page' }, expected: everyone(404) },
  { request: { method: 'POST', path: '/no/such/page' }, expected: everyone(404) },

  // ── Shell and home (spec 01 §2.3, §2.6) ──
  {
    request: { path: '/' },
    expected: STAFF,
    note: "home: the shell's loader (_app) signs the person in, then the home layout's and the page's",
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
    request: { path: '/?section=main-menu' },
    expected: staff('redirect:/'),
    note: "a Submenu tile's address: remembers the menu section, as the picker's post does, and shows home",
  },
  {
    request: { path: '/?section=not-a-section' },
    expected: STAFF,
    note: 'a section the community does not have is ignored: home shows the remembered one',
  },
  {
    request: { method: 'POST', path: '/?index', form: { intent: 'choose-section', menuId: 'main-menu' } },
    expected: staff('redirect:/'),
    note: 'remembers the menu section the home grid shows',
  },
  {
    request: { method: 'POST', path: '/?index', form: { intent: 'choose-section', menuId: 'not-a-section' } },
    expected: staff(400),
  },
  {
    request: { method: 'POST', path: '/?index', form: { menuId: 'main-menu' } },
    expected: staff(400),
    note: "home's Intent is choose-section alone, with no default: a form without it is refused (400), after the permission check",
  },

  // ── Community Setup (spec 01 §2.7, §4.4; decision 006: any staff member of the community) ──
  {
    request: { path: '/community-setup' },
    expected: STAFF,
    note: 'staff of the current community (spec 03 §6: Quick Access is open to all signed-in staff); the listing flags show to resort system admins only',
  },
  {
    request: { method: 'POST', path: '/community-setup', form: { intent: 'save' } },
    expected: staff(400),
    note: "an empty form is refused with the schema's messages (400), after the permission check",
  },
  {
    request: { method: 'POST', path: '/community-setup', form: { intent: 'save', ...SETUP_FORM } },
    expected: staff('redirect:/'),
    note: "saves the session's community and goes home with the toast (the listing flags are ignored from anyone but resort system admins)",
  },
  {
    request: { method: 'POST', path: '/community-setup', form: { intent: 'lookup-timezone', latitude: '41.88', longitude: '-87.63' } },
    expected: staff(200),
    note: 'the time zone lookup without JavaScript: the form again with the zone of the coordinates; nothing saved',
  },
  {
    request: { method: 'POST', path: '/community-setup', form: { intent: 'convert-icons', ...SETUP_FORM, iconSet: 'svg_plain' } },
    expected: staff('redirect:/'),
    note: "'Convert Icons' Continue: the demo communities store svg sets, so nothing needs converting and the form saves",
  },
  {
    request: { method: 'POST', path: '/community-setup', form: { intent: 'apply-colors', ...SETUP_FORM, colorIconShapeRandom: 'on' } },
    expected: staff('redirect:/'),
    note: "'Select Menu Type' OK with a changed random mode: writes the items' icon colours with the form",
  },
  {
    request: { method: 'POST', path: '/community-setup', form: { intent: 'regenerate-item:0', ...SETUP_FORM, colorIconShapeRandom: 'on' } },
    expected: staff(200),
    note: "'Generate New Color(s)' of the first item: the 'Select Menu Type' confirmation again; nothing saved",
  },
  {
    request: { method: 'POST', path: '/community-setup', form: { intent: 'cancel-confirm', ...SETUP_FORM } },
    expected: staff(200),
    note: "a confirmation's Cancel: the form again, as typed",
  },
  {
    request: { method: 'POST', path: '/community-setup', form: { intent: 'pull-colors', ...SETUP_FORM, sourceKey: COMMUNITY_B } },
    expected: { ...staff(400), system: 200 },
    note: "Pull Colors from B into the session's community: only from another community the person manages (the system admin, on A); anyone else gets the spec's failure message (400). Nothing saved",
  },
  {
    request: { method: 'POST', path: '/community-setup', form: { intent: 'list', __intent__: ADD_SOCIAL_ROW } },
    expected: staff(200),
    note: "Add row without JavaScript (conform's list intent): the form again with the row; nothing saved",
  },

  // ── Add Community (spec 01 §4.4): the Resort System Management tray ──
  { request: { path: '/add-community' }, expected: SYSTEM_ONLY(200), note: 'resort system admins only' },
  { request: { method: 'POST', path: '/add-community', form: { intent: 'save' } }, expected: SYSTEM_ONLY(400) },
  {
    request: { method: 'POST', path: '/add-community', form: { intent: 'save', title: 'Matrix Resort', timeZone: 'America/Chicago' } },
    expected: SYSTEM_ONLY('redirect:/'),
    note: "creates the community with its default main menu and makes it the session's community",
  },
  {
    request: { method: 'POST', path: '/add-community', form: { intent: 'lookup-timezone', latitude: '41.88', longitude: '-87.63' } },
    expected: SYSTEM_ONLY(200),
  },
  {
    request: { method: 'POST', path: '/add-community', form: { intent: 'list', __intent__: ADD_SOCIAL_ROW } },
    expected: SYSTEM_ONLY(200),
  },

  // ── App Setup and Integrations (spec 01 §6: super admins see them) ──
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
  {
    request: { method: 'POST', path: '/app-setup', form: { intent: 'load', appId: 'pine-hollow' } },
    expected: SUPER_ONLY('redirect:/app-setup?appId=pine-hollow'),
    note: 'Load App: opens the chosen app',
  },
  {
    request: { method: 'POST', path: '/app-setup?appId=pine-hollow', form: { intent: 'upload:appIcon', appId: 'pine-hollow' } },
    expected: SUPER_ONLY(400),
    note: "an asset's Upload without a file: 'Choose the app icon to upload.'",
  },
  { request: { method: 'POST', path: '/app-setup', form: { intent: UNKNOWN_INTENT } }, expected: SUPER_ONLY(400) },
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
    request: { method: 'POST', path: '/integrations', form: { intent: 'load', location: 'demo-campground' } },
    expected: SUPER_ONLY('redirect:/integrations?location=demo-campground'),
    note: 'Load Location: opens the chosen location',
  },
  {
    request: { method: 'POST', path: '/integrations', form: { intent: 'load-instances', pmsSystem: 'newbook', apiRegion: 'us' } },
    expected: SUPER_ONLY(200),
    note: 'instance lookup through the PMS port (offline without vendor keys)',
  },

  // ── Header editor (spec 02 "Header editor"): staff of the current community ──
  { request: { path: '/header-images' }, expected: STAFF, note: 'header editor: staff of the current community' },
  {
    request: { method: 'POST', path: '/header-images', form: { intent: 'save', headerType: 'images', delaySeconds: '4' } },
    expected: staff(400),
    note: "no image left is refused with 'Image is required.' (400), after the permission check",
  },
  {
    request: { method: 'POST', path: '/header-images', form: { intent: 'upload', headerType: 'images', delaySeconds: '4' } },
    expected: staff(200),
    note: 'Upload without a file: the form again as posted, unsaved, with no message (App Setup answers 400 and says to choose a file)',
  },
  {
    request: { method: 'POST', path: '/header-images', form: { intent: 'places', headerType: 'images', delaySeconds: '4' } },
    expected: staff(200),
    note: 'Choose from Places Photos: the picker over the form (B has no place id: the picker says so)',
  },
  {
    request: {
      method: 'POST',
      path: '/header-images',
      form: { intent: 'place-photo', headerType: 'images', delaySeconds: '4', placePhoto: 'offline/pine-trail.jpg' },
    },
    expected: { ...staff(200), editorB: 400 },
    note: "Add Photo: the offline sample photo is stored and joins the list, unsaved; B has no place id, so editorB's picker says so (400)",
  },
  {
    request: { method: 'POST', path: '/header-images', form: { intent: 'places-cancel', headerType: 'images', delaySeconds: '4' } },
    expected: staff(200),
    note: "the picker's Cancel: the form again, as posted",
  },
  {
    request: { method: 'POST', path: '/header-images', form: { intent: 'stock', headerType: 'images', delaySeconds: '4' } },
    expected: staff(200),
    note: 'Stock Photos: the dialog over the form, empty',
  },
  {
    request: {
      method: 'POST',
      path: '/header-images',
      form: { intent: 'stock-search', headerType: 'images', delaySeconds: '4', stockQuery: 'campfire', stockPage: '1' },
    },
    expected: staff(200),
    note: "the dialog's Search: the offline default's sample photos without vendor keys",
  },
  {
    request: {
      method: 'POST',
      path: '/header-images',
      form: { intent: 'stock-more', headerType: 'images', delaySeconds: '4', stockQuery: 'campfire', stockPage: '1' },
    },
    expected: staff(200),
    note: "the dialog's More photos: the page after the one shown (the offline samples' second page), the form as posted",
  },
  {
    request: {
      method: 'POST',
      path: '/header-images',
      form: { intent: 'stock-previous', headerType: 'images', delaySeconds: '4', stockQuery: 'campfire', stockPage: '2' },
    },
    expected: staff(200),
    note: "the dialog's Previous page: the page before the one shown, the form as posted",
  },
  {
    request: { method: 'POST', path: '/header-images', form: { intent: 'stock-cancel', headerType: 'images', delaySeconds: '4' } },
    expected: staff(200),
    note: "the dialog's Cancel: the form again, as posted",
  },
  {
    request: {
      method: 'POST',
      path: '/header-images',
      form: { intent: 'stock-photo', headerType: 'images', delaySeconds: '4', stockPhoto: 'offline:campfire-night.jpg' },
    },
    expected: staff(200),
    note: "the dialog's OK: the sample photo is copied into the community's storage and joins the list, unsaved",
  },
  {
    request: {
      method: 'POST',
      path: '/header-images',
      form: { intent: 'stock-photo', headerType: 'images', delaySeconds: '4', stockPhoto: 'https://evil.example/x.jpg' },
    },
    expected: staff(400),
    note: 'OK with an address instead of a photo of the dialog ({source}:{id}): refused, nothing fetched',
  },
  {
    request: { method: 'POST', path: '/header-images', form: { intent: 'ai', headerType: 'images', delaySeconds: '4' } },
    expected: staff(200),
    note: 'AI Image: the dialog over the form with its tips',
  },
  {
    request: {
      method: 'POST',
      path: '/header-images',
      form: { intent: 'ai-generate', headerType: 'images', delaySeconds: '4', aiPrompt: '' },
    },
    expected: staff(200),
    note: 'Search with an empty prompt does nothing (spec 03 §9)',
  },
  {
    request: { method: 'POST', path: '/header-images', form: { intent: 'ai-cancel', headerType: 'images', delaySeconds: '4' } },
    expected: staff(200),
    note: "the dialog's Close",
  },
  {
    request: {
      method: 'POST',
      path: '/header-images',
      form: { intent: 'ai-use', headerType: 'images', delaySeconds: '4', aiImage: 'demo-town/images/ai/1/ai-lake.png' },
    },
    expected: staff(400),
    note: "Use Image takes only a generated image of the community's own storage that exists",
  },

  // ── The uploader's resource route (spec 03 §4 Uploader, §7 storage uploads): staff, or a remote grant with Edit Information ──
  {
    request: { method: 'POST', path: '/uploads?bucket=header', form: { crop: '0,0,10,10' } },
    expected: staff(400),
    note: "staff of the session's community; a post without a file is answered 400 'Please choose a file to upload.' (JSON)",
  },
  {
    request: { method: 'POST', path: '/uploads?bucket=not-a-bucket', form: { crop: '0,0,10,10' } },
    expected: staff(400),
    note: 'a bucket outside the allow-list is refused after the permission check',
  },
  {
    request: { method: 'POST', path: '/uploads?bucket=marketing_asset_editor', form: { crop: '0,0,10,10' } },
    expected: SYSTEM_ONLY(400),
    note: "the marketing asset editor's bucket (decision 047): resort system admins of the session's community only, as the editor; 400 here: no file",
  },
  {
    request: { method: 'POST', path: '/uploads?bucket=marketing_asset_editor&detailId=lakeside-grill', form: { crop: '0,0,10,10' } },
    expected: SYSTEM_ONLY(400),
    note: 'a remote grant never reaches the marketing asset bucket: the bucket asks for a system admin whatever the query names',
  },
  {
    request: { method: 'POST', path: '/uploads?bucket=detail&detailId=lakeside-grill', form: { crop: '0,0,10,10' } },
    expected: { anonymous: LOGIN, editorA: 404, adminA: 404, editorB: 404, system: 404, super: 404, remote: 400 },
    note: "an e-mail grant's holder uploads into the item's community (400 here: no file); nobody else has that grant (404)",
  },
  {
    request: { method: 'POST', path: '/uploads?bucket=detail&detailId=snack-shack', form: { crop: '0,0,10,10' } },
    expected: { anonymous: LOGIN, editorA: 404, adminA: 404, editorB: 404, system: 404, super: 404, remote: 404 },
    note: "a grant never reaches another item: the remote manager's grant is for lakeside-grill only",
  },
  {
    request: { method: 'POST', path: '/uploads?bucket=detail&remote=no-such-link', form: { crop: '0,0,10,10' } },
    expected: everyone(404),
    note: 'URL access: an unknown link uuid is no grant',
  },

  // ── Main menu sorting (spec 01 §2.6, §4.3; spec 02 §6: staff of a location manage its content) ──
  { request: { path: '/sort-button' }, expected: STAFF, note: 'sort mode of the main menu' },
  { request: { path: '/sort-alpha' }, expected: STAFF, note: "the 'Sort Alphabetically' confirmation" },
  {
    request: { method: 'POST', path: '/sort-button', form: { intent: 'move-down:0', order: '[]' } },
    expected: sortModes((menu) => sortMode(firstTwoSwapped(menu), menu[0])),
    note: 'Move down without JavaScript: a pending order that is not the menu starts from the stored one; sort mode again with the new order in its address; nothing saved',
  },
  {
    request: { method: 'POST', path: '/sort-button', form: { intent: 'move-up:1', order: '[]' } },
    expected: sortModes((menu) => sortMode(firstTwoSwapped(menu), menu[1])),
    note: 'Move up of the second item: the same, the other way',
  },
  {
    request: { method: 'POST', path: '/sort-submit', form: { intent: 'sort-submit', order: '["activities"]' } },
    expected: sortModes((menu) => sortMode(menu)),
    note: 'an order that is not exactly the stored items is refused: sort mode again with the stored order and an error toast; nothing saved',
  },
  {
    request: { method: 'POST', path: '/sort-submit', form: { order: '["activities"]' } },
    expected: sortModes((menu) => sortMode(menu)),
    note: "the Save button posts no intent: at /sort-submit it is sort-submit (the action's default there)",
  },
  {
    request: { method: 'POST', path: '/sort-alpha', form: { intent: 'sort-alpha' } },
    expected: staff('redirect:/'),
    note: "the confirmation's OK: sorts the current community's main menu and saves",
  },
  {
    request: { method: 'POST', path: '/sort-button', form: { intent: 'sort-cancel' } },
    expected: staff('redirect:/'),
    note: 'Cancel: home, nothing saved',
  },
  { request: { method: 'POST', path: '/sort-submit', form: { intent: UNKNOWN_INTENT } }, expected: staff(400) },
  {
    request: { path: '/not-a-home-action' },
    expected: everyone(404),
    note: "not a page, for anyone: the shell's and the home layout's loaders answer 404 for a word that is not a home action instead of the sign-in redirect; signed in, the page answers 404",
  },
  {
    request: { method: 'POST', path: '/not-a-home-action', form: { intent: 'sort-submit' } },
    expected: everyone(404),
    note: "the home actions' post answers 404 for any other word, before it signs anyone in",
  },

  // ── Menu item editor (spec 02 "Menu item editor"; spec 02 §6: staff of a location manage its content) ──
  { request: { path: '/add' }, expected: STAFF, note: 'Add Menu Item opens on the Select Menu Type picker' },
  { request: { path: '/add?type=form' }, expected: STAFF },
  {
    request: { method: 'POST', path: '/add', form: { intent: 'save', typeId: 'website', name: '', icon: '', url: '' } },
    expected: staff(400),
    note: "'Title is required.', 'URL is required.' (400), after the permission check",
  },
  ...MENU_ITEM_STEPS.map(({ form, note }) => ({ request: { method: 'POST' as const, path: '/add', form }, expected: staff(200), note })),
  { request: { method: 'POST', path: '/add', form: { intent: UNKNOWN_INTENT } }, expected: staff(400) },
  {
    request: { path: '/edit' },
    expected: staff('redirect:/'),
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
    request: { path: '/home/edit/activities', communityKey: COMMUNITY_B },
    expected: { ...STAFF, editorB: 'redirect:/', system: 'redirect:/' },
    note: "items are looked up in the session's community only: A's staff stay on A (which has it); B's staff and the system admin on B do not find it",
  },
  {
    request: { path: '/home/sort/messages' },
    expected: everyone(404),
    note: 'only edit is an action here: no route of the shell serves the address, so the catch-all answers 404 to anyone',
  },
  {
    request: { method: 'POST', path: '/home/edit/messages', form: { intent: 'save', typeId: 'messages', name: '', icon: 'chat' } },
    expected: staff(400),
  },
  {
    request: { method: 'POST', path: '/home/edit/messages', form: { typeId: 'messages', name: '', icon: 'chat' } },
    expected: staff(400),
    note: "conform's Add tab / Remove post no intent: the action reads it as save (its default), here refused by the schema (400)",
  },
  ...MENU_ITEM_STEPS.map(({ form, note }) => ({
    request: { method: 'POST' as const, path: '/home/edit/messages', form },
    expected: staff(200),
    note,
  })),
  {
    request: { method: 'POST', path: '/home/edit/messages', form: { intent: 'delete' } },
    expected: staff('redirect:/'),
    note: "Delete: removes the item from the session's community's menu (neither demo community protects its first items) and goes home with the toast",
  },

  // ── Manage List Icons (spec 03): staff of the current community, like its other content ──
  { request: { path: '/manage-list-icons' }, expected: STAFF, note: 'the icons of the current community and the add action' },
  { request: { path: '/manage-list-icons/add' }, expected: STAFF },
  {
    request: { method: 'POST', path: '/manage-list-icons/add', form: { intent: 'save', title: 'Matrix Icon', active: 'on' } },
    expected: staff(400),
    note: "no image: the Error dialog 'Please upload an icon image.' (400), after the permission check",
  },
  {
    request: { method: 'POST', path: '/manage-list-icons/add', form: { intent: 'dismiss', title: 'Matrix Icon' } },
    expected: staff(200),
    note: "the dialog's OK: the form again, as typed",
  },
  {
    request: { path: '/manage-list-icons/edit/pet-friendly' },
    expected: { ...STAFF, editorB: 404 },
    note: "A's demo icon; B has no icon of that key",
  },
  {
    request: { method: 'POST', path: '/manage-list-icons/edit/pet-friendly', form: { intent: 'save', title: 'Pet Friendly' } },
    expected: { ...staff('redirect:/manage-list-icons'), editorB: 404 },
    note: 'Update: deactivated, image kept',
  },
  {
    request: { method: 'POST', path: '/manage-list-icons/edit/pet-friendly', form: { intent: 'remove-image', title: 'Pet Friendly' } },
    expected: { ...staff(200), editorB: 404 },
    note: 'Remove Image: the form again without the image, unsaved',
  },
  {
    request: { method: 'POST', path: '/manage-list-icons/edit/pet-friendly', form: { intent: 'dismiss', title: 'Pet Friendly' } },
    expected: { ...staff(200), editorB: 404 },
  },
  {
    request: { path: '/manage-list-icons/delete/pet-friendly' },
    expected: { ...STAFF, editorB: 404 },
    note: "'Delete Icon' naming the icon",
  },
  {
    request: { method: 'POST', path: '/manage-list-icons/delete/pet-friendly', form: { intent: 'delete' } },
    expected: { ...staff('redirect:/manage-list-icons'), editorB: 404 },
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

  // ── The place picker's JSON (spec 03 §7): staff of the community, or a remote grant with editInfo ──
  {
    request: { path: '/places/search?q=diner' },
    expected: STAFF,
    note: "around the session's community (offline default: sample places)",
  },
  {
    request: { path: `/places/search?q=diner&community=${COMMUNITY_B}` },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 200, system: 200, super: 403, remote: REMOTE },
    note: 'another community: only its staff',
  },
  {
    request: { path: '/places/search?q=diner&community=bad.key' },
    expected: { ...everyone(404), anonymous: 404 },
    note: 'a community param that is no key: 404 before anything else',
  },
  {
    request: { path: `/places/search?q=${'x'.repeat(121)}` },
    expected: staff(400),
    note: 'at most 120 characters',
  },
  {
    request: { path: '/places/search?q=diner&detailId=lakeside-grill' },
    expected: { anonymous: LOGIN, editorA: 404, adminA: 404, editorB: 404, system: 404, super: 404, remote: 200 },
    note: "e-mail remote access: the signed-in person's own grant for the item, else 404",
  },
  {
    request: { path: '/places/search?q=diner&uuid=demo-remote' },
    expected: everyone(404),
    note: "demo-remote's grant is an e-mail grant: its uid is no capability",
  },
  { request: { path: '/places/details?placeId=offline-lakeshore-diner' }, expected: STAFF },
  {
    request: { path: `/places/details?placeId=offline-lakeshore-diner&community=${COMMUNITY_B}` },
    expected: { anonymous: LOGIN, editorA: 403, adminA: 403, editorB: 200, system: 200, super: 403, remote: REMOTE },
  },
  { request: { path: '/places/details?placeId=places%2Fx' }, expected: staff(400), note: 'not a place id' },
  { request: { path: '/places/details?placeId=offline-no-such-place' }, expected: staff(404) },
  {
    request: { path: '/places/details?placeId=offline-lakeshore-diner&detailId=lakeside-grill' },
    expected: { anonymous: LOGIN, editorA: 404, adminA: 404, editorB: 404, system: 404, super: 404, remote: 200 },
  },
  { request: { path: '/places/details?placeId=offline-lakeshore-diner&uuid=demo-remote' }, expected: everyone(404) },

  // ── Pages outside the shell ──
  { request: { path: '/google-auth?code=abc&scope=email' }, expected: SIGNED_IN },
  {
    request: { path: '/remote/left' },
    expected: everyone(200),
    note: "where 'Leave this page' of a remote link (no sign-in) leads: the project's brand and a sentence, nothing of any listing",
  },
  {
    request: { path: '/detail/remote' },
    expected: {
      anonymous: LOGIN,
      editorA: 'redirect:/',
      adminA: 'redirect:/',
      editorB: 'redirect:/',
      system: 'redirect:/',
      super: 'redirect:/',
      remote: 'redirect:/detail/remote/id/lakeside-grill',
    },
    note: "where a remote manager's sign-in lands: straight to the one listing they manage (its editor); staff belong in the console",
  },
  {
    request: { path: '/detail/remote?all=1' },
    expected: {
      anonymous: LOGIN,
      editorA: 'redirect:/',
      adminA: 'redirect:/',
      editorB: 'redirect:/',
      system: 'redirect:/',
      super: 'redirect:/',
      remote: 200,
    },
    note: 'what their remote access covers, with Log Out: the remote pages link here',
  },

  // ── Lists (spec 01 §2.1 /listnm/… and /list/…; spec 02 "Listing routes"): generated from the registry ──
  ...LISTING_LINES,
  // Custom forms and hunts: ready-made forms, the fields' and steps' rules (spec 02 §3, §9).
  ...GUEST_FORM_LINES,

  // ── The business detail editor and the remote pages (spec 03 §2) ──
  ...BUSINESS_LINES,

  // ── Manage Calendars and the calendar config editor (spec 02 "Calendars", "Calendar config editor") ──
  ...CALENDAR_LINES,
  ...ENTRY_LINES,
  ...ORDER_LINES,
  // ── Users and User Management (spec 02 contexts users, usermgmt; decision 040) ──
  ...USER_LINES,
  // ── Dollars Accounts Status and the dollars config (spec 02 context dollarsaccountstatus; decisions 041, 045) ──
  ...DOLLARS_LINES,
  // ── Rewards users, their points and the rewards config (spec 02 context rewards-users; decisions 041, 045) ──
  ...REWARDS_LINES,
  // ── File management (spec 02 context files; decision 043) ──
  ...FILE_LINES,
  // ── Resort System Management: Export, Import, Update Data (spec 03 §6; decision 044) ──
  ...RESORT_SYSTEM_LINES,
  // ── Splash screens and banner ads (spec 02 context splashscreen, §7; decision 042) ──
  ...PROMO_LINES,

  // ── Email Templates (spec 03 §6, super admin; decision 046) ──
  ...EMAIL_TEMPLATE_LINES,
  ...JOB_STATUS_LINES,
  ...ASSISTANT_LINES,
  ...PRINTOUT_LINES,

  // ── The marketing asset editor (spec 03 "Marketing asset editor", §6: system admins) ──
  ...MARKETING_ASSET_LINES,

  // ── The flyer designer (spec 02 "Flyer designer": staff, and a remote manager's event) ──
  ...FLYER_LINES,

  // ── The calendar builder (spec 03 "Calendar builder") ──
  ...CALENDAR_BUILDER_LINES,

  // ── The event editor (spec 02 "Event editor") ──
  ...EVENT_LINES,

  // ── Remote calendars and events (spec 01 route table, spec 02 §6) ──
  ...REMOTE_EVENT_LINES,
  ...REMOTE_MESSAGE_LINES,
  ...MESSAGE_FORM_LINES,

  // ── The calendar of events (spec 02 "Calendars") ──
  ...EVENT_LIST_LINES,

  // ── The messages list (spec 02 "Messages") ──
  ...MESSAGE_LINES,

  // ── The public calendar and its staff actions (spec 03 "Public calendar page (/calendar)") ──
  ...PUBLIC_CALENDAR_LINES,

  // ── The marketing screen (spec 03 "Marketing screen") ──
  ...MARKETING_LINES,
];
