import type { RealtimeDb } from './types';

export interface Child {
  key: string;
  value: unknown;
}

/**
 * The children of the node at `path` in key order, `page` at a time, each child read whole: a
 * reader holds one page, never the node (the port reads no key without its value). `lastFirst`
 * walks from the last key back. The key a page ended at is included again by `startAt` /
 * `endAt`, so one more child is read and that one skipped.
 */
export async function* childPages(
  db: RealtimeDb,
  path: string,
  { page, lastFirst = false }: { page: number; lastFirst?: boolean },
): AsyncGenerator<Child[]> {
  const ordered = db.ref(path).orderByKey();
  let edge: string | null = null;
  for (;;) {
    const query =
      edge === null
        ? lastFirst
          ? ordered.limitToLast(page)
          : ordered.limitToFirst(page)
        : lastFirst
          ? ordered.endAt(edge).limitToLast(page + 1)
          : ordered.startAt(edge).limitToFirst(page + 1);
    const snapshot = await query.get();
    const children: Child[] = [];
    snapshot.forEach((child) => {
      if (child.key !== null && child.key !== edge) children.push({ key: child.key, value: child.val() as unknown });
    });
    if (lastFirst) children.reverse();
    if (children.length > 0) {
      edge = children.at(-1)!.key;
      yield children;
    }
    if (children.length < page) return;
  }
}

/** The children of the node at `path` one at a time (childPages of one). */
export async function* childrenOf(db: RealtimeDb, path: string, options: { lastFirst?: boolean } = {}): AsyncGenerator<Child> {
  for await (const page of childPages(db, path, { page: 1, ...options })) yield* page;
}
