/**
 * What the vendor ports' errors share (places, stock photos, AI images): a kind that the
 * screens turn into their own words, the vendor's HTTP status, and a 429's Retry-After in
 * seconds. Each port narrows the kinds it throws and keeps its own messages; the wording they
 * have in common (the busy message) is written once here.
 */

export type ProviderErrorKind =
  /** 401/403: the key is refused or the API is not enabled for it. */
  | 'unauthorized'
  /** 429 (or the vendor's own way of saying so): too many requests or the quota is used up. */
  | 'rate-limited'
  /** 404: no such thing at the vendor. */
  | 'not-found'
  /** A request the vendor (or the port itself) refuses as malformed or not allowed. */
  | 'invalid-request'
  /** The vendor refused the content itself (an AI prompt under its content policy). */
  | 'content-policy'
  /** Any other answer that is not a success. */
  | 'vendor'
  /** The vendor could not be reached. */
  | 'network'
  /** The vendor did not answer in time. */
  | 'timeout'
  /** A success whose body is not what the API documents. */
  | 'invalid-response';

export class ProviderError<Kind extends ProviderErrorKind = ProviderErrorKind> extends Error {
  constructor(
    readonly kind: Kind,
    message: string,
    /** The vendor's HTTP status, when it answered. */
    readonly status?: number,
    /** Seconds, from a 429's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A Retry-After header in seconds, when it is a positive number. */
export function retryAfterOf(response: Response): number | undefined {
  const retry = Number(response.headers.get('Retry-After'));
  return Number.isFinite(retry) && retry > 0 ? retry : undefined;
}

/** What every port says when its vendor is rate limited: '{who} is busy (too many requests). Please try again in …'. */
export function busyMessage(who: string, retryAfter: number | undefined): string {
  return retryAfter
    ? `${who} is busy (too many requests). Please try again in ${retryAfter} seconds.`
    : `${who} is busy (too many requests). Please try again in a minute.`;
}
