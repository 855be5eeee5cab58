import type { Role } from '../setup/services';
import { methodOf, resolveRequest } from './coverage';
import { MATRIX, type MatrixRequest, type MatrixRow, type Outcome } from './matrix';
import type { Routes } from './routes';

/**
 * The lines the walks over the permission matrix post (the malformed-bodies walk, forms posted
 * into another community): every POST line that sends a form, with the first role of
 * `rolePreference` whose outcome is a use and not one of `refusals`, and the route whose action
 * answers it. A line no role may use, or whose address no route answers, is not walked.
 *
 * The walks and the permission matrix run split by route family (one test file per family and
 * walk), so the families run in parallel and a failure names its family; `familyOf` puts every
 * route in exactly one.
 */

export interface ActionLine {
  request: MatrixRequest;
  role: Role;
  routeId: string;
  /** The line's outcome for `role`. */
  expected: Outcome;
}

export function actionLines(
  routes: Routes,
  rolePreference: readonly Role[],
  refusals: readonly Outcome[],
  matrix: readonly MatrixRow[] = MATRIX,
): ActionLine[] {
  return matrix.flatMap((row): ActionLine[] => {
    const { request, expected } = row;
    if (methodOf(request) !== 'POST' || !request.form) return [];
    const role = rolePreference.find((candidate) => !refusals.includes(expected[candidate]));
    const routeId = resolveRequest(routes, request).handler?.id;
    if (!role || !routeId) return [];
    return [{ request, role, routeId, expected: expected[role] }];
  });
}

/** The route families the walks are split by, each a test of its own per walk; the first that matches a route id is its family. */
export const WALK_FAMILIES = {
  /** The header editor of every screen that has one (most of the matrix's POST lines). */
  'header-images': (routeId: string) => routeId.endsWith('.header-images'),
  /** Pages outside the signed-in console: sign-in, the remote managers' pages, uploads. */
  'outside-console': (routeId: string) => !routeId.startsWith('routes/_app.') && !routeId.startsWith('routes/_app_'),
  /** Home, its menu items, the community, app and integration setup, the marketing asset editor, and the console's not-found page. */
  home: (routeId: string) =>
    routeId.startsWith('routes/_app._home') || routeId === 'routes/_app.$' || routeId.startsWith('routes/_app.marketing.asset-editor'),
  /** The lists (list and listnm screens, their editors, sort and delete), Switch Community, the list icons. */
  lists: (routeId: string) => /^routes\/_app\.(list|listnm|manage-list-icons)\./.test(routeId),
  /** The detail editors of listings and events, and the AI writing assistant they open. */
  details: (routeId: string) => /^routes\/_app\.(detail|detailUpdate|assistant)\./.test(routeId),
  /** Calendars, their events, configuration and printout, the status of their jobs, the calendar builder, and messages. */
  'calendars-messages': (routeId: string) =>
    /^routes\/_app\.(amc-(calendar|calendars|calendars_|messages)|job-status|activities-printout)\./.test(routeId) ||
    routeId === 'routes/_app.calendarBuilder',
  /** The marketing screens. */
  marketing: (routeId: string) => routeId.startsWith('routes/_app.marketing.'),
  /** The flyer designer and its downloads. */
  flyers: (routeId: string) => routeId.startsWith('routes/_app.create-flyer.'),
  /** The guest entries of forms, hunts and feedback, and one entry. */
  entries: (routeId: string) => routeId.startsWith('routes/_app.scrollerEntries.'),
} as const;

export type WalkFamily = keyof typeof WALK_FAMILIES;

/** The route's family, or null for a route none names (walk-families.test.ts fails then). */
export function familyOf(routeId: string): WalkFamily | null {
  const found = Object.entries(WALK_FAMILIES).find(([, matches]) => matches(routeId));
  return found ? (found[0] as WalkFamily) : null;
}

/** The lines of one family. */
export const linesOf = <Line extends { routeId: string }>(lines: readonly Line[], family: WalkFamily): Line[] =>
  lines.filter((line) => familyOf(line.routeId) === family);
