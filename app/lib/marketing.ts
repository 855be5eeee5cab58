/**
 * The marketing screen's rules that both the server and the browser use (spec 03 "Marketing
 * screen", §3 packageNames): the package form's fields, the stores' links and the badge snippets.
 * Isomorphic and pure.
 */

/** The package form's fields (spec 03 §3 packageNames), in the form's order. */
export const PACKAGE_FIELDS = [
  'android',
  'ios',
  'iosId',
  'oneLink',
  'qrCode',
  'phoneOnlyImage',
  'introducingMarketingImage',
  'ongoingMarketingImage',
  'tableId',
  'adjustToken',
  'adjustLinkPrefix',
] as const;
export type PackageField = (typeof PACKAGE_FIELDS)[number];

/** The fields holding an image's address (set with the uploader). */
export const PACKAGE_IMAGE_FIELDS = ['qrCode', 'phoneOnlyImage', 'introducingMarketingImage', 'ongoingMarketingImage'] as const;
export type PackageImageField = (typeof PACKAGE_IMAGE_FIELDS)[number];

export type PackageValue = string | number;
/** A packageNames record as the form knows it: iosId a number, every other field a non-empty string. */
export type PackageNames = Partial<{ iosId: number } & Record<Exclude<PackageField, 'iosId'>, string>>;

export const PACKAGE_LABELS: Record<PackageField, string> = {
  android: 'Android Package Name',
  ios: 'iOS Bundle ID',
  iosId: 'iOS ID',
  oneLink: 'One-Link URL',
  qrCode: 'QR Code Image',
  phoneOnlyImage: 'Phone Only Image',
  introducingMarketingImage: 'Introducing Marketing Image',
  ongoingMarketingImage: 'Ongoing Marketing Image',
  tableId: 'Analytics Table ID',
  adjustToken: 'Tracking Token',
  adjustLinkPrefix: 'Tracking Link Prefix',
};

/** The cropper's shape of each image field (width / height). */
export const PACKAGE_IMAGE_ASPECT: Record<PackageImageField, number> = {
  qrCode: 1,
  phoneOnlyImage: 9 / 19.5,
  introducingMarketingImage: 1,
  ongoingMarketingImage: 1,
};

export const MARKETING_TEXTS = {
  heading: 'Marketing',
  saved: 'Saved!',
  invalidIosId: 'iOS ID must be a number.',
  chooseTitle: 'Update Package Names',
  chooseText:
    'Update this community only, or update the system-wide package names? Update System clears the changed fields in this community so the system-wide values show.',
  updateCommunity: 'Update Community Only',
  updateSystem: 'Update System',
  editPackage: 'Edit Package Names',
  verticalBadges: 'Vertical Badges',
  horizontalBadges: 'Horizontal Badges',
  oneLink: 'One-Link',
  phoneOnly: 'Phone Only Image',
  introducing: 'Introducing Marketing Image',
  ongoing: 'Ongoing Marketing Image',
  nothingYet:
    'Nothing to show yet. Set the Android and iOS package names for the store badges, a one-link URL for its QR code, and the marketing images with Edit Package Names.',
  badgesNeedIosId: 'The App Store badge links to the app by its iOS ID: set the iOS ID to show the badges.',
} as const;

/** Spec 03 §7 store badges: the App Store links to the app by its numeric id. */
export function appStoreUrl(iosId: number): string {
  return `https://apps.apple.com/app/id${iosId}`;
}

/** Google Play links to the app by its package name. */
export function googlePlayUrl(androidPackage: string): string {
  return `https://play.google.com/store/apps/details?id=${encodeURIComponent(androidPackage)}`;
}

/** The badge artwork shipped in public/badges (see public/badges/README.md for the stores' rules). */
export const BADGE_FILES = {
  appStore: '/badges/app-store-badge.svg',
  googlePlay: '/badges/google-play-badge.svg',
} as const;

/**
 * The badges' heights in the snippets. Apple asks for its badge at least 40 px high on screen;
 * Google's badge has built-in clear space, so it is drawn taller for the same visual size.
 */
export const BADGE_HEIGHT = { appStore: 40, googlePlay: 40 } as const;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type BadgeLayout = 'vertical' | 'horizontal';

/**
 * The HTML snippet for a web page: both badges, each a link to its store, stacked (vertical) or
 * side by side (horizontal). The images load from this console's origin.
 */
export function badgeSnippet(layout: BadgeLayout, input: { origin: string; iosId: number; android: string }): string {
  const appStore = escapeAttribute(appStoreUrl(input.iosId));
  const play = escapeAttribute(googlePlayUrl(input.android));
  const origin = input.origin.replace(/\/$/, '');
  const appStoreImage = `<img src="${escapeAttribute(origin + BADGE_FILES.appStore)}" alt="Download on the App Store" height="${BADGE_HEIGHT.appStore}" style="height:${BADGE_HEIGHT.appStore}px;width:auto;display:block">`;
  const playImage = `<img src="${escapeAttribute(origin + BADGE_FILES.googlePlay)}" alt="Get it on Google Play" height="${BADGE_HEIGHT.googlePlay}" style="height:${BADGE_HEIGHT.googlePlay}px;width:auto;display:block">`;
  const wrapper =
    layout === 'vertical'
      ? 'display:inline-flex;flex-direction:column;align-items:flex-start;gap:12px'
      : 'display:inline-flex;flex-direction:row;flex-wrap:wrap;align-items:center;gap:12px';
  return [
    `<div style="${wrapper}">`,
    `  <a href="${appStore}" target="_blank" rel="noopener">${appStoreImage}</a>`,
    `  <a href="${play}" target="_blank" rel="noopener">${playImage}</a>`,
    `</div>`,
  ].join('\n');
}
