import { randomUUID } from 'node:crypto';

/**
 * What the loaders of one page request share (README "Page benchmark"). A page's loaders (the
 * root's, the shell layout's, the page's own) each begin with requireStaff and read the
 * community record; Remix hands each of them a Request of its own, so the session, the person's
 * rights and the record were read and decided three to five times per page.
 *
 * The HTTP server (server/http/app.ts) opens a scope for each GET and HEAD request it hands to
 * Remix and names it in a header of the request (a random id; the same header sent by a client
 * is dropped), which the loaders' Requests copy. `perRequest` keeps a read's answer in that
 * scope, so the first loader asking does the read and the others get a copy of its answer.
 * The scope ends with the answer: nothing is kept across requests, so nothing is shared across
 * people. Posts get no scope (an action may change what the loaders after it read), and a
 * Request without the header (tests calling a loader, other callers) reads every time, as
 * before.
 */

/** The header naming a request's scope (set by the HTTP server only). */
export const REQUEST_SCOPE_HEADER = 'x-console-request-scope';

const SCOPES = Symbol.for('console.request-scopes');

type Scopes = Map<string, Map<string, Promise<unknown>>>;

/**
 * The open scopes, one map per process: the HTTP server (build/server.js) and the Remix build
 * (build/index.js) are bundled apart, each with its own copy of this module.
 */
const scopes: Scopes = ((globalThis as { [SCOPES]?: Scopes })[SCOPES] ??= new Map());

/** A scope for one request: its id (the header's value) and `close` to drop it once answered. */
export function openRequestScope(): { id: string; close(): void } {
  const id = randomUUID();
  scopes.set(id, new Map());
  return { id, close: () => scopes.delete(id) };
}

/** How many scopes are open (requests being answered); for tests. */
export function openScopeCount(): number {
  return scopes.size;
}

/**
 * The answer of `read` for this request: read once per scope and `key`, each caller getting a
 * structured clone of its own (callers may change what they get); read every time when the
 * request has no scope. A failed read is not kept: the next caller reads again.
 */
export async function perRequest<T>(request: Request, key: string, read: () => Promise<T>): Promise<T> {
  const id = request.headers.get(REQUEST_SCOPE_HEADER);
  const scope = id === null ? undefined : scopes.get(id);
  if (!scope) return read();
  let answer = scope.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read();
    scope.set(key, answer);
    answer.catch(() => {
      if (scope.get(key) === answer) scope.delete(key);
    });
  }
  return structuredClone(await answer);
}
