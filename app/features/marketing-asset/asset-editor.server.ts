import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { requireSystemAdmin } from '@server/authz';
import {
  MARKETING_ASSET_ACCEPT,
  MARKETING_ASSET_BUCKET,
  MARKETING_ASSET_KINDS,
  MARKETING_IMAGE_UNKNOWN,
  marketingImageResolver,
  marketingQrSource,
  readMarketingAsset,
  renderMarketingAsset,
  saveMarketingAsset,
  MARKETING_IMAGE_TOO_LARGE_BYTES,
  MAX_MARKETING_IMAGE_BYTES,
  storeMarketingImage,
  urlFieldOf,
} from '@server/marketing-asset';
import { PoolBusyError, PoolLimitError } from '@server/pool';
import { parseUpload } from '@server/storage';
import { uploadUrl } from '~/components/widgets/uploader-shared';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { MARKETING_ASSET, MARKETING_ASSET_TEXTS, marketingAssetSettings, type MarketingAssetSettings } from '~/lib/design';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import {
  MARKETING_CROP_FIELDS,
  MARKETING_FILE_FIELDS,
  MarketingAssetIntent,
  MarketingAssetSchema,
  formFromSettings,
  settingsFromForm,
  type MarketingAssetFormValue,
} from '~/schemas/marketing-asset';
import { getServices } from '~/services.server';

/**
 * The marketing asset editor (spec 03 "Marketing asset editor"; system admins, spec 03 §6):
 * the loader and action of /marketing/asset-editor and the loader of its PNG
 * (/marketing/asset-editor/image.png), for the session's community.
 */

export const EDITOR_PATH = hrefs.marketingAssetEditor();

export interface AssetEditorData {
  form: MarketingAssetFormValue;
  version: string | null;
  /** The QR code's image (the community's one-link), or null when it has none. */
  qr: string | null;
  accept: readonly string[];
  /** The shared uploader (JavaScript): its route with the editor's bucket, and the file size it refuses above. */
  upload: { url: string; maxBytes: number; tooLargeMessage: string };
}

export interface AssetEditorActionData {
  result: SubmissionResult<string[]>;
  /** The form as it now stands (uploads stored, removals made): the preview draws it. */
  form?: MarketingAssetFormValue;
  /** A danger toast (spec 03 §5: 'Please select background image first before saving'), with an id of its own. */
  toast?: { id: string; message: string } | null;
  version?: string | null;
  conflict?: Conflict | null;
}

export async function loadAssetEditor(request: Request): Promise<AssetEditorData> {
  const { community } = await requireSystemAdmin(request);
  const services = await getServices();
  const [stored, qr] = await Promise.all([readMarketingAsset(services, community), marketingQrSource(services, community)]);
  return {
    form: formFromSettings(stored.settings),
    version: stored.version,
    qr,
    accept: MARKETING_ASSET_ACCEPT,
    upload: {
      url: uploadUrl(MARKETING_ASSET_BUCKET),
      maxBytes: MAX_MARKETING_IMAGE_BYTES,
      tooLargeMessage: MARKETING_IMAGE_TOO_LARGE_BYTES,
    },
  };
}

const answer = (body: AssetEditorActionData, status = 200) => data<AssetEditorActionData>(body, { status });

const SETTING_LABELS: Partial<Record<keyof MarketingAssetSettings, string>> = {
  title: 'Title',
  subtitle: 'Subtitle',
  fontFamily: 'Font',
  fontColor: 'Font Colour',
  borderColor: 'Border Colour',
  backgroundOverlayColor: 'Background Overlay Colour',
  qrCodeVisibility: 'Show QR Code',
  andMoreVisibility: 'Show And More',
  bgUrl: 'Background Image',
  logoUrl: 'Logo',
  phoneUrl: 'Phone Image',
};

const featureSummary = (settings: MarketingAssetSettings) =>
  settings.features.map((feature) => `${feature.name}${feature.visibility ? '' : ' (hidden)'}`).join(', ');

