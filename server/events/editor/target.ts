import type { SessionUser } from '@server/auth/session';
import { canNotify, forbidden, type StaffContext } from '@server/authz';
import type { RemoteGrant } from '@server/authz/access';
import { notFound } from '@server/http/responses';
import { isValidKey } from '@server/paths';
import { calendarGrantByUuid, calendarGrantsOfUserFor, resolveCalendarGrant } from '@server/remote/calendar';
import type { Services } from '@server/services';
import { EVENT_EDITOR_TEXTS } from '~/lib/event-editor';
import { hrefs } from '~/lib/hrefs';
import { type EventFormOptions, loadEventFormOptions, type PendingEvent, readEvent, readPendingEvent, userCreatedPolicy } from '../index';

/**
 * Who edits which event, as the event editor's address names it (spec 02 "Event editor"): a
 * staff member of the session's community on a calendar of it (add, edit, duplicate), a staff
 * member reviewing a pending record (import), or a remote manager's calendar grant (remote add
 * and edit). Each mode's resolver checks the address and throws the 403 or 404 response.
 */

type Params = Record<string, string | undefined>;

const textResponse = (text: string, status: number) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** The stored event the address names. */
export interface StoredEvent {
  itemId: string;
  stored: Record<string, unknown>;
}

/** A remote manager's grant, as the remote event editor resolved it. */
export interface RemoteEditing {
  grant: RemoteGrant;
  user: SessionUser | null;
  /** The remote calendar page the editor returns to. */
  calendarHref: string;
}

interface TargetBase {
  services: Services;
  /** Who saves (the staff member, a remote manager, or the URL grant's link). */
  uid: string;
  /** The communities the person manages (the action selector; more than one asks for the community field). */
  communities: Array<{ key: string; title: string }>;
  community: string;
  calendarId: string;
  options: EventFormOptions;
  now: number;
}

interface StaffBase extends TargetBase {
  kind: 'staff';
  /** Opened from the archive (`/detail/eventsArchived/…`). */
  archivedView: boolean;
  /** The person may send notifications in the community (admin or can-notify). */
  notify: boolean;
}

export type StaffTarget = StaffBase & ({ mode: 'add'; event: null } | { mode: 'edit' | 'duplicate'; event: StoredEvent });

/** Import context: a pending record of the community, for the calendar its eventContext names. */
export interface ImportTarget extends TargetBase {
  kind: 'import';
  mode: 'import';
  event: null;
  pending: PendingEvent;
}

interface RemoteBase extends TargetBase {
  kind: 'remote';
  remote: RemoteEditing;
}

/** Remote add: `approval` when the calendar requires approval of new events. */
export type RemoteTarget = RemoteBase & ({ mode: 'add'; event: null; approval: boolean } | { mode: 'edit'; event: StoredEvent });

export type Target = StaffTarget | ImportTarget | RemoteTarget;

export type EventEditorMode = 'add' | 'edit' | 'duplicate' | 'import';

const staffCommunities = (staff: StaffContext) => staff.communities.map((community) => ({ key: community.key, title: community.title }));

async function calendarOptions(services: Services, community: string, calendarId: string): Promise<EventFormOptions> {
  const options = await loadEventFormOptions({ db: services.db, paths: services.paths }, community, calendarId);
  if (!options.calendars.some((calendar) => calendar.id === calendarId)) throw notFound();
  return options;
}

async function storedEvent(services: Services, community: string, calendarId: string, itemId: string | undefined): Promise<StoredEvent> {
  if (!itemId || !isValidKey(itemId)) throw notFound();
  const stored = await readEvent({ db: services.db, paths: services.paths }, community, calendarId, itemId);
  if (!stored) throw notFound();
  return { itemId, stored };
}

