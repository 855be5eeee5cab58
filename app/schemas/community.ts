import { z } from 'zod';
import { isValidKey } from '~/lib/db-key';
import { intent, intents } from '~/lib/intent';
import { isImageUrl } from './header';

/**
 * The community setup form (spec 01 §2.7, §3.1, §5): one schema for conform in the browser and
 * parseWithZod in the action. Messages are the spec's where it gives them.
 */

export const TITLE_REQUIRED = 'Title is required.';
export const TIMEZONE_REQUIRED = 'Timezone is required.';
/**
 * Spec 01 §5 and §9: "digits are extracted; it must be numeric with at least 7 digits" (spec 01
 * gives the rule, not the words). The words say the rule: 7 digits are enough.
 */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_DIGITS = 'Phone Number needs to have at least seven digits.';
export const INVALID_URL = 'Please enter a valid URL (https://…).';
export const INVALID_LATITUDE = 'Latitude must be a number between -90 and 90.';
export const INVALID_LONGITUDE = 'Longitude must be a number between -180 and 180.';
/** Spec 01 §5: an invalid location blocks submit. */
export const INVALID_LOCATION = 'The location is not valid: enter both latitude and longitude, or neither.';
export const INVALID_COLOR = 'Use a hex colour such as #1DA9F3.';
/** Spec 02 §5: "Social link: URL required and valid, site required"; select lists say "{label} is required.". */
export const SITE_REQUIRED = 'Site is required.';
export const URL_REQUIRED = 'URL is required.';
/** Spec 02 §5, detail buttons: "Title is required.", "Action is required.", "Icon is required.". */
export const BUTTON_TITLE_REQUIRED = 'Title is required.';
export const ACTION_REQUIRED = 'Action is required.';
export const ICON_REQUIRED = 'Icon is required.';
/** Spec 03 §5 (action selector): a key is required once an action is chosen; the generic text. */
export const INPUT_REQUIRED = 'Input is required.';
/** Spec 03 §5 (action selector): the mailto key's message. */
export const INVALID_EMAIL = 'You must provide a valid email address.';
/** An additional button's key that cannot name a record (spec 03 §5 keys of store items, forms, maps …). */
export const INVALID_ACTION_KEY = 'This key cannot be used: it may not contain . $ # [ ] or /.';
export const DESCRIPTION_TOO_LONG = 'The description is too long.';
/** The rich-text description's limit in characters of HTML. */
export const HTML_DESCRIPTION_MAX = 20000;

/** Spec 01 §3.1: community types. */
export const COMMUNITY_TYPES = ['resort', 'municipality', 'school'] as const;
export type CommunityType = (typeof COMMUNITY_TYPES)[number];
export const COMMUNITY_TYPE_LABELS: Record<CommunityType, string> = { resort: 'Resort', municipality: 'Municipality', school: 'School' };

export { LEGACY_ICON_SETS, SVG_ICON_SETS, isLegacyIconSet, isSvgIconSet } from '~/lib/icons/icon-sets';
export { SOCIAL_SITES } from '~/lib/icons/social';

/** The colour fields of a community (spec 01 §3.1), in the form's order. */
export const COLOR_FIELDS = [
  'colorBackground',
  'colorPrimary',
  'colorAccent',
  'colorHighlightedText',
  'colorIconShape',
  'colorIconBackground',
] as const;
export type ColorField = (typeof COLOR_FIELDS)[number];
export const COLOR_LABELS: Record<ColorField, string> = {
  colorBackground: 'Background Color',
  colorPrimary: 'Primary Color',
  colorAccent: 'Accent Color',
  colorHighlightedText: 'Highlighted Text Color',
  colorIconShape: 'Icon Shape Color',
  colorIconBackground: 'Icon Background Color',
};
/** Spec 01 §3.1: community-setup defaults are white where unset. */
export const SETUP_DEFAULT_COLOR = '#ffffff';

/**
 * Actions of the business-only community's additional buttons: spec 03 §3 "Action (clickable
 * link) values". mailto is stored as website with a 'mailto:' prefix; website and file opened in
 * the app's web view are stored as '{action}-webview' (spec 02 §5).
 */
