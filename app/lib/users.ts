/**
 * How the users lists name people (spec 02 §6 "User lists show admin users only unless 'Show all
 * logged in users' is ticked", §8 "Failed user lookup: 'No User ID'; anonymous relay email:
 * 'Anonymous through Apple'"). Isomorphic and pure.
 */

export const NO_USER_ID = 'No User ID';
export const ANONYMOUS_APPLE = 'Anonymous through Apple';
export const SHOW_ALL_USERS_LABEL = 'Show all logged in users';
/** The query parameter of the tick (`?show=all`). */
export const SHOW_ALL_PARAM = 'show';
export const SHOW_ALL_VALUE = 'all';

/** Apple's private relay addresses ("Hide My Email"). */
export function isAppleRelay(email: string | null | undefined): boolean {
  return typeof email === 'string' && /@privaterelay\.appleid\.com$/i.test(email.trim());
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * A person as a row names them: the name, else the e-mail, else 'No User ID' (the lookup found
 * nobody); a relay address is shown as 'Anonymous through Apple'.
 */
export function personLabel(profile: { name?: unknown; email?: unknown } | null): { title: string; email: string | null } {
  if (!profile) return { title: NO_USER_ID, email: null };
  const name = text(profile.name);
  const rawEmail = text(profile.email);
  const email = rawEmail === '' ? null : isAppleRelay(rawEmail) ? ANONYMOUS_APPLE : rawEmail;
  return { title: name || email || NO_USER_ID, email };
}
