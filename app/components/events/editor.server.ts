import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data as answer, redirect } from '@remix-run/node';
import { z } from 'zod';
import { loadActionTargets, type ActionTargets } from '@server/actions/targets';
import { sitePath } from '@server/auth/redirect';
import type { SessionUser } from '@server/auth/session';
import { canNotify, forbidden, requireStaff, requireUser } from '@server/authz';
import type { RemoteGrant } from '@server/authz/access';
import type { DbValue } from '@server/db/types';
import { linkOrigin } from '@server/env';
import {
  afterEventSave,
  allowedEventFields,
  audienceValues,
  calendarsOf,
  duplicateOf,
  eventEditorRights,
  eventRecord,
  eventReferenceErrors,
  eventVersion,
  eventsOverlappingDay,
  googleImportAccepted,
  denyGoogleImport,
  importLockOf,
  isArchived,
  isObject,
  loadEventFormOptions,
  MAX_OCCURRENCES,
  newEventId,
  planEventSave,
  commitEventSave,
  readEvent,
  readPendingEvent,
  readRecurrence,
  recurrenceEditStart,
  recurrenceFormValue,
  standardRsvpForm,
  submitPendingEvent,
  updateEventNotifications,
  userCreatedPolicy,
  type EventFormOptions,
  type ExistingEventRow,
  type PendingEvent,
  type SaveEventResult,
} from '@server/events';
import { readForm } from '@server/http/form.server';
import { trackedDeepLink, trackingFor } from '@server/menu/items';
import { isValidKey } from '@server/paths';
import { qrImages, type QrImages } from '@server/qr';
import { calendarGrantByUuid, calendarGrantsOfUserFor, resolveCalendarGrant } from '@server/remote/calendar';
import { recordRemoteSave, remoteAuditWho } from '@server/remote/management';
import type { HeaderTarget } from '~/components/header-editor/header-images.server';
import { imageUrl, loadCommunityRecord } from '~/components/shell/shell.server';
import { redirectWithToast } from '~/components/toast.server';
import { conflictMessage, conflictRows, type Conflict } from '~/lib/conflict';
import { eventPreviewModel, eventPreviewSourceOfForm, type EventPreviewModel } from '~/lib/event-preview';
import { defaultEventTimes } from '~/lib/event-times';
import { headerView, type HeaderView } from '~/lib/header-info';
import { parseIntent } from '~/lib/intent';
import {
  EVENT_TEXTS,
  eventFormValue,
  eventSchema,
  eventSectionOfErrors,
  newEventDefaults,
  type EditScope,
  type EventSectionId,
} from '~/schemas/event';
import { getServices, type Services } from '~/services.server';
import {
  EVENT_EDITOR_TEXTS,
  EVENT_ITEM_KEY_FIELD,
  EVENT_RETURN_TO_FIELD,
  EventEditorIntent,
  LOCKED_FORM_FIELDS,
  PendingEventIntent,
} from './texts';

export { EVENT_EDITOR_TEXTS, EVENT_ITEM_KEY_FIELD, EVENT_RETURN_TO_FIELD, EventEditorIntent, PendingEventIntent };

/**
 * The event editor's server half (spec 02 "Event editor", §3 event and recurrence info, §4
 * recurring event editing, archived events, after saving an event, §5 event rules, §8): the
 * loaders and actions of `/detail/events/:calendarId[/:itemId[/duplicate]]` and
 * `/detail/eventsArchived/:calendarId/:itemId[/duplicate]` (staff of the session's community).
 *
 * - An occurrence of a recurrence opens on the 'Edit Recurrence' question (`?scope=` chooses:
 *   `recurrence` edits all future events from the earliest future occurrence, using the
 *   recurrence's original item; `event` this occurrence only). The question is a page dialog
 *   drawn by the server, its answers links.
 * - An archived event (its end passed) is read-only unless duplicated.
 * - After a save: 'Notifications Removed' when times changed, 'Update Notifications' (No / Yes)
 *   when only title or description changed and the event has scheduled notifications; both are
 *   the action's answer (dialogs, working without JavaScript). Otherwise back to the calendar.
 *
 * Remote mode, `/event/remote/:dbContext[/:itemId]` (spec 01 route table; spec 02 "Event editor"
 * and §6): dbContext is the calendar's id. The grant is named as on the business remote pages:
 * `?uuid=` is a URL grant's link (no sign-in), kept on the form's address; without it, the
 * signed-in person's own e-mail grant for that calendar (exactly one, else 404). The grant is
 * resolved to its calendar on every load and save (server/remote/calendar.ts; 404 when it is not
 * a grant for this calendar, 403 without Edit Information) and the event must be one of that
 * calendar's. Only the grant's fields are written (`eventEditorRights`): never the Associated
 * Calendars, the recurrence (an occurrence is edited as Edit Event), the header media or the QR
 * code; custom buttons only with Add Buttons, limited to website, call and e-mail; no update of
 * scheduled notifications. Every save is recorded in the calendar's remote audit.
 * A new event needs the calendar's allowUserCreated (else 403); when the calendar requires
 * approval it is stored as a pending record and the calendar's staff addresses are e-mailed
 * (server/events/approvals.ts) instead of being saved.
 *
 * Import context, `/detail/events/google-events-import/:importId` (spec 02 "Event editor", §4
 * imported events): staff review a pending record of their community (a Google import or a
 * remote manager's event waiting for approval). The form starts from the record, for the
 * calendar its eventContext names; Existing Events lists that calendar's events of the same
 * day; Create Event saves it as a new event (key: the import id) through the normal save, the
 * pending record removed in the same update; Deny Event records it as denied.
 */

