import { z } from 'zod';
import { isValidKey } from '~/lib/db-key';
import { intent, intents } from '~/lib/intent';
import { isHttpUrl, isImageUrl } from './header';

/**
 * The app setup screen (spec 01 §2.8, §3.4, §5): one app data record per app id at
 * `{product}/app-data/{appId}`. The same schema validates in the browser (conform) and in the
 * panel's action. Texts are the spec's where it gives them.
 */

export const APP_SETUP_MESSAGES = {
  /** Spec 01 §5: 'Please select an app id.', displayed as 'Please select an app ID.'. */
  appIdRequired: 'Please select an app ID.',
  /** Spec 01 §5, §8: uploads need an app id first. */
  appIdFirst: 'Please select an App ID first',
  appName: 'App name must be at most 30 characters.',
  appTitle: 'App title must be at most 30 characters.',
  shortDescription: 'Short description must be at most 80 characters.',
  description: 'Full description must be at most 4000 characters.',
  keywords: 'Keywords must be at most 100 characters.',
  number: 'Enter a whole number.',
  notNegative: 'Must be 0 or more.',
  colour: 'Enter a colour as #RRGGBB.',
  tooLong: 'This text is too long.',
  url: 'Enter an address that starts with https:// or http://.',
  httpsUrl: 'Enter an address that starts with https://.',
  communityKey: 'Enter a community key without . $ # [ ] or /.',
} as const;

/** The field names of one of the label tables below, typed as the schema's keys. */
export const keysOf = <Name extends string>(labels: Record<Name, string>): Name[] => Object.keys(labels) as Name[];

/** Spec 01 §5 and §9: app text limits. */
export const APP_TEXT_LIMITS = {
  appName: 30,
  appTitle: 30,
  shortDescription: 80,
  description: 4000,
  keywords: 100,
} as const;

export const APP_TYPES = ['single', 'esp', 'multi'] as const;

/** Three-state flags (spec 01 §3.4): unset ('' in the form), true, false. */
export const FLAG_VALUES = ['true', 'false'] as const;

/** The flags of the App Settings section, with their labels. */
export const APP_SETTINGS_FLAGS = {
  isESP: 'Eat-Shop-Play app (isESP)',
  isSelectorEnabled: 'Location selector enabled',
  requestLocation: 'Request location',
  allowLocationFavorite: 'Allow location favorite',
  includeLocationMap: 'Include location map',
  includeLocationFilter: 'Include location filter',
  displaySelectorHeader: 'Display selector header',
  displayBusinessDistance: 'Display business distance',
  enableGridMenu: 'Enable grid menu',
  enableMyAgenda: 'Enable My Agenda',
  hideESPTitle: 'Hide ESP title',
  allowAllFavorites: 'Allow all favorites',
} as const;

/** The flags of the Advanced Settings section. */
export const ADVANCED_FLAGS = {
  includeAlwaysReceiveGuestNotifications: 'Include "always receive guest notifications"',
} as const;

export const FLAG_FIELDS = [...Object.keys(APP_SETTINGS_FLAGS), ...Object.keys(ADVANCED_FLAGS)] as Array<
  keyof typeof APP_SETTINGS_FLAGS | keyof typeof ADVANCED_FLAGS
>;

/** Free text of the location behaviour (App Settings). */
export const LOCATION_TEXT_FIELDS = {
  locationSelectorClass: 'Location selector class',
  locationAdapterClass: 'Location adapter class',
  locationSort: 'Location sort',
} as const;

/** Attribution and look (Advanced Settings). */
export const ADVANCED_TEXT_FIELDS = {
  adjustAppToken: 'Adjust app token',
  adjustToken: 'Adjust token',
  adjustLinkPrefix: 'Adjust link prefix',
  headerURL: 'Header URL',
} as const;

export const NUMBER_FIELDS = {
  resortsBetweenAds: 'Resorts between ads',
  adStartingPosition: 'Ad starting position',
} as const;

/** The record's four colours. */
export const COLOUR_FIELDS = {
  colorBackground: 'Background colour',
  colorPrimary: 'Primary colour',
  colorAccent: 'Accent colour',
  colorHighlightedText: 'Highlighted text colour',
} as const;

/**
 * Deployment asset uploads (spec 01 §5, §7.4): form field, storage kind, label, the recommended
 * size ("app icon 512x512, notification icon 96x96, featured image 1024x500"), toasts.
 */
export const APP_ASSETS = [
  { field: 'appIcon', kind: 'app-icon', label: 'App icon', size: '512x512', width: 512, height: 512, noun: 'app icon' },
  {
    field: 'notificationIcon',
    kind: 'notification-icon',
    label: 'Notification icon',
    size: '96x96',
    width: 96,
    height: 96,
    noun: 'notification icon',
  },
  {
    field: 'featuredImage',
    kind: 'featured-image',
    label: 'Featured image',
    size: '1024x500',
    width: 1024,
    height: 500,
    noun: 'featured image',
  },
] as const;
export type AppAsset = (typeof APP_ASSETS)[number];
export type AppAssetField = AppAsset['field'];

/** The app id picker's label of an app (spec 01 §3.8): 'displayName (packageName)', the package name alone when they are the same. */
export function appChoiceLabel(app: { packageName: string; displayName: string }): string {
  return app.displayName === app.packageName ? app.packageName : `${app.displayName} (${app.packageName})`;
}

