/**
 * The identity port: who a person is, proven by a password (or another strategy on top).
 * Firebase Auth backs it in production; scrypt-hashed users in the embedded database by default.
 */

export interface IdentityUser {
  uid: string;
  email: string;
  displayName: string | null;
  disabled: boolean;
}

export interface CreateUserInput {
  /** Keep a known uid (demo data, imports); a random one is made otherwise. */
  uid?: string;
  email: string;
  password: string;
  displayName?: string;
}

export class IdentityError extends Error {
  constructor(
    readonly code: 'user-not-found' | 'wrong-password' | 'email-already-exists' | 'invalid-email' | 'weak-password' | 'user-disabled',
    message: string,
  ) {
    super(message);
    this.name = 'IdentityError';
  }
}

export interface IdentityProvider {
  readonly kind: 'embedded' | 'firebase';
  /** Resolves the user when the password is right; throws IdentityError otherwise. */
  verifyPassword(email: string, password: string): Promise<IdentityUser>;
  getUserByEmail(email: string): Promise<IdentityUser | null>;
  getUser(uid: string): Promise<IdentityUser | null>;
  createUser(input: CreateUserInput): Promise<IdentityUser>;
  updateProfile(uid: string, profile: { displayName?: string | null }): Promise<IdentityUser>;
  setPassword(uid: string, password: string): Promise<void>;
  deleteUser(uid: string): Promise<void>;
  /**
   * A link to the provider's own password-reset page for the account (Firebase Auth hosts
   * one); throws IdentityError 'user-not-found' for an unknown e-mail. Providers without a
   * hosted page leave it out, and the console e-mails its own single-use reset link, whose page
   * calls setPassword.
   */
  generatePasswordResetLink?(email: string): Promise<string>;
}

export const MIN_PASSWORD_LENGTH = 6;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
