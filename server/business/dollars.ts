import { formatInTimeZone } from 'date-fns-tz';
import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import { formatCents, toCents, type DollarsHistoryView } from '~/lib/dollars';

/**
 * The Dollars section's history (spec 03 §3 "Dollars record": currentDollars and history
 * entries of type bought, transfer or purchase; §7 reads amc-dollars/{type}/{id}; §8 'There is
 * no history for this user/business.'). Businesses' records are under type `businesses`.
 */

export const BUSINESS_DOLLARS_TYPE = 'businesses';

export interface DollarsEntry {
  key: string;
  type: string;
  amount: number;
  from: string;
  to: string;
  notes: string;
  /** Who recorded it ("transfers by user"), or ''. */
  by: string;
  /** ms since the epoch; null when unknown. */
  at: number | null;
}

export interface StoredDollarsHistory {
  currentDollars: number;
  /** Newest first. */
  entries: DollarsEntry[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** At most this many entries are shown. */
export const MAX_DOLLARS_ENTRIES = 200;

export async function readDollarsHistory(
  deps: { db: RealtimeDb; paths: Paths },
  id: string,
  type = BUSINESS_DOLLARS_TYPE,
): Promise<StoredDollarsHistory> {
  const record = (await deps.db.ref(deps.paths.dollarsRecord(type, id)).get()).val();
  if (!isObject(record)) return { currentDollars: 0, entries: [] };
  const history = isObject(record.history) ? record.history : Array.isArray(record.history) ? Object.assign({}, record.history) : {};
  const entries = Object.entries(history as Record<string, unknown>)
    .filter((entry): entry is [string, Record<string, unknown>] => isObject(entry[1]))
    .map(([key, entry]) => {
      const amount = Number(entry.amount);
      const when = Number(entry.transferDate);
      return {
        key,
        type: text(entry.type) || 'transfer',
        amount: Number.isFinite(amount) ? amount : 0,
        from: text(entry.from),
        to: text(entry.to),
        notes: text(entry.notes),
        by: text(entry.transferBy),
        at: Number.isFinite(when) && when > 0 ? when : null,
      };
    })
    .sort((a, b) => (b.at ?? 0) - (a.at ?? 0) || a.key.localeCompare(b.key))
    .slice(0, MAX_DOLLARS_ENTRIES);
  const current = Number(record.currentDollars);
  return { currentDollars: Number.isFinite(current) ? current : 0, entries };
}

/** The history as the dollars history display shows it: amounts in dollars and cents, dates in the community's time zone. */
export function dollarsHistoryView(history: StoredDollarsHistory, timeZone: string): DollarsHistoryView {
  return {
    balance: formatCents(toCents(history.currentDollars)),
    rows: history.entries.map((entry) => ({
      key: entry.key,
      when: entry.at ? formatInTimeZone(entry.at, timeZone, 'MMM d, yyyy h:mm a') : '',
      type: entry.type,
      amount: formatCents(toCents(entry.amount)),
      from: entry.from,
      to: entry.to,
      by: entry.by,
      notes: entry.notes,
    })),
  };
}
