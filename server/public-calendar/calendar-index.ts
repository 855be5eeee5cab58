import type { RealtimeDb, Unsubscribe } from '@server/db/types';
import { LEGACY_EVENT_SECTIONS, type Paths } from '@server/paths';
import { publicOccurrence, type PublicOccurrence } from './rules';

/**
 * A per-calendar index of the occurrences the public may see, kept in memory and live
 * (docs/decisions/027): the first page of a calendar subscribes to its events node (a value
 * listener, as the Firebase SDK keeps a synced copy; the embedded engine re-reads the node after a
 * write of this process and notices other processes' writes through `PRAGMA data_version`), and
 * every change rebuilds the sorted list and moves `version` on. A page then takes its month from
 * the sorted list by binary search instead of reading 5,000 records, the rendered-page cache
 * (server/http/public-page-cache.ts) knows a page is stale when `version` has moved, and the live
 * route tells open pages to reload their data.
 *
 * Bounded: at most MAX_INDEXES calendars per database are watched; the least recently used one
 * without live listeners is dropped (its listener removed) when another is needed.
 */

export type IndexDeps = { db: RealtimeDb; paths: Paths };

export const MAX_INDEXES = 64;

const isLegacyTab = (tab: string) => (LEGACY_EVENT_SECTIONS as readonly string[]).includes(tab);

/** The node a public calendar tab reads: a legacy list (events-resort, events-local) or an amc-events calendar's events. */
export const tabEventsPath = (paths: Paths, community: string, tab: string): string =>
  isLegacyTab(tab) ? paths.legacyEvents(community, tab) : paths.calendarEvents(community, tab);

export class CalendarIndex {
  /** Moves on with every change of the calendar's events. */
  version = 0;
  /** Visible occurrences by start (then key). */
  occurrences: PublicOccurrence[] = [];
  /** The longest occurrence, so a range also finds what began before it. */
  private maxSpan = 0;
  private byId = new Map<string, PublicOccurrence>();
  private readonly listeners = new Set<(version: number) => void>();
  private unsubscribe: Unsubscribe | null = null;
  closed = false;
  lastUsed = Date.now();
  readonly ready: Promise<void>;

  constructor(
    readonly key: string,
    db: RealtimeDb,
    path: string,
    private readonly onClosed: (index: CalendarIndex) => void,
  ) {
    this.ready = new Promise<void>((resolve, reject) => {
      let first = true;
      this.unsubscribe = db.ref(path).onValue(
        (snapshot) => {
          this.rebuild(snapshot.val());
          if (first) {
            first = false;
            resolve();
          } else {
            for (const listener of [...this.listeners]) listener(this.version);
          }
        },
        (error) => {
          this.close();
          if (first) reject(error);
        },
      );
    });
  }

  private rebuild(value: unknown): void {
    const occurrences: PublicOccurrence[] = [];
    if (typeof value === 'object' && value !== null) {
      for (const [id, record] of Object.entries(value as Record<string, unknown>)) {
        const occurrence = publicOccurrence(id, record);
        if (occurrence) occurrences.push(occurrence);
      }
    }
    occurrences.sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    this.occurrences = occurrences;
    this.byId = new Map(occurrences.map((occurrence) => [occurrence.id, occurrence]));
    this.maxSpan = occurrences.reduce((longest, occurrence) => Math.max(longest, occurrence.end - occurrence.start), 0);
    this.version += 1;
  }

  /** The occurrences overlapping [from, to): begun before `to` and not ended by `from` (an instant event at `from` counts). */
  range(from: number, to: number): PublicOccurrence[] {
    this.lastUsed = Date.now();
    const list = this.occurrences;
    const earliest = from - this.maxSpan;
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (list[middle]!.start < earliest) low = middle + 1;
      else high = middle;
    }
    const found: PublicOccurrence[] = [];
    for (let index = low; index < list.length; index++) {
      const occurrence = list[index]!;
      if (occurrence.start >= to) break;
      if (occurrence.end > from || (occurrence.end === occurrence.start && occurrence.start >= from)) found.push(occurrence);
    }
    return found;
  }

  get(id: string): PublicOccurrence | null {
    this.lastUsed = Date.now();
    return this.byId.get(id) ?? null;
  }

  /** Calls `listener` after every change (not for the first load); returns the way to stop. */
  subscribe(listener: (version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.listeners.clear();
    this.onClosed(this);
  }
}

const registries = new WeakMap<RealtimeDb, Map<string, CalendarIndex>>();

/** The live index of a community's tab (created and loaded on first use). */
export async function calendarIndex(deps: IndexDeps, community: string, tab: string): Promise<CalendarIndex> {
  let registry = registries.get(deps.db);
  if (!registry) {
    registry = new Map();
    registries.set(deps.db, registry);
  }
  const key = `${community}\u0000${tab}`;
  let index = registry.get(key);
  if (!index || index.closed) {
    if (registry.size >= MAX_INDEXES) evictOne(registry);
    const owner = registry;
    index = new CalendarIndex(key, deps.db, tabEventsPath(deps.paths, community, tab), (closed) => {
      if (owner.get(closed.key) === closed) owner.delete(closed.key);
    });
    registry.set(key, index);
  }
  await index.ready;
  index.lastUsed = Date.now();
  return index;
}

function evictOne(registry: Map<string, CalendarIndex>): void {
  let oldest: CalendarIndex | null = null;
  for (const index of registry.values()) {
    if (index.listenerCount > 0) continue;
    if (!oldest || index.lastUsed < oldest.lastUsed) oldest = index;
  }
  (oldest ?? registry.values().next().value)?.close();
}

/** Stops watching every calendar of a database (tests, shutdown). */
export function closeCalendarIndexes(db: RealtimeDb): void {
  const registry = registries.get(db);
  if (!registry) return;
  for (const index of [...registry.values()]) index.close();
  registries.delete(db);
}
