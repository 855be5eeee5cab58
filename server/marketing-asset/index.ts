import QRCode from 'qrcode';
import { qrTarget, readCommunity } from '@server/community/setup';
import type { DbValue, RealtimeDb } from '@server/db/types';
import { unchanged, versionOf } from '@server/db/version';
import { checkImageHeader, ImageTooLargeError, IMAGE_TOO_LARGE_MESSAGE } from '@server/images/dimensions';
import { bucketUploadPath, UPLOAD_BUCKETS } from '@server/images/uploads';
import { storagePaths, type MarketingAssetFileKind, type Paths } from '@server/paths';
import { QR_ERROR_CORRECTION, QR_QUIET_ZONE_MODULES } from '@server/qr';
import { renderDesignPng } from '@server/render';
import type { FileStorage } from '@server/storage';
import { MARKETING_ASSET, marketingAssetDesign, marketingAssetSettings, type MarketingAssetSettings } from '~/lib/design/marketing-asset';

/**
 * The marketing asset editor's use cases (spec 03 "Marketing asset editor", §3, §5, §7, §9):
 * the settings at location-data/{community}/marketing-asset-editor, the three images at
 * {community}/images/marketing_asset_editor/{bg|logo|phone}.{ext} (a file posted with the form,
 * without JavaScript) or at {community}/images/marketing_asset_editor/{timestamp}/{file} (the
 * shared uploader's bucket, with JavaScript; decision 047), the QR code of the
 * community's one-link, and the design drawn as PNG by the server's renderer (server/render).
 */

interface Deps {
  db: RealtimeDb;
  paths: Paths;
  storage: FileStorage;
}

export const MARKETING_ASSET_KINDS: readonly MarketingAssetFileKind[] = ['bg', 'logo', 'phone'];
/** Spec 03 §5: marketing asset uploads are .jpg or .png (the uploader's bucket accepts the same). */
export const MARKETING_ASSET_ACCEPT = UPLOAD_BUCKETS.marketing_asset_editor.accept;
/** The shared uploader's bucket of the editor's images: {community}/images/marketing_asset_editor/{timestamp}/. */
export const MARKETING_ASSET_BUCKET = 'marketing_asset_editor' as const;
/** The images are drawn at most 2700 px wide: a larger file is refused before it is stored. */
export const MAX_MARKETING_IMAGE_BYTES = 20_000_000;
export const MARKETING_IMAGE_UNREADABLE = 'This file is not a readable PNG or JPEG image.';
export const MARKETING_IMAGE_UNKNOWN = 'This image is not one of the community’s marketing images: choose the file again.';
export const MARKETING_IMAGE_TOO_LARGE_BYTES = 'The image is larger than 20 MB.';

const URL_FIELD = { bg: 'bgUrl', logo: 'logoUrl', phone: 'phoneUrl' } as const satisfies Record<
  MarketingAssetFileKind,
  keyof MarketingAssetSettings
>;
export const urlFieldOf = (kind: MarketingAssetFileKind) => URL_FIELD[kind];

export interface StoredMarketingAsset {
  settings: MarketingAssetSettings;
  /** The version of what is stored (docs/decisions/008); null when nothing is. */
  version: string | null;
}

export const marketingAssetVersion = (settings: MarketingAssetSettings): string => versionOf(settings);

export async function readMarketingAsset({ db, paths }: Deps, community: string): Promise<StoredMarketingAsset> {
  const raw: unknown = (await db.ref(paths.marketingAssetEditor(community)).get()).val();
  const settings = marketingAssetSettings(raw);
  return { settings, version: raw === null || raw === undefined ? null : marketingAssetVersion(settings) };
}

export type SaveMarketingAssetResult =
  | { ok: true }
  | { ok: false; reason: 'no-background' }
  | { ok: false; reason: 'conflict'; theirs: MarketingAssetSettings; version: string };

/**
 * Saves the settings (spec 03 §5: only with a background image). With `expectedVersion` (the
 * version the form showed), settings someone else changed meanwhile are not written and come back.
 */
export async function saveMarketingAsset(
  { db, paths }: Deps,
  community: string,
  settings: MarketingAssetSettings,
  expectedVersion: string | null,
): Promise<SaveMarketingAssetResult> {
  if (!settings.bgUrl) return { ok: false, reason: 'no-background' };
  let result: SaveMarketingAssetResult = { ok: true };
  await db.ref(paths.marketingAssetEditor(community)).transaction((current: unknown) => {
    const stored = current === null || current === undefined ? null : marketingAssetSettings(current);
    if (stored && expectedVersion && marketingAssetVersion(stored) !== expectedVersion) {
      result = { ok: false, reason: 'conflict', theirs: stored, version: marketingAssetVersion(stored) };
      return unchanged(current);
    }
    result = { ok: true };
    return settings as unknown as DbValue;
  });
  return result;
}

