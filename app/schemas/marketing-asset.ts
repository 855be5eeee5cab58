import { z } from 'zod';
import {
  DESIGN_FONT_FAMILIES,
  MARKETING_ASSET,
  MAX_FEATURE_NAME_LENGTH,
  MAX_IMAGE_URL_LENGTH,
  MAX_TITLE_LENGTH,
  libraryIconData,
  type MarketingAssetSettings,
} from '~/lib/design';
import { getMenuIcon } from '~/lib/icons';
import { intent, intents } from '~/lib/intent';

/**
 * The marketing asset editor's form (spec 03 "Marketing asset editor", §3): one schema for the
 * browser's live preview and the action, and for the query of the server's PNG of the design
 * being edited. A colour is a colour field (#RRGGBB) and its opacity in percent: together the
 * 8-digit hex the settings store.
 */

/** The image fields: a chosen file posts under these names (spec 03 §7 kinds). */
export const MARKETING_FILE_FIELDS = { bg: 'bgFile', logo: 'logoFile', phone: 'phoneFile' } as const;
/** The uploader's crop field of each image (used with JavaScript only; the server ignores it). */
export const MARKETING_CROP_FIELDS = { bg: 'bgCrop', logo: 'logoCrop', phone: 'phoneCrop' } as const;
export const MARKETING_COLOR_FIELDS = ['fontColor', 'borderColor', 'backgroundOverlayColor'] as const;
export type MarketingColorField = (typeof MARKETING_COLOR_FIELDS)[number];

const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());
const color = z.string({ required_error: 'Choose a colour.' }).regex(/^#[0-9a-fA-F]{6}$/, 'A colour is # and six hexadecimal digits.');
const opacity = z.coerce
  .number({ invalid_type_error: 'Opacity is a number from 0 to 100.' })
  .int('Opacity is a whole number from 0 to 100.')
  .min(0, 'Opacity is a number from 0 to 100.')
  .max(100, 'Opacity is a number from 0 to 100.');
const trimmed = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string().max(max, `At most ${max} characters.`).default(''),
  );
const imageUrl = z.string().max(MAX_IMAGE_URL_LENGTH).default('');

export const FeatureSchema = z.object({
  id: z.string().max(40).default(''),
  name: trimmed(MAX_FEATURE_NAME_LENGTH),
  visibility: checkbox,
  icon: z
    .string()
    .max(40)
    .refine((name) => getMenuIcon(name) !== undefined, 'Choose an icon of the library.'),
});

export const MarketingAssetSchema = z.object({
  title: trimmed(MAX_TITLE_LENGTH),
  subtitle: trimmed(MAX_TITLE_LENGTH),
  fontFamily: z.enum(DESIGN_FONT_FAMILIES),
  fontColor: color,
  fontColorOpacity: opacity,
  borderColor: color,
  borderColorOpacity: opacity,
  backgroundOverlayColor: color,
  backgroundOverlayColorOpacity: opacity,
  qrCodeVisibility: checkbox,
  andMoreVisibility: checkbox,
  bgUrl: imageUrl,
  logoUrl: imageUrl,
  phoneUrl: imageUrl,
  features: z
    .array(FeatureSchema)
    .max(MARKETING_ASSET.features, 'The asset has three features.')
    .length(MARKETING_ASSET.features, 'The asset has three features.'),
});

export type MarketingAssetFormValue = z.infer<typeof MarketingAssetSchema>;

/**
 * Save; Update Preview (the server's PNG of the form as it is, without JavaScript); Remove of
 * each image.
 */
export const MarketingAssetIntent = intents(
  intent('save'),
  intent('preview'),
  intent('remove-bg'),
  intent('remove-logo'),
  intent('remove-phone'),
);

const alphaHex = (percent: number) =>
  Math.round((percent * 255) / 100)
    .toString(16)
    .padStart(2, '0')
    .toUpperCase();
const percentOf = (hex8: string) => Math.round((parseInt(hex8.slice(7, 9), 16) * 100) / 255);

/** The form's colour and opacity as the stored 8-digit hex. */
export const hex8Of = (hex6: string, percent: number) => `${hex6.toUpperCase()}${alphaHex(percent)}`;

/** The settings a valid form makes. */
export function settingsFromForm(value: MarketingAssetFormValue): MarketingAssetSettings {
  return {
    fontColor: hex8Of(value.fontColor, value.fontColorOpacity),
    borderColor: hex8Of(value.borderColor, value.borderColorOpacity),
    backgroundOverlayColor: hex8Of(value.backgroundOverlayColor, value.backgroundOverlayColorOpacity),
    qrCodeVisibility: value.qrCodeVisibility,
    andMoreVisibility: value.andMoreVisibility,
    title: value.title,
    subtitle: value.subtitle,
    phoneUrl: value.phoneUrl,
    logoUrl: value.logoUrl,
    bgUrl: value.bgUrl,
    fontFamily: value.fontFamily,
    features: value.features.map((feature, index) => ({
      id: feature.id || `feature-${index + 1}`,
      visibility: feature.visibility,
      name: feature.name,
      iconData: libraryIconData(feature.icon),
    })),
  };
}

/** The form's values for stored settings. */
export function formFromSettings(settings: MarketingAssetSettings): MarketingAssetFormValue {
  return {
    title: settings.title,
    subtitle: settings.subtitle,
    fontFamily: settings.fontFamily,
    fontColor: settings.fontColor.slice(0, 7),
    fontColorOpacity: percentOf(settings.fontColor),
    borderColor: settings.borderColor.slice(0, 7),
    borderColorOpacity: percentOf(settings.borderColor),
    backgroundOverlayColor: settings.backgroundOverlayColor.slice(0, 7),
    backgroundOverlayColorOpacity: percentOf(settings.backgroundOverlayColor),
    qrCodeVisibility: settings.qrCodeVisibility,
    andMoreVisibility: settings.andMoreVisibility,
    bgUrl: settings.bgUrl,
    logoUrl: settings.logoUrl,
    phoneUrl: settings.phoneUrl,
    features: settings.features.map((feature) => ({
      id: feature.id,
      name: feature.name,
      visibility: feature.visibility,
      icon: feature.iconData.title,
    })),
  };
}

/** The form's values as the query of the PNG address (the same names the form posts). */
export function formQuery(value: MarketingAssetFormValue): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, field] of Object.entries(value)) {
    if (name === 'features') continue;
    if (typeof field === 'boolean') {
      if (field) query.set(name, 'on');
    } else query.set(name, String(field));
  }
  value.features.forEach((feature, index) => {
    query.set(`features[${index}].id`, feature.id);
    query.set(`features[${index}].name`, feature.name);
    query.set(`features[${index}].icon`, feature.icon);
    if (feature.visibility) query.set(`features[${index}].visibility`, 'on');
  });
  return query;
}
