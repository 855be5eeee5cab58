import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';
import type { RealtimeDb } from '@server/db/types';
import { isValidKey, type Paths } from '@server/paths';
import { IMAGE_TYPES, incorrectTypeMessage, isAcceptedFile, type FileStorage, type ParsedUpload } from '@server/storage';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { hrefs } from '~/lib/hrefs';
import {
  ADVANCED_FLAGS,
  ADVANCED_TEXT_FIELDS,
  APP_ASSETS,
  APP_SETTINGS_FLAGS,
  APP_SETUP_MESSAGES,
  AppSetupSchema,
  COLOUR_FIELDS,
  LOCATION_TEXT_FIELDS,
  NUMBER_FIELDS,
  appIdMismatchMessage,
  type AppAssetField,
  type AppSetupIntent,
  uploadErrorToast,
  uploadSuccessToast,
} from '~/schemas/app-setup';
import {
  appRecordVersion,
  checkStoredAssets,
  createGetAppList,
  formValuesOf,
  loadAppRecord,
  saveAppRecord,
  storeAppAsset,
  type AppFormValues,
  type AppListEntry,
  type AssetCheck,
} from './index';

/**
 * The app setup screen (spec 01 §2.8, §3.4, §5, §8), for super admins: what it shows, and what
 * each of its buttons does. The app id picker is part of the form: Load App opens the chosen
 * app, and Save and the uploads write to the app the form shows, and only when that is the app
 * the picker shows. The route checks the permission and turns an answer into a response.
 */

export interface AppSetupDeps {
  db: RealtimeDb;
  paths: Paths;
  storage: FileStorage;
}

/** Spec 01 §8 toasts of the app setup screen. */
export const APP_SETUP_TOASTS = {
  appIdsError: 'Error loading available app IDs',
  loadError: 'Error loading app configuration',
  saveError: 'Error saving app configuration',
  saved: (id: string) => `App configuration for ${id} updated successfully!`,
} as const;

/** The title of server/storage's type error. */
export const INCORRECT_TYPE_TITLE = 'Incorrect Type';

export interface AppSetupLoaderData {
  /** The spec's getAppList: each app's packageName (its app id) and displayName. */
  apps: AppListEntry[];
  /** 'Error loading available app IDs' when the list could not be read. */
  appsError: string | null;
  /** The app the form shows (from ?appId=), or null. */
  appId: string | null;
  values: AppFormValues;
  /** 'Error loading app configuration' when the record could not be read. */
  loadError: string | null;
  /** The stored deployment assets' sizes against the recommended ones (spec 01 §5). */
  assetChecks: Partial<Record<AppAssetField, AssetCheck>>;
  /** The version of the app's record as shown (app/lib/conflict.ts); null without an app. */
  version: string | null;
}

export interface AppSetupActionData {
  result: SubmissionResult<string[]>;
  /** An upload refused by type or size ('Incorrect Type'). */
  uploadError?: { title: string; message: string } | null;
  /** An asset stored by its Upload button (the rest of the form stays as typed, unsaved). */
  uploaded?: { id: string; field: AppAssetField; message: string } | null;
  /** The version the form holds: the one it was posted with, or the stored one after a conflict. */
  version?: string | null;
  /** Someone else saved the app's configuration meanwhile: their values, and the version Save now replaces. */
  conflict?: Conflict | null;
}

/** The button a post is for. */
export type AppSetupIntentValue = z.infer<typeof AppSetupIntent>;

/** What a post comes to: the form again (with a status), another app to open, or a save. */
export type AppSetupAnswer =
  | { kind: 'form'; status: number; body: AppSetupActionData }
  | { kind: 'open'; appId: string }
  | { kind: 'saved'; appId: string; message: string };

/** The labels of the fields a conflict lists (the form's own labels). */
const CONFLICT_LABELS: Record<string, string> = {
  appName: 'App Name',
  appTitle: 'App Title',
  shortDescription: 'Short Description',
  description: 'Full Description',
  keywords: 'Keywords',
  appType: 'App Type',
  cLocationId: 'Location ID (cLocationId)',
  ...APP_SETTINGS_FLAGS,
  ...LOCATION_TEXT_FIELDS,
  ...ADVANCED_FLAGS,
  ...NUMBER_FIELDS,
  ...ADVANCED_TEXT_FIELDS,
  ...COLOUR_FIELDS,
};

export const appSetupPath = (appId?: string | null) => hrefs.homeAction('app-setup', appId ? new URLSearchParams({ appId }) : undefined);

/** An app id from the address or the form, or null when there is none (or it is not a database key). */
export function appIdOf(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return text !== '' && isValidKey(text) ? text : null;
}

/** The screen for the app `appId` names (?appId=), or for none. */
export async function loadAppSetupScreen({ db, paths, storage }: AppSetupDeps, appId: string | null): Promise<AppSetupLoaderData> {
  let apps: AppListEntry[] = [];
  let appsError: string | null = null;
  try {
    apps = await createGetAppList(db, paths)();
  } catch (error) {
    console.error('Loading the app ids failed:', error);
    appsError = APP_SETUP_TOASTS.appIdsError;
  }

  let values = formValuesOf(null);
  let version: string | null = null;
  let loadError: string | null = null;
  if (appId) {
    try {
      const record = await loadAppRecord(db, paths, appId);
      values = formValuesOf(record);
      version = appRecordVersion(record);
    } catch (error) {
      console.error(`Loading the app configuration of ${appId} failed:`, error);
      loadError = APP_SETUP_TOASTS.loadError;
    }
  }
  let assetChecks: AppSetupLoaderData['assetChecks'] = {};
  if (appId && !loadError) {
    try {
      assetChecks = await checkStoredAssets({ storage }, appId, values);
    } catch (error) {
      // Only a warning is lost: the screen still shows the assets.
      console.error(`Checking the deployment asset sizes of ${appId} failed:`, error);
    }
  }
  return { apps, appsError, appId, values: { ...values, appId: appId ?? '' }, loadError, assetChecks, version };
}