export async function assetEditorAction(request: Request) {
  const { community } = await requireSystemAdmin(request);
  const services = await getServices();
  const upload = await parseUpload(request, { accept: MARKETING_ASSET_ACCEPT, maxFiles: 3, schemas: MarketingAssetSchema });
  const formData = upload.formData;
  const { intent } = parseIntent(formData, MarketingAssetIntent);
  const fileErrors: Record<string, string[]> = {};
  if (!upload.ok) fileErrors[upload.error.field ?? 'bgUrl'] = [upload.error.message];

  // With JavaScript the uploader has already stored the image (its address is in the URL field);
  // without, a chosen image comes with the form and is stored at once at its place (spec 03 §7).
  // Its crop field is the uploader's and stays empty without JavaScript. A Remove empties its address.
  for (const kind of MARKETING_ASSET_KINDS) {
    const field = MARKETING_FILE_FIELDS[kind];
    const posted = formData.get(field);
    formData.delete(field);
    formData.delete(MARKETING_CROP_FIELDS[kind]);
    if (intent === `remove-${kind}`) formData.set(urlFieldOf(kind), '');
    else if (upload.ok && posted instanceof File && posted.size > 0) {
      const stored = await storeMarketingImage(services.storage, community, kind, posted);
      if (stored.ok) formData.set(urlFieldOf(kind), stored.url);
      else fileErrors[field] = [stored.message];
    }
  }
  // An image address is one of the community's stored marketing images (posted with the form, or
  // stored by the uploader in its bucket), or none (server/render reads no other).
  const addresses = MARKETING_ASSET_KINDS.map((kind) => formData.get(urlFieldOf(kind)));
  const resolve = await marketingImageResolver(services.storage, community, addresses);
  for (const kind of MARKETING_ASSET_KINDS) {
    const url = formData.get(urlFieldOf(kind));
    if (typeof url === 'string' && url !== '' && resolve(url) === null) {
      formData.set(urlFieldOf(kind), '');
      fileErrors[urlFieldOf(kind)] = [MARKETING_IMAGE_UNKNOWN];
    }
  }
  const version = postedVersion(formData);
  const submission = parseWithZod(formData, { schema: MarketingAssetSchema });
  const hasFileErrors = Object.keys(fileErrors).length > 0;
  if (submission.status !== 'success' || hasFileErrors)
    return answer({ result: submission.reply({ fieldErrors: fileErrors }), version }, 400);

  const settings = settingsFromForm(submission.value);
  const form = formFromSettings(settings);
  if (intent !== 'save') return answer({ result: submission.reply(), form, version });

  const saved = await saveMarketingAsset(services, community, settings, version);
  if (saved.ok) return redirectWithToast(request, EDITOR_PATH, { kind: 'success', message: MARKETING_ASSET_TEXTS.saved });
  if (saved.reason === 'no-background')
    return answer(
      { result: submission.reply(), form, version, toast: { id: `${Date.now()}`, message: MARKETING_ASSET_TEXTS.backgroundRequired } },
      400,
    );
  const theirs = { ...saved.theirs, features: featureSummary(saved.theirs) };
  const mine = { ...settings, features: featureSummary(settings) };
  return answer(
    {
      result: submission.reply(),
      form,
      version: saved.version,
      conflict: {
        message: conflictMessage('This marketing asset'),
        version: saved.version,
        theirs: conflictRows({ ...SETTING_LABELS, features: 'Features' }, theirs, mine),
      },
    },
    409,
  );
}

export const PNG_FILE_NAME = 'marketing-asset.png';

/**
 * The design as PNG: the form's values in the query (the preview of what is being edited), or
 * the saved settings without them; `scale=3` is the 2700×2700 download, `download=1` makes it
 * an attachment. Drawn in the worker pool.
 */
export async function assetImageLoader(request: Request): Promise<Response> {
  const { community } = await requireSystemAdmin(request);
  const services = await getServices();
  const query = new URL(request.url).searchParams;
  let settings: MarketingAssetSettings;
  if (query.has('fontFamily')) {
    const submission = parseWithZod(query, { schema: MarketingAssetSchema });
    if (submission.status !== 'success') return new Response('The design in the address is not valid.', { status: 400 });
    settings = settingsFromForm(submission.value);
  } else settings = (await readMarketingAsset(services, community)).settings;
  const scale = query.get('scale') === String(MARKETING_ASSET.downloadScale) ? MARKETING_ASSET.downloadScale : 1;
  try {
    const { png } = await renderMarketingAsset(services, community, marketingAssetSettings(settings), scale);
    const headers = new Headers({
      'Content-Type': 'image/png',
      'Cache-Control': 'private, no-store',
      'Content-Length': String(png.byteLength),
    });
    if (query.get('download') === '1') headers.set('Content-Disposition', `attachment; filename="${PNG_FILE_NAME}"`);
    return new Response(new Uint8Array(png), { headers });
  } catch (error) {
    if (error instanceof PoolBusyError)
      return new Response('The server is busy drawing other images. Please try again in a minute.', { status: 503 });
    if (error instanceof PoolLimitError) return new Response('This design took too long to draw.', { status: 422 });
    throw error;
  }
}