export type EventEditorMode = 'add' | 'edit' | 'duplicate' | 'import';

/** 'Update Notifications' → Yes: the events whose notifications take the new title and description. */
export const updateNotificationsSchema = z.object({
  eventIds: z.array(z.string().max(200)).max(MAX_OCCURRENCES),
  returnTo: z.string().max(2000).optional(),
});

export interface EventEditorData {
  mode: EventEditorMode;
  heading: string;
  calendar: { id: string; title: string };
  /** The event the form saves (for add and duplicate: the key the new event will take). */
  itemKey: string;
  defaultValue: Record<string, unknown>;
  version: string | null;
  scope: EditScope;
  /** An occurrence of a recurrence opened without choosing: the 'Edit Recurrence' question, its two answers. */
  askScope: { recurrenceHref: string; eventHref: string } | null;
  /** Edit Event on an occurrence of a recurrence: its recurrence is not edited here. */
  occurrence: boolean;
  /** Archived and not duplicated: nothing can be submitted. */
  readOnly: boolean;
  /** The read-only event's Duplicate (the way to use it again). */
  duplicateHref: string | null;
  /** Send Notification for this event (spec 02 §4 "From an event"): staff who may notify, while the event has not ended. */
  notifyHref: string | null;
  options: EventFormOptions;
  now: number;
  header: HeaderView;
  headerHref: string | null;
  qr: QrImages | null;
  preview: EventPreviewModel;
  formAction: string;
  returnTo: string;
  openSection: EventSectionId;
  actionTargets: ActionTargets;
  communityRequired: boolean;
  /** Remote mode: Add Buttons granted, the remote calendar page (Cancel), and whether a new event waits for approval. */
  remote: { buttons: boolean; calendarHref: string; approval: boolean } | null;
  /** Import context: the calendar's events of the same day (Existing Events), and who submitted the event. */
  pending: { existing: ExistingEventRow[]; submittedBy: string | null } | null;
  /** An imported event: its locked fields are shown read-only with this reason (the feed that sets them). */
  locked: { reason: string } | null;
}

export interface EventEditorActionData {
  result: SubmissionResult<string[]>;
  version: string | null;
  conflict: Conflict | null;
  openSection: EventSectionId;
  formError: string | null;
  /** 'Recurring events cannot be longer than 24 hours.' (the Error dialog). */
  errorDialog: string | null;
  preview: EventPreviewModel | null;
  /** After a save: the notification dialogs, and where OK / No go. */
  followUp: { removed: number; ask: string[]; returnTo: string } | null;
  /** Import context: Deny Event asks first; its answer posts `confirm=yes`. */
  confirmDeny?: boolean;
  /** A fresh key for the next Save of an add or duplicate whose key another event took. */
  itemKey?: string;
}

type Params = Record<string, string | undefined>;

const notFound = () => new Response('Not Found', { status: 404 });

/** A remote manager's grant, as the remote event editor resolved it. */
interface RemoteEditing {
  grant: RemoteGrant;
  user: SessionUser | null;
  /** The remote calendar page the editor returns to. */
  calendarHref: string;
}

interface Target {
  services: Services;
  /** Who saves (the staff member, a remote manager, or the URL grant's link). */
  uid: string;
  /** The communities the person manages (the action selector; more than one asks for the community field). */
  communities: Array<{ key: string; title: string }>;
  remote: RemoteEditing | null;
  mode: EventEditorMode;
  community: string;
  calendarId: string;
  archivedView: boolean;
  options: EventFormOptions;
  itemId: string | null;
  /** The stored event the address names. */
  stored: Record<string, unknown> | null;
  now: number;
  /** This page's path, without query. */
  here: string;
  /** Import context: the pending record. */
  pending: PendingEvent | null;
  /** Remote add: the calendar requires approval of new events. */
  approval: boolean;
  /** The person may send notifications in the community (admin or can-notify). */
  notify: boolean;
}

async function staffTarget(request: Request, params: Params, mode: EventEditorMode, archivedView: boolean): Promise<Target> {
  const staff = await requireStaff(request);
  const services = await getServices();
  const calendarId = params.dbContext ?? '';
  if (!isValidKey(calendarId)) throw notFound();
  const deps = { db: services.db, paths: services.paths };
  const options = await loadEventFormOptions(deps, staff.community, calendarId);
  if (!options.calendars.some((calendar) => calendar.id === calendarId)) throw notFound();
  let itemId: string | null = null;
  let stored: Record<string, unknown> | null = null;
  if (mode !== 'add') {
    itemId = params.itemId ?? null;
    if (!itemId || !isValidKey(itemId)) throw notFound();
    stored = await readEvent(deps, staff.community, calendarId, itemId);
    if (!stored) throw notFound();
  }
  return {
    services,
    uid: staff.user.uid,
    communities: staff.communities.map((community) => ({ key: community.key, title: community.title })),
    remote: null,
    mode,
    community: staff.community,
    calendarId,
    archivedView,
    options,
    itemId,
    stored,
    now: Date.now(),
    here: new URL(request.url).pathname,
    pending: null,
    approval: false,
    notify: canNotify(staff.access, staff.community),
  };
}

