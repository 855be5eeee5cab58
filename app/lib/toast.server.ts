import { randomUUID } from 'node:crypto';
import { redirect } from '@remix-run/node';
import { commitOptions, readSession, type StaffSession, type Toast } from '@server/auth/session';
import { getServices } from '~/services.server';

/** A toast from the session with an id, so the same message twice shows twice. */
export type ShownToast = Toast & { id: string };

export type { Toast } from '@server/auth/session';

/**
 * Post/redirect/get with a toast: flashes `toast` into the session and redirects to `url`.
 * The root's loader shows the toast on the next page and clears it.
 *
 * Pass `session` when the action changes the session too (it is committed once, with the
 * toast); extra `headers` are added to the redirect.
 */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: Toast,
  init: { session?: StaffSession; headers?: HeadersInit; status?: number } = {},
): Promise<Response> {
  const { sessions } = await getServices();
  const session = init.session ?? (await readSession(sessions, request));
  session.flash('toast', toast);
  const headers = new Headers(init.headers);
  headers.append('Set-Cookie', await sessions.commitSession(session, commitOptions(session, request)));
  return redirect(url, { status: init.status ?? 302, headers });
}

/**
 * The toast waiting in the session, if any (with an id of its own), and the Set-Cookie header
 * that clears it (reading a flash value removes it once the session is committed).
 */
export async function takeToast(request: Request): Promise<{ toast: ShownToast | null; headers: Headers }> {
  const { sessions } = await getServices();
  const headers = new Headers();
  const cookie = request.headers.get('Cookie');
  if (!cookie || !cookie.includes('__session=')) return { toast: null, headers };
  const session = await readSession(sessions, request);
  const toast = session.get('toast') ?? null;
  if (toast) headers.append('Set-Cookie', await sessions.commitSession(session, commitOptions(session, request)));
  return { toast: toast ? { ...toast, id: randomUUID() } : null, headers };
}