/** A staff member's editor on a calendar of the session's community; add has no event, edit and duplicate one of the calendar's. */
export async function staffEditorTarget(
  services: Services,
  staff: StaffContext,
  params: Params,
  mode: StaffTarget['mode'],
  archivedView: boolean,
): Promise<StaffTarget> {
  const calendarId = params.dbContext ?? '';
  if (!isValidKey(calendarId)) throw notFound();
  const options = await calendarOptions(services, staff.community, calendarId);
  const base: StaffBase = {
    kind: 'staff',
    services,
    uid: staff.user.uid,
    communities: staffCommunities(staff),
    community: staff.community,
    calendarId,
    options,
    now: Date.now(),
    archivedView,
    notify: canNotify(staff.access, staff.community),
  };
  if (mode === 'add') return { ...base, mode, event: null };
  return { ...base, mode, event: await storedEvent(services, staff.community, calendarId, params.itemId) };
}

/** The import context's target: a pending record of the session's community and the calendar it is for. */
export async function importEditorTarget(services: Services, staff: StaffContext, params: Params): Promise<ImportTarget> {
  const pending = await readPendingEvent({ db: services.db, paths: services.paths }, staff.community, params.importId ?? '');
  if (!pending) throw notFound();
  return {
    kind: 'import',
    mode: 'import',
    event: null,
    pending,
    services,
    uid: staff.user.uid,
    communities: staffCommunities(staff),
    community: staff.community,
    calendarId: pending.calendarId,
    options: await calendarOptions(services, staff.community, pending.calendarId),
    now: Date.now(),
  };
}

/**
 * The remote event editor's target: the grant the address names (`uuid`, else the person
 * `signIn` gives: their own e-mail grant for the calendar, exactly one), its calendar, the event of that calendar.
 */
export async function remoteEditorTarget(
  services: Services,
  who: { uuid: string } | { signIn: () => Promise<SessionUser> },
  params: Params,
): Promise<RemoteTarget> {
  const deps = { db: services.db, paths: services.paths };
  const calendarId = params.dbContext ?? '';
  if (!isValidKey(calendarId)) throw notFound();
  let grant: RemoteGrant | null;
  let user: SessionUser | null = null;
  if ('uuid' in who) grant = await calendarGrantByUuid(deps, who.uuid);
  else {
    user = await who.signIn();
    const grants = await calendarGrantsOfUserFor(deps, user.uid, calendarId);
    grant = grants.length === 1 ? (grants[0] ?? null) : null;
  }
  const verdict = await resolveCalendarGrant(deps, grant, 'editInfo');
  if (!verdict.ok) throw verdict.status === 404 ? notFound() : forbidden('remote-permission');
  const { calendar } = verdict;
  if (calendar.calendarId !== calendarId) throw notFound();
  const calendarHref = 'uuid' in who ? hrefs.remoteCalendar(who.uuid) : hrefs.remoteCalendarById(verdict.grant.detailId);
  let approval: boolean | null = null;
  if (params.itemId === undefined) {
    // Spec 02 §3, §6: remote managers add events only where the calendar allows user-created events.
    const policy = await userCreatedPolicy(deps, calendar.community, calendarId);
    if (!policy?.allowUserCreated) throw textResponse(EVENT_EDITOR_TEXTS.userCreatedOff, 403);
    approval = policy.requiresApproval;
  }
  const base: RemoteBase = {
    kind: 'remote',
    services,
    uid: user?.uid ?? verdict.grant.uid,
    communities: [],
    community: calendar.community,
    calendarId,
    options: await loadEventFormOptions(deps, calendar.community, calendarId),
    now: Date.now(),
    remote: { grant: verdict.grant, user, calendarHref },
  };
  if (approval !== null) return { ...base, mode: 'add', event: null, approval };
  return { ...base, mode: 'edit', event: await storedEvent(services, calendar.community, calendarId, params.itemId) };
}

/** The calendar page the editor came from (its type segment in the editor's own address). */
export const typeSegment = (target: Target) => (target.kind === 'staff' && target.archivedView ? 'eventsArchived' : 'events');

export { textResponse };
