import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type Database from 'better-sqlite3';
import {
  IdentityError,
  MIN_PASSWORD_LENGTH,
  normalizeEmail,
  type CreateUserInput,
  type IdentityProvider,
  type IdentityUser,
} from './types';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

/** scrypt parameters: N=2^15 r=8 p=1 (about 32 MiB and a few tens of ms per check). */
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 64;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function checkPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  } as typeof SCRYPT);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

interface Row {
  uid: string;
  email: string;
  display_name: string | null;
  password_hash: string;
  disabled: number;
}

const toUser = (row: Row): IdentityUser => ({
  uid: row.uid,
  email: row.email,
  displayName: row.display_name,
  disabled: row.disabled === 1,
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A stand-in whose hash never matches, so unknown e-mails take as long as wrong passwords. */
let decoyHash: Promise<string> | undefined;

/** Users with scrypt-hashed passwords in a table of the embedded SQLite database. */
export function createEmbeddedIdentity(sqlite: Database.Database): IdentityProvider {
  sqlite.exec(`
    CREATE TABLE IF NOT EXISTS identity_user (
      uid TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE,
      display_name TEXT,
      password_hash TEXT NOT NULL,
      disabled INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    )
  `);
  const byEmail = sqlite.prepare<[string], Row>('SELECT * FROM identity_user WHERE email = ?');
  const byUid = sqlite.prepare<[string], Row>('SELECT * FROM identity_user WHERE uid = ?');
  const insert = sqlite.prepare('INSERT INTO identity_user (uid, email, display_name, password_hash, created_at) VALUES (?, ?, ?, ?, ?)');
  const setName = sqlite.prepare('UPDATE identity_user SET display_name = ? WHERE uid = ?');
  const setHash = sqlite.prepare('UPDATE identity_user SET password_hash = ? WHERE uid = ?');
  const remove = sqlite.prepare('DELETE FROM identity_user WHERE uid = ?');

  const requireUser = (uid: string) => {
    const row = byUid.get(uid);
    if (!row) throw new IdentityError('user-not-found', 'There is no user record corresponding to this identifier.');
    return row;
  };

  const checkNewPassword = (password: string) => {
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw new IdentityError('weak-password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
    }
  };

  return {
    kind: 'embedded',

    async verifyPassword(email, password) {
      const row = byEmail.get(normalizeEmail(email));
      if (!row) {
        decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
        await checkPassword(password, await decoyHash);
        throw new IdentityError(
          'user-not-found',
          'There is no user record corresponding to this identifier. The user may have been deleted.',
        );
      }
      if (!(await checkPassword(password, row.password_hash))) {
        throw new IdentityError('wrong-password', 'The password is invalid or the user does not have a password.');
      }
      if (row.disabled) throw new IdentityError('user-disabled', 'The user account has been disabled by an administrator.');
      return toUser(row);
    },

    async getUserByEmail(email) {
      const row = byEmail.get(normalizeEmail(email));
      return row ? toUser(row) : null;
    },

    async getUser(uid) {
      const row = byUid.get(uid);
      return row ? toUser(row) : null;
    },

    async createUser(input: CreateUserInput) {
      const email = normalizeEmail(input.email);
      if (!EMAIL.test(email)) throw new IdentityError('invalid-email', 'The email address is badly formatted.');
      checkNewPassword(input.password);
      if (byEmail.get(email)) {
        throw new IdentityError('email-already-exists', 'The email address is already in use by another account.');
      }
      const uid = input.uid ?? randomBytes(21).toString('base64url').slice(0, 28);
      const hash = await hashPassword(input.password);
      insert.run(uid, email, input.displayName ?? null, hash, Date.now());
      return toUser(requireUser(uid));
    },

    async updateProfile(uid, profile) {
      requireUser(uid);
      if (profile.displayName !== undefined) setName.run(profile.displayName, uid);
      return toUser(requireUser(uid));
    },

    async setPassword(uid, password) {
      requireUser(uid);
      checkNewPassword(password);
      setHash.run(await hashPassword(password), uid);
    },

    async deleteUser(uid) {
      remove.run(uid);
    },
  };
}
