import { formatDate, formatTime } from '~/lib/date-time';

/**
 * Requests for server tests that call loaders and actions directly: a signed-in GET, a form
 * POST as a browser sends it (same-origin, url-encoded, repeated names for lists), and the
 * arguments Remix passes a route function.
 */

export const TEST_ORIGIN = 'http://console.test';

/** Posted fields: a map (a list value posts its name once per entry) or ordered pairs. */
export type PostedFields = Record<string, string | readonly string[]> | ReadonlyArray<readonly [string, string]>;

const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${TEST_ORIGIN}${path}`);
const cookieHeader = (cookie: string | null): Record<string, string> => (cookie ? { Cookie: cookie } : {});

/** A GET of `path` (or a whole URL) with the session cookie, if any. */
export function getRequest(cookie: string | null, path: string, headers: Record<string, string> = {}): Request {
  return new Request(absolute(path), { headers: { ...cookieHeader(cookie), ...headers } });
}

/** The fields as a url-encoded body, in order. */
export function formBody(fields: PostedFields): URLSearchParams {
  const body = new URLSearchParams();
  const pairs = Array.isArray(fields)
    ? (fields as ReadonlyArray<readonly [string, string]>)
    : Object.entries(fields as Record<string, string | readonly string[]>).flatMap(([name, value]) =>
        (typeof value === 'string' ? [value] : value).map((one) => [name, one] as const),
      );
  for (const [name, value] of pairs) body.append(name, value);
  return body;
}

/** A same-origin form POST of the fields to `path` (or a whole URL) with the session cookie, if any. */
export function postRequest(cookie: string | null, path: string, fields: PostedFields): Request {
  return new Request(absolute(path), {
    method: 'POST',
    headers: { ...cookieHeader(cookie), Origin: TEST_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: formBody(fields),
  });
}

/** What Remix passes a loader or action. */
export const routeArgs = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

/** An instant as the date-time picker posts it: the epoch ms and its date and time parts in the zone. */
export const pickerFields = (name: string, ms: number, timeZone: string): Record<string, string> => ({
  [name]: String(ms),
  [`${name}-date`]: formatDate(ms, timeZone),
  [`${name}-time`]: formatTime(ms, timeZone),
});

/** A same-origin multipart form POST (as a browser sends a form with a file input) of the fields and files. */
export function multipartRequest(
  cookie: string | null,
  path: string,
  fields: Record<string, string>,
  files: Record<string, File>,
): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, file] of Object.entries(files)) body.append(name, file);
  return new Request(absolute(path), { method: 'POST', headers: { ...cookieHeader(cookie), Origin: TEST_ORIGIN }, body });
}
