import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDb, type EmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { makeTempDir } from '../../tests/setup/tmp';
import { createAuthTokens, EMAIL_LINK_TTL_MS } from './tokens';

const paths = createPaths('amc');
let db: EmbeddedDb;
let time = Date.UTC(2025, 4, 1, 12);
const now = () => time;

beforeAll(() => {
  db = createEmbeddedDb({ file: join(makeTempDir('auth-tokens'), 'rtdb.sqlite') });
});
afterAll(async () => {
  await db.close();
});

const tokens = (secrets = ['first-secret-of-at-least-32-characters!']) => createAuthTokens({ db, paths, secrets, now });
const issue = (kind: 'email-link' | 'password-reset' = 'email-link') =>
  tokens().issue({ kind, uid: 'demo-admin', email: 'admin@demo.example', ttlMs: EMAIL_LINK_TTL_MS });

/** A token's three dot-separated parts: id, expiry (base 36) and signature. */
function tokenParts(token: string): [id: string, expiry: string, signature: string] {
  const [id, expiry, signature, ...rest] = token.split('.');
  if (id === undefined || expiry === undefined || signature === undefined || rest.length > 0) throw new Error(`not a token: ${token}`);
  return [id, expiry, signature];
}

describe('single-use sign-in tokens', () => {
  it('stores a record and answers a signed token that redeems once', async () => {
    const token = await issue();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    const [id] = tokenParts(token);
    expect((await db.ref(paths.authToken(id)).get()).val()).toMatchObject({
      kind: 'email-link',
      uid: 'demo-admin',
      email: 'admin@demo.example',
      expiresAt: time + EMAIL_LINK_TTL_MS,
    });

    expect(await tokens().inspect(token, 'email-link')).toMatchObject({ ok: true, record: { uid: 'demo-admin' } });
    expect(await tokens().redeem(token, 'email-link')).toMatchObject({ ok: true, record: { email: 'admin@demo.example' } });
    expect(await tokens().redeem(token, 'email-link')).toEqual({ ok: false, problem: 'used' });
    expect(await tokens().inspect(token, 'email-link')).toEqual({ ok: false, problem: 'used' });
  });

  it('lets only one of two concurrent redemptions through', async () => {
    const token = await issue();
    const results = await Promise.all([tokens().redeem(token, 'email-link'), tokens().redeem(token, 'email-link')]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it('expires after its lifetime', async () => {
    const token = await issue();
    time += EMAIL_LINK_TTL_MS - 1;
    expect((await tokens().inspect(token, 'email-link')).ok).toBe(true);
    time += 1;
    expect(await tokens().inspect(token, 'email-link')).toEqual({ ok: false, problem: 'expired' });
    expect(await tokens().redeem(token, 'email-link')).toEqual({ ok: false, problem: 'expired' });
  });

  it('refuses forged, altered, truncated and other-kind tokens', async () => {
    const token = await issue();
    const [id, expiry, signature] = tokenParts(token);
    const later = (parseInt(expiry, 36) + 3_600_000).toString(36);
    const other = (char: string) => (char === 'A' ? 'B' : 'A');
    const firstFlipped = `${other(signature.slice(0, 1))}${signature.slice(1)}`;
    // The last character carries two unused bits: a different character there may decode to the same bytes.
    const lastFlipped = `${signature.slice(0, -1)}${other(signature.slice(-1))}`;
    const bad = [
      `${id}.${later}.${signature}`,
      `${id}.${expiry}.${firstFlipped}`,
      `${id}.${expiry}.${lastFlipped}`,
      `${id}.${expiry}`,
      '',
      'not-a-token',
      `${token}x`,
    ];
    for (const candidate of bad) {
      expect(await tokens().redeem(candidate, 'email-link')).toEqual({ ok: false, problem: 'invalid' });
    }
    // Signed for sign-in, not for a password reset.
    expect(await tokens().redeem(token, 'password-reset')).toEqual({ ok: false, problem: 'invalid' });
    // Signed with a secret the server does not have.
    const foreign = await tokens(['another-secret-of-at-least-32-characters']).issue({
      kind: 'email-link',
      uid: 'demo-admin',
      email: 'admin@demo.example',
      ttlMs: EMAIL_LINK_TTL_MS,
    });
    expect(await tokens().redeem(foreign, 'email-link')).toEqual({ ok: false, problem: 'invalid' });
    // The genuine token is still good.
    expect((await tokens().redeem(token, 'email-link')).ok).toBe(true);
  });

  it('verifies with every rotated secret and signs with the first', async () => {
    const old = await tokens(['old-secret-of-at-least-32-characters!!']).issue({
      kind: 'password-reset',
      uid: 'demo-editor',
      email: 'editor@demo.example',
      ttlMs: EMAIL_LINK_TTL_MS,
    });
    const rotated = tokens(['new-secret-of-at-least-32-characters!!', 'old-secret-of-at-least-32-characters!!']);
    expect((await rotated.redeem(old, 'password-reset')).ok).toBe(true);
  });

  it('refuses a well-signed token whose record is gone', async () => {
    const token = await issue();
    await db.ref(paths.authToken(tokenParts(token)[0])).remove();
    expect(await tokens().redeem(token, 'email-link')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('clears records a day after they expired when new ones are issued', async () => {
    const stale = await issue();
    const [staleId] = tokenParts(stale);
    time += EMAIL_LINK_TTL_MS + 24 * 60 * 60 * 1000 + 1;
    await issue();
    expect((await db.ref(paths.authToken(staleId)).get()).exists()).toBe(false);
  });

  it("can all be used up at once for a person, leaving others' alone", async () => {
    const reset = await issue('password-reset');
    const link = await issue('email-link');
    const others = await tokens().issue({
      kind: 'password-reset',
      uid: 'demo-editor',
      email: 'editor@demo.example',
      ttlMs: EMAIL_LINK_TTL_MS,
    });
    expect(await tokens().revokeAllOf('demo-admin')).toBeGreaterThanOrEqual(2);
    expect(await tokens().inspect(reset, 'password-reset')).toEqual({ ok: false, problem: 'used' });
    expect(await tokens().inspect(link, 'email-link')).toEqual({ ok: false, problem: 'used' });
    expect((await tokens().inspect(others, 'password-reset')).ok).toBe(true);
    expect(await tokens().revokeAllOf('demo-admin')).toBe(0);
  });
});
