import type { JobQueue } from '@jobs/ports';
import { plainTextOf } from '@server/community/description';
import type { DbValue, RealtimeDb } from '@server/db/types';
import { communityTimeZone } from '@server/events/import/run';
import type { Paths } from '@server/paths';
import { deliveryId, dueOf, messagePath, notificationJob, pendingDeliveryWrite, type MessageTarget } from './dispatch';
import { messageTopic, PushDeliveryError, type PushContent, type PushPort, type PushResult } from './push/types';
import { nextRecurringRun } from './schedule';

/**
 * Delivering one run of a message (issue 13 "Delivery", docs/decisions/012). The database is
 * the truth: the job re-reads the message and does nothing when it is gone or no longer due at
 * the job's time. A single scheduled message MOVES from messages-scheduled into messages (same
 * key); a recurring one is COPIED (key `{key}-{run ms}`), its next run computed in the
 * community's time zone. The move or copy and the run's delivery record
 * (`{product}/message-deliveries/{id}`) are one multi-path update, so a retry that finds the
 * delivery record never moves or copies again; the push carries the record's id as its
 * idempotency key and the record says when it went out.
 */

const HOUR = 3_600_000;
const TITLE_MAX = 250;
const BODY_MAX = 2_000;

export interface DeliveryDeps {
  db: RealtimeDb;
  paths: Paths;
  push: PushPort;
  /** Where the next run of a recurring message is queued. */
  jobs?: JobQueue;
  log: { warn(message: string, ...details: unknown[]): void };
}

/** `delivery` on a message record (the scheduled view shows it): contract of issue 13. */
export interface DeliveryStatus {
  lastDeliveredAt?: number;
  lastError?: string;
  lastErrorAt?: number;
  runs?: number;
  /** The live copy of the last run of a recurring message. */
  lastCopyKey?: string;
}

/** What `{product}/message-deliveries/{id}` holds. */
export interface DeliveryRecord {
  due: number;
  /** The live message this run is (after the move or copy). */
  messagePath: string;
  /** The record whose `delivery` status shows this run; '' for personal messages. */
  statusPath: string;
  destination: { kind: 'topic'; topic: string } | { kind: 'tokens'; uid: string };
  content: PushContent;
  sendNotification: boolean;
  deliveredAt: number;
  /** The next run queued by this one (recurring). */
  nextRun?: number;
  pushedAt?: number;
  pushTransport?: string;
  pushId?: string;
  lastError?: string;
  lastErrorAt?: number;
}

export type DeliveryOutcome =
  | { outcome: 'delivered'; push: PushResult | null; nextRun: number | null }
  | { outcome: 'already-delivered' }
  | { outcome: 'missing' }
  | { outcome: 'not-due'; due: number | null };

type Row = Record<string, unknown>;
const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
}

function contentOf(record: Row, data: Record<string, string>): PushContent {
  const url = text(record.url, 2_000);
  return {
    title: text(record.title, TITLE_MAX),
    body: plainTextOf(typeof record.description === 'string' ? record.description : '').slice(0, BODY_MAX),
    data: { ...data, ...(url ? { url } : {}) },
  };
}

/** The recurrence of a scheduled record, or null for a single one. */
function recurrenceOf(record: Row): { validDays: boolean[]; recurrenceEndDate: number; recurrenceDuration: number | null } | null {
  const info = record.recurrenceInfo;
  if (!isRow(info) || !Array.isArray(info.validDays) || info.recurrence === 'none' || info.recurrence === '') return null;
  const validDays = Array.from({ length: 7 }, (_, day) => (info.validDays as unknown[])[day] === true);
  const end = typeof info.recurrenceEndDate === 'number' && info.recurrenceEndDate > 0 ? info.recurrenceEndDate : 0;
  const duration = typeof info.recurrenceDuration === 'number' && info.recurrenceDuration > 0 ? info.recurrenceDuration : null;
  return { validDays, recurrenceEndDate: end, recurrenceDuration: duration };
}

function statusOf(record: Row): DeliveryStatus {
  return isRow(record.delivery) ? (record.delivery as DeliveryStatus) : {};
}

type Plan = { writes: Record<string, DbValue>; delivery: DeliveryRecord };

