import type { RateLimiter, RateRule } from '@server/auth/rate-limit';

/**
 * Uploads through a URL-access remote link (`POST /uploads?remote={uuid}`: anyone holding the
 * link, no sign-in) are limited per link, so a leaked or hostile link cannot fill the storage
 * or keep the image pool busy for everyone:
 *
 * - at most UPLOAD_RATE uploads a minute (the uploader sends up to 20 at once);
 * - at most UPLOAD_QUOTA files and UPLOAD_QUOTA_BYTES bytes a day.
 *
 * The minute and the day's file count are counted before the body is read; the bytes once the
 * file has arrived, before anything is decoded or stored. Refusals are 429 with the message
 * and Retry-After. Counters live with the sign-in limits (server/auth/rate-limit.ts: Redis,
 * in-memory while it does not answer), keyed by the link's uuid.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const UPLOAD_RATE: RateRule = { limit: 30, windowMs: MINUTE };
export const UPLOAD_QUOTA: RateRule = { limit: 200, windowMs: DAY };
export const UPLOAD_QUOTA_BYTES: RateRule = { limit: 500 * 1024 * 1024, windowMs: DAY };

export const TOO_MANY_UPLOADS = 'Too many uploads from this link. Please wait a minute and try again.';
export const UPLOAD_QUOTA_REACHED = 'This link has reached its upload limit for today (200 files or 500 MB). Please try again tomorrow.';

export type QuotaVerdict = { ok: true } | { ok: false; message: string; retryAfterSeconds: number };

const key = (uuid: string, what: 'rate' | 'files' | 'bytes') => `remote-upload:${what}:${uuid}`;
const refused = (message: string, retryAfterMs: number): QuotaVerdict => ({
  ok: false,
  message,
  retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
});

/** Counts one upload through the link, before its body is read. */
export async function countLinkUpload(limiter: RateLimiter, uuid: string): Promise<QuotaVerdict> {
  const bytes = await limiter.peek(key(uuid, 'bytes'), UPLOAD_QUOTA_BYTES);
  if (bytes.count >= UPLOAD_QUOTA_BYTES.limit) return refused(UPLOAD_QUOTA_REACHED, bytes.retryAfterMs);
  const rate = await limiter.hit(key(uuid, 'rate'), UPLOAD_RATE);
  if (!rate.allowed) return refused(TOO_MANY_UPLOADS, rate.retryAfterMs);
  const files = await limiter.hit(key(uuid, 'files'), UPLOAD_QUOTA);
  if (!files.allowed) return refused(UPLOAD_QUOTA_REACHED, files.retryAfterMs);
  return { ok: true };
}

/** Counts the bytes of an upload through the link, once it has arrived and before it is processed. */
export async function countLinkUploadBytes(limiter: RateLimiter, uuid: string, bytes: number): Promise<QuotaVerdict> {
  const total = await limiter.hit(key(uuid, 'bytes'), UPLOAD_QUOTA_BYTES, bytes);
  return total.allowed ? { ok: true } : refused(UPLOAD_QUOTA_REACHED, total.retryAfterMs);
}

/**
 * Counts a form's files (the header editor's post without JavaScript) against a link's rate and
 * quota, each file as one upload and its bytes: the first refusal's message, or null.
 */
export async function chargeLinkUploads(limiter: RateLimiter, uuid: string, files: readonly File[]): Promise<string | null> {
  for (const file of files) {
    const counted = await countLinkUpload(limiter, uuid);
    if (!counted.ok) return counted.message;
    const bytes = await countLinkUploadBytes(limiter, uuid, file.size);
    if (!bytes.ok) return bytes.message;
  }
  return null;
}
