import type { DbValue } from '@server/db/types';
import { linkOrigin } from '@server/env';
import { recordRemoteSave, remoteAuditWho } from '@server/remote/management';
import { conflictMessage, conflictRows, type Conflict } from '~/lib/conflict';
import { EVENT_EDITOR_TEXTS } from '~/lib/event-editor';
import {
  afterEventSave,
  calendarsOf,
  commitEventSave,
  newEventId,
  planEventSave,
  readEvent,
  submitPendingEvent,
  type SaveEventResult,
} from '../index';
import { conflictReply, done, editorReply, type EditorAnswer } from './answer';
import { formValueOf } from './editing';
import { fieldsOfSave, grantedFields, readEventPost, type PlannedPost } from './post';
import { textResponse, type RemoteTarget, type Target } from './target';

/**
 * A Save or Create Event post of the event editor (spec 02 "Event editor", §4 after saving an
 * event, §6 remote managers): the rules (./post.ts), a remote manager's new event sent for
 * approval, the commit with its refusals (key taken, conflict, gone …), the remote audit, and
 * the notification questions that follow a save.
 */

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

/** Whether a stored event is the one this add form would have written (the same post sent twice). */
function sameNewEvent(stored: Record<string, unknown>, fields: Record<string, unknown>): boolean {
  return (['title', 'startDate', 'endDate', 'resortLocationId', 'audience'] as const).every(
    (name) => (stored[name] ?? null) === (fields[name] ?? null),
  );
}

/** The calendar requires approval: a pending record and the staff's e-mails, nothing on the calendar yet. */
async function submitForApproval(target: RemoteTarget, planned: PlannedPost, returnTo: string): Promise<EditorAnswer> {
  const { services } = target;
  const submitted = await submitPendingEvent(
    { db: services.db, paths: services.paths, jobs: services.jobs },
    {
      community: target.community,
      calendarId: target.calendarId,
      fields: grantedFields(target, planned),
      submittedBy: { uid: target.uid, who: remoteAuditWho(target.remote.grant, target.remote.user) },
      now: target.now,
      timeZone: target.options.timeZone,
      origin: linkOrigin(services.env),
    },
  );
  if (!submitted) throw textResponse(EVENT_EDITOR_TEXTS.userCreatedOff, 403);
  return done(`${returnTo}?submitted=1`);
}

const savedAnswer = (target: Target, returnTo: string, message: string) =>
  target.kind === 'remote' ? done(`${returnTo}?saved=1`) : done(returnTo, { kind: 'success', message });

/** A save the database refused: the form again with why (or, for the same add posted twice, saved). */
async function refusedSave(
  target: Target,
  planned: PlannedPost,
  fields: Record<string, DbValue>,
  saved: Exclude<SaveEventResult, { ok: true }>,
  returnTo: string,
): Promise<EditorAnswer> {
  const { services, community, calendarId } = target;
  const deps = { db: services.db, paths: services.paths };
  const { editing, base, reply } = planned;
  if (saved.reason === 'exists') {
    // The same form posted twice, and the first post saved it: saved. Another event with the
    // key: nothing was written, and the form comes back with what was typed and a fresh key.
    const taken = await readEvent(deps, community, calendarId, editing.eventId);
    if (taken && sameNewEvent(taken, fields)) return savedAnswer(target, returnTo, EVENT_EDITOR_TEXTS.saved);
    return editorReply(base, 409, reply({ formErrors: [EVENT_EDITOR_TEXTS.keyTaken] }), {
      formError: EVENT_EDITOR_TEXTS.keyTaken,
      itemKey: newEventId(deps, community, calendarId),
    });
  }
  if (saved.reason === 'conflict') {
    const theirs = saved.stored ? formValueOf(target, { ...editing, item: saved.stored }) : {};
    const conflict: Conflict = {
      message: conflictMessage('This event'),
      version: saved.version,
      theirs: conflictRows(CONFLICT_LABELS, theirs, formValueOf(target, { ...editing, item: { ...editing.item, ...fields } })),
    };
    return conflictReply(base, reply(), conflict);
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
  return editorReply(base, status, reply({ formErrors: [message] }), {
    openSection: saved.reason === 'no-occurrences' || saved.reason === 'too-many' ? 'dates' : 'general',
  });
}

/** Save (or Create Event, or Update Preview without JavaScript): the answer of the editor's form post. */
export async function answerEventSave(target: Target, formData: FormData, preview: boolean, returnTo: string): Promise<EditorAnswer> {
  const { services, community, calendarId } = target;
  // jobs: the feeds of the calendars the save touches are rebuilt (server/events/feed/requests.ts).
  const deps = { db: services.db, paths: services.paths, jobs: services.jobs };
  const planned = await readEventPost(target, formData, preview);
  if ('kind' in planned) return planned;
  if (target.kind === 'remote' && target.mode === 'add' && target.approval) return submitForApproval(target, planned, returnTo);
  const fieldsAnswer = fieldsOfSave(target, planned);
  if ('kind' in fieldsAnswer) return fieldsAnswer;
  const { fields, extra } = fieldsAnswer;
  const { editing, value, base, reply } = planned;
  const remote = target.kind === 'remote' ? target.remote : null;
  let saved: SaveEventResult = await planEventSave(deps, {
    community,
    calendarId,
    eventId: editing.eventId,
    isNew: editing.isNew,
    version: editing.isNew ? null : base.version,
    scope: editing.scope,
    fields,
    // A remote manager keeps the event's calendars and never makes or changes a recurrence.
    calendars: remote ? (target.event ? calendarsOf(target.event.stored, community) : [calendarId]) : value.calendars,
    recurrence: remote ? 'none' : value.recurrence,
    validDays: remote ? [] : value.validDays,
    recurrenceEndDate: remote ? null : value.recurrenceEndDate,
    timeZone: target.options.timeZone,
    now: target.now,
    uid: target.uid,
    extra,
  });
  if (saved.ok) saved = await commitEventSave(deps, saved);
  if (!saved.ok) return refusedSave(target, planned, fields, saved, returnTo);
  if (remote) {
    const audit = { community, detailId: remote.grant.itemId, grant: remote.grant, user: remote.user };
    // Only what the save changed (a field written again with its stored value is not a change).
    const before: Record<string, unknown> = editing.isNew ? {} : editing.item;
    const changed = Object.keys(fields).filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(fields[field] ?? null));
    await recordRemoteSave(deps, { ...audit, fields: changed, at: target.now });
  }
  const after = await afterEventSave(deps, community, saved.changes);
  // Remote managers do not update scheduled notifications ('Update Notifications' is not asked).
  const followUp = remote ? { ...after, ask: [] } : after;
  if (remote && followUp.removed === 0) return done(`${returnTo}?saved=1`);
  if (followUp.removed > 0 || followUp.ask.length > 0) {
    return editorReply(base, 200, { ...reply(), error: {} }, { followUp: { removed: followUp.removed, ask: followUp.ask, returnTo } });
  }
  const message =
    target.kind === 'import'
      ? EVENT_EDITOR_TEXTS.pendingCreated
      : planned.lockedChanged
        ? EVENT_EDITOR_TEXTS.savedImported
        : EVENT_EDITOR_TEXTS.saved;
  return done(returnTo, { kind: 'success', message });
}
