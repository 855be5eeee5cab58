import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

/**
 * The calendar builder (spec 03 "Calendar builder"; spec 01 §2.1 /calendarBuilder: signed in,
 * no left column): staff of the session's community, like the Quick Access tray that opens it
 * (spec 03 §6). Every query value falls back to a default, so no query is refused: a calendar
 * the community does not have is its first calendar, a colour that is none is the community's,
 * a height out of range the default (app/features/calendar-builder/calendar-builder.server.test.ts).
 */
/** Any signed-in staff member (matrix.ts STAFF, spelled here: this module is imported by matrix.ts). */
const STAFF: Record<Role, Outcome> = {
  anonymous: 'login',
  editorA: 200,
  adminA: 200,
  editorB: 200,
  system: 200,
  super: 200,
  remote: 'redirect:/detail/remote',
};

export const CALENDAR_BUILDER_LINES: MatrixRow[] = [
  { request: { path: '/calendarBuilder' }, expected: STAFF, note: "the current community's calendars, the preview and the codes" },
  {
    request: {
      path: '/calendarBuilder?selectedTab=kids-club&defaultView=dayGridMonth&colorBackground=%23112233&height=640&hideArrows=true&code=screen',
    },
    expected: STAFF,
    note: "a calendar of A asked in B: B's first calendar",
  },
  {
    request: { path: '/calendarBuilder?selectedTab=..%2F..&defaultView=week&colorText=red&height=-5&code=ical&expand=maybe' },
    expected: STAFF,
    note: 'nothing the query says is an error: each value falls back',
  },
];
