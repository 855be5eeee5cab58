import { z } from 'zod';
import { intent, intents } from '~/lib/intent';
import { MARKETING_TEXTS, type PackageNames } from '~/lib/marketing';
import { INVALID_URL, optionalText, url } from '~/schemas/listing/shared';

/**
 * The package form (spec 03 §4 "Package form (marketing)", §5 "the one-link URL must be a valid
 * URL; iOS ID is treated as a number"): one schema for conform in the browser and parseWithZod in
 * the action. Every field is optional; an emptied field posts nothing and is saved as null when
 * it had a value (server/marketing/package-names.ts).
 */

/** Longest iOS app id accepted (App Store ids are 9–10 digits today). */
export const MAX_IOS_ID_DIGITS = 15;

/** An image address: a web address, or a file this console serves (`/files/…`). */
const imageUrl = () =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((value) => /^\/files\/[^\s]+$/.test(value) || /^https?:\/\/[^\s]+$/.test(value), INVALID_URL)
    .optional();

export const PackageFormSchema = z.object({
  android: optionalText(200),
  ios: optionalText(200),
  iosId: z
    .string()
    .trim()
    .max(MAX_IOS_ID_DIGITS, MARKETING_TEXTS.invalidIosId)
    .regex(/^[1-9]\d*$/, MARKETING_TEXTS.invalidIosId)
    .optional(),
  oneLink: url(),
  qrCode: imageUrl(),
  phoneOnlyImage: imageUrl(),
  introducingMarketingImage: imageUrl(),
  ongoingMarketingImage: imageUrl(),
  tableId: optionalText(200),
  adjustToken: optionalText(200),
  adjustLinkPrefix: url(),
});

export type PackageFormValue = z.infer<typeof PackageFormSchema>;

/** The parsed form as a packageNames record (iosId a number; empty fields absent). */
export function packageNamesFromForm(value: PackageFormValue): PackageNames {
  const names: PackageNames = {};
  for (const [field, raw] of Object.entries(value) as Array<[keyof PackageFormValue, string | undefined]>) {
    if (raw === undefined || raw === '') continue;
    if (field === 'iosId') names.iosId = Number(raw);
    else names[field] = raw;
  }
  return names;
}

/** The form's values for a stored record (what the inputs show). */
export function packageFormDefaults(names: PackageNames): Record<string, string> {
  return Object.fromEntries(Object.entries(names).map(([field, value]) => [field, String(value)]));
}

/** The form's file fields (the uploader without JavaScript): `{field}File` and its crop. */
export const imageFileField = (field: string) => `${field}File`;
export const imageCropField = (field: string) => `${field}Crop`;

/**
 * Save (asks a system administrator with more than one community where to write), the two
 * answers of that question, and Upload (the uploader without JavaScript: stores the chosen
 * images and shows them in the form, nothing saved).
 */
export const MarketingIntent = intents(intent('save'), intent('update-community'), intent('update-system'), intent('upload'));
export type MarketingIntentName = z.infer<typeof MarketingIntent>['intent'];
