import type { RealtimeDb } from '@server/db/types';
import { storagePaths, type Paths } from '@server/paths';
import { extensionOf, storeUploadedFile, type FileStorage } from '@server/storage';
import {
  ADVANCED_TEXT_FIELDS,
  APP_ASSETS,
  COLOUR_FIELDS,
  FLAG_FIELDS,
  LOCATION_TEXT_FIELDS,
  NUMBER_FIELDS,
  type AppAssetField,
  type AppSetupValues,
} from '~/schemas/app-setup';

/**
 * App data records (spec 01 §3.4, §7.1 "read list, read/set one {product}/app-data[/{appId}]",
 * §7.4 uploads to app-icons/{appId}/…). Pure data functions over the RealtimeDb and
 * FileStorage ports; the panel (app/components/home/panels/app-setup.server.ts) does the
 * permission check, parsing and toasts.
 */

export interface AppChoice {
  id: string;
  /** The app's name, when the record has one. */
  name: string | null;
}

type AppRecord = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The app ids of `{product}/app-data` (the spec's getAppList), sorted by id. */
export async function listApps(db: RealtimeDb, paths: Paths): Promise<AppChoice[]> {
  const all = (await db.ref(paths.appData()).get()).val();
  if (!isObject(all)) return [];
  return Object.entries(all)
    .map(([id, record]) => ({ id, name: isObject(record) && typeof record.appName === 'string' ? record.appName : null }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** One app's record, or null when it has none yet. */
export async function loadAppRecord(db: RealtimeDb, paths: Paths, appId: string): Promise<AppRecord | null> {
  const value = (await db.ref(paths.appData(appId)).get()).val();
  return isObject(value) ? value : null;
}

/** The form's values for a record: every field as the form shows it ('' for unset). */
export type AppFormValues = Record<string, string>;

const TEXT_AT_TOP = ['appName', 'appType', 'cLocationId', ...Object.keys(LOCATION_TEXT_FIELDS), ...Object.keys(ADVANCED_TEXT_FIELDS), ...Object.keys(COLOUR_FIELDS)];
const DEPLOYMENT_TEXT = ['appTitle', 'shortDescription', 'description', 'keywords'] as const;

export function formValuesOf(record: AppRecord | null): AppFormValues {
  const values: AppFormValues = {};
  const stringOf = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '');
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

export async function saveAppRecord(db: RealtimeDb, paths: Paths, values: AppSetupValues): Promise<void> {
  await db.ref(paths.appData(values.appId)).update(recordUpdate(values));
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