/** What this run writes, or why it writes nothing. */
async function planRun(
  deps: DeliveryDeps,
  target: MessageTarget,
  due: number,
  now: number,
): Promise<Plan | { outcome: 'missing' } | { outcome: 'not-due'; due: number | null }> {
  const { db, paths } = deps;
  const path = messagePath(paths, target);
  const record = (await db.ref(path).get()).val();
  if (!isRow(record)) return { outcome: 'missing' };
  const current = dueOf(target, record);
  if (current !== due) return { outcome: 'not-due', due: current };

  const sendNotification = record.sendNotification !== false;
  if (target.area === 'personal') {
    return {
      writes: {},
      delivery: {
        due,
        messagePath: path,
        statusPath: '',
        destination: { kind: 'tokens', uid: target.to },
        content: contentOf(record, { messageKey: target.key, community: target.community, fromUser: target.from }),
        sendNotification: true,
        deliveredAt: now,
      },
    };
  }

  const destination = {
    kind: 'topic' as const,
    topic: messageTopic(target.area === 'system' ? { area: 'system' } : { area: 'community', community: target.community }, record),
  };
  const live = (key: string) => (target.area === 'system' ? paths.systemMessage(key) : paths.message(target.community, key));
  const data = (key: string) => ({ messageKey: key, community: target.community, area: target.area });

  if (target.list === 'messages') {
    // Instant: already in the live list; only pushed.
    return {
      writes: {},
      delivery: {
        due,
        messagePath: path,
        statusPath: path,
        destination,
        content: contentOf(record, data(target.key)),
        sendNotification,
        deliveredAt: now,
      },
    };
  }

  const status = statusOf(record);
  const runs = (typeof status.runs === 'number' ? status.runs : 0) + 1;
  const { nextScheduledRun: _next, recurrenceInfo: _recurrence, delivery: _delivery, ...fields } = record;
  const recurrence = recurrenceOf(record);

  if (!recurrence) {
    const livePath = live(target.key);
    return {
      writes: { [livePath]: { ...fields, delivery: { ...status, runs } } as DbValue, [path]: null },
      delivery: {
        due,
        messagePath: livePath,
        statusPath: livePath,
        destination,
        content: contentOf(record, data(target.key)),
        sendNotification,
        deliveredAt: now,
      },
    };
  }

  const copyKey = `${target.key}-${due}`;
  const copyPath = live(copyKey);
  const writes: Record<string, DbValue> = {
    [copyPath]: {
      ...fields,
      deliveryTime: due,
      effectiveTime: due,
      createdTime: now,
      endTime: recurrence.recurrenceDuration === null ? 0 : due + recurrence.recurrenceDuration * HOUR,
    } as DbValue,
  };
  // Without a visibility duration the previous run rolls off when this one is sent.
  if (recurrence.recurrenceDuration === null && status.lastCopyKey && status.lastCopyKey !== copyKey) {
    const previous = (await db.ref(live(status.lastCopyKey)).get()).val();
    if (isRow(previous)) writes[`${live(status.lastCopyKey)}/endTime`] = now;
  }
  const firstRun = typeof record.deliveryTime === 'number' ? record.deliveryTime : due;
  const timeZone = await communityTimeZone({ db, paths }, target.community);
  const next = nextRecurringRun(firstRun, Math.max(due, now), recurrence, timeZone);
  if (next === null) {
    writes[path] = null;
  } else {
    writes[`${path}/nextScheduledRun`] = next;
    writes[`${path}/delivery/runs`] = runs;
    writes[`${path}/delivery/lastCopyKey`] = copyKey;
  }
  return {
    writes,
    delivery: {
      due,
      messagePath: copyPath,
      statusPath: next === null ? copyPath : path,
      destination,
      content: contentOf(record, data(copyKey)),
      sendNotification,
      deliveredAt: now,
      ...(next === null ? {} : { nextRun: next }),
    },
  };
}

/** Sets fields of a record's `delivery` when the record still exists (never recreates it). */
async function updateStatus(db: RealtimeDb, statusPath: string, fields: DeliveryStatus | Record<string, DbValue>): Promise<void> {
  if (statusPath === '') return;
  await db.ref(statusPath).transaction((current) => {
    if (current === null) return null;
    if (!isRow(current)) return undefined;
    const delivery = isRow(current.delivery) ? current.delivery : {};
    const merged = Object.fromEntries(
      Object.entries({ ...delivery, ...fields }).filter(([, value]) => value !== null && value !== undefined),
    );
    return { ...current, delivery: merged } as DbValue;
  });
}

