import { getMenuIcon, resolveGlyph } from '~/lib/icons';
import { DEFAULT_DESIGN_FONT, isDesignFontFamily, type DesignFontFamily } from './fonts';
import type { Design, DesignElement } from './types';

/**
 * The marketing asset (spec 03 "Marketing asset editor", §3 "Marketing asset settings", §9
 * "Marketing asset canvas"): the settings stored at location-data/{community}/
 * marketing-asset-editor and the design they make (./types.ts), drawn by ./draw.ts in the
 * editor's preview and by the server for the PNG. Isomorphic and pure.
 */

/** Spec 03 §9. */
export const MARKETING_ASSET = {
  size: 900,
  border: { size: 780, width: 4 },
  logo: 100,
  phoneHeight: 580,
  qr: 80,
  featureIcon: 32,
  featureText: 150,
  features: 3,
  /** The download is rendered at 3× (2700×2700). */
  downloadScale: 3,
} as const;

export const MARKETING_ASSET_TEXTS = {
  defaultTitle: 'INTRODUCING OUR MOBILE APP',
  defaultSubtitle: 'EVERYTHING YOU NEED IN THE PALM OF YOUR HAND',
  andMore: 'AND MORE!',
  backgroundRequired: 'Please select background image first before saving',
  saved: 'Saved!',
} as const;

export const DEFAULT_OVERLAY_COLOR = '#00000066';
export const DEFAULT_FONT_COLOR = '#FFFFFFFF';
export const DEFAULT_BORDER_COLOR = '#FFFFFFFF';
/** Under everything, where no background image is chosen yet (spec 03 §9 default primary). */
export const EMPTY_BACKGROUND = '#183449';

export interface MarketingAssetIconData {
  iconSet: string;
  /** The library icon's name. */
  title: string;
  svg: string;
  colours?: Record<string, string>;
}

export interface MarketingAssetFeature {
  id: string;
  visibility: boolean;
  name: string;
  iconData: MarketingAssetIconData;
}

export interface MarketingAssetSettings {
  fontColor: string;
  borderColor: string;
  backgroundOverlayColor: string;
  qrCodeVisibility: boolean;
  andMoreVisibility: boolean;
  title: string;
  subtitle: string;
  phoneUrl: string;
  logoUrl: string;
  bgUrl: string;
  /** The type family of the texts (one of the designers' eight; Arial when not set). */
  fontFamily: DesignFontFamily;
  features: MarketingAssetFeature[];
}

export const MAX_TITLE_LENGTH = 120;
export const MAX_FEATURE_NAME_LENGTH = 60;
export const MAX_IMAGE_URL_LENGTH = 2000;

/** An icon of the library as the feature's iconData (the plain set, tinted with the font colour). */
export function libraryIconData(name: string): MarketingAssetIconData {
  const icon = getMenuIcon(name) ?? getMenuIcon('star');
  return { iconSet: 'svg_plain', title: icon?.name ?? 'star', svg: icon?.svg ?? '' };
}

/** Spec 03 §9: Notifications, Business listings, Calendar. */
export const DEFAULT_FEATURES: readonly MarketingAssetFeature[] = [
  { id: 'feature-1', visibility: true, name: 'Notifications', iconData: libraryIconData('bell') },
  { id: 'feature-2', visibility: true, name: 'Business listings', iconData: libraryIconData('store') },
  { id: 'feature-3', visibility: true, name: 'Calendar', iconData: libraryIconData('calendar') },
];

export const DEFAULT_MARKETING_ASSET: MarketingAssetSettings = {
  fontColor: DEFAULT_FONT_COLOR,
  borderColor: DEFAULT_BORDER_COLOR,
  backgroundOverlayColor: DEFAULT_OVERLAY_COLOR,
  qrCodeVisibility: true,
  andMoreVisibility: true,
  title: MARKETING_ASSET_TEXTS.defaultTitle,
  subtitle: MARKETING_ASSET_TEXTS.defaultSubtitle,
  phoneUrl: '',
  logoUrl: '',
  bgUrl: '',
  fontFamily: DEFAULT_DESIGN_FONT,
  features: DEFAULT_FEATURES.map((feature) => ({ ...feature, iconData: { ...feature.iconData } })),
};

