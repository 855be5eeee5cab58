import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '@server/auth/rate-limit';
import {
  countLinkUpload,
  countLinkUploadBytes,
  TOO_MANY_UPLOADS,
  UPLOAD_QUOTA,
  UPLOAD_QUOTA_BYTES,
  UPLOAD_QUOTA_REACHED,
  UPLOAD_RATE,
} from './upload-quota';

/** A URL-access link's uploads: a rate per minute, and files and bytes per day, per link. */

function clock() {
  let time = Date.UTC(2026, 10, 28, 12);
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('upload quota of a remote link', () => {
  it('allows 30 uploads a minute, then refuses with 429 wording until the minute is over', async () => {
    const time = clock();
    const limiter = createRateLimiter({ prefix: 'test', now: time.now });
    for (let index = 0; index < UPLOAD_RATE.limit; index += 1) expect(await countLinkUpload(limiter, 'link-a')).toEqual({ ok: true });
    expect(await countLinkUpload(limiter, 'link-a')).toEqual({ ok: false, message: TOO_MANY_UPLOADS, retryAfterSeconds: 60 });
    // Another link is counted apart.
    expect(await countLinkUpload(limiter, 'link-b')).toEqual({ ok: true });
    time.advance(60_000);
    expect(await countLinkUpload(limiter, 'link-a')).toEqual({ ok: true });
  });

  it('allows 200 files a day, then refuses until the day is over', async () => {
    const time = clock();
    const limiter = createRateLimiter({ prefix: 'test', now: time.now });
    for (let index = 0; index < UPLOAD_QUOTA.limit; index += 1) {
      expect((await countLinkUpload(limiter, 'link-c')).ok).toBe(true);
      if (index % 25 === 24) time.advance(60_000);
    }
    expect(await countLinkUpload(limiter, 'link-c')).toMatchObject({ ok: false, message: UPLOAD_QUOTA_REACHED });
    time.advance(24 * 3600_000);
    expect(await countLinkUpload(limiter, 'link-c')).toEqual({ ok: true });
  });

  it('counts the bytes of each file: past 500 MB a day the next upload is refused before its body is read', async () => {
    const limiter = createRateLimiter({ prefix: 'test', now: clock().now });
    expect(await countLinkUploadBytes(limiter, 'link-d', 400 * 1024 * 1024)).toEqual({ ok: true });
    expect(await countLinkUploadBytes(limiter, 'link-d', 100 * 1024 * 1024)).toEqual({ ok: true });
    expect(await countLinkUploadBytes(limiter, 'link-d', 1)).toMatchObject({ ok: false, message: UPLOAD_QUOTA_REACHED });
    expect(await countLinkUpload(limiter, 'link-d')).toMatchObject({ ok: false, message: UPLOAD_QUOTA_REACHED });
    expect(UPLOAD_QUOTA_BYTES.limit).toBe(500 * 1024 * 1024);
  });
});