/** The import context's target: a pending record of the session's community and the calendar it is for. */
async function importTarget(request: Request, params: Params): Promise<Target> {
  const staff = await requireStaff(request);
  const services = await getServices();
  const deps = { db: services.db, paths: services.paths };
  const importId = params.importId ?? '';
  const pending = await readPendingEvent(deps, staff.community, importId);
  if (!pending) throw notFound();
  const options = await loadEventFormOptions(deps, staff.community, pending.calendarId);
  if (!options.calendars.some((calendar) => calendar.id === pending.calendarId)) throw notFound();
  return {
    services,
    uid: staff.user.uid,
    communities: staff.communities.map((community) => ({ key: community.key, title: community.title })),
    remote: null,
    mode: 'import',
    community: staff.community,
    calendarId: pending.calendarId,
    archivedView: false,
    options,
    itemId: importId,
    stored: null,
    now: Date.now(),
    here: new URL(request.url).pathname,
    pending,
    approval: false,
    notify: false,
  };
}

/** The remote event editor's target: the grant the address names, its calendar, the event of that calendar. */
async function remoteTarget(request: Request, params: Params): Promise<Target> {
  const services = await getServices();
  const deps = { db: services.db, paths: services.paths };
  const calendarId = params.dbContext ?? '';
  if (!isValidKey(calendarId)) throw notFound();
  const uuid = new URL(request.url).searchParams.get('uuid');
  let user: SessionUser | null = null;
  let grant: RemoteGrant | null;
  if (uuid !== null) grant = await calendarGrantByUuid(deps, uuid);
  else {
    user = await requireUser(request);
    const grants = await calendarGrantsOfUserFor(deps, user.uid, calendarId);
    grant = grants.length === 1 ? grants[0]! : null;
  }
  const verdict = await resolveCalendarGrant(deps, grant, 'editInfo');
  if (!verdict.ok) throw verdict.status === 404 ? notFound() : forbidden('remote-permission');
  const { calendar } = verdict;
  if (calendar.calendarId !== calendarId) throw notFound();
  const mode: EventEditorMode = params.itemId === undefined ? 'add' : 'edit';
  let approval = false;
  if (mode === 'add') {
    // Spec 02 §3, §6: remote managers add events only where the calendar allows user-created events.
    const policy = await userCreatedPolicy(deps, calendar.community, calendarId);
    if (!policy?.allowUserCreated) {
      throw new Response(EVENT_EDITOR_TEXTS.userCreatedOff, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
    approval = policy.requiresApproval;
  }
  const options = await loadEventFormOptions(deps, calendar.community, calendarId);
  let itemId: string | null = null;
  let stored: Record<string, unknown> | null = null;
  if (mode === 'edit') {
    itemId = params.itemId ?? null;
    if (!itemId || !isValidKey(itemId)) throw notFound();
    stored = await readEvent(deps, calendar.community, calendarId, itemId);
    if (!stored) throw notFound();
  }
  return {
    services,
    uid: user?.uid ?? verdict.grant.uid,
    communities: [],
    remote: {
      grant: verdict.grant,
      user,
      calendarHref:
        uuid !== null
          ? `/amc-calendar/remote/${encodeURIComponent(uuid)}/`
          : `/amc-calendar/remote/id/${encodeURIComponent(verdict.grant.detailId)}/`,
    },
    mode,
    community: calendar.community,
    calendarId,
    archivedView: false,
    options,
    itemId,
    stored,
    now: Date.now(),
    here: new URL(request.url).pathname,
    pending: null,
    approval,
    notify: false,
  };
}

const targetOf = (request: Request, params: Params, mode: EventEditorMode | 'remote', archivedView: boolean) =>
  mode === 'remote'
    ? remoteTarget(request, params)
    : mode === 'import'
      ? importTarget(request, params)
      : staffTarget(request, params, mode, archivedView);

const recurrenceIdOf = (event: Record<string, unknown> | null): string | null =>
  typeof event?.recurrenceId === 'string' && event.recurrenceId !== '' ? event.recurrenceId : null;

/** What the form edits: the event, a duplicate's start, a new event's defaults, or the recurrence's original item. */
interface Editing {
  /** The event the save writes. */
  eventId: string;
  isNew: boolean;
  scope: EditScope;
  /** The event as the form starts from it. */
  item: Record<string, unknown>;
  version: string | null;
  recurrence: ReturnType<typeof recurrenceFormValue>;
  readOnly: boolean;
  /** The times the form showed (the end-reset rule; an unchanged past start of an edited event). */
  shown: { startDate: number; endDate: number; endDateDuration: number | null; isNew: boolean };
}

const NO_RECURRENCE = recurrenceFormValue(null);

/**
 * What the form edits, given the scope asked for (`?scope=` on a load, the posted `scope` on a
 * post): 'ask' when the event is an occurrence of a recurrence and no scope was chosen yet.
 * A new event's shown times are its defaults at this moment (the end-reset rule compares with them).
 */
async function editingOf(target: Target, scope: string | null, newKey: () => string): Promise<Editing | 'ask'> {
  const { services, community, calendarId, stored, mode, now, options } = target;
  const deps = { db: services.db, paths: services.paths };
  if (mode === 'import' && target.pending) {
    // A new event made from the pending record: its start must still be in the future.
    const item = { ...target.pending.item };
    const startDate = Number(item.startDate) || 0;
    const endDate = Number(item.endDate) || 0;
    return {
      eventId: target.pending.importId,
      isNew: true,
      scope: 'event',
      item,
      version: target.pending.version,
      recurrence: NO_RECURRENCE,
      readOnly: false,
      shown: {
        startDate,
        endDate,
        endDateDuration: typeof item.endDateDuration === 'number' ? item.endDateDuration : null,
        isNew: true,
      },
    };
  }
  if (mode === 'add' || mode === 'duplicate' || !stored) {
    const times = defaultEventTimes(now, options.timeZone);
    const base = mode === 'duplicate' && stored ? withoutOwnership(duplicateOf(stored)) : {};
    const defaults = newEventDefaults(now, options.timeZone, calendarId);
    const item: Record<string, unknown> = { ...defaults, ...base, ...times };
    return {
      eventId: newKey(),
      isNew: true,
      scope: 'event',
      item,
      version: null,
      recurrence: NO_RECURRENCE,
      readOnly: false,
      shown: { startDate: times.startDate, endDate: times.endDate, endDateDuration: times.endDateDuration, isNew: true },
    };
  }
  const shownOf = (event: Record<string, unknown>) => ({
    startDate: Number(event.startDate) || 0,
    endDate: Number(event.endDate) || 0,
    endDateDuration: typeof event.endDateDuration === 'number' ? event.endDateDuration : null,
    isNew: false,
  });
  const readOnly = isArchived(stored, now);
  const recurrenceId = recurrenceIdOf(stored);
  if (recurrenceId && !readOnly) {
    if (scope !== 'event' && scope !== 'recurrence') return 'ask';
    if (scope === 'recurrence') {
      const start = await recurrenceEditStart(deps, community, calendarId, recurrenceId, now);
      if (start) {
        return {
          eventId: start.eventId,
          isNew: false,
          scope: 'recurrence',
          item: start.item,
          version: start.version,
          recurrence: recurrenceFormValue(start.record),
          readOnly: false,
          shown: shownOf(start.item),
        };
      }
    }
    const record = await readRecurrence(deps, community, calendarId, recurrenceId);
    return {
      eventId: target.itemId!,
      isNew: false,
      scope: 'event',
      item: stored,
      version: eventVersion(stored),
      recurrence: recurrenceFormValue(record),
      readOnly: false,
      shown: shownOf(stored),
    };
  }
  const record = recurrenceId ? await readRecurrence(deps, community, calendarId, recurrenceId) : null;
  return {
    eventId: target.itemId!,
    isNew: false,
    scope: 'event',
    item: stored,
    version: eventVersion(stored),
    recurrence: record ? recurrenceFormValue(record) : NO_RECURRENCE,
    readOnly,
    shown: shownOf(stored),
  };
}

/** A duplicate is a new event of its own: not its original's creator, editor or calendars. */
function withoutOwnership(fields: Record<string, DbValue>): Record<string, DbValue> {
  const { creator: _creator, updatedBy: _updatedBy, contexts: _contexts, ...rest } = fields;
  return rest;
}

function formValueOf(target: Target, editing: Editing): Record<string, unknown> {
  return eventFormValue(editing.item, {
    timeZone: target.options.timeZone,
    community: target.community,
    calendarId: target.calendarId,
    audiences: target.options.audiences,
    recurrence: editing.recurrence,
  });
}

function schemaOf(target: Target, editing: Editing, imported = false) {
  return eventSchema({
    timeZone: target.options.timeZone,
    now: target.now,
    shown: editing.shown,
    audiences: audienceValues(target.options),
    communityRequired: target.communities.length > 1,
    imported,
  });
}

const lineBreaks = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * An imported event's post with its locked fields as stored (the form value the page showed), so
 * they are validated and previewed as the feed gave them; true when the post had other values
 * for them (not from this page, which shows them read-only).
 */
function keepLockedFields(formData: FormData, shown: Record<string, unknown>): boolean {
  let changed = false;
  for (const name of LOCKED_FORM_FIELDS) {
    const stored = typeof shown[name] === 'string' ? (shown[name] as string) : '';
    const posted = formData.get(name);
    if (posted !== null && lineBreaks(String(posted)) !== lineBreaks(stored)) changed = true;
    formData.delete(name);
    if (stored !== '') formData.set(name, stored);
  }
  return changed;
}

/** Where Save and Cancel go: a posted or asked same-site `returnTo`, else the calendar's view. */
function returnToOf(request: Request, target: Target, posted?: FormDataEntryValue | null): string {
  if (target.remote) return target.remote.calendarHref;
  const asked = sitePath(posted ?? new URL(request.url).searchParams.get(EVENT_RETURN_TO_FIELD));
  if (asked && !asked.startsWith('/detail/')) return asked;
  return `/amc-calendar/${encodeURIComponent(target.calendarId)}/${target.archivedView ? 'archive' : 'active'}`;
}

const HEADINGS: Record<EventEditorMode, string> = {
  add: 'Add Event',
  edit: 'Edit Event',
  duplicate: 'Duplicate Event',
  import: EVENT_EDITOR_TEXTS.pendingHeading,
};

async function qrFor(target: Target, eventId: string, item: Record<string, unknown>): Promise<QrImages | null> {
  if (target.remote) return null;
  if (target.mode !== 'edit' || typeof item.creator !== 'string' || item.creator === '') return null;
  const record = await loadCommunityRecord(target.community);
  const tracking = await trackingFor(target.services, target.community, record);
  if (!tracking) return null;
  return qrImages(
    trackedDeepLink(tracking, { communityKey: target.community, action: 'amc-events', actionKey: `${target.calendarId}/${eventId}` }),
  );
}

function previewContext(target: Target) {
  return { timeZone: target.options.timeZone, locations: target.options.locations, audiences: target.options.audiences };
}

const typeSegment = (target: Target) => (target.archivedView ? 'eventsArchived' : 'events');

export async function loadEventEditor(
  request: Request,
  params: Params,
  requested: EventEditorMode | 'remote',
  archivedView = false,
): Promise<EventEditorData> {
  const target = await targetOf(request, params, requested, archivedView);
  const { services, community, calendarId, options, mode, remote } = target;
  const url = new URL(request.url);
  const deps = { db: services.db, paths: services.paths };
  // A remote manager never edits a recurrence: an occurrence is edited as Edit Event.
  const asked = remote ? 'event' : url.searchParams.get('scope');
  const editing = await editingOf(target, asked, () => newEventId(deps, community, calendarId));
  const rights = remote ? eventEditorRights({ kind: 'remote', grant: remote.grant }) : eventEditorRights({ kind: 'staff' });
  const returnTo = returnToOf(request, target);
  const calendar = options.calendars.find((candidate) => candidate.id === calendarId)!;
  const ended = (Number(target.stored?.endDate) || 0) <= target.now;
  const notifyHref =
    mode === 'edit' && target.notify && target.itemId && !ended
      ? `/amc-messages/messages/add?${new URLSearchParams({ calendar: calendarId, event: target.itemId })}`
      : null;
  const base = {
    mode,
    notifyHref,
    heading: HEADINGS[mode],
    calendar,
    options,
    now: target.now,
    returnTo,
    openSection: 'general' as const,
    communityRequired: target.communities.length > 1,
    remote: remote
      ? { buttons: rights.fields.includes('detailButtons'), calendarHref: remote.calendarHref, approval: target.approval }
      : null,
    pending: target.pending
      ? {
          existing: await eventsOverlappingDay(deps, community, calendarId, Number(target.pending.item.startDate) || 0, options.timeZone),
          submittedBy: target.pending.submittedBy?.who ?? null,
        }
      : null,
  };
  if (editing === 'ask') {
    const withScope = (scope: EditScope) => {
      const next = new URL(url);
      next.searchParams.set('scope', scope);
      return `${next.pathname}${next.search}`;
    };
    const stored = target.stored!;
    return {
      ...base,
      itemKey: target.itemId!,
      defaultValue: {},
      version: null,
      scope: 'event',
      askScope: { recurrenceHref: withScope('recurrence'), eventHref: withScope('event') },
      occurrence: false,
      readOnly: false,
      duplicateHref: null,
      header: headerView(stored.headerInfo, imageUrl),
      headerHref: null,
      qr: null,
      preview: eventPreviewModel(stored, previewContext(target)),
      locked: null,
      formAction: url.pathname,
      actionTargets: { communities: [], byAction: {} },
    };
  }
  const editorPath = `/detail/${typeSegment(target)}/${encodeURIComponent(calendarId)}/${encodeURIComponent(editing.eventId)}`;
  const lock = mode === 'edit' && !editing.readOnly ? await importLockOf(deps, community, calendarId, target.stored) : null;
  return {
    ...base,
    locked: lock ? { reason: EVENT_EDITOR_TEXTS.lockedReason(lock.source) } : null,
    itemKey: editing.eventId,
    defaultValue: formValueOf(target, editing),
    version: editing.version,
    scope: editing.scope,
    askScope: null,
    occurrence: mode === 'edit' && editing.scope === 'event' && recurrenceIdOf(target.stored) !== null && !editing.readOnly,
    readOnly: editing.readOnly,
    duplicateHref: editing.readOnly && !remote ? `${editorPath}/duplicate` : null,
    header: headerView(editing.item.headerInfo, imageUrl),
    headerHref: mode === 'edit' && !editing.readOnly && !remote ? `${editorPath}/header-images` : null,
    qr: await qrFor(target, editing.eventId, editing.item),
    preview: eventPreviewModel(editing.item, previewContext(target)),
    formAction: `${url.pathname}${url.search}`,
    actionTargets: remote ? REMOTE_ACTION_TARGETS : await loadActionTargets(services, target.communities),
  };
}

/** Remote managers' custom buttons open a web page, call or write (spec 02 §6), so no in-app targets are offered. */
const REMOTE_ACTION_TARGETS: ActionTargets = { communities: [], byAction: {} };
export const REMOTE_EVENT_BUTTON_ACTIONS = ['website', 'call', 'mailto'] as const;

/** Whether a stored event is the one this add form would have written (the same post sent twice). */
function sameNewEvent(stored: Record<string, unknown>, fields: Record<string, unknown>): boolean {
  return (['title', 'startDate', 'endDate', 'resortLocationId', 'audience'] as const).every(
    (name) => (stored[name] ?? null) === (fields[name] ?? null),
  );
}

function reply(body: EventEditorActionData, status: number) {
  return answer<EventEditorActionData>(body, { status });
}

const errorFieldsOf = (result: SubmissionResult<string[]>) =>
  Object.entries(result.error ?? {})
    .filter(([, messages]) => Boolean(messages?.length))
    .map(([name]) => name);

const CONFLICT_LABELS = {
  title: 'Title',
  description: 'Description',
  audience: 'Audience',
  'startDate-date': 'Start date',
  'startDate-time': 'Start time',
  'endDate-date': 'End date',
  'endDate-time': 'End time',
  location: 'Location',
  phone: 'Phone',
  website: 'Website',
  ticketing: 'Ticketing',
} as const;

export async function eventEditorAction(request: Request, params: Params, requested: EventEditorMode | 'remote', archivedView = false) {
  const target = await targetOf(request, params, requested, archivedView);
  const { services, community, calendarId, options, mode, remote } = target;
  const deps = { db: services.db, paths: services.paths };
  // The schema depends on what the form showed, which depends on the posted scope: read the body against the plain schema first.
  const probe = eventSchema({ timeZone: options.timeZone, now: target.now });
  const formData = await readForm(request, { schemas: [probe, updateNotificationsSchema] });
  const { intent: chosen } =
    mode === 'import'
      ? parseIntent(formData, PendingEventIntent, { fallback: 'create-event' })
      : parseIntent(formData, EventEditorIntent, { fallback: 'save' });
  const returnTo = returnToOf(request, target, formData.get(EVENT_RETURN_TO_FIELD));

  if (chosen === 'deny-event') {
    if (formData.get('confirm') !== 'yes') {
      // The first post asks (STYLE 10: a destructive action confirms first, with or without JavaScript).
      return reply(
        {
          result: { status: undefined, initialValue: null, error: {} } as unknown as SubmissionResult<string[]>,
          version: null,
          conflict: null,
          openSection: 'general',
          formError: null,
          errorDialog: null,
          preview: null,
          followUp: null,
          confirmDeny: true,
        },
        200,
      );
    }
    // Deny Event (spec 02 §4): recorded as denied by its id, the pending record removed.
    const denied = await denyGoogleImport(deps, community, target.pending!.importId, target.now);
    return redirectWithToast(request, returnTo, {
      kind: denied ? 'success' : 'error',
      message: denied ? EVENT_EDITOR_TEXTS.pendingDenied : EVENT_EDITOR_TEXTS.pendingGone,
    });
  }
  if (chosen === 'update-notifications') {
    if (remote) throw forbidden('remote-permission');
    return updateNotificationsAction(request, target, formData, returnTo);
  }

  const postedScope = remote ? 'event' : formData.get('scope');
  const postedKey = String(formData.get(EVENT_ITEM_KEY_FIELD) ?? '');
  const editing = await editingOf(target, typeof postedScope === 'string' ? postedScope : 'event', () => postedKey);
  if (editing === 'ask') throw notFound();
  // An imported event's locked fields are the feed's: what is posted for them is replaced by what is stored.
  const imported = mode === 'edit' && (await importLockOf(deps, community, calendarId, target.stored)) !== null;
  const lockedChanged = imported && keepLockedFields(formData, formValueOf(target, editing));
  const schema = schemaOf(target, editing, imported);
  const submission = parseWithZod(formData, { schema });
  const preview = eventPreviewModel(eventPreviewSourceOfForm(formData), previewContext(target));
  const postedVersion =
    typeof formData.get('version') === 'string' && formData.get('version') !== '' ? String(formData.get('version')) : null;
  const base = { version: postedVersion, conflict: null, errorDialog: null, preview, followUp: null } as const;

  if (editing.readOnly) {
    return reply(
      { ...base, result: submission.reply({ formErrors: [EVENT_EDITOR_TEXTS.readOnly] }), openSection: 'general', formError: null },
      403,
    );
  }
  if (chosen === 'preview') {
    return reply({ ...base, result: { ...submission.reply(), error: {} }, openSection: 'general', formError: null }, 200);
  }
  if (submission.status !== 'success') {
    const result = submission.reply();
    const tooLong = (result.error?.[''] ?? []).includes(EVENT_TEXTS.recurrenceTooLong);
    const fields = errorFieldsOf(result);
    const onlyDialog = tooLong && fields.length === 1;
    return reply(
      {
        ...base,
        result,
        openSection: eventSectionOfErrors(fields) ?? 'general',
        formError: onlyDialog ? null : EVENT_EDITOR_TEXTS.formIncomplete,
        errorDialog: tooLong ? EVENT_TEXTS.recurrenceTooLong : null,
      },
      400,
    );
  }
  const value = submission.value;
  const references = eventReferenceErrors(value, options);
  if (Object.keys(references).length > 0) {
    return reply(
      {
        ...base,
        result: submission.reply({ fieldErrors: references }),
        openSection: eventSectionOfErrors(Object.keys(references)) ?? 'general',
        formError: EVENT_EDITOR_TEXTS.formIncomplete,
      },
      400,
    );
  }
  if (!isValidKey(editing.eventId)) {
    return reply(
      { ...base, result: submission.reply({ formErrors: [EVENT_EDITOR_TEXTS.outOfDate] }), openSection: 'general', formError: null },
      400,
    );
  }

  const rights = remote ? eventEditorRights({ kind: 'remote', grant: remote.grant }) : eventEditorRights({ kind: 'staff' });
  if (remote && rights.fields.includes('detailButtons')) {
    const buttons = remoteButtonsError(value.detailButtons);
    if (buttons) {
      return reply(
        {
          ...base,
          result: submission.reply({ formErrors: [buttons] }),
          openSection: 'buttons',
          formError: EVENT_EDITOR_TEXTS.formIncomplete,
        },
        400,
      );
    }
  }
  if (remote && mode === 'add' && target.approval) {
    // The calendar requires approval: a pending record and the staff's e-mails, nothing on the calendar yet.
    const fields = allowedEventFields(eventRecord(value, editing.item), rights);
    const submitted = await submitPendingEvent(
      { ...deps, jobs: services.jobs },
      {
        community,
        calendarId,
        fields,
        submittedBy: { uid: target.uid, who: remoteAuditWho(remote.grant, remote.user) },
        now: target.now,
        timeZone: options.timeZone,
        origin: linkOrigin(services.env),
      },
    );
    if (!submitted)
      throw new Response(EVENT_EDITOR_TEXTS.userCreatedOff, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    return redirect(`${returnTo}?submitted=1`);
  }
  let extra: Record<string, DbValue> = {};
  if (value.rsvpRequest && value.rsvpFormKey === '') {
    const standard = standardRsvpForm(deps, community, options);
    value.rsvpFormKey = standard.key;
    extra = standard.updates;
  }
  const fields: Record<string, DbValue> = allowedEventFields(eventRecord(value, editing.item), rights);
  if (mode === 'duplicate' && target.stored) {
    // The copy keeps what the form does not show (header media, drawable …), not its original's ids and owners.
    for (const [field, stored] of Object.entries(withoutOwnership(duplicateOf(target.stored))))
      if (!(field in fields)) fields[field] = stored;
  }
  if (mode === 'import' && target.pending) {
    const { pending } = target;
    if (postedVersion !== null && postedVersion !== pending.version) {
      return reply(
        { ...base, result: submission.reply({ formErrors: [EVENT_EDITOR_TEXTS.outOfDate] }), openSection: 'general', formError: null },
        409,
      );
    }
    // The event keeps what the form does not show (an import's source id and calendar, header media …) and its submitter as creator.
    const { updatedBy: _updatedBy, contexts: _contexts, recurrenceId: _recurrenceId, ...kept } = pending.item;
    for (const [field, stored] of Object.entries(kept)) if (!(field in fields)) fields[field] = stored;
    if (pending.submittedBy && typeof fields.creator !== 'string') fields.creator = pending.submittedBy.uid;
    extra = { ...extra, ...googleImportAccepted(deps, community, pending.importId) };
  }
  const input = {
    community,
    calendarId,
    eventId: editing.eventId,
    isNew: editing.isNew,
    version: editing.isNew ? null : postedVersion,
    scope: editing.scope,
    fields,
    // A remote manager keeps the event's calendars and never makes or changes a recurrence.
    calendars: remote ? (target.stored ? calendarsOf(target.stored, community) : [calendarId]) : value.calendars,
    recurrence: remote ? ('none' as const) : value.recurrence,
    validDays: remote ? [] : value.validDays,
    recurrenceEndDate: remote ? null : value.recurrenceEndDate,
    timeZone: options.timeZone,
    now: target.now,
    uid: target.uid,
    extra,
  };
  let saved: SaveEventResult = await planEventSave(deps, input);
  if (saved.ok) saved = await commitEventSave(deps, saved);
  if (!saved.ok) {
    if (saved.reason === 'exists') {
      // The same form posted twice, and the first post saved it: saved. Another event with the
      // key: nothing was written, and the form comes back with what was typed and a fresh key.
      const taken = await readEvent(deps, community, calendarId, editing.eventId);
      if (taken && sameNewEvent(taken, fields)) {
        if (remote) return redirect(`${returnTo}?saved=1`);
        return redirectWithToast(request, returnTo, { kind: 'success', message: EVENT_EDITOR_TEXTS.saved });
      }
      return reply(
        {
          ...base,
          result: submission.reply({ formErrors: [EVENT_EDITOR_TEXTS.keyTaken] }),
          openSection: 'general',
          formError: EVENT_EDITOR_TEXTS.keyTaken,
          itemKey: services.db.ref(services.paths.calendarEvents(community, calendarId)).push().key!,
        },
        409,
      );
    }
    if (saved.reason === 'conflict') {
      const theirs = saved.stored ? formValueOf(target, { ...editing, item: saved.stored }) : {};
      const conflict: Conflict = {
        message: conflictMessage('This event'),
        version: saved.version,
        theirs: conflictRows(CONFLICT_LABELS, theirs, formValueOf(target, { ...editing, item: { ...editing.item, ...fields } })),
      };
      return reply({ ...base, result: submission.reply(), version: saved.version, conflict, openSection: 'general', formError: null }, 409);
    }
    const message =
      saved.reason === 'archived'
        ? EVENT_EDITOR_TEXTS.readOnly
        : saved.reason === 'no-occurrences'
          ? EVENT_EDITOR_TEXTS.noOccurrences
          : saved.reason === 'too-many'
            ? EVENT_EDITOR_TEXTS.tooMany
            : EVENT_EDITOR_TEXTS.gone;
    const status = saved.reason === 'gone' || saved.reason === 'archived' ? 409 : 400;
    return reply(
      {
        ...base,
        result: submission.reply({ formErrors: [message] }),
        openSection: saved.reason === 'no-occurrences' || saved.reason === 'too-many' ? 'dates' : 'general',
        formError: null,
      },
      status,
    );
  }
  if (remote) {
    await recordRemoteSave(deps, {
      community,
      detailId: remote.grant.itemId,
      grant: remote.grant,
      user: remote.user,
      fields: Object.keys(fields),
      at: target.now,
    });
  }
  const after = await afterEventSave(deps, community, saved.changes);
  // Remote managers do not update scheduled notifications ('Update Notifications' is not asked).
  const followUp = remote ? { ...after, ask: [] } : after;
  if (remote && followUp.removed === 0) return redirect(`${returnTo}?saved=1`);
  if (followUp.removed > 0 || followUp.ask.length > 0) {
    return reply(
      {
        ...base,
        result: { ...submission.reply(), error: {} },
        openSection: 'general',
        formError: null,
        followUp: { removed: followUp.removed, ask: followUp.ask, returnTo },
      },
      200,
    );
  }
  return redirectWithToast(request, returnTo, {
    kind: 'success',
    message:
      mode === 'import' ? EVENT_EDITOR_TEXTS.pendingCreated : lockedChanged ? EVENT_EDITOR_TEXTS.savedImported : EVENT_EDITOR_TEXTS.saved,
  });
}

/** 'Update Notifications' → Yes: the scheduled notifications of the events take their new title and description. */
async function updateNotificationsAction(request: Request, target: Target, formData: FormData, returnTo: string) {
  const { services, community, calendarId, options } = target;
  const deps = { db: services.db, paths: services.paths };
  const parsed = updateNotificationsSchema.safeParse({
    eventIds: formData.getAll('eventIds'),
    returnTo: formData.get('returnTo') ?? undefined,
  });
  if (!parsed.success || parsed.data.eventIds.some((id) => !isValidKey(id))) {
    throw new Response('This form cannot be read. Reload the page and try again.', { status: 400 });
  }
  let updated = 0;
  for (const eventId of parsed.data.eventIds) {
    const event = await readEvent(deps, community, calendarId, eventId);
    if (!event || !isObject(event)) continue;
    const locationId = typeof event.resortLocationId === 'string' ? event.resortLocationId : '';
    const locationTitle =
      options.locations.find((location) => location.id === locationId)?.title ??
      (typeof event.location === 'string' ? event.location : null);
    updated += await updateEventNotifications(deps, community, [eventId], {
      title: event.title ?? '',
      description: event.description ?? '',
      locationTitle: locationTitle || null,
    });
  }
  return redirectWithToast(request, returnTo, { kind: 'success', message: EVENT_EDITOR_TEXTS.notificationsUpdated(updated) });
}

/**
 * The header editor of a saved event (`…/:itemId/header-images`): the shared header editor on
 * the event's own headerInfo in the calendar it was opened in; after a save the event's copies
 * in its other calendars take the same header.
 */
export async function eventHeaderTarget(
  request: Request,
  params: Params,
  archivedView = false,
): Promise<{ community: string; target: HeaderTarget }> {
  const target = await staffTarget(request, params, 'edit', archivedView);
  const { services, community, calendarId, stored } = target;
  if (!stored || isArchived(stored, target.now)) throw notFound();
  const eventId = target.itemId!;
  const node = `${services.paths.calendarEvent(community, calendarId, eventId)}/headerInfo`;
  const editorPath = `/detail/${typeSegment(target)}/${encodeURIComponent(calendarId)}/${encodeURIComponent(eventId)}`;
  return {
    community,
    target: {
      context: `amc-events-${calendarId}`,
      node,
      formAction: target.here,
      returnTo: recurrenceIdOf(stored) ? `${editorPath}?scope=event` : editorPath,
      afterSave: async () => {
        const header = (await services.db.ref(node).get()).val() as DbValue;
        const others = (Array.isArray(stored.contexts) ? stored.contexts : [])
          .filter((context): context is string => typeof context === 'string')
          .map((context) => context.split('/'))
          .filter(
            ([owner, collection, calendars, id]) =>
              owner === community && collection === 'amc-events' && calendars === 'calendars' && id && id !== calendarId && isValidKey(id),
          )
          .map(([, , , id]) => id!);
        if (others.length === 0) return;
        const updates: Record<string, DbValue> = {};
        for (const other of others) {
          if ((await readEvent({ db: services.db, paths: services.paths }, community, other, eventId)) === null) continue;
          updates[`${services.paths.calendarEvent(community, other, eventId)}/headerInfo`] = header ?? null;
        }
        if (Object.keys(updates).length > 0) await services.db.ref().update(updates);
      },
    },
  };
}

/** A remote manager's custom buttons may only open a web page, call or write (spec 02 §6). */
function remoteButtonsError(buttons: unknown): string | null {
  if (!Array.isArray(buttons)) return null;
  const allowed: readonly string[] = REMOTE_EVENT_BUTTON_ACTIONS;
  const kindOf = (button: unknown) => (isObject(button) && isObject(button.action) ? button.action.action : undefined);
  return buttons.some((button) => !allowed.includes(String(kindOf(button))))
    ? 'Remote managers can add buttons that open a website, dial a number or send an e-mail.'
    : null;
}
