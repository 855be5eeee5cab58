import type { DbValue, RealtimeDb } from '@server/db/types';
import { unchanged, versionOf } from '@server/db/version';
import { storagePaths, type Paths } from '@server/paths';
import { extensionOf, storeUploadedFile, type FileStorage } from '@server/storage';
import {
  ADVANCED_TEXT_FIELDS,
  APP_ASSETS,
  COLOUR_FIELDS,
  FLAG_FIELDS,
  LOCATION_TEXT_FIELDS,
  NUMBER_FIELDS,
  assetSizeWarning,
  type AppAssetField,
  type AppSetupValues,
} from '~/schemas/app-setup';
import { IMAGE_HEADER_BYTES, imageSize } from './image-size';

export { imageSize, type ImageSize } from './image-size';

/**
 * App data records (spec 01 §3.4, §7.1 "read list, read/set one {product}/app-data[/{appId}]",
 * §7.4 uploads to app-icons/{appId}/…). Pure data functions over the RealtimeDb and
 * FileStorage ports; the screen's answers are in ./screen.ts, and the route does the permission
 * check.
 */

type AppRecord = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One app of the spec's getAppList (spec 01 §3.8, §7.2): its package name and display name. */
export interface AppListEntry {
  packageName: string;
  displayName: string;
}

/** The getAppList port: the apps the app id picker offers. */
export type GetAppList = () => Promise<AppListEntry[]>;

/**
 * The app list from the `{product}/app-data` records: the app id (the record's key) is the
 * package name, the record's appName the display name (the id when it has none). Sorted by
 * display name, then package name.
 */
export function appListOf(records: unknown): AppListEntry[] {
  if (!isObject(records)) return [];
  return Object.entries(records)
    .map(([packageName, record]) => {
      const name = isObject(record) && typeof record.appName === 'string' ? record.appName.trim() : '';
      return { packageName, displayName: name || packageName };
    })
    .sort((a, b) => a.displayName.localeCompare(b.displayName) || a.packageName.localeCompare(b.packageName));
}

/** getAppList over the database's app data records. */
export function createGetAppList(db: RealtimeDb, paths: Paths): GetAppList {
  return async () => appListOf((await db.ref(paths.appData()).get()).val());
}

/** One app's record, or null when it has none yet. */
export async function loadAppRecord(db: RealtimeDb, paths: Paths, appId: string): Promise<AppRecord | null> {
  const value = (await db.ref(paths.appData(appId)).get()).val();
  return isObject(value) ? value : null;
}

/** The form's values for a record: every field as the form shows it ('' for unset). */
export type AppFormValues = Record<string, string>;

const TEXT_AT_TOP = [
  'appName',
  'appType',
  'cLocationId',
  ...Object.keys(LOCATION_TEXT_FIELDS),
  ...Object.keys(ADVANCED_TEXT_FIELDS),
  ...Object.keys(COLOUR_FIELDS),
];
const DEPLOYMENT_TEXT = ['appTitle', 'shortDescription', 'description', 'keywords'] as const;

export function formValuesOf(record: AppRecord | null): AppFormValues {
  const values: AppFormValues = {};
  const stringOf = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  for (const field of TEXT_AT_TOP) values[field] = stringOf(record?.[field]);
  for (const field of Object.keys(NUMBER_FIELDS)) values[field] = stringOf(record?.[field]);
  for (const field of FLAG_FIELDS) {
    const value = record?.[field];
    values[field] = value === true ? 'true' : value === false ? 'false' : '';
  }
  const assets = isObject(record?.deploymentAssets) ? record.deploymentAssets : {};
  for (const field of DEPLOYMENT_TEXT) values[field] = stringOf(assets[field]);
  for (const asset of APP_ASSETS) values[asset.field] = stringOf(assets[asset.field]);
  return values;
}

/**
 * The multi-path update that writes the form's values into the record: unset fields are
 * removed (null), flags become booleans, numbers stay numbers, the deployment texts go under
 * deploymentAssets. Fields the form does not show (and the uploaded asset URLs) are kept.
 */
export function recordUpdate(values: AppSetupValues): Record<string, string | number | boolean | null> {
  const update: Record<string, string | number | boolean | null> = {};
  const put = (path: string, value: string | number | boolean | undefined) => {
    update[path] = value === undefined || value === '' ? null : value;
  };
  for (const field of TEXT_AT_TOP) put(field, values[field as keyof AppSetupValues] as string | undefined);
  for (const field of Object.keys(NUMBER_FIELDS)) put(field, values[field as keyof AppSetupValues] as number | undefined);
  for (const field of FLAG_FIELDS) {
    const flag = values[field];
    put(field, flag === 'true' ? true : flag === 'false' ? false : undefined);
  }
  for (const field of DEPLOYMENT_TEXT) put(`deploymentAssets/${field}`, values[field]);
  return update;
}

