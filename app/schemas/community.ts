import { z } from 'zod';

/**
 * The community setup form (spec 01 §2.7, §3.1, §5): one schema for conform in the browser and
 * parseWithZod in the action. Messages are the spec's where it gives them.
 */

export const TITLE_REQUIRED = 'Title is required.';
export const TIMEZONE_REQUIRED = 'Timezone is required.';
/** Spec 03 §5 (the same rule as spec 01 §5 for the community phone). */
export const PHONE_DIGITS = 'Phone Number needs to have more than seven digits.';
export const INVALID_URL = 'Please enter a valid URL (https://…).';
export const INVALID_LATITUDE = 'Latitude must be a number between -90 and 90.';
export const INVALID_LONGITUDE = 'Longitude must be a number between -180 and 180.';
/** Spec 01 §5: an invalid location blocks submit. */
export const INVALID_LOCATION = 'The location is not valid: enter both latitude and longitude, or neither.';
export const INVALID_COLOR = 'Use a hex colour such as #1DA9F3.';
export const SITE_REQUIRED = 'Site is required.';
export const BUTTON_TITLE_REQUIRED = 'Title is required.';
export const ACTION_REQUIRED = 'Action is required.';

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

/** Actions of the business-only community's additional buttons. */
export const DETAIL_BUTTON_ACTIONS = ['website', 'phone', 'email'] as const;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

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

export const SocialLinkSchema = z
  .object({ site: z.string().trim().optional(), url: optionalUrl })
  .superRefine((link, ctx) => {
    // A row left empty is no link; a half-filled row needs both parts.
    if (!link.site && !link.url) return;
    if (!link.site) ctx.addIssue({ code: 'custom', path: ['site'], message: SITE_REQUIRED });
    if (!link.url) ctx.addIssue({ code: 'custom', path: ['url'], message: INVALID_URL });
  });

export const DetailButtonSchema = z
  .object({ title: z.string().trim().max(60).optional(), action: z.enum(DETAIL_BUTTON_ACTIONS).optional(), actionKey: z.string().trim().max(500).optional() })
  .superRefine((button, ctx) => {
    if (!button.title && !button.actionKey) return;
    if (!button.title) ctx.addIssue({ code: 'custom', path: ['title'], message: BUTTON_TITLE_REQUIRED });
    if (!button.action) ctx.addIssue({ code: 'custom', path: ['action'], message: ACTION_REQUIRED });
    if (button.action === 'website' && (!button.actionKey || !isValidUrl(button.actionKey))) {
      ctx.addIssue({ code: 'custom', path: ['actionKey'], message: INVALID_URL });
    }
    if (button.action === 'phone' && phoneDigits(button.actionKey ?? '').length < 7) {
      ctx.addIssue({ code: 'custom', path: ['actionKey'], message: PHONE_DIGITS });
    }
    if (button.action === 'email' && !z.string().email().safeParse(button.actionKey).success) {
      ctx.addIssue({ code: 'custom', path: ['actionKey'], message: 'Please enter a valid e-mail address.' });
    }
  });

export const CommunitySchema = z
  .object({
    // Community Information
    title: z.string({ required_error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(120),
    name: optionalText(120),
    displayName: optionalText(120),
    appName: optionalText(30),
    description: optionalText(4000),
    address: optionalText(200),
    city: optionalText(100),
    state: optionalText(100),
    zip: optionalText(20),
    latitude,
    longitude,
    phone: z
      .string()
      .trim()
      .refine((value) => phoneDigits(value).length >= 7, PHONE_DIGITS)
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
      .refine((value) => isValidUrl(value) || (/^[^\s:]+$/.test(value) && !value.startsWith('//')), INVALID_URL)
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
    socialMedia: z.array(SocialLinkSchema).optional(),
    detailButtons: z.array(DetailButtonSchema).optional(),
  })
  .superRefine((value, ctx) => {
    // Spec 01 §5: the location must be valid; a half-given position is not one.
    const hasLat = value.latitude !== undefined;
    const hasLng = value.longitude !== undefined;
    if (hasLat !== hasLng) ctx.addIssue({ code: 'custom', path: [hasLat ? 'longitude' : 'latitude'], message: INVALID_LOCATION });
  });

export type CommunityForm = z.infer<typeof CommunitySchema>;

/** The form's buttons (STYLE 8): save, time zone lookup, and the two confirmations' steps. */
export const COMMUNITY_INTENTS = ['save', 'lookup-timezone', 'convert-icons', 'regenerate-colors', 'pull-colors'] as const;
export type CommunityIntent = (typeof COMMUNITY_INTENTS)[number];

/** The pull-colours form: the community to copy colours from. */
export const PullColorsSchema = z.object({ sourceKey: z.string({ required_error: 'Choose a community.' }).trim().min(1, 'Choose a community.') });