const HEX8 = /^#[0-9a-f]{8}$/i;
const HEX6 = /^#[0-9a-f]{6}$/i;

/** '#RRGGBBAA' for an 8-digit colour, or a 6-digit one made opaque; null otherwise. */
export function normalizeHex8(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (HEX8.test(trimmed)) return trimmed.toUpperCase();
  if (HEX6.test(trimmed)) return `${trimmed.toUpperCase()}FF`;
  return null;
}

/** The opaque part of an 8-digit colour ('#RRGGBB'), for an icon glyph. */
export const opaqueOf = (hex8: string): string => hex8.slice(0, 7);

const text = (value: unknown, fallback: string, max: number) => (typeof value === 'string' ? value.slice(0, max) : fallback);
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const url = (value: unknown) => (typeof value === 'string' && value.length <= MAX_IMAGE_URL_LENGTH ? value : '');
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function featureOf(raw: unknown, fallback: MarketingAssetFeature): MarketingAssetFeature {
  if (!isObject(raw)) return { ...fallback, iconData: { ...fallback.iconData } };
  const icon = isObject(raw.iconData) ? raw.iconData : {};
  const iconName = typeof icon.title === 'string' && getMenuIcon(icon.title) ? icon.title : fallback.iconData.title;
  return {
    id: typeof raw.id === 'string' && raw.id !== '' ? raw.id.slice(0, 40) : fallback.id,
    visibility: flag(raw.visibility, fallback.visibility),
    name: text(raw.name, fallback.name, MAX_FEATURE_NAME_LENGTH),
    iconData: libraryIconData(iconName),
  };
}

/** The stored settings (anything read from the database) with the spec's defaults for what is missing. */
export function marketingAssetSettings(raw: unknown): MarketingAssetSettings {
  const d = DEFAULT_MARKETING_ASSET;
  if (!isObject(raw)) return marketingAssetSettings({});
  const features = Array.isArray(raw.features) ? raw.features : [];
  return {
    fontColor: normalizeHex8(raw.fontColor) ?? d.fontColor,
    borderColor: normalizeHex8(raw.borderColor) ?? d.borderColor,
    backgroundOverlayColor: normalizeHex8(raw.backgroundOverlayColor) ?? d.backgroundOverlayColor,
    qrCodeVisibility: flag(raw.qrCodeVisibility, d.qrCodeVisibility),
    andMoreVisibility: flag(raw.andMoreVisibility, d.andMoreVisibility),
    title: text(raw.title, d.title, MAX_TITLE_LENGTH),
    subtitle: text(raw.subtitle, d.subtitle, MAX_TITLE_LENGTH),
    phoneUrl: url(raw.phoneUrl),
    logoUrl: url(raw.logoUrl),
    bgUrl: url(raw.bgUrl),
    fontFamily: isDesignFontFamily(raw.fontFamily) ? raw.fontFamily : d.fontFamily,
    features: DEFAULT_FEATURES.map((fallback, index) => featureOf(features[index], fallback)),
  };
}

