import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

// As in ./matrix.ts (not imported: that module imports this one).
const LOGIN = 'login';
const REMOTE = 'redirect:/detail/remote';

/**
 * The permission matrix's lines for the calendar of events (spec 02 "Calendars":
 * `/amc-calendar/:context/:view[/…]` and the older `/amc-calendar/menu/…`). The legacy events
 * list's addresses (`/listnm/events…`, a menu item of type events) come from the list registry
 * (./listing.ts).
 *
 * Staff of the community only; the demo data's A (demo-campground) has the calendars
 * `activities` and `kids-club`, B (demo-town) only `community-events`: A's calendar is 404 for B's
 * editor. `ev-kids-craft` is in both of A's calendars (its delete asks which first); the demo's
 * events are not imported.
 */

const A_CALENDAR = '/amc-calendar/activities/active';
const ARCHIVE = '/amc-calendar/activities/archive';
const EVENT = 'ev-kids-craft';
const LEGACY_CONFIG = '/list/main-menu/legacy-events/resort/config.events';

/** Staff of A with `outcome`; B's editor 404 (no such calendar in B); anonymous people sign in, remote-only people go to their page. */
const staffA = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: LOGIN,
  editorA: outcome,
  adminA: outcome,
  editorB: 404,
  system: outcome,
  super: outcome,
  remote: REMOTE,
});

const header = (intent: string, status: number, fields: Record<string, string> = {}): MatrixRow => ({
  request: {
    method: 'POST',
    path: `${A_CALENDAR}/header-images`,
    form: { intent, headerType: 'images', delaySeconds: '4', ...fields },
  },
  expected: staffA(status),
  note: `the calendar's header editor: ${intent}`,
});

export const EVENT_LIST_LINES: MatrixRow[] = [
  { request: { path: A_CALENDAR }, expected: staffA(200), note: 'the calendar of events, active view' },
  { request: { path: `${ARCHIVE}?q=yoga&from=2020-01-01` }, expected: staffA(200), note: 'the archive view, filtered' },
  { request: { path: `${A_CALENDAR}?recurrence=rec-sunrise-yoga&all=1` }, expected: staffA(200), note: 'one recurrence, all selected' },
  { request: { path: '/amc-calendar/activities/archived' }, expected: { ...staffA(404) }, note: 'an unknown view' },
  { request: { path: '/amc-calendar/no-such-calendar/active' }, expected: staffA(404), note: 'an unknown calendar' },
  {
    request: { path: '/amc-calendar/community-events/active' },
    expected: { ...staffA(404), editorB: 200 },
    note: "B's calendar: B's editor only (the others' community has no such calendar)",
  },
  { request: { path: `${A_CALENDAR}/rows` }, expected: staffA(200), note: 'a later chunk of events (40)' },
  {
    request: { path: `${A_CALENDAR}/rows?after=not-a-cursor` },
    expected: staffA(400),
    note: 'a later chunk after a cursor that cannot be read',
  },
  {
    request: { method: 'POST', path: A_CALENDAR, form: { intent: 'delete-selected', key: EVENT } },
    expected: staffA(200),
    note: 'Delete Selected asks first',
  },
  {
    request: { method: 'POST', path: A_CALENDAR, form: { intent: 'delete-selected', key: EVENT, confirmed: '1' } },
    expected: staffA(`redirect:${A_CALENDAR}`),
    note: 'Delete Selected, confirmed: the events end now, back to the view',
  },
  {
    request: { method: 'POST', path: ARCHIVE, form: { intent: 'delete-selected', key: 'ev-ice-cream-social', confirmed: '1' } },
    expected: staffA(`redirect:${ARCHIVE}`),
    note: 'Delete Selected of an archived event: removed, back to the archive',
  },
  { request: { path: `${A_CALENDAR}/delete/${EVENT}` }, expected: staffA(200), note: "an event's delete: the calendars dialog" },
  { request: { path: `${A_CALENDAR}/delete/no-such-event` }, expected: staffA(404), note: 'the delete of an event that is not there' },
  {
    request: { method: 'POST', path: `${A_CALENDAR}/delete/${EVENT}`, form: { intent: 'delete' } },
    expected: staffA(200),
    note: 'a delete without the calendars chosen: the dialog again',
  },
  {
    request: {
      method: 'POST',
      path: `${A_CALENDAR}/delete/${EVENT}`,
      form: { intent: 'delete', calendarsChosen: '1', calendar: 'kids-club' },
    },
    expected: staffA(`redirect:${A_CALENDAR}`),
    note: 'a delete from the chosen calendar: one update, back to the view',
  },
  {
    request: { method: 'POST', path: `${A_CALENDAR}/delete/${EVENT}`, form: { intent: 'delete', scope: 'everything' } },
    expected: staffA(400),
    note: 'a delete with an answer that is none of the dialog’s',
  },
  { request: { path: `${A_CALENDAR}/header-images` }, expected: staffA(200), note: "the calendar's header editor" },
  ...(
    [
      ['save', 400],
      ['upload', 200],
      ['places', 200],
      ['places-cancel', 200],
      ['stock', 200],
      ['stock-cancel', 200],
      ['stock-photo', 400],
      ['ai', 200],
      ['ai-cancel', 200],
    ] as const
  ).map(([intent, status]) => header(intent, status)),
  header('stock-search', 200, { stockQuery: 'lake' }),
  header('stock-more', 200, { stockQuery: 'lake', stockPage: '1' }),
  header('stock-previous', 200, { stockQuery: 'lake', stockPage: '2' }),
  header('ai-generate', 200, { aiPrompt: ' ' }),
  header('ai-use', 400, { aiImage: 'elsewhere/images/ai/1/ai-x.png' }),
  header('place-photo', 200, { placePhoto: 'offline/pine-trail.jpg' }),
  {
    request: { path: '/amc-calendar/menu/main-menu' },
    expected: { ...staffA('redirect:/amc-calendar/activities/active'), editorB: 'redirect:/amc-calendar/community-events/active' },
    note: 'the older calendar address: to the calendar of the menu’s Events Calendar item',
  },
  {
    request: { path: '/amc-calendar/menu/main-menu/no-such-item/tab/edit' },
    expected: staffA(404),
    note: 'the older calendar address naming no calendar',
  },
  { request: { path: '/listnm/calendar-events' }, expected: staffA(404), note: 'a calendar’s events have no /listnm address' },
  // The legacy events list's config.events (its page, save, conflict and refusals: app/features/listing/legacy-events.server.test.ts).
  // The demo menus have no legacy events item: staff get 404, the others are refused first.
  { request: { path: LEGACY_CONFIG }, expected: staffA(404), note: 'config.events of a legacy events list the menu does not have' },
  ...(['save', 'remove-import:0', 'import-now:0', 'dismiss'] as const).map((intent): MatrixRow => ({
    request: { method: 'POST', path: LEGACY_CONFIG, form: { intent, 'audiences[0].title': 'Family' } },
    expected: staffA(404),
    note: `config.events ${intent} on a legacy events list the menu does not have`,
  })),
  {
    request: { path: '/list/main-menu/activities/all/config.events' },
    expected: staffA(404),
    note: 'config.events of a list that is no legacy events list (a calendar menu item)',
  },
];