export const DETAIL_BUTTON_ACTIONS = [
  'website',
  'call',
  'mailto',
  'file',
  'store',
  'form',
  'mainMenu',
  'searchablemap',
  'booking',
  'hunt',
  'amc-events',
] as const;
export type DetailButtonAction = (typeof DETAIL_BUTTON_ACTIONS)[number];
export const DETAIL_BUTTON_ACTION_LABELS: Record<DetailButtonAction, string> = {
  website: 'Website',
  call: 'Dial Number',
  mailto: 'Send Email',
  file: 'File',
  store: 'Store',
  form: 'Form',
  mainMenu: 'Main Menu',
  searchablemap: 'Searchable Map',
  booking: 'Booking',
  hunt: 'Hunt',
  'amc-events': 'Events Calendar',
};
/** What the key of each action is, as the form's hint says it. */
export const DETAIL_BUTTON_KEY_HINTS: Record<DetailButtonAction, string> = {
  website: 'The address to open (https://…).',
  call: 'The phone number to dial.',
  mailto: 'The e-mail address to write to.',
  file: "The file's address (https://…).",
  store: 'The key of the store item.',
  form: 'The key of the form.',
  mainMenu: 'The unique ID of the main-menu item.',
  searchablemap: 'The key of the searchable map.',
  booking: 'The key of the booking.',
  hunt: 'The key of the hunt.',
  'amc-events': 'The ID of the events calendar.',
};
/** Actions whose key names a record of the community (the app reads it as a database key). */
export const KEY_ACTIONS: readonly DetailButtonAction[] = ['store', 'form', 'mainMenu', 'searchablemap', 'booking', 'hunt', 'amc-events'];
/** Actions that may open in the app's web view (spec 02 §5: '{action}-webview'). */
export const WEBVIEW_ACTIONS: readonly DetailButtonAction[] = ['website', 'file'];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * A storage object path (`{community}/images/header/…/photo.jpg`), as older records keep an
 * uploaded image: plain segments, no scheme, no leading slash, no `..`.
 */
export function isStorageObjectPath(value: string): boolean {
  const segments = value.split('/');
  return segments.every((segment) => /^[\w\-.~%]+$/.test(segment) && segment !== '.' && segment !== '..');
}

export function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The digits of a phone number (spec 01 §5: digits are extracted). */
export const phoneDigits = (value: string): string => value.replace(/\D/g, '');

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const optionalText = (max = 500) => z.string().trim().max(max).optional();
const optionalUrl = z.string().trim().refine(isValidUrl, INVALID_URL).optional();
const color = z.string().trim().regex(HEX, INVALID_COLOR).default(SETUP_DEFAULT_COLOR);
const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean()).default(false);

const latitude = z.number({ invalid_type_error: INVALID_LATITUDE }).min(-90, INVALID_LATITUDE).max(90, INVALID_LATITUDE).optional();
const longitude = z.number({ invalid_type_error: INVALID_LONGITUDE }).min(-180, INVALID_LONGITUDE).max(180, INVALID_LONGITUDE).optional();

const isEmail = (value: string) => z.string().email().safeParse(value).success;

/** Spec 02 §5: "Social link: URL required and valid, site required". */
export const SocialLinkSchema = z.object({
  site: z.string({ required_error: SITE_REQUIRED }).trim().min(1, SITE_REQUIRED).max(40),
  url: z.string({ required_error: URL_REQUIRED }).trim().min(1, URL_REQUIRED).max(1000).refine(isValidUrl, INVALID_URL),
});

/**
 * Spec 02 §5 detail buttons (title, action, key and icon required; website URL, e-mail and phone
 * checked) with spec 03 §5's action-selector messages for the key.
 */
export const DetailButtonSchema = z
  .object({
    title: z.string({ required_error: BUTTON_TITLE_REQUIRED }).trim().min(1, BUTTON_TITLE_REQUIRED).max(60),
    icon: z.string({ required_error: ICON_REQUIRED }).trim().min(1, ICON_REQUIRED).max(60),
    action: z.enum(DETAIL_BUTTON_ACTIONS, { errorMap: () => ({ message: ACTION_REQUIRED }) }),
    actionKey: z.string().trim().max(1000).optional(),
    webview: checkbox,
  })
  .superRefine((button, ctx) => {
    const key = button.actionKey ?? '';
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['actionKey'], message });
    if (button.action === 'mailto') {
      if (!isEmail(key.replace(/^mailto:/i, ''))) issue(INVALID_EMAIL);
    } else if (key === '') {
      issue(INPUT_REQUIRED);
    } else if ((button.action === 'website' || button.action === 'file') && !isValidUrl(key)) {
      issue(INVALID_URL);
    } else if (button.action === 'call' && phoneDigits(key).length < PHONE_MIN_DIGITS) {
      issue(PHONE_DIGITS);
    }
    // The other actions open a record of the community by its key (a database key).
    else if (KEY_ACTIONS.includes(button.action) && !isValidKey(key)) issue(INVALID_ACTION_KEY);
  });

