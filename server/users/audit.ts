import type { DbValue } from '@server/db';
import type { ListDeps } from '@server/listing/source';
import { isValidKey } from '~/lib/db-key';
import { RIGHTS, RIGHT_LABELS, type Rights } from './rights';

/**
 * The audit trail of people's rights (decision 040): every change the console makes to who may
 * do what in a community — rights granted or removed, a person invited, a default community set —
 * is one entry under `user-authorization/audit/{community}/{push id}`, written in the same update
 * as the change, with who made it and when. Entries are never edited.
 */

export type AuditAction = 'rights' | 'invite' | 'default-community';

export interface RightsAuditEntry {
  at: number;
  /** Who made the change: uid and how the console named them then. */
  by: string;
  byName: string;
  /** Whose rights or default changed. */
  target: string;
  targetName: string;
  action: AuditAction;
  /** What changed, in words ("Granted Admin; removed Can Send Notifications"). */
  summary: string;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** "Granted Admin, Editor; removed Can Send Notifications" (null: nothing changed). */
export function rightsChangeSummary(before: Rights, after: Rights): string | null {
  const granted = RIGHTS.filter((right) => !before[right] && after[right]).map((right) => RIGHT_LABELS[right]);
  const removed = RIGHTS.filter((right) => before[right] && !after[right]).map((right) => RIGHT_LABELS[right]);
  const parts = [granted.length > 0 ? `Granted ${granted.join(', ')}` : null, removed.length > 0 ? `Removed ${removed.join(', ')}` : null];
  const summary = parts.filter((part): part is string => part !== null).join('; ');
  return summary === '' ? null : summary;
}

export function auditValue(entry: RightsAuditEntry): Record<string, DbValue> {
  return { ...entry };
}

function entryOf(value: unknown): RightsAuditEntry | null {
  if (!isObject(value)) return null;
  const text = (field: string) => (typeof value[field] === 'string' ? (value[field] as string) : '');
  const action = value.action === 'invite' || value.action === 'default-community' ? value.action : 'rights';
  if (typeof value.at !== 'number' || text('by') === '') return null;
  return {
    at: value.at,
    by: text('by'),
    byName: text('byName') || text('by'),
    target: text('target'),
    targetName: text('targetName') || text('target'),
    action,
    summary: text('summary'),
  };
}

/** The community's latest entries, newest first (of one person when `target` is given). */
export async function readRightsAudit(
  { db, paths }: Pick<ListDeps, 'db' | 'paths'>,
  community: string,
  options: { target?: string; limit?: number } = {},
): Promise<Array<RightsAuditEntry & { key: string }>> {
  const limit = options.limit ?? 20;
  // Entries are few (a community's staff changes); a person's are found among the latest 500.
  const read = await db
    .ref(paths.userRightsAudit(community))
    .orderByKey()
    .limitToLast(options.target ? 500 : limit)
    .get();
  const entries: Array<RightsAuditEntry & { key: string }> = [];
  read.forEach((child) => {
    const entry = child.key && isValidKey(child.key) ? entryOf(child.val()) : null;
    if (entry && (!options.target || entry.target === options.target)) entries.push({ ...entry, key: child.key! });
    return false;
  });
  return entries.reverse().slice(0, limit);
}
