import type { JobQueue } from '@jobs/ports';
import type { DbValue } from '@server/db/types';
import { versionOf } from '@server/db/version';
import { enqueueQueuedEmail, plannedEmail, QueueEmailSchema } from '@server/mail/email-queue';
import { emailFromTemplate } from '@server/mail/templates';
import { formatEventContext, isValidKey, parseEventContext } from '@server/paths';
import { startOfZonedDay } from '~/lib/date-time';
import { eventWhen } from '~/lib/event-preview';
import { endOfZonedDay } from '~/lib/event-times';
import { hrefs } from '~/lib/hrefs';
import { endOf, isObject, startOf, type EventDeps, type EventRecord } from './records';

/**
 * End-user events that wait for staff approval (spec 02 §3 calendar config allowUserCreated,
 * userCreatedRequiresApproval, userCreatedEmails; §6 "Calendars can allow end-user event
 * submission, optionally needing staff approval, with staff emails receiving requests"; §4
 * imported events in the google-events-import context; §7 "write google-events-import and
 * google-events-denied records").
 *
 * A remote manager's new event on a calendar that requires approval is not put on the calendar:
 * it is stored under `google-events-import/{importId}` with the event's fields, the target
 * calendar's event context (`eventContext`), who submitted it and when, and every staff address
 * of the calendar gets an e-mail through the e-mail queue with the link to review it. Staff open
 * it in the event editor's import context, where Create Event saves it to its calendar (the
 * pending record removed in the same update, rules.ts googleImportAccepted) and Deny Event
 * records it as denied (rules.ts denyGoogleImport).
 */

export interface UserCreatedPolicy {
  title: string;
  /** Remote managers may add new events to the calendar. */
  allowUserCreated: boolean;
  /** Their new events wait for staff approval. */
  requiresApproval: boolean;
  /** Who is told of a new event waiting (lower case, no repeats). */
  emails: string[];
}

/** The calendar's rules for events its remote managers add, or null when the calendar does not exist. */
export async function userCreatedPolicy(deps: EventDeps, community: string, calendarId: string): Promise<UserCreatedPolicy | null> {
  const config = (await deps.db.ref(deps.paths.calendarConfig(community, calendarId)).get()).val();
  if (!isObject(config)) return null;
  const emails = Array.isArray(config.userCreatedEmails)
    ? config.userCreatedEmails.filter((email): email is string => typeof email === 'string' && email.trim() !== '')
    : [];
  return {
    title: typeof config.title === 'string' && config.title !== '' ? config.title : calendarId,
    allowUserCreated: config.allowUserCreated === true,
    requiresApproval: config.userCreatedRequiresApproval === true,
    emails: [...new Set(emails.map((email) => email.trim().toLowerCase()))],
  };
}

/** The fields of a pending record that are about the submission, not the event. */
export const PENDING_META_FIELDS = ['eventContext', 'submittedBy', 'submittedTime', 'userCreated'] as const;

export interface PendingSubmitter {
  /** The signed-in person's uid, or the URL grant's link uuid. */
  uid: string;
  /** As the remote audit names them ('Name (e-mail)', 'Link: {relationship}' …). */
  who: string;
}

export interface PendingEvent {
  importId: string;
  /** The calendar the event is for. */
  calendarId: string;
  /** The event's own fields (the record without PENDING_META_FIELDS). */
  item: EventRecord;
  submittedBy: PendingSubmitter | null;
  submittedTime: number | null;
  /** The version of the whole record as the editor showed it. */
  version: string;
}

/** The calendar a pending record is for: its eventContext (or, for an older record, its first context) in this community. */
function calendarOfPending(record: Record<string, unknown>, community: string): string | null {
  const candidates = [record.eventContext, ...(Array.isArray(record.contexts) ? record.contexts : [])];
  for (const context of candidates) {
    if (typeof context !== 'string') continue;
    try {
      const parsed = parseEventContext(context);
      if (parsed.community === community) return parsed.calendarId;
    } catch {
      // not an event context
    }
  }
  return null;
}

