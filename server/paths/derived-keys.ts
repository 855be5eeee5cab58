/** Keys the spec derives from titles and other values, and the key of a remote grant. */
import { PathKeyError, assertKey } from './keys';

/**
 * A community key from its title (spec 01 §3.1): lower-cased, apostrophes removed, each run of
 * non-word characters turned into one hyphen. Studio communities get a leading dash. As in the
 * spec, leading or trailing punctuation also becomes a hyphen ("Camp Fun!" → "camp-fun-").
 */
export function communityKeyFromTitle(title: string, options: { studio?: boolean } = {}): string {
  if (typeof title !== 'string' || title.trim() === '') throw new PathKeyError('title', title, 'a community title is required');
  const key = title.toLowerCase().replace(/['’]/g, '').replace(/\W+/g, '-');
  if (key === '-' || key === '') throw new PathKeyError('title', title, 'the title has no letters or digits');
  return assertKey('communityKey', options.studio ? `-${key}` : key);
}

/**
 * The key a remote grant is stored under, in `remote-management/uid/{uid}/{key}` and
 * `remote-management/detailId/{key}/{uid}` (the spec's `{detailId}` segment): the item's
 * community and its id, `{community}~{detailId}` (docs/decisions/017). Item ids are chosen by
 * each community (a listing's key on add, a copied community keeps its ids), so the id alone
 * would let one community's grant overwrite or open another's. Community keys never hold '~'
 * (made from titles: letters, digits, '-'), so the first '~' splits a key unambiguously.
 */
export const REMOTE_GRANT_KEY_SEPARATOR = '~';

export function remoteGrantKey(community: string, detailId: string): string {
  assertKey('community', community);
  assertKey('detailId', detailId);
  if (community.includes(REMOTE_GRANT_KEY_SEPARATOR)) {
    throw new PathKeyError('community', community, `a community key with "${REMOTE_GRANT_KEY_SEPARATOR}" cannot key a remote grant`);
  }
  return assertKey('remoteGrantKey', `${community}${REMOTE_GRANT_KEY_SEPARATOR}${detailId}`);
}

/**
 * A stored grant key's community and item id; a key written before grants were keyed by
 * community (a bare item id, docs/decisions/017) has no community.
 */
export function parseRemoteGrantKey(key: string): { community: string | null; detailId: string } {
  const at = key.indexOf(REMOTE_GRANT_KEY_SEPARATOR);
  if (at <= 0 || at === key.length - 1) return { community: null, detailId: key };
  return { community: key.slice(0, at), detailId: key.slice(at + 1) };
}

/** True for keys of communities created through the studio wizard. */
export function isStudioCommunityKey(key: string): boolean {
  return key.startsWith('-');
}

/**
 * A calendar id from its title (spec 02 §5): lower-cased; each space, slash, period and comma
 * becomes a hyphen. The other characters no key may hold (# $ [ ]) also become hyphens, so
 * the id is always a valid key.
 */
export function calendarIdFromTitle(title: string): string {
  if (typeof title !== 'string' || title.trim() === '') throw new PathKeyError('title', title, 'Calendar title is required.');
  const id = title
    .toLowerCase()
    .replace(/[ /.,]/g, '-')
    .replace(/[#$[\]\u0000-\u001f\u007f]/g, '-');
  return assertKey('calendarId', id);
}

/**
 * The key under `config/shortURLs` for a long URL: its UTF-8 bytes in base64url without
 * padding (standard base64 may hold '/', which no key can).
 */
export function shortUrlCacheKey(url: string): string {
  if (typeof url !== 'string' || url === '') throw new PathKeyError('url', url, 'a URL is required');
  return assertKey('url', Buffer.from(url, 'utf8').toString('base64url'));
}

/** Keys of AI prompt-history responses: exactly 20 letters, digits, underscores or hyphens. */
export const AI_RESPONSE_KEY = /^[A-Za-z0-9_-]{20}$/;
