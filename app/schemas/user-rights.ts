import { z } from 'zod';

/**
 * The user management forms (spec 01 §3.7 rights per user per location, §6; spec 02 §7
 * getUserData invitation; decision 040): a person's rights, an invitation by e-mail, a default
 * community. Checkboxes are the rights the person making the change may give (server/users/rights.ts).
 */

const right = z.boolean().optional();

export const USER_RIGHTS_TEXTS = {
  emailRequired: 'E-mail is required.',
  emailInvalid: 'Enter a valid e-mail address.',
  nameTooLong: 'A name has at most 100 characters.',
  chooseRight: 'Choose at least one right.',
  communityRequired: 'Choose a community.',
  stale: 'This form is out of date. Reload the person and try again.',
} as const;

/** The rights stamp the form was made from ("1110": editor, admin, notify, resort system). */
const Was = z.string().regex(/^[01]{4}$/, USER_RIGHTS_TEXTS.stale);

export const PersonRightsSchema = z.object({
  was: Was,
  isEditor: right,
  isAdmin: right,
  canNotify: right,
  isResortSystem: right,
});

export const RemovePersonSchema = z.object({
  was: Was,
  confirmed: z.literal('1').optional(),
});

export const DefaultCommunitySchema = z.object({
  community: z
    .string({ required_error: USER_RIGHTS_TEXTS.communityRequired })
    .min(1, USER_RIGHTS_TEXTS.communityRequired)
    .max(200)
    .regex(/^[^.#$[\]/]+$/, USER_RIGHTS_TEXTS.communityRequired),
});

export const InviteSchema = z.object({
  email: z
    .string({ required_error: USER_RIGHTS_TEXTS.emailRequired })
    .trim()
    .min(1, USER_RIGHTS_TEXTS.emailRequired)
    .max(254, USER_RIGHTS_TEXTS.emailInvalid)
    .email(USER_RIGHTS_TEXTS.emailInvalid),
  name: z.string().trim().max(100, USER_RIGHTS_TEXTS.nameTooLong).optional(),
  isEditor: right,
  isAdmin: right,
  canNotify: right,
  isResortSystem: right,
});