export type StoreImageResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * Stores a chosen image at {community}/images/marketing_asset_editor/{kind}.{jpg|png}
 * (replacing the one before, and its twin of the other extension); its address carries the
 * time so the browser shows the new one.
 */
export async function storeMarketingImage(
  storage: FileStorage,
  community: string,
  kind: MarketingAssetFileKind,
  file: File,
): Promise<StoreImageResult> {
  if (file.size > MAX_MARKETING_IMAGE_BYTES) return { ok: false, message: MARKETING_IMAGE_TOO_LARGE_BYTES };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let format: string;
  try {
    format = checkImageHeader(bytes).format;
  } catch (error) {
    return { ok: false, message: error instanceof ImageTooLargeError ? IMAGE_TOO_LARGE_MESSAGE : MARKETING_IMAGE_UNREADABLE };
  }
  if (format !== 'png' && format !== 'jpeg') return { ok: false, message: MARKETING_IMAGE_UNREADABLE };
  const extension = format === 'png' ? 'png' : 'jpg';
  const other = storagePaths.marketingAssetEditorFile(community, kind, extension === 'png' ? 'jpg' : 'png');
  const stored = await storage.put(storagePaths.marketingAssetEditorFile(community, kind, extension), bytes, {
    contentType: format === 'png' ? 'image/png' : 'image/jpeg',
    cacheControl: 'no-cache',
  });
  await storage.delete(other).catch(() => false);
  return { ok: true, url: `${stored.url}${stored.url.includes('?') ? '&' : '?'}v=${Date.now()}` };
}

const withoutQuery = (url: string) => url.split(/[?#]/)[0] ?? url;

/**
 * The storage path behind each address the asset may draw: the community's three images posted
 * with the form ({kind}.{ext}), and, among `candidates` (the addresses about to be saved or
 * drawn), the files the shared uploader stored in the community's marketing_asset_editor bucket
 * ({timestamp}/{file}) that exist. Anything else, another community's files included, resolves
 * to null: the server's renderer (server/render/images.ts) reads no other address, and the
 * editor's action refuses it.
 */
export async function marketingImageResolver(
  storage: FileStorage,
  community: string,
  candidates: Iterable<unknown> = [],
): Promise<(src: string) => string | null> {
  const known = new Map<string, string>();
  for (const kind of MARKETING_ASSET_KINDS) {
    for (const extension of ['png', 'jpg']) {
      const path = storagePaths.marketingAssetEditorFile(community, kind, extension);
      if (await storage.exists(path)) known.set(withoutQuery(await storage.url(path)), path);
    }
  }
  const uploaded = new Map<string, string>();
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || uploaded.has(candidate)) continue;
    const path = bucketUploadPath(community, MARKETING_ASSET_BUCKET, candidate);
    if (path && (await storage.exists(path))) uploaded.set(candidate, path);
  }
  return (src) => known.get(withoutQuery(src)) ?? uploaded.get(src) ?? null;
}

/** The QR code the asset shows: the community's one-link (else its website) as PNG, or null. */
export async function marketingQrSource(deps: Deps, community: string): Promise<string | null> {
  const record = await readCommunity(deps, community);
  const target = record ? qrTarget(record) : null;
  if (!target) return null;
  return QRCode.toDataURL(target, {
    margin: QR_QUIET_ZONE_MODULES,
    errorCorrectionLevel: QR_ERROR_CORRECTION,
    width: MARKETING_ASSET.qr * MARKETING_ASSET.downloadScale,
  });
}

/** The settings drawn as PNG at `scale` (1: 900×900; 3: the 2700×2700 download), in the worker pool. */
export async function renderMarketingAsset(deps: Deps, community: string, settings: MarketingAssetSettings, scale: number) {
  const [qr, resolve] = await Promise.all([
    marketingQrSource(deps, community),
    marketingImageResolver(deps.storage, community, [settings.bgUrl, settings.logoUrl, settings.phoneUrl]),
  ]);
  return renderDesignPng(marketingAssetDesign(settings, { qr }), { storage: deps.storage, resolve, scale });
}