/**
 * The version of an app's record as the form shows it (server/db/version.ts): its fields
 * without the deployment assets' addresses, which the assets' own Upload buttons change while
 * the form stays open.
 */
export function appRecordVersion(record: AppRecord | null): string {
  const values = formValuesOf(record);
  for (const asset of APP_ASSETS) delete values[asset.field];
  return versionOf(values);
}

export type SaveAppResult = { ok: true } | { ok: false; conflict: { version: string; record: AppRecord | null } };

/**
 * Writes the form's values into the app's record in one transaction: when `expectedVersion` is
 * given (the version the form showed) and the record as stored then is another, nothing is
 * written and the answer is the record as it is. Fields the form does not show are kept.
 */
export async function saveAppRecord(
  db: RealtimeDb,
  paths: Paths,
  values: AppSetupValues,
  expectedVersion: string | null = null,
): Promise<SaveAppResult> {
  const update = recordUpdate(values);
  let conflict: { record: AppRecord | null } | null = null;
  await db.ref(paths.appData(values.appId)).transaction((raw) => {
    conflict = null;
    const current = isObject(raw) ? raw : null;
    if (expectedVersion && appRecordVersion(current) !== expectedVersion) {
      conflict = { record: current };
      return unchanged(raw);
    }
    const next: Record<string, unknown> = { ...current };
    const assets: Record<string, unknown> = isObject(next.deploymentAssets) ? { ...next.deploymentAssets } : {};
    for (const [path, value] of Object.entries(update)) {
      const [top, child] = path.split('/') as [string, string | undefined];
      const target = child === undefined ? next : assets;
      const key = child ?? top;
      if (value === null) delete target[key];
      else target[key] = value;
    }
    if (Object.keys(assets).length > 0) next.deploymentAssets = assets;
    else delete next.deploymentAssets;
    return next as DbValue;
  });
  const changed = conflict as { record: AppRecord | null } | null;
  return changed ? { ok: false, conflict: { version: appRecordVersion(changed.record), record: changed.record } } : { ok: true };
}

/**
 * Stores an uploaded deployment asset at app-icons/{appId}/{kind}.{original extension} and
 * saves its URL in deploymentAssets/{field}. Returns the URL.
 */
export async function storeAppAsset(
  deps: { db: RealtimeDb; paths: Paths; storage: FileStorage },
  appId: string,
  field: AppAssetField,
  file: File,
): Promise<string> {
  const asset = APP_ASSETS.find((candidate) => candidate.field === field)!;
  const extension = extensionOf(file.name) || (file.type === 'image/png' ? 'png' : 'jpg');
  const stored = await storeUploadedFile(deps.storage, storagePaths.appIcon(appId, asset.kind, extension), file);
  await deps.db.ref(deps.paths.appData(appId)).update({ [`deploymentAssets/${field}`]: stored.url });
  return stored.url;
}

/** What the screen says about a stored deployment asset's size. */
export interface AssetCheck {
  size: { width: number; height: number } | null;
  warning: string | null;
}

async function readHead(storage: FileStorage, path: string): Promise<Uint8Array | null> {
  const object = await storage.get(path);
  if (!object) return null;
  if (object.size <= IMAGE_HEADER_BYTES) return object.bytes();
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream({ start: 0, end: IMAGE_HEADER_BYTES - 1 })) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The sizes of an app's stored deployment assets (app-icons/{appId}/{kind}.{ext}) against the
 * recommended ones (spec 01 §5). Only files this console stored and the record still points at
 * are read; an asset the record has from elsewhere is not checked.
 */
export async function checkStoredAssets(
  deps: { storage: FileStorage },
  appId: string,
  values: AppFormValues,
): Promise<Partial<Record<AppAssetField, AssetCheck>>> {
  const wanted = APP_ASSETS.filter((asset) => values[asset.field]);
  const first = wanted[0];
  if (!first) return {};
  // The app's folder, app-icons/{appId}/, from the one place that builds its paths.
  const someAsset = storagePaths.appIcon(appId, first.kind, 'png');
  const entries = await deps.storage.list(someAsset.slice(0, someAsset.lastIndexOf('/') + 1));
  const checks: Partial<Record<AppAssetField, AssetCheck>> = {};
  for (const asset of wanted) {
    const candidates = entries
      .filter((entry) => entry.path.slice(entry.path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '') === asset.kind)
      .sort((a, b) => b.updated.getTime() - a.updated.getTime());
    let path: string | null = null;
    for (const candidate of candidates) {
      if ((await deps.storage.url(candidate.path).catch(() => null)) === values[asset.field]) {
        path = candidate.path;
        break;
      }
    }
    if (!path) continue;
    const head = await readHead(deps.storage, path);
    const size = head ? imageSize(head) : null;
    checks[asset.field] = { size: size ? { width: size.width, height: size.height } : null, warning: assetSizeWarning(asset, size) };
  }
  return checks;
}