function pendingOf(importId: string, value: unknown, community: string): PendingEvent | null {
  if (!isObject(value)) return null;
  const calendarId = calendarOfPending(value, community);
  if (!calendarId) return null;
  const item: EventRecord = {};
  for (const [field, member] of Object.entries(value))
    if (!(PENDING_META_FIELDS as readonly string[]).includes(field)) item[field] = member as DbValue;
  const by = value.submittedBy;
  return {
    importId,
    calendarId,
    item,
    submittedBy: isObject(by) && typeof by.uid === 'string' ? { uid: by.uid, who: typeof by.who === 'string' ? by.who : by.uid } : null,
    submittedTime: typeof value.submittedTime === 'number' ? value.submittedTime : null,
    version: versionOf(value),
  };
}

/** A pending record of the community, or null (absent, or naming no calendar of this community). */
export async function readPendingEvent(deps: EventDeps, community: string, importId: string): Promise<PendingEvent | null> {
  if (!isValidKey(importId)) return null;
  const value = (await deps.db.ref(deps.paths.googleEventImport(community, importId)).get()).val();
  return pendingOf(importId, value, community);
}

/** The largest number of pending records a calendar's notice lists. */
export const MAX_PENDING_LISTED = 50;

export interface PendingRow {
  importId: string;
  title: string;
  startDate: number;
}

/** The calendar's pending records (up to MAX_PENDING_LISTED, by start), and how many there are. */
export async function pendingEventsOfCalendar(
  deps: EventDeps,
  community: string,
  calendarId: string,
): Promise<{ rows: PendingRow[]; count: number }> {
  const snapshot = await deps.db
    .ref(deps.paths.googleEventImports(community))
    .orderByChild('eventContext')
    .equalTo(formatEventContext(community, calendarId))
    .get();
  const rows: PendingRow[] = [];
  snapshot.forEach((child) => {
    const value = child.val();
    if (!child.key || !isObject(value)) return false;
    rows.push({ importId: child.key, title: typeof value.title === 'string' ? value.title : '', startDate: startOf(value) });
    return false;
  });
  rows.sort((a, b) => a.startDate - b.startDate || a.importId.localeCompare(b.importId));
  return { rows: rows.slice(0, MAX_PENDING_LISTED), count: rows.length };
}

export interface ExistingEventRow {
  eventId: string;
  title: string;
  when: string;
}

/** The most events of a day the Existing Events section lists. */
export const MAX_EXISTING_EVENTS = 100;

/**
 * The Existing Events section: the calendar's events that overlap the day of `start` in the
 * community's time zone (to spot a duplicate), in order of their start.
 */