/** Spec 01 §5: the header image is 1125 wide, 450 high for esp apps and 600 otherwise. */
export function recommendedHeaderSize(appType: string | null | undefined): { width: number; height: number } {
  return { width: 1125, height: appType === 'esp' ? 450 : 600 };
}

/**
 * The warning for an image whose size is not the recommended one (recommended, not required:
 * the file is kept), or null when it matches. `actual` null: the size could not be read.
 */
export function assetSizeWarning(
  asset: { label: string; width: number; height: number },
  actual: { width: number; height: number } | null,
): string | null {
  const recommended = `${asset.width}x${asset.height}`;
  if (!actual) return `The size of the ${asset.label.toLowerCase()} could not be read. The recommended size is ${recommended} pixels.`;
  if (actual.width === asset.width && actual.height === asset.height) return null;
  return `The ${asset.label.toLowerCase()} is ${actual.width}x${actual.height} pixels; the recommended size is ${recommended} pixels.`;
}

/** Spec 01 §8: 'Error uploading app icon' etc. */
export const uploadErrorToast = (noun: string) => `Error uploading ${noun}`;
/** Upload successes (spec 01 §8 lists them without their words). */
export const uploadSuccessToast = (label: string) => `${label} uploaded successfully!`;

const text = (max: number, message: string = APP_SETUP_MESSAGES.tooLong) => z.string().trim().max(max, message).optional();
const flag = z.enum(FLAG_VALUES).optional();
const count = z
  .number({ invalid_type_error: APP_SETUP_MESSAGES.number })
  .int(APP_SETUP_MESSAGES.number)
  .min(0, APP_SETUP_MESSAGES.notNegative)
  .optional();
const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, APP_SETUP_MESSAGES.colour)
  .optional();

/** The tracked links' prefix: https only (the QR codes are built on it). */
const httpsUrl = (message: string) =>
  text(2000, message).refine((value) => value === undefined || value === '' || (isHttpUrl(value) && value.startsWith('https:')), message);
/** The header image the apps load: http(s), or a file this console stored (`/files/…`). */
const imageUrl = (message: string) =>
  text(2000, message).refine((value) => value === undefined || value === '' || isImageUrl(value), message);
/** A community key the app reads (cLocationId): a database key. */
const communityKey = text(200, APP_SETUP_MESSAGES.communityKey).refine(
  (value) => value === undefined || value === '' || isValidKey(value),
  APP_SETUP_MESSAGES.communityKey,
);

/** An app id is a database key: no . $ # [ ] / and not empty. */
export const appIdSchema = z
  .string({ required_error: APP_SETUP_MESSAGES.appIdRequired })
  .trim()
  .min(1, APP_SETUP_MESSAGES.appIdRequired)
  .max(200, APP_SETUP_MESSAGES.appIdRequired)
  .regex(/^[^.$#[\]/\u0000-\u001f\u007f]+$/, APP_SETUP_MESSAGES.appIdRequired);

export const AppSetupSchema = z.object({
  appId: appIdSchema,
  appName: text(APP_TEXT_LIMITS.appName, APP_SETUP_MESSAGES.appName),
  appType: z.enum(APP_TYPES).optional(),
  cLocationId: communityKey,
  // Deployment Assets
  appTitle: text(APP_TEXT_LIMITS.appTitle, APP_SETUP_MESSAGES.appTitle),
  shortDescription: text(APP_TEXT_LIMITS.shortDescription, APP_SETUP_MESSAGES.shortDescription),
  description: text(APP_TEXT_LIMITS.description, APP_SETUP_MESSAGES.description),
  keywords: text(APP_TEXT_LIMITS.keywords, APP_SETUP_MESSAGES.keywords),
  // App Settings
  isESP: flag,
  isSelectorEnabled: flag,
  requestLocation: flag,
  allowLocationFavorite: flag,
  includeLocationMap: flag,
  includeLocationFilter: flag,
  displaySelectorHeader: flag,
  displayBusinessDistance: flag,
  enableGridMenu: flag,
  enableMyAgenda: flag,
  hideESPTitle: flag,
  allowAllFavorites: flag,
  locationSelectorClass: text(200),
  locationAdapterClass: text(200),
  locationSort: text(200),
  // Advanced Settings
  includeAlwaysReceiveGuestNotifications: flag,
  resortsBetweenAds: count,
  adStartingPosition: count,
  adjustAppToken: text(200),
  adjustToken: text(200),
  adjustLinkPrefix: httpsUrl(APP_SETUP_MESSAGES.httpsUrl),
  headerURL: imageUrl(APP_SETUP_MESSAGES.url),
  colorBackground: colour,
  colorPrimary: colour,
  colorAccent: colour,
  colorHighlightedText: colour,
});

export type AppSetupValues = z.infer<typeof AppSetupSchema>;

/**
 * The form's buttons: Load App (opens the app the picker shows), Save App Configuration, and
 * each asset's Upload button (`upload:{field}`), which stores that file alone.
 */
export const AppSetupIntent = intents(
  intent('save'),
  intent('load'),
  z.object({ intent: z.literal('upload'), argument: z.enum(['appIcon', 'notificationIcon', 'featuredImage']) }),
);

/**
 * Save or upload while the picker shows another app than the one whose fields the form holds:
 * nothing is written (these fields are not that app's), and the person is told what to do.
 */
export function appIdMismatchMessage(chosen: string, loaded: string | null): string {
  return loaded
    ? `The form shows the configuration of ${loaded}. Press Load App to open ${chosen}, or choose ${loaded} again to save.`
    : `Press Load App to open ${chosen} first: the form does not show its configuration yet.`;
}
