import type { SubmissionResult } from '@conform-to/react';
import type { LoginIntent } from '~/schemas/login';

/**
 * What the /login loader and action hand the sign-in screen's components. The views are the
 * spec's Login, Forgot Password and Processing Login (spec 01 §2.4), the e-mail link's steps
 * (§4.1), the reset page of the console's own password reset, and the Personal Device step
 * (§2.5) over the view it interrupts.
 */

export type SignInMethodName = 'password' | 'google' | 'email-link';

export type LoginView =
  | { name: 'sign-in'; email: string }
  | { name: 'forgot'; email: string }
  | { name: 'email-link'; email: string }
  /** A sign-in link opened in a browser that does not remember the e-mail: ask for it. */
  | { name: 'email-link-confirm'; token: string }
  /** A sign-in link opened where the e-mail is remembered: Processing Login, continuing at once. */
  | { name: 'email-link-continue'; token: string }
  | { name: 'link-problem'; kind: 'email-link' | 'password-reset'; title: string; message: string }
  | { name: 'reset'; token: string; email: string }
  | { name: 'device'; method: SignInMethodName; email: string };

export interface LoginOptions {
  password: boolean;
  google: boolean;
  emailLink: boolean;
}

export interface LoginNoticeData {
  tone: 'success' | 'info';
  text: string;
}

export interface LoginDialogData {
  kind: 'login-error' | 'no-access';
  title: string;
  message: string;
}

export interface LoginActionData {
  intent: LoginIntent;
  result?: SubmissionResult<string[]>;
  dialog?: LoginDialogData;
  /** Forgot Password: why no reset e-mail could be asked for (too many requests from this client). */
  failure?: string;
}

/** The /login loader's answer. */
export interface LoginLoaderData {
  view: LoginView;
  options: LoginOptions;
  appTitle: string;
  logo: string;
  /** The safe path to go to after sign-in, when not the home screen. */
  redirectTo: string | null;
  /** A one-time alert (a failed Google sign-in). */
  alert: { title: string; message: string } | null;
  notice: LoginNoticeData | null;
  /** Who is signed in already, if anyone. */
  signedInAs: string | null;
  honeypot: HoneypotProps;
}

/** The honeypot fields' props (remix-utils HoneypotProvider). */
export interface HoneypotProps {
  nameFieldName: string;
  validFromFieldName: string | null;
  encryptedValidFrom: string;
}