async function tokensOf(deps: DeliveryDeps, uid: string): Promise<string[]> {
  const value = (await deps.db.ref(deps.paths.deviceTokens(uid)).get()).val();
  if (!isRow(value)) return [];
  const tokens = Object.values(value)
    .map((entry) => (typeof entry === 'string' ? entry : isRow(entry) && typeof entry.token === 'string' ? entry.token : ''))
    .filter((token) => token !== '');
  return [...new Set(tokens)];
}

/**
 * Delivers the run of `target` due at `due`: exactly one move or copy, and one push with the
 * run's idempotency key. Throws when the push fails (after recording the error), so the job
 * retries; the retry finds the delivery record and only pushes.
 */
export async function deliverRun(
  deps: DeliveryDeps,
  input: { target: MessageTarget; due: number },
  clock: () => number = Date.now,
): Promise<DeliveryOutcome> {
  const { db, paths } = deps;
  const { target, due } = input;
  const id = deliveryId(paths.product(), target, due);
  const deliveryRef = db.ref(paths.messageDelivery(id));
  const pendingPath = paths.pendingDelivery(id);
  /** The delivery record's fields and the end of the run's pending mark, in one update. */
  const finish = (fields: Record<string, DbValue>) =>
    db.ref().update({
      ...Object.fromEntries(Object.entries(fields).map(([field, value]) => [`${deliveryRef.path}/${field}`, value])),
      [pendingPath]: null,
    });

  let delivery = (await deliveryRef.get()).val() as DeliveryRecord | null;
  if (delivery?.pushedAt !== undefined && delivery?.pushedAt !== null) {
    await db.ref(pendingPath).remove();
    return { outcome: 'already-delivered' };
  }
  if (!delivery) {
    const now = clock();
    const plan = await planRun(deps, target, due, now);
    if ('outcome' in plan) {
      // Nothing to push for this run (the message is gone or was moved to another time).
      await db.ref(pendingPath).remove();
      return plan;
    }
    // The move or copy, the delivery record and the run's pending mark commit together or not
    // at all: a run moved but not pushed is found again after a Redis outage or flush.
    await db.ref().update({
      ...plan.writes,
      [deliveryRef.path]: plan.delivery as unknown as DbValue,
      ...pendingDeliveryWrite(paths, target, due, now),
    });
    delivery = plan.delivery;
  }

  const nextRun = typeof delivery.nextRun === 'number' ? delivery.nextRun : null;
  if (nextRun !== null && deps.jobs && target.area !== 'personal') {
    // Queued again on a retry too: the stable id keeps it one job.
    const job = notificationJob(paths, target, nextRun, clock());
    const queued = await deps.jobs.enqueue('notification', job.payload, { jobId: job.jobId, delay: job.delay });
    if (!queued.queued) deps.log.warn(`The next run of message ${target.key} waits for the scheduler: ${queued.reason}`);
  }

  if (!delivery.sendNotification) {
    await finish({ pushedAt: clock(), pushTransport: 'none' });
    await updateStatus(db, delivery.statusPath, { lastDeliveredAt: clock(), lastError: null, lastErrorAt: null });
    return { outcome: 'delivered', push: null, nextRun };
  }

  let result: PushResult;
  try {
    const destination =
      delivery.destination.kind === 'topic'
        ? delivery.destination
        : { kind: 'tokens' as const, uid: delivery.destination.uid, tokens: await tokensOf(deps, delivery.destination.uid) };
    result = await deps.push.send({ destination, content: delivery.content, idempotencyKey: id });
  } catch (error) {
    const at = clock();
    const message = errorText(error);
    try {
      await deliveryRef.update({ lastError: message, lastErrorAt: at });
      await updateStatus(db, delivery.statusPath, { lastError: message, lastErrorAt: at });
      // Refused for good: the job fails at once and the run waits for nothing any more.
      if (error instanceof PushDeliveryError && error.permanent) await db.ref(pendingPath).remove();
    } catch (recordError) {
      deps.log.warn(`Could not record the failed push of message ${target.key}:`, recordError);
    }
    throw error;
  }
  const at = clock();
  await finish({ pushedAt: at, pushTransport: result.transport, pushId: result.id, lastError: null, lastErrorAt: null });
  await updateStatus(db, delivery.statusPath, { lastDeliveredAt: at, lastError: null, lastErrorAt: null });
  return { outcome: 'delivered', push: result, nextRun };
}
