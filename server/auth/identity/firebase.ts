import type { App } from 'firebase-admin/app';
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { IdentityError, normalizeEmail, type IdentityProvider, type IdentityUser } from './types';

/**
 * Firebase Auth behind the identity port. Account management goes through firebase-admin;
 * passwords are checked with the Identity Toolkit REST API (the admin SDK cannot), which needs
 * the project's web API key. FIREBASE_AUTH_EMULATOR_HOST points both at the emulator.
 */
export interface FirebaseIdentityOptions {
  app: App;
  webApiKey: string | undefined;
  fetch?: typeof fetch;
  emulatorHost?: string;
}

const toUser = (record: UserRecord): IdentityUser => ({
  uid: record.uid,
  email: record.email ?? '',
  displayName: record.displayName ?? null,
  disabled: record.disabled,
});

/** Identity Toolkit error codes mapped onto the port's codes and Firebase's own wording. */
const REST_ERRORS = {
  EMAIL_NOT_FOUND: ['user-not-found', 'There is no user record corresponding to this identifier. The user may have been deleted.'],
  INVALID_PASSWORD: ['wrong-password', 'The password is invalid or the user does not have a password.'],
  INVALID_LOGIN_CREDENTIALS: ['wrong-password', 'The supplied auth credential is incorrect, malformed or has expired.'],
  INVALID_EMAIL: ['invalid-email', 'The email address is badly formatted.'],
  USER_DISABLED: ['user-disabled', 'The user account has been disabled by an administrator.'],
} satisfies Record<string, [IdentityError['code'], string]>;

/** The known error of a REST error reason ('EMAIL_NOT_FOUND'), if it is one of REST_ERRORS' own keys. */
function restError(reason: string): [IdentityError['code'], string] | undefined {
  return Object.hasOwn(REST_ERRORS, reason) ? REST_ERRORS[reason as keyof typeof REST_ERRORS] : undefined;
}

function adminError(error: unknown): never {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'auth/user-not-found' || code === 'auth/email-not-found') {
    throw new IdentityError('user-not-found', 'There is no user record corresponding to this identifier.');
  }
  if (code === 'auth/email-already-exists')
    throw new IdentityError('email-already-exists', 'The email address is already in use by another account.');
  if (code === 'auth/invalid-email') throw new IdentityError('invalid-email', 'The email address is badly formatted.');
  if (code === 'auth/invalid-password') throw new IdentityError('weak-password', 'Password should be at least 6 characters.');
  throw error;
}

export function createFirebaseIdentity(options: FirebaseIdentityOptions): IdentityProvider {
  const auth = getAuth(options.app);
  const doFetch = options.fetch ?? fetch;
  const base = options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com/v1`
    : 'https://identitytoolkit.googleapis.com/v1';

  const byUid = async (uid: string) => {
    try {
      return toUser(await auth.getUser(uid));
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return null;
      throw error;
    }
  };

  return {
    kind: 'firebase',

    async verifyPassword(email, password) {
      const key = options.webApiKey ?? (options.emulatorHost ? 'emulator' : undefined);
      if (!key) throw new Error('FIREBASE_WEB_API_KEY is required to check passwords against Firebase Auth.');
      const response = await doFetch(`${base}/accounts:signInWithPassword?key=${encodeURIComponent(key)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: normalizeEmail(email), password, returnSecureToken: false }),
      });
      const body = (await response.json().catch(() => ({}))) as { localId?: string; error?: { message?: string } };
      if (!response.ok || !body.localId) {
        const reason = (body.error?.message ?? '').split(' ')[0] ?? '';
        const known = restError(reason);
        if (known) throw new IdentityError(known[0], known[1]);
        throw new Error(`Firebase Auth answered ${response.status}: ${body.error?.message ?? 'no message'}`);
      }
      const user = await byUid(body.localId);
      if (!user) throw new IdentityError('user-not-found', REST_ERRORS.EMAIL_NOT_FOUND[1]);
      return user;
    },

    async getUserByEmail(email) {
      try {
        return toUser(await auth.getUserByEmail(normalizeEmail(email)));
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/user-not-found') return null;
        throw error;
      }
    },

    getUser: byUid,

    async createUser(input) {
      try {
        return toUser(
          await auth.createUser({
            uid: input.uid,
            email: normalizeEmail(input.email),
            password: input.password,
            displayName: input.displayName,
          }),
        );
      } catch (error) {
        adminError(error);
      }
    },

    async updateProfile(uid, profile) {
      try {
        return toUser(await auth.updateUser(uid, { displayName: profile.displayName ?? null }));
      } catch (error) {
        adminError(error);
      }
    },

    async setPassword(uid, password) {
      try {
        await auth.updateUser(uid, { password });
      } catch (error) {
        adminError(error);
      }
    },

    async generatePasswordResetLink(email) {
      try {
        return await auth.generatePasswordResetLink(normalizeEmail(email));
      } catch (error) {
        adminError(error);
      }
    },

    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
  };
}