/**
 * A post of the form: `upload` is the parsed body, `loaded` the app the form shows (the
 * address it posts to).
 */
export async function answerAppSetup(
  deps: AppSetupDeps,
  intent: AppSetupIntentValue,
  upload: ParsedUpload,
  loaded: string | null,
): Promise<AppSetupAnswer> {
  const formData = upload.formData;
  const submission = parseWithZod(formData, { schema: AppSetupSchema });
  // Every answer that shows the form again keeps the version it was posted with.
  const version = postedVersion(formData);
  const answer = (body: AppSetupActionData, status = 200): AppSetupAnswer => ({ kind: 'form', status, body: { version, ...body } });
  /** The form as typed with only the step's own errors: a step (Load App, an upload) is not a save. */
  const asTyped = (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}): SubmissionResult<string[]> => {
    const error: Record<string, string[]> = { ...errors.fieldErrors };
    if (errors.formErrors?.length) error[''] = errors.formErrors;
    return { ...submission.reply(), error };
  };

  if (!upload.ok) {
    const { error } = upload;
    const fieldErrors = error.field ? { [error.field]: [error.message] } : {};
    return answer(
      {
        result: asTyped({ fieldErrors, formErrors: error.field ? [] : [error.message] }),
        uploadError: { title: error.title, message: error.message },
      },
      400,
    );
  }

  // The app the picker shows.
  const chosen = appIdOf(formData.get('appId'));

  if (intent.intent === 'load') {
    if (!chosen) return answer({ result: asTyped({ fieldErrors: { appId: [APP_SETUP_MESSAGES.appIdRequired] } }) }, 400);
    return { kind: 'open', appId: chosen };
  }

  // Another app is chosen than the one whose fields the form shows: writing these fields to it
  // would overwrite its configuration with another app's, so the person loads it first.
  if (chosen && chosen !== loaded) {
    return answer({ result: asTyped({ fieldErrors: { appId: [appIdMismatchMessage(chosen, loaded)] } }) }, 400);
  }

  const chosenFiles = APP_ASSETS.flatMap((asset) => {
    const file = formData.get(asset.field);
    return file instanceof File && file.size > 0 ? [{ asset, file }] : [];
  });
  const files = intent.intent === 'save' ? chosenFiles : chosenFiles.filter(({ asset }) => asset.field === intent.argument);
  const wrongType = files.find(({ file }) => !isAcceptedFile(file, IMAGE_TYPES));
  if (wrongType) {
    const message = incorrectTypeMessage(IMAGE_TYPES);
    return answer(
      {
        result: asTyped({ fieldErrors: { [wrongType.asset.field]: [message] } }),
        uploadError: { title: INCORRECT_TYPE_TITLE, message },
      },
      400,
    );
  }

  if (intent.intent === 'upload') {
    // One asset is stored; nothing else is saved, and the form comes back as typed.
    const asset = APP_ASSETS.find((candidate) => candidate.field === intent.argument) ?? APP_ASSETS[0];
    if (!chosen) return answer({ result: asTyped({ formErrors: [APP_SETUP_MESSAGES.appIdFirst] }) }, 400);
    const file = files.find((candidate) => candidate.asset.field === asset.field)?.file;
    if (!file) return answer({ result: asTyped({ fieldErrors: { [asset.field]: [`Choose the ${asset.noun} to upload.`] } }) }, 400);
    try {
      await storeAppAsset(deps, chosen, asset.field, file);
    } catch (error) {
      console.error(`Uploading the ${asset.noun} of ${chosen} failed:`, error);
      return answer({ result: asTyped({ formErrors: [uploadErrorToast(asset.noun)] }) }, 500);
    }
    // A size other than the recommended one is said beside the asset (the loader's check).
    return answer({
      result: asTyped(),
      uploaded: { id: crypto.randomUUID(), field: asset.field, message: uploadSuccessToast(asset.label) },
    });
  }

  // Save: validate the record, store any chosen assets, then write the record.
  if (files.length > 0 && !chosen) return answer({ result: asTyped({ formErrors: [APP_SETUP_MESSAGES.appIdFirst] }) }, 400);
  if (submission.status !== 'success') return answer({ result: submission.reply() }, 400);
  const values = submission.value;
  for (const { asset, file } of files) {
    try {
      await storeAppAsset(deps, values.appId, asset.field, file);
    } catch (error) {
      console.error(`Uploading the ${asset.noun} of ${values.appId} failed:`, error);
      return answer({ result: submission.reply({ formErrors: [uploadErrorToast(asset.noun)] }) }, 500);
    }
  }
  let saved;
  try {
    saved = await saveAppRecord(deps.db, deps.paths, values, loaded === values.appId ? version : null);
  } catch (error) {
    console.error(`Saving the app configuration of ${values.appId} failed:`, error);
    return answer({ result: submission.reply({ formErrors: [APP_SETUP_TOASTS.saveError] }) }, 500);
  }
  if (!saved.ok) {
    // Nothing written: the form as typed, their values beside it, and the version Save now replaces.
    const conflict: Conflict = {
      message: conflictMessage(`The configuration of ${values.appId}`),
      version: saved.conflict.version,
      theirs: conflictRows(CONFLICT_LABELS, formValuesOf(saved.conflict.record), values),
    };
    return answer({ result: submission.reply(), version: conflict.version, conflict }, 409);
  }
  return { kind: 'saved', appId: values.appId, message: APP_SETUP_TOASTS.saved(values.appId) };
}
