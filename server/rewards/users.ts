import type { ListRow } from '@server/listing/engine';
import type { ListDeps, ListSourceAdapter } from '@server/listing/source';
import { rowsSource } from '@server/listing/sources/rows';
import { isValidKey } from '~/lib/db-key';

/**
 * The community's rewards users (spec 02 "Listing routes" context rewards-users; spec 03 §9
 * default item shape "rewards user (total 0, history, barcodes, name, email)"; decision 041):
 * `location-data/{community}/rewards/users/{uid}`, listed by total points descending, then by
 * name; filtered by name, e-mail or id. Nothing is deleted from the list.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const points = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : isObject(value) ? Object.values(value) : []);

/** The most rewards users one list reads, and the most history entries and barcodes one shows. */
export const MAX_REWARDS_USERS = 5000;
export const MAX_REWARDS_HISTORY = 200;

export interface RewardsHistoryEntry {
  key: string;
  title: string;
  points: number;
  /** ms since the epoch, or null. */
  at: number | null;
  /** A change made by staff: its note and who made it ('' otherwise). */
  note: string;
  by: string;
}

export interface RewardsUser {
  uid: string;
  name: string;
  email: string;
  total: number;
  barcodes: string[];
  history: RewardsHistoryEntry[];
}

export function rewardsUserOf(uid: string, record: Record<string, unknown>): RewardsUser {
  const history = isObject(record.history) || Array.isArray(record.history) ? Object.entries(record.history as object) : [];
  return {
    uid,
    name: text(record.name) || 'No name',
    email: text(record.email),
    total: points(record.total),
    barcodes: listOf(record.barcodes)
      .map((code) => (isObject(code) ? text(code.code ?? code.barcode ?? code.value) : text(code)))
      .filter(Boolean)
      .slice(0, MAX_REWARDS_HISTORY),
    history: history
      .filter((entry): entry is [string, Record<string, unknown>] => isObject(entry[1]))
      .map(([key, entry]) => {
        const when = Number(entry.date ?? entry.timestamp ?? entry.at);
        return {
          key,
          title: text(entry.title) || text(entry.description) || text(entry.type),
          points: points(entry.points ?? entry.amount),
          at: Number.isFinite(when) && when > 0 ? when : null,
          note: text(entry.note),
          by: text(entry.by),
        };
      })
      .sort((a, b) => (b.at ?? 0) - (a.at ?? 0) || a.key.localeCompare(b.key))
      .slice(0, MAX_REWARDS_HISTORY),
  };
}

export async function readRewardsUsers({ db, paths }: Pick<ListDeps, 'db' | 'paths'>, community: string): Promise<RewardsUser[]> {
  const stored = (await db.ref(paths.rewardsUsers(community)).limitToFirst(MAX_REWARDS_USERS).get()).val();
  if (!isObject(stored)) return [];
  return Object.entries(stored)
    .filter((entry): entry is [string, Record<string, unknown>] => isValidKey(entry[0]) && isObject(entry[1]))
    .map(([uid, record]) => rewardsUserOf(uid, record))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.uid.localeCompare(b.uid));
}

export async function readRewardsUser(
  { db, paths }: Pick<ListDeps, 'db' | 'paths'>,
  community: string,
  uid: string,
): Promise<RewardsUser | null> {
  if (!isValidKey(uid)) return null;
  const record = (await db.ref(paths.rewardsUser(community, uid)).get()).val();
  return isObject(record) ? rewardsUserOf(uid, record) : null;
}

function matches(filter: string | undefined): ((row: ListRow) => boolean) | null {
  const wanted = filter?.trim().toLowerCase();
  if (!wanted) return null;
  return (row) =>
    [row.item.name, row.item.email, row.key].some((value) =>
      String(value ?? '')
        .toLowerCase()
        .includes(wanted),
    );
}

export const REWARDS_USERS_SOURCE: ListSourceAdapter = {
  ...rowsSource({
    rows: async (deps, address) =>
      (await readRewardsUsers(deps, address.community)).map((user) => ({
        key: user.uid,
        item: { name: user.name, email: user.email, total: user.total, entries: user.history.length },
      })),
    remove: async () => ({ archived: 0, removed: 0 }),
    predicate: (filters) => matches(filters.text),
  }),
  rowDetails: async () => (item, key) => ({
    subtitle: [text(item.email), key].filter(Boolean).join(' · '),
    notes: [{ text: `${points(item.total)} points`, tone: points(item.total) > 0 ? 'good' : 'plain' }],
  }),
};
