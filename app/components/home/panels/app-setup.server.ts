import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import {
  checkStoredAssets,
  createGetAppList,
  formValuesOf,
  loadAppRecord,
  saveAppRecord,
  storeAppAsset,
  uploadSizeWarning,
  type AppFormValues,
  type AppListEntry,
  type AssetCheck,
} from '@server/app-setup';
import { requireSuperAdmin } from '@server/authz';
import { isValidKey } from '@server/paths';
import { IMAGE_TYPES, incorrectTypeMessage, isAcceptedFile, parseUpload } from '@server/storage';
import { redirectWithToast } from '~/components/toast.server';
import {
  APP_ASSETS,
  APP_SETUP_INTENTS,
  APP_SETUP_MESSAGES,
  AppSetupSchema,
  type AppAssetField,
  uploadErrorToast,
  uploadSuccessToast,
  type AppSetupIntent,
} from '~/schemas/app-setup';
import { getServices } from '~/services.server';
import type { PanelServer } from './types';

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
  /** The chosen app id (from ?appId=), or null. */
  appId: string | null;
  values: AppFormValues;
  /** 'Error loading app configuration' when the record could not be read. */
  loadError: string | null;
  /** The stored deployment assets' sizes against the recommended ones (spec 01 §5). */
  assetChecks: Partial<Record<AppAssetField, AssetCheck>>;
}

export interface AppSetupActionData {
  result: SubmissionResult<string[]>;
  /** An upload refused by type or size ('Incorrect Type'). */
  uploadError?: { title: string; message: string } | null;
}

export const appSetupPath = (appId?: string | null) => (appId ? `/app-setup?${new URLSearchParams({ appId })}` : '/app-setup');

export const appSetupPanel: PanelServer<AppSetupLoaderData> = {
  async loader({ request }: LoaderFunctionArgs) {
    await requireSuperAdmin(request);
    const { db, paths, storage } = await getServices();
    const requested = new URL(request.url).searchParams.get('appId')?.trim() ?? '';
    const appId = requested !== '' && isValidKey(requested) ? requested : null;

    let apps: AppListEntry[] = [];
    let appsError: string | null = null;
    try {
      apps = await createGetAppList(db, paths)();
    } catch (error) {
      console.error('Loading the app ids failed:', error);
      appsError = APP_SETUP_TOASTS.appIdsError;
    }

    let values = formValuesOf(null);
    let loadError: string | null = null;
    if (appId) {
      try {
        values = formValuesOf(await loadAppRecord(db, paths, appId));
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
    return { apps, appsError, appId, values: { ...values, appId: appId ?? '' }, loadError, assetChecks };
  },

  async action({ request }: ActionFunctionArgs) {
    await requireSuperAdmin(request);
    const services = await getServices();
    // Types are checked below, only for the files this intent uses: a file left in another
    // input (the browser keeps it with JavaScript) must not block the one being uploaded.
    const upload = await parseUpload(request, { maxFiles: APP_ASSETS.length });
    const formData = upload.formData;
    const intent = String(formData.get('intent') ?? 'save') as AppSetupIntent;
    if (!(APP_SETUP_INTENTS as readonly string[]).includes(intent)) throw new Response('Bad Request', { status: 400 });

    const submission = parseWithZod(formData, { schema: AppSetupSchema });

    if (!upload.ok) {
      const { error } = upload;
      const fieldErrors = error.field ? { [error.field]: [error.message] } : {};
      return data<AppSetupActionData>(
        {
          result: submission.reply({ fieldErrors, formErrors: error.field ? [] : [error.message] }),
          uploadError: { title: error.title, message: error.message },
        },
        { status: 400 },
      );
    }

    const rawAppId = String(formData.get('appId') ?? '').trim();
    const appId = rawAppId !== '' && isValidKey(rawAppId) ? rawAppId : null;
    const chosenFiles = APP_ASSETS.flatMap((asset) => {
      const file = formData.get(asset.field);
      return file instanceof File && file.size > 0 ? [{ asset, file }] : [];
    });
    const files = intent === 'save' ? chosenFiles : chosenFiles.filter(({ asset }) => intent === `upload-${asset.field}`);
    const wrongType = files.find(({ file }) => !isAcceptedFile(file, IMAGE_TYPES));
    if (wrongType) {
      const message = incorrectTypeMessage(IMAGE_TYPES);
      return data<AppSetupActionData>(
        {
          result: submission.reply({ fieldErrors: { [wrongType.asset.field]: [message] } }),
          uploadError: { title: INCORRECT_TYPE_TITLE, message },
        },
        { status: 400 },
      );
    }

    if (intent !== 'save') {
      const asset = APP_ASSETS.find((candidate) => `upload-${candidate.field}` === intent)!;
      if (!appId)
        return data<AppSetupActionData>({ result: submission.reply({ formErrors: [APP_SETUP_MESSAGES.appIdFirst] }) }, { status: 400 });
      const chosen = files.find((candidate) => candidate.asset.field === asset.field);
      if (!chosen) {
        return data<AppSetupActionData>(
          { result: submission.reply({ fieldErrors: { [asset.field]: [`Choose the ${asset.noun} to upload.`] } }) },
          { status: 400 },
        );
      }
      try {
        await storeAppAsset(services, appId, asset.field, chosen.file);
      } catch (error) {
        console.error(`Uploading the ${asset.noun} of ${appId} failed:`, error);
        return data<AppSetupActionData>({ result: submission.reply({ formErrors: [uploadErrorToast(asset.noun)] }) }, { status: 500 });
      }
      // Recommended sizes are advice (spec 01 §5): a different size is stored, with a warning.
      const warning = await uploadSizeWarning(asset, chosen.file);
      return redirectWithToast(
        request,
        appSetupPath(appId),
        warning
          ? { kind: 'warning', message: `${uploadSuccessToast(asset.label)} ${warning}` }
          : { kind: 'success', message: uploadSuccessToast(asset.label) },
      );
    }

    // Save: validate the record, store any chosen assets, then write the record.
    if (files.length > 0 && !appId) {
      return data<AppSetupActionData>({ result: submission.reply({ formErrors: [APP_SETUP_MESSAGES.appIdFirst] }) }, { status: 400 });
    }
    if (submission.status !== 'success') return data<AppSetupActionData>({ result: submission.reply() }, { status: 400 });
    const values = submission.value;

    for (const { asset, file } of files) {
      try {
        await storeAppAsset(services, values.appId, asset.field, file);
      } catch (error) {
        console.error(`Uploading the ${asset.noun} of ${values.appId} failed:`, error);
        return data<AppSetupActionData>({ result: submission.reply({ formErrors: [uploadErrorToast(asset.noun)] }) }, { status: 500 });
      }
    }
    try {
      await saveAppRecord(services.db, services.paths, values);
    } catch (error) {
      console.error(`Saving the app configuration of ${values.appId} failed:`, error);
      return data<AppSetupActionData>({ result: submission.reply({ formErrors: [APP_SETUP_TOASTS.saveError] }) }, { status: 500 });
    }
    const warnings = (await Promise.all(files.map(({ asset, file }) => uploadSizeWarning(asset, file)))).filter(Boolean);
    const saved = APP_SETUP_TOASTS.saved(values.appId);
    return redirectWithToast(
      request,
      appSetupPath(values.appId),
      warnings.length ? { kind: 'warning', message: [saved, ...warnings].join(' ') } : { kind: 'success', message: saved },
    );
  },
};
