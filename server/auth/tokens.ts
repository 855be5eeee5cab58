import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RealtimeDb } from '../db';
import type { Paths } from '../paths';

/**
 * Single-use tokens for e-mailed links (sign-in links and password resets).
 *
 * A token reads `{id}.{expiry}.{signature}`: a random id, the expiry (epoch ms, base 36) and an
 * HMAC-SHA256 over kind, id and expiry with the first session secret (every secret verifies,
 * so secrets rotate as the session cookie's do). The record at `paths.authToken(id)` holds what
 * the token is for; redeeming it marks it used inside a database transaction, so two
 * concurrent clicks cannot both succeed. A forged or altered token is refused before any read.
 */

export type AuthTokenKind = 'email-link' | 'password-reset';

export const EMAIL_LINK_TTL_MS = 15 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** Used and expired records are cleared this long after they expire. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

export interface AuthTokenRecord {
  kind: AuthTokenKind;
  uid: string;
  email: string;
  createdAt: number;
  expiresAt: number;
  usedAt?: number;
}

export type TokenProblem = 'invalid' | 'expired' | 'used';

export type TokenCheck = { ok: true; record: AuthTokenRecord } | { ok: false; problem: TokenProblem };

export interface AuthTokens {
  /** Stores a new token's record and answers the token to put in the link. */
  issue(input: { kind: AuthTokenKind; uid: string; email: string; ttlMs: number }): Promise<string>;
  /** Checks a token without using it. */
  inspect(token: string, kind: AuthTokenKind): Promise<TokenCheck>;
  /** Checks a token and marks it used; only the first redemption succeeds. */
  redeem(token: string, kind: AuthTokenKind): Promise<TokenCheck>;
  /** Marks every unused token of a person used (after a new password); answers how many. */
  revokeAllOf(uid: string): Promise<number>;
}

export interface AuthTokenOptions {
  db: RealtimeDb;
  paths: Pick<Paths, 'authToken'>;
  /** The session secrets: the first signs, all verify. */
  secrets: string[];
  now?: () => number;
}

const TOKEN = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createAuthTokens({ db, paths, secrets, now = Date.now }: AuthTokenOptions): AuthTokens {
  const [signingSecret] = secrets;
  if (signingSecret === undefined) throw new Error('createAuthTokens: at least one secret is required');

  const sign = (secret: string, kind: AuthTokenKind, id: string, expiresAt: number) =>
    createHmac('sha256', secret).update(`${kind}\n${id}\n${expiresAt}`).digest();

  /** The id and expiry of a well-formed token whose signature one of the secrets made. */
  const parse = (token: string, kind: AuthTokenKind): { id: string; expiresAt: number } | null => {
    const [, id, expiry, signature] = TOKEN.exec(typeof token === 'string' ? token.trim() : '') ?? [];
    if (id === undefined || expiry === undefined || signature === undefined) return null;
    const expiresAt = parseInt(expiry, 36);
    // Compared as text, so that only the canonical encoding of a signature is accepted.
    const given = Buffer.from(signature);
    const valid = secrets.some((secret) => {
      const expected = Buffer.from(sign(secret, kind, id, expiresAt).toString('base64url'));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    return valid ? { id, expiresAt } : null;
  };

  const toRecord = (value: unknown): AuthTokenRecord | null => {
    if (!value || typeof value !== 'object') return null;
    const record = value as Partial<AuthTokenRecord>;
    if (typeof record.uid !== 'string' || typeof record.email !== 'string' || typeof record.expiresAt !== 'number') return null;
    return record as AuthTokenRecord;
  };

  const judge = (record: AuthTokenRecord | null, kind: AuthTokenKind): TokenCheck => {
    if (!record || record.kind !== kind) return { ok: false, problem: 'invalid' };
    if (record.usedAt) return { ok: false, problem: 'used' };
    if (record.expiresAt <= now()) return { ok: false, problem: 'expired' };
    return { ok: true, record };
  };

  /** Removes records that expired more than a day ago (a few at a time, on issue). */
  const sweep = async (id: string) => {
    const root = db.ref(paths.authToken(id)).parent!;
    const stale = await root
      .orderByChild('expiresAt')
      .endAt(now() - RETENTION_MS)
      .limitToFirst(50)
      .get();
    const removals: Record<string, null> = {};
    stale.forEach((child) => {
      if (child.key) removals[child.key] = null;
    });
    if (Object.keys(removals).length > 0) await root.update(removals);
  };

  return {
    async issue({ kind, uid, email, ttlMs }) {
      const id = randomBytes(16).toString('base64url');
      const createdAt = now();
      const expiresAt = createdAt + ttlMs;
      const record: AuthTokenRecord = { kind, uid, email, createdAt, expiresAt };
      await db.ref(paths.authToken(id)).set({ ...record });
      await sweep(id).catch(() => undefined);
      return `${id}.${expiresAt.toString(36)}.${sign(signingSecret, kind, id, expiresAt).toString('base64url')}`;
    },

    async inspect(token, kind) {
      const parsed = parse(token, kind);
      if (!parsed) return { ok: false, problem: 'invalid' };
      if (parsed.expiresAt <= now()) return { ok: false, problem: 'expired' };
      const record = toRecord((await db.ref(paths.authToken(parsed.id)).get()).val());
      return judge(record, kind);
    },

    async redeem(token, kind) {
      const parsed = parse(token, kind);
      if (!parsed) return { ok: false, problem: 'invalid' };
      if (parsed.expiresAt <= now()) return { ok: false, problem: 'expired' };
      let verdict: TokenCheck = { ok: false, problem: 'invalid' };
      await db.ref(paths.authToken(parsed.id)).transaction((current) => {
        // Firebase may first call with null before it knows the stored value: leave it as is.
        if (current === null) {
          verdict = { ok: false, problem: 'invalid' };
          return null;
        }
        verdict = judge(toRecord(current), kind);
        if (!verdict.ok) return undefined;
        return { ...current, usedAt: now() };
      });
      return verdict;
    },

    async revokeAllOf(uid) {
      const root = db.ref(paths.authToken('_')).parent!;
      const snapshot = await root.orderByChild('uid').equalTo(uid).get();
      const updates: Record<string, number> = {};
      const usedAt = now();
      snapshot.forEach((child) => {
        const record = toRecord(child.val());
        if (child.key && record && !record.usedAt) updates[`${child.key}/usedAt`] = usedAt;
      });
      if (Object.keys(updates).length > 0) await root.update(updates);
      return Object.keys(updates).length;
    },
  };
}