/** A feature's glyph as an svg data address, in the given colour, drawn at `size`. */
export function featureIconSrc(
  iconData: MarketingAssetIconData,
  color: string,
  size: number = MARKETING_ASSET.featureIcon * MARKETING_ASSET.downloadScale,
): string {
  const glyph = resolveGlyph(iconData.svg || iconData.title).replace(/currentColor/g, opaqueOf(color));
  const open = /^<svg\b[^>]*>/.exec(glyph)?.[0] ?? '<svg>';
  const root = open.replace(/\s(width|height)="[^"]*"/g, '').replace(/^<svg\b/, `<svg width="${size}" height="${size}"`);
  const sized = root + glyph.slice(open.length);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sized)}`;
}

/** Where everything sits on the 900×900 canvas (spec 03 §9). */
export const LAYOUT = (() => {
  const { size, border } = MARKETING_ASSET;
  const borderOffset = (size - border.size) / 2;
  const left = borderOffset + 40;
  const rowHeight = 60;
  const featuresTop = 480;
  return {
    border: { x: borderOffset, y: borderOffset, width: border.size, height: border.size },
    logo: { x: left, y: borderOffset + 40, width: MARKETING_ASSET.logo, height: MARKETING_ASSET.logo },
    title: { x: left, y: 220, maxWidth: 360, size: 40, lineHeight: 1.15, maxLines: 3 },
    subtitle: { x: left, y: 372, maxWidth: 360, size: 20, lineHeight: 1.3, maxLines: 3 },
    feature: (index: number) => {
      const top = featuresTop + index * rowHeight;
      const textSize = 18;
      const lineHeight = 1.2;
      return {
        icon: { x: left, y: top, width: MARKETING_ASSET.featureIcon, height: MARKETING_ASSET.featureIcon },
        text: {
          x: left + MARKETING_ASSET.featureIcon + 12,
          y: top + (MARKETING_ASSET.featureIcon - textSize * lineHeight) / 2,
          maxWidth: MARKETING_ASSET.featureText,
          size: textSize,
          lineHeight,
          maxLines: 2,
        },
      };
    },
    andMore: { x: left, y: featuresTop + MARKETING_ASSET.features * rowHeight, maxWidth: 300, size: 18, lineHeight: 1.2, maxLines: 1 },
    qr: { x: left, y: size - borderOffset - 40 - MARKETING_ASSET.qr, width: MARKETING_ASSET.qr, height: MARKETING_ASSET.qr },
    phone: { x: 480, y: (size - MARKETING_ASSET.phoneHeight) / 2 + 20, width: 320, height: MARKETING_ASSET.phoneHeight },
  };
})();

export interface MarketingAssetSources {
  /** The QR code's image (a data address) of the community's one-link, or null when it has none. */
  qr: string | null;
}

/** The design the settings make: what the preview and the server's PNG draw. */
export function marketingAssetDesign(settings: MarketingAssetSettings, sources: MarketingAssetSources): Design {
  const { size } = MARKETING_ASSET;
  const font = settings.fontFamily;
  const color = settings.fontColor;
  const elements: DesignElement[] = [];
  if (settings.bgUrl) elements.push({ type: 'image', src: settings.bgUrl, x: 0, y: 0, width: size, height: size, fit: 'cover' });
  elements.push({ type: 'rect', x: 0, y: 0, width: size, height: size, fill: settings.backgroundOverlayColor });
  elements.push({ type: 'rect', ...LAYOUT.border, stroke: settings.borderColor, lineWidth: MARKETING_ASSET.border.width });
  if (settings.logoUrl)
    elements.push({ type: 'image', src: settings.logoUrl, ...LAYOUT.logo, fit: 'contain', align: 'left', valign: 'top' });
  elements.push({ type: 'text', text: settings.title, ...LAYOUT.title, font, weight: 'bold', color, align: 'left' });
  elements.push({ type: 'text', text: settings.subtitle, ...LAYOUT.subtitle, font, weight: 'normal', color, align: 'left' });
  settings.features.slice(0, MARKETING_ASSET.features).forEach((feature, index) => {
    if (!feature.visibility) return;
    const place = LAYOUT.feature(index);
    elements.push({ type: 'image', src: featureIconSrc(feature.iconData, color), ...place.icon, fit: 'contain' });
    elements.push({ type: 'text', text: feature.name, ...place.text, font, weight: 'bold', color, align: 'left' });
  });
  if (settings.andMoreVisibility)
    elements.push({ type: 'text', text: MARKETING_ASSET_TEXTS.andMore, ...LAYOUT.andMore, font, weight: 'bold', color, align: 'left' });
  if (settings.qrCodeVisibility && sources.qr) elements.push({ type: 'image', src: sources.qr, ...LAYOUT.qr, fit: 'contain' });
  if (settings.phoneUrl)
    elements.push({ type: 'image', src: settings.phoneUrl, ...LAYOUT.phone, fit: 'contain', align: 'center', valign: 'bottom' });
  return { width: size, height: size, background: EMPTY_BACKGROUND, elements };
}