/** The most social links or additional buttons a community keeps. */
export const MAX_LIST_ROWS = 30;

export const CommunitySchema = z
  .object({
    // Community Information
    title: z.string({ required_error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(120),
    name: optionalText(120),
    displayName: optionalText(120),
    appName: optionalText(30),
    // Rich text (spec 01 §3.1 htmlDescription); the server sanitizes it and derives `description`.
    htmlDescription: z.string().trim().max(HTML_DESCRIPTION_MAX, DESCRIPTION_TOO_LONG).optional(),
    address: optionalText(200),
    city: optionalText(100),
    state: optionalText(100),
    zip: optionalText(20),
    latitude,
    longitude,
    phone: z
      .string()
      .trim()
      .refine((value) => phoneDigits(value).length >= PHONE_MIN_DIGITS, PHONE_DIGITS)
      .optional(),
    website: optionalUrl,
    reservationURL: optionalUrl,
    regulationsURL: optionalUrl,
    timeZone: z.string({ required_error: TIMEZONE_REQUIRED }).trim().min(1, TIMEZONE_REQUIRED).refine(isValidTimeZone, TIMEZONE_REQUIRED),
    communityType: z.enum(COMMUNITY_TYPES).default('resort'),
    // A full address, or an uploaded image: served from this site (/files/…) or a storage path.
    drawable: z
      .string()
      .trim()
      .max(1000)
      .refine((value) => isImageUrl(value) || isStorageObjectPath(value), INVALID_URL)
      .optional(),
    // Resort admins only (the server ignores them from anyone else)
    listed: checkbox,
    isBusinessOnly: checkbox,
    inProgress: checkbox,
    // App Design
    colorBackground: color,
    colorPrimary: color,
    colorAccent: color,
    colorHighlightedText: color,
    colorIconShape: color,
    colorIconBackground: color,
    colorIconShapeRandom: checkbox,
    colorIconBackgroundRandom: checkbox,
    iconSet: z.string().trim().max(40).optional(),
    // Social Media / Additional Buttons
    socialMedia: z.array(SocialLinkSchema).max(MAX_LIST_ROWS, `At most ${MAX_LIST_ROWS} social links.`).optional(),
    detailButtons: z.array(DetailButtonSchema).max(MAX_LIST_ROWS, `At most ${MAX_LIST_ROWS} additional buttons.`).optional(),
  })
  .superRefine((value, ctx) => {
    // Spec 01 §5: the location must be valid; a half-given position is not one.
    const hasLat = value.latitude !== undefined;
    const hasLng = value.longitude !== undefined;
    if (hasLat !== hasLng) ctx.addIssue({ code: 'custom', path: [hasLat ? 'longitude' : 'latitude'], message: INVALID_LOCATION });
  });

export type CommunityForm = z.infer<typeof CommunitySchema>;

/**
 * The community setup form's buttons (STYLE 8): save, the time zone lookup, the two
 * confirmations' steps ('Convert Icons' Continue, 'Select Menu Type' OK, Cancel and each item's
 * 'Generate New Color(s)', posted as `regenerate-item:{index}`) and Pull Colors with the
 * community to pull from. Add row / Remove row are conform's list intents (`__intent__`, no
 * `intent`): the action reads them as `list` and answers the form as typed.
 */
export const CommunitySetupIntent = intents(
  intent('save'),
  intent('lookup-timezone'),
  intent('convert-icons'),
  intent('apply-colors'),
  intent('cancel-confirm'),
  z.object({ intent: z.literal('regenerate-item'), argument: z.string().min(1).max(100) }),
  z.object({
    intent: z.literal('pull-colors'),
    sourceKey: z.string({ required_error: 'Choose a community.' }).trim().min(1, 'Choose a community.').max(200),
  }),
  intent('list'),
);
export type CommunitySetupIntentValue = z.infer<typeof CommunitySetupIntent>;

/** Add Community's buttons: save, the time zone lookup and the rows' list intents. */
export const AddCommunityIntent = intents(intent('save'), intent('lookup-timezone'), intent('list'));
export type AddCommunityIntentValue = z.infer<typeof AddCommunityIntent>;

/** conform's list intents post `__intent__` and no `intent`: they are the `list` intent. */
export const listIntentFallback = (formData: FormData) => (formData.has('__intent__') ? 'list' : undefined);
