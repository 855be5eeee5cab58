import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkPassword, createEmbeddedIdentity, hashPassword } from './embedded';
import { IdentityError, type IdentityProvider } from './types';

describe('scrypt hashes', () => {
  it('verify the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('demo-password-1');
    const b = await hashPassword('demo-password-1');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await checkPassword('demo-password-1', a)).toBe(true);
    expect(await checkPassword('demo-password-2', a)).toBe(false);
    expect(await checkPassword('demo-password-1', 'plain')).toBe(false);
  });
});

describe('embedded identity', () => {
  let identity: IdentityProvider;
  beforeEach(() => {
    identity = createEmbeddedIdentity(new Database(':memory:'));
  });

  const code = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      expect(error).toBeInstanceOf(IdentityError);
      return (error as IdentityError).code;
    }
    throw new Error('expected an IdentityError');
  };

  it('creates a user and signs in with the e-mail in any case', async () => {
    const created = await identity.createUser({
      uid: 'u1',
      email: ' Admin@Demo.Example ',
      password: 'demo-password-1',
      displayName: 'Ada',
    });
    expect(created).toEqual({ uid: 'u1', email: 'admin@demo.example', displayName: 'Ada', disabled: false });
    expect((await identity.verifyPassword('ADMIN@demo.example', 'demo-password-1')).uid).toBe('u1');
  });

  it('tells a wrong password from an unknown user', async () => {
    await identity.createUser({ email: 'a@b.co', password: 'secret-1' });
    expect(await code(identity.verifyPassword('a@b.co', 'nope-nope'))).toBe('wrong-password');
    expect(await code(identity.verifyPassword('x@b.co', 'secret-1'))).toBe('user-not-found');
  });

  it('refuses duplicates, bad e-mails and short passwords', async () => {
    await identity.createUser({ email: 'a@b.co', password: 'secret-1' });
    expect(await code(identity.createUser({ email: 'A@B.CO', password: 'secret-1' }))).toBe('email-already-exists');
    expect(await code(identity.createUser({ email: 'not-an-email', password: 'secret-1' }))).toBe('invalid-email');
    expect(await code(identity.createUser({ email: 'c@b.co', password: '123' }))).toBe('weak-password');
  });

  it('updates the profile name and password, and deletes', async () => {
    const { uid } = await identity.createUser({ email: 'a@b.co', password: 'secret-1' });
    expect((await identity.updateProfile(uid, { displayName: 'Grace' })).displayName).toBe('Grace');
    await identity.setPassword(uid, 'secret-2');
    expect(await code(identity.verifyPassword('a@b.co', 'secret-1'))).toBe('wrong-password');
    expect((await identity.verifyPassword('a@b.co', 'secret-2')).displayName).toBe('Grace');
    await identity.deleteUser(uid);
    expect(await identity.getUser(uid)).toBeNull();
    expect(await identity.getUserByEmail('a@b.co')).toBeNull();
  });
});
