import { storagePaths, type MarketingImageKind } from '@server/paths';
import { qrCodeDataUrl, qrCodePngDataUrl } from '@server/qr';
import type { FileStorage } from '@server/storage';
import { appStoreUrl, badgeSnippet, googlePlayUrl, type PackageNames } from '~/lib/marketing';
import { effectivePackageNames, readPackageNames, type PackageNamesDeps, type StoredPackageNames } from './package-names';

/**
 * What the marketing screen shows (spec 03 "Marketing screen"), from the package names the
 * community has (its own, else the system-wide ones):
 * - the vertical and horizontal badge snippets when both the Android and the iOS package names
 *   are set (the App Store link needs the iOS ID; without it the section says so);
 * - the one-link URL with its QR code, drawn here on the server (server/qr: four modules of
 *   quiet zone, error correction M as no logo is drawn in it), when a one-link URL is set;
 * - the phone-only image when set;
 * - the introducing and ongoing marketing images when set, else when found in storage
 *   (spec 03 §7: social_marketing_introducing.png and social_marketing_downloaded.png under the
 *   community's images, else the shared images/marketing); a missing one is silently left out.
 */

export interface MarketingDeps extends PackageNamesDeps {
  storage: FileStorage;
}

export interface BadgeSection {
  appStoreUrl: string | null;
  googlePlayUrl: string;
  /** Null when the iOS ID is missing (the App Store link needs it). */
  vertical: string | null;
  horizontal: string | null;
}

export interface OneLinkSection {
  url: string;
  /** The QR code as an SVG data URL (the page) and a PNG data URL (the download). */
  qrSvg: string;
  qrPng: string;
  /** An uploaded QR code image (packageNames.qrCode), shown beside it when set. */
  uploadedQr: string | null;
}

export interface MarketingView {
  names: PackageNames;
  badges: BadgeSection | null;
  oneLink: OneLinkSection | null;
  phoneOnlyImage: string | null;
  introducingImage: string | null;
  ongoingImage: string | null;
}

/** The marketing image of a kind found in storage (the community's, else the shared one), or null. Failures are ignored. */
export async function findMarketingImage(storage: FileStorage, community: string, kind: MarketingImageKind): Promise<string | null> {
  for (const path of [storagePaths.marketingImage(kind, community), storagePaths.marketingImage(kind, null)]) {
    try {
      if (await storage.exists(path)) return await storage.url(path);
    } catch {
      // Spec 03 §8: a missing marketing image in storage is silently ignored.
    }
  }
  return null;
}

export function badgeSection(names: PackageNames, origin: string): BadgeSection | null {
  if (!names.android || !names.ios) return null;
  const iosId = names.iosId ?? null;
  return {
    appStoreUrl: iosId === null ? null : appStoreUrl(iosId),
    googlePlayUrl: googlePlayUrl(names.android),
    vertical: iosId === null ? null : badgeSnippet('vertical', { origin, iosId, android: names.android }),
    horizontal: iosId === null ? null : badgeSnippet('horizontal', { origin, iosId, android: names.android }),
  };
}

export async function oneLinkSection(names: PackageNames): Promise<OneLinkSection | null> {
  if (!names.oneLink) return null;
  const [qrSvg, qrPng] = await Promise.all([qrCodeDataUrl(names.oneLink), qrCodePngDataUrl(names.oneLink)]);
  return { url: names.oneLink, qrSvg, qrPng, uploadedQr: names.qrCode ?? null };
}

export async function marketingView(
  deps: MarketingDeps,
  community: string,
  origin: string,
  stored?: StoredPackageNames,
): Promise<MarketingView> {
  const names = effectivePackageNames(stored ?? (await readPackageNames(deps, community)));
  const [oneLink, introducingFound, ongoingFound] = await Promise.all([
    oneLinkSection(names),
    names.introducingMarketingImage ? null : findMarketingImage(deps.storage, community, 'introducing'),
    names.ongoingMarketingImage ? null : findMarketingImage(deps.storage, community, 'downloaded'),
  ]);
  return {
    names,
    badges: badgeSection(names, origin),
    oneLink,
    phoneOnlyImage: names.phoneOnlyImage ?? null,
    introducingImage: names.introducingMarketingImage ?? introducingFound,
    ongoingImage: names.ongoingMarketingImage ?? ongoingFound,
  };
}
