import { Authenticator, AuthorizationError } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { GoogleStrategy, type GoogleProfile } from 'remix-auth-google';
import { hrefs } from '~/lib/hrefs';
import type { Env } from '../env';
import type { ProjectConfig } from '../projects';
import { IdentityError, type IdentityProvider } from './identity/types';
import type { LoginFlowStorage } from './login-flow';

/**
 * The remix-auth authenticator of the sign-in screen. Strategies only prove who someone is;
 * they never create the staff session. The authenticator's session storage is the short-lived
 * `__login` cookie (where the OAuth state lives), and `authenticate` is always called without
 * redirect options, with `throwOnError`, so a failure comes back to the route as an
 * AuthorizationError whose message the screen shows.
 *
 * - 'form': e-mail and password, checked by the identity port.
 * - 'google': Google OAuth (only when GOOGLE_CLIENT_ID/SECRET are set and the project offers
 *   it); the Google account's verified e-mail must belong to an existing account: the console
 *   has no self sign-up.
 */

export interface AuthenticatedUser {
  uid: string;
  email: string;
  displayName: string | null;
}

export const GOOGLE_CALLBACK_PATH = hrefs.authGoogleCallback();

export interface GoogleCredentials {
  clientId: string;
  clientSecret: string;
}

/** Google sign-in's credentials when the environment has them and the project offers it; else null. */
export function googleCredentials(
  env: Pick<Env, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET'>,
  project: Pick<ProjectConfig, 'signIn'>,
): GoogleCredentials | null {
  if (!project.signIn.google || !env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
}

export interface AuthenticatorOptions {
  identity: IdentityProvider;
  flow: LoginFlowStorage;
  /** Google's credentials and the absolute callback URL; Google is not offered without them. */
  google?: GoogleCredentials & { callbackURL: string };
}

export function createAuthenticator({ identity, flow, google }: AuthenticatorOptions): Authenticator<AuthenticatedUser> {
  const authenticator = new Authenticator<AuthenticatedUser>(flow, {
    sessionKey: 'authenticatedUser',
    sessionErrorKey: 'authError',
    throwOnError: true,
  });

  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get('email') ?? '');
      const password = String(form.get('password') ?? '');
      const user = await identity.verifyPassword(email, password);
      return { uid: user.uid, email: user.email, displayName: user.displayName };
    }),
    'form',
  );

  if (google) {
    authenticator.use(
      new GoogleStrategy(
        {
          clientID: google.clientId,
          clientSecret: google.clientSecret,
          callbackURL: google.callbackURL,
          prompt: 'select_account',
        },
        async ({ profile }) => verifyGoogleProfile(identity, profile),
      ),
      'google',
    );
  }

  return authenticator;
}

/** The console account of a Google profile: its verified e-mail must belong to an enabled account. */
export async function verifyGoogleProfile(identity: IdentityProvider, profile: GoogleProfile): Promise<AuthenticatedUser> {
  const email = profile._json?.email ?? profile.emails?.[0]?.value;
  if (!email) throw new Error('Google did not share an e-mail address for this account.');
  if (profile._json?.email_verified === false) throw new Error(`Google has not verified the e-mail address ${email}.`);
  const user = await identity.getUserByEmail(email);
  if (!user) throw new Error(`There is no account for ${email}. Please contact the administrator.`);
  if (user.disabled) throw new IdentityError('user-disabled', 'The user account has been disabled by an administrator.');
  return { uid: user.uid, email: user.email, displayName: user.displayName ?? profile.displayName ?? null };
}

export const GOOGLE_STATE_PROBLEM =
  'The answer from Google could not be checked: the sign-in may have been started in another tab or taken too long. Please try again.';

/** The OAuth strategy's own refusals of a callback it cannot trust. */
const OAUTH_CALLBACK_PROBLEMS = new Set(['Missing state on URL.', 'Missing state on session.', "State doesn't match.", 'Missing code.']);

/**
 * The message to show for a failed authentication. The OAuth strategy reports a refused token
 * exchange with the provider's raw JSON body (its description is what people should read) and
 * an untrusted callback in its own terms (said plainly here).
 */
export function authFailureMessage(error: AuthorizationError): string {
  const message = error.message;
  if (OAUTH_CALLBACK_PROBLEMS.has(message)) return GOOGLE_STATE_PROBLEM;
  if (message.startsWith('{')) {
    try {
      const body = JSON.parse(message) as { error?: string; error_description?: string };
      if (body.error_description) return body.error_description;
      if (body.error) return `Google refused the sign-in (${body.error}).`;
    } catch {
      // not JSON after all
    }
  }
  return message;
}

/** True when the failure is the person's (wrong password, unknown or disabled account) rather than the system's. */
export function isIdentityFailure(error: AuthorizationError): boolean {
  return error.cause instanceof IdentityError;
}

export { AuthorizationError };
