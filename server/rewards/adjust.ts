import type { DbValue } from '@server/db/types';
import type { ListDeps } from '@server/listing/source';
import { isValidKey } from '~/lib/db-key';
import { MAX_POINTS_CHANGE, POINTS_CHANGE_TITLE, REWARDS_TEXTS, type PointsChangeMode } from '~/lib/rewards';

/**
 * A rewards user's points changed by staff (spec 03 §9 "rewards user (total 0, history,
 * barcodes, name, email)"; decision 045): points added or removed, or a new total, always with
 * a note. The new total and its history entry (the points it added, negative when removed; the
 * note; who; when) are ONE guarded multi-path update (decision 019) over the user's record, so
 * the history never misses a change of the total, nor the total a history entry.
 *
 * The guard is the stored total as read: a scan in the app or another change that wrote the total
 * meanwhile makes the write fail, and an addition is made again from the stored total (up to
 * ATTEMPTS times); a new total ("set") was typed against the total the page showed (`was`), so a
 * change of it meanwhile refuses the change instead (the person decides again).
 */

type Deps = Pick<ListDeps, 'db' | 'paths'>;

const ATTEMPTS = 50;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored total as the server counts it: a whole number (anything else is 0). */
export const storedPoints = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0);

export interface PointsChange {
  mode: PointsChangeMode;
  /** 'add': the points added (negative: removed), not 0; 'set': the new total. */
  points: number;
  note: string;
  /** 'set': the total the page showed. */
  was?: number;
  /** Who made it (the staff member's name and e-mail). */
  by: string;
  now?: number;
}

export type PointsChangeResult =
  | { ok: true; key: string; total: number; points: number }
  | { ok: false; reason: 'invalid' | 'below-zero' | 'unchanged' | 'stale' | 'no-user' | 'busy'; message: string };

/** The rules of one change over the total read (pure): the points it adds and the new total, or why not. */
export function planPointsChange(
  total: number,
  change: Pick<PointsChange, 'mode' | 'points' | 'was'>,
): { ok: true; points: number; total: number } | Extract<PointsChangeResult, { ok: false }> {
  const { mode, points } = change;
  if (mode === 'add') {
    if (!Number.isSafeInteger(points) || points === 0 || Math.abs(points) > MAX_POINTS_CHANGE)
      return { ok: false, reason: 'invalid', message: REWARDS_TEXTS.pointsInvalid };
    if (total + points < 0) return { ok: false, reason: 'below-zero', message: REWARDS_TEXTS.belowZero };
    return { ok: true, points, total: total + points };
  }
  if (!Number.isSafeInteger(points) || points < 0 || points > MAX_POINTS_CHANGE)
    return { ok: false, reason: 'invalid', message: REWARDS_TEXTS.totalInvalid };
  if (change.was !== undefined && change.was !== total) return { ok: false, reason: 'stale', message: REWARDS_TEXTS.stale };
  if (points === total) return { ok: false, reason: 'unchanged', message: REWARDS_TEXTS.unchanged };
  return { ok: true, points: points - total, total: points };
}

/** Changes a rewards user's points: the total and a history entry in one guarded update. */
export async function changePoints(deps: Deps, community: string, uid: string, change: PointsChange): Promise<PointsChangeResult> {
  const { db, paths } = deps;
  if (!isValidKey(uid)) return { ok: false, reason: 'no-user', message: REWARDS_TEXTS.noSuchUser };
  const userPath = paths.rewardsUser(community, uid);
  const totalPath = `${userPath}/total`;
  const key = db.ref().push().key as string;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const record: unknown = (await db.ref(userPath).get()).val();
    if (!isObject(record)) return { ok: false, reason: 'no-user', message: REWARDS_TEXTS.noSuchUser };
    const stored = record.total ?? null;
    const plan = planPointsChange(storedPoints(stored), change);
    if (!plan.ok) return plan;
    const entry: Record<string, DbValue> = {
      title: POINTS_CHANGE_TITLE,
      points: plan.points,
      note: change.note,
      by: change.by,
      date: change.now ?? Date.now(),
    };
    // Guarded by the user record: it must still exist, with the total read.
    const result = await db.ref().guardedUpdate(userPath, (current: unknown) => isObject(current) && (current.total ?? null) === stored, {
      [totalPath]: plan.total,
      [`${userPath}/history/${key}`]: entry,
    });
    if (result.committed) return { ok: true, key, total: plan.total, points: plan.points };
  }
  return { ok: false, reason: 'busy', message: REWARDS_TEXTS.busy };
}
