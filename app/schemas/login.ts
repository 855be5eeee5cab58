import { z } from 'zod';

/**
 * The sign-in screen's forms (spec 01 §2.4, §2.5, §4.1). The same schemas validate in the
 * browser (conform) and in the /login action.
 */

export const LOGIN_MESSAGES = {
  emailRequired: 'E-mail is required.',
  emailInvalid: 'Enter a valid e-mail address.',
  passwordRequired: 'Password is required.',
  deviceRequired: 'Choose whether this is a personal or a shared device.',
  newPasswordRequired: 'Enter a new password.',
  newPasswordTooShort: 'Password should be at least 6 characters.',
  confirmRequired: 'Enter the new password again.',
  passwordsDiffer: 'The passwords do not match.',
  tokenMissing: 'This link is not complete. Open the link from the e-mail again.',
} as const;

/** The shortest password the identity providers accept. */
export const NEW_PASSWORD_MIN_LENGTH = 6;

const email = z
  .string({ required_error: LOGIN_MESSAGES.emailRequired })
  .trim()
  .min(1, LOGIN_MESSAGES.emailRequired)
  .max(254, LOGIN_MESSAGES.emailInvalid)
  .email(LOGIN_MESSAGES.emailInvalid);

const redirectTo = z.string().max(2000).optional();
const token = z.string({ required_error: LOGIN_MESSAGES.tokenMissing }).min(1, LOGIN_MESSAGES.tokenMissing).max(200);

/** E-mail and password sign-in. */
export const LoginSchema = z.object({
  email,
  password: z.string({ required_error: LOGIN_MESSAGES.passwordRequired }).min(1, LOGIN_MESSAGES.passwordRequired).max(4096),
  redirectTo,
});

/** The e-mail of a sign-in link request or a password reset request. */
export const EmailSchema = z.object({ email, redirectTo });

/** Opening a sign-in link: the token, and the e-mail when the browser does not remember it. */
export const EmailLinkRedeemSchema = z.object({ token, email: email.optional() });

export const DEVICE_KINDS = ['personal', 'shared'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** The Personal Device step (spec 01 §2.5). */
export const DeviceSchema = z.object({
  device: z.enum(DEVICE_KINDS, { errorMap: () => ({ message: LOGIN_MESSAGES.deviceRequired }) }),
});

/** Choosing a new password from a reset link. */
export const ResetPasswordSchema = z
  .object({
    token,
    password: z
      .string({ required_error: LOGIN_MESSAGES.newPasswordRequired })
      .min(NEW_PASSWORD_MIN_LENGTH, LOGIN_MESSAGES.newPasswordTooShort)
      .max(4096),
    confirm: z.string({ required_error: LOGIN_MESSAGES.confirmRequired }),
  })
  .refine((value) => value.password === value.confirm, { path: ['confirm'], message: LOGIN_MESSAGES.passwordsDiffer });

/** The `intent` of each form the /login action handles. */
export const LOGIN_INTENTS = ['password', 'device', 'cancel', 'email-link', 'email-link-redeem', 'forgot', 'reset'] as const;
export type LoginIntent = (typeof LOGIN_INTENTS)[number];

/** Every form the /login action reads: a posted field is checked against the one that has it (server/http/form-shape.ts). */
export const LOGIN_FORM_SCHEMAS = [LoginSchema, DeviceSchema, EmailSchema, EmailLinkRedeemSchema, ResetPasswordSchema] as const;
