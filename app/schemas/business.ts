import { z } from 'zod';
import type { ActionKind } from '~/lib/actions';
import { isValidKey } from '~/lib/db-key';
import { detailButtonsFormSchema } from '~/lib/detail-buttons';
import { firstSectionWithError } from '~/lib/editor-sections';
import { hoursFormSchema } from '~/lib/hours';
import { intent, intents } from '~/lib/intent';
import { locationFormSchema } from '~/lib/location';
import { SOCIAL_SITES, socialMediaFormSchema } from '~/lib/social-media';
import { checkbox, phone, requiredText, richText, TITLE_REQUIRED, url } from './listing/shared';
import { remoteAdminSchema } from './remote-admin';

/**
 * The business detail editor's form (spec 03 §2 "Business detail editor", §3 business item,
 * §5 business form and location rules): one schema for conform in the browser and parseWithZod
 * in the action. Field names are the stored item's where they can be (title, address, phone …);
 * the Remote Administration fields live under `remote.` and the Associated Listing Sections
 * under `contexts` (section nodes of the community).
 */

export const BUSINESS_TEXTS = {
  /** Spec 03 §5, the form-level message. */
  formIncomplete: 'One or more required fields have not been completed. Please check all tabs for your missing field.',
  saveCompleteTitle: 'Save Complete',
  remoteSaved: 'Your updates have been saved. You can continue to update or leave this page.',
  requestSent: 'Your request has been sent to the administrators.',
  noLocation: 'Item Does Not Have A Location',
  headerAfterSave: 'Header images and video can be added after the listing is saved for the first time.',
  saved: 'Listing saved.',
  gone: 'This listing no longer exists. It may have been deleted by someone else.',
  keyTaken:
    "Another listing already has this listing's key, so nothing was saved. What you typed is still in the form: save again to add it as a new listing.",
} as const;

/** Spec 03 §2 / §9: the special's popup behaviour. */
export const SPECIAL_POPUP_CHOICES = [
  { value: '0', label: 'Never Popup Special' },
  { value: '1', label: 'Popup On First View' },
  { value: '2', label: 'Popup On All Views' },
] as const;

/** The most listing icons, sections and social links a form posts. */
export const MAX_LIST_ICONS = 100;
export const MAX_SECTIONS = 100;

/** The editor's sections, in the spec's order (its "default open index 1" is the first). */
export const BUSINESS_SECTIONS = [
  { id: 'title-location', title: 'Title/Location' },
  { id: 'description', title: 'Description' },
  { id: 'dollars', title: 'Dollars' },
  { id: 'header', title: 'Header Image(s)/Video' },
  { id: 'hours', title: 'Hours' },
  { id: 'buttons', title: 'Buttons' },
  { id: 'remote', title: 'Remote Administration' },
  { id: 'sections', title: 'Associated Listing Sections' },
  { id: 'qr', title: 'QR Code(s)' },
] as const;
export type BusinessSectionId = (typeof BUSINESS_SECTIONS)[number]['id'];

/** Which section shows a field (by the field's first name segment): the section with an error opens. */
const FIELD_SECTIONS: Record<string, BusinessSectionId> = {
  title: 'title-location',
  location: 'title-location',
  listIcons: 'title-location',
  description: 'description',
  dollarsActive: 'buttons',
  hours: 'hours',
  always: 'hours',
  phone: 'buttons',
  website: 'buttons',
  menu: 'buttons',
  hasSpecial: 'buttons',
  specialPopupBehavior: 'buttons',
  specialDescription: 'buttons',
  socialMedia: 'buttons',
  detailButtons: 'buttons',
  remote: 'remote',
  contexts: 'sections',
};

/** The section showing a field (by its name as posted); undefined for a form-level error. */
export const businessSectionOf = (name: string): BusinessSectionId | undefined => FIELD_SECTIONS[name.split(/[.[]/)[0] ?? ''];

/** The first section (in the spec's order) holding one of the fields with errors; null when none does. */
export function sectionOfErrors(errorFields: readonly string[]): BusinessSectionId | null {
  return firstSectionWithError(BUSINESS_SECTIONS, businessSectionOf, errorFields);
}

const keyList = (max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.string().trim().refine(isValidKey, 'Not a valid key.'))
      .max(max)
      .transform((keys) => [...new Set(keys)]),
  );

export { SOCIAL_SITES };

export interface BusinessSchemaOptions {
  dollarsEnabled: boolean;
  /** The person may choose among several communities in the action selector ('Community Selection is required.'). */
  communityRequired: boolean;
  /** The actions custom buttons may take (remote managers: website, call and e-mail only). */
  allowedActions?: readonly ActionKind[];
  /** The emptyBusinessMap feature: 'Item Does Not Have A Location' is offered. */
  allowNoLocation: boolean;
}

/**
 * The form's schema: the item's fields, its location (the place picker's fieldset, spec 03 §5
 * location rules: a listing with a location is mapped, so latitude and longitude are required)
 * and the Remote Administration section (remote-admin's fieldset under `remote.`).
 */
export function businessSchema(options: BusinessSchemaOptions) {
  return z.object({
    title: requiredText(TITLE_REQUIRED, 200),
    location: locationFormSchema({ gpsRequired: true, titleRequired: false, allowNoLocation: options.allowNoLocation }),
    listIcons: keyList(MAX_LIST_ICONS),
    description: richText(),
    dollarsActive: checkbox(),
    always: checkbox(),
    hours: hoursFormSchema,
    phone: phone(),
    website: url(),
    menu: url(),
    hasSpecial: checkbox(),
    specialPopupBehavior: z.enum(['0', '1', '2']).optional(),
    specialDescription: richText(),
    socialMedia: socialMediaFormSchema,
    detailButtons: detailButtonsFormSchema({ communityRequired: options.communityRequired, allowed: options.allowedActions }),
    remote: remoteAdminSchema({ dollarsEnabled: options.dollarsEnabled }),
    contexts: keyList(MAX_SECTIONS),
  });
}

export type BusinessSchema = ReturnType<typeof businessSchema>;
export type BusinessFormOutput = z.output<BusinessSchema>;

/** The form's own fields besides the item's. */
export const RETURN_TO_FIELD = 'returnTo';
export const ITEM_KEY_FIELD = 'itemKey';

/**
 * The editor's buttons: Submit (`save`), and the steps that show the form again: `preview`
 * (refresh the preview without JavaScript), `place-search` (places near the community) and
 * `place-choice:{placeId}` (fill the location from a place). The remote page's Update
 * Permissions form posts `request-update`.
 */
const placeChoice = z.object({ intent: z.literal('place-choice'), argument: z.string().min(1).max(512) });
export const BusinessIntent = intents(intent('save'), intent('preview'), intent('place-search'), placeChoice);
export const RemoteBusinessIntent = intents(
  intent('save'),
  intent('preview'),
  intent('place-search'),
  placeChoice,
  intent('request-update'),
);
/** The place search's query field (the place picker's `location.query`; not part of the item). */
export const PLACE_QUERY_FIELD = 'location.query';