export async function eventsOverlappingDay(
  deps: EventDeps,
  community: string,
  calendarId: string,
  start: number,
  timeZone: string,
): Promise<ExistingEventRow[]> {
  if (!Number.isFinite(start) || start <= 0) return [];
  const dayStart = startOfZonedDay(start, timeZone);
  const dayEnd = endOfZonedDay(start, timeZone);
  const snapshot = await deps.db
    .ref(deps.paths.calendarEvents(community, calendarId))
    .orderByChild('endDate')
    .startAt(dayStart)
    .limitToFirst(MAX_EXISTING_EVENTS * 5)
    .get();
  const found: Array<ExistingEventRow & { start: number }> = [];
  snapshot.forEach((child) => {
    const value = child.val();
    if (!child.key || !isObject(value)) return false;
    if (startOf(value) > dayEnd || endOf(value) < dayStart) return false;
    found.push({
      eventId: child.key,
      title: typeof value.title === 'string' ? value.title : '',
      when: eventWhen(value, timeZone),
      start: startOf(value),
    });
    return false;
  });
  return found
    .sort((a, b) => a.start - b.start || a.eventId.localeCompare(b.eventId))
    .slice(0, MAX_EXISTING_EVENTS)
    .map(({ start: _start, ...row }) => row);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The e-mail staff get for a new event waiting for approval. */
export function pendingEventEmail(input: { calendarTitle: string; eventTitle: string; when: string; who: string; reviewLink: string }): {
  subject: string;
  body: string;
} {
  const title = input.eventTitle || 'Untitled event';
  return {
    subject: `Event waiting for approval: ${title}`,
    body: [
      `<p>A new event was submitted to the calendar <strong>${escapeHtml(input.calendarTitle)}</strong> and waits for approval.</p>`,
      `<p><strong>${escapeHtml(title)}</strong><br>${escapeHtml(input.when)}</p>`,
      input.who ? `<p>Submitted by ${escapeHtml(input.who)}.</p>` : '',
      `<p><a href="${escapeHtml(input.reviewLink)}">Review the event</a> to create it on the calendar or deny it.</p>`,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}

/** Where staff review a pending record: the event editor's import context. */
export const pendingEventPath = (importId: string): string => hrefs.pendingEventImport(importId);

export interface SubmitPendingInput {
  community: string;
  calendarId: string;
  /** The event's fields (eventRecord's, as the grant allows them). */
  fields: Record<string, DbValue>;
  submittedBy: PendingSubmitter;
  now: number;
  timeZone: string;
  /** The console's origin the review link points at. */
  origin: string;
}

/**
 * Stores a remote manager's new event as a pending record of its calendar and e-mails every
 * staff address of the calendar. Null when the calendar does not (or no longer) take events
 * waiting for approval.
 */
export async function submitPendingEvent(
  deps: EventDeps & { jobs: JobQueue },
  input: SubmitPendingInput,
): Promise<{ importId: string; sentTo: string[] } | null> {
  const policy = await userCreatedPolicy(deps, input.community, input.calendarId);
  if (!policy || !policy.allowUserCreated || !policy.requiresApproval) return null;
  const ref = deps.db.ref(deps.paths.googleEventImports(input.community)).push();
  const importId = ref.key!;
  const record: Record<string, DbValue> = {
    ...input.fields,
    eventContext: formatEventContext(input.community, input.calendarId),
    userCreated: true,
    submittedBy: { uid: input.submittedBy.uid, who: input.submittedBy.who },
    submittedTime: input.now,
  };
  const pending = {
    calendarTitle: policy.title,
    eventTitle: typeof input.fields.title === 'string' ? input.fields.title : '',
    when: eventWhen(input.fields, input.timeZone),
    who: input.submittedBy.who,
    reviewLink: `${input.origin.replace(/\/+$/, '')}${pendingEventPath(importId)}`,
  };
  const mail = await emailFromTemplate(
    deps,
    'approval',
    {
      calendar: pending.calendarTitle,
      event: pending.eventTitle || 'Untitled event',
      when: pending.when,
      name: pending.who,
      link: pending.reviewLink,
    },
    () => pendingEventEmail(pending),
  );
  // The pending record and its e-mails in one update (a crash leaves both or neither); the jobs
  // follow, and an e-mail whose job never came is sent when the workers start (requeuePendingEmails).
  const updates: Record<string, DbValue> = { [ref.path]: record };
  const emails: Array<{ email: string; queueKey: string }> = [];
  for (const email of policy.emails) {
    // An address the config editor would refuse (older data) is skipped, not a failed submission.
    if (!QueueEmailSchema.shape.to.safeParse(email).success) continue;
    const planned = plannedEmail(deps, { to: email, ...mail });
    updates[planned.path] = { ...planned.item };
    emails.push({ email, queueKey: planned.queueKey });
  }
  await deps.db.ref().update(updates);
  const sentTo: string[] = [];
  for (const { email, queueKey } of emails) {
    await enqueueQueuedEmail(deps, queueKey);
    sentTo.push(email);
  }
  return { importId, sentTo };
}
