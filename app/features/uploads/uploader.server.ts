import { z } from 'zod';
import { requireRemoteGrant, requireStaff, requireSystemAdmin } from '@server/authz';
import { loadCommunityRecord } from '@server/community/record';
import { headerImageSize } from '@server/header/header-info';
import { PdfError } from '@server/images/pdf';
import { parseCrop } from '@server/images/pipeline';
import {
  bucketUploaders,
  isUploadBucket,
  storeUploadedImage,
  UPLOAD_BUCKET_NAMES,
  UPLOAD_BUCKETS,
  uploadLimitRefusal,
} from '@server/images/uploads';
import { countLinkUpload, countLinkUploadBytes, type QuotaVerdict } from '@server/remote/upload-quota';
import { isStorageError, parseUpload, type UploadError } from '@server/storage';
import { UPLOAD_CROP_FIELD, UPLOAD_FILE_FIELD, UPLOAD_TEXTS } from '~/components/widgets/uploader-shared';
import type { UploadResult } from '~/lib/upload-result';
import { getServices } from '~/services.server';

/**
 * The upload resource route's server half (`POST /uploads?bucket=…`, spec 03 §4 "Uploader",
 * §7 storage uploads): one file per request (the browser sends up to 20 at once, each with its
 * own progress), stored with its '_crop', '_thumb' and '_blur' copies under
 * {community}/images/{bucket}/{timestamp}/; the answer is JSON of the stored addresses, which
 * the uploader puts into hidden inputs of the enclosing form. Who may upload: staff of the
 * session's community, or the holder of a remote grant with Edit Information for the item named
 * by `?detailId=` (e-mail access) or `?remote={uuid}` (URL access), into that item's community.
 * A bucket for resort system admins only (the marketing asset editor's) takes neither grant:
 * only a system admin of the session's community uploads into it.
 */

export const UploadFieldsSchema = z.object({
  [UPLOAD_FILE_FIELD]: z.unknown(),
  [UPLOAD_CROP_FIELD]: z.string().max(100).optional(),
});

export type UploadAnswer = UploadResult<
  UploadError['code'] | 'bad-bucket' | 'no-file' | 'unreadable' | 'too-many-pixels' | 'too-complex' | 'busy' | 'quota'
>;

const refuse = (status: number, error: Extract<UploadAnswer, { ok: false }>['error'], headers: Record<string, string> = {}) =>
  Response.json({ ok: false, error } satisfies UploadAnswer, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

/** Who is uploading, and into which community; `link` is the uuid of a URL-access remote link (no sign-in). */
export async function authorizeUpload(request: Request): Promise<{ community: string; link?: string }> {
  const url = new URL(request.url);
  const bucket = url.searchParams.get('bucket');
  if (isUploadBucket(bucket) && bucketUploaders(bucket) === 'system-admin') {
    const { community } = await requireSystemAdmin(request);
    return { community };
  }
  const uuid = url.searchParams.get('remote');
  const detailId = url.searchParams.get('detailId');
  if (uuid !== null) {
    const { item } = await requireRemoteGrant(request, detailId !== null ? { uuid, detailId } : { uuid }, 'editInfo');
    return { community: item.community, link: uuid };
  }
  if (detailId !== null) {
    const { item } = await requireRemoteGrant(request, { detailId }, 'editInfo');
    return { community: item.community };
  }
  const { community } = await requireStaff(request);
  return { community };
}

const cancelBody = async (request: Request) => {
  if (request.body && !request.bodyUsed) await request.body.cancel().catch(() => {});
};

/**
 * Stores the posted file. Through a URL-access remote link (`link`), the upload is first counted
 * against the link's rate and daily quota (server/remote/upload-quota.ts): 429 past them.
 */
export async function uploadAction(request: Request, community: string, options: { link?: string } = {}): Promise<Response> {
  const services = await getServices();
  const overQuota = (verdict: Extract<QuotaVerdict, { ok: false }>) =>
    refuse(
      429,
      { code: 'quota', title: UPLOAD_TEXTS.failedTitle, message: verdict.message },
      { 'Retry-After': String(verdict.retryAfterSeconds) },
    );
  if (options.link !== undefined) {
    const verdict = await countLinkUpload(services.rateLimiter, options.link);
    if (!verdict.ok) {
      await cancelBody(request);
      return overQuota(verdict);
    }
  }
  const bucket = new URL(request.url).searchParams.get('bucket');
  if (!isUploadBucket(bucket)) {
    await cancelBody(request);
    return refuse(400, {
      code: 'bad-bucket',
      title: UPLOAD_TEXTS.failedTitle,
      message: `Uploads go to one of: ${UPLOAD_BUCKET_NAMES.join(', ')}.`,
    });
  }
  const config = UPLOAD_BUCKETS[bucket];
  const upload = await parseUpload(request, { accept: config.accept, maxFiles: 1, schemas: UploadFieldsSchema });
  if (!upload.ok) {
    const { code, title, message } = upload.error;
    return refuse(code === 'too-large' ? 413 : 400, { code, title, message });
  }
  const file = upload.formData.get(UPLOAD_FILE_FIELD);
  if (!(file instanceof File) || file.size === 0) {
    return refuse(400, { code: 'no-file', title: UPLOAD_TEXTS.failedTitle, message: UPLOAD_TEXTS.noFile });
  }
  if (options.link !== undefined) {
    const verdict = await countLinkUploadBytes(services.rateLimiter, options.link, file.size);
    if (!verdict.ok) return overQuota(verdict);
  }
  const target = config.target === 'header' ? headerImageSize(await loadCommunityRecord(await getServices(), community)) : config.target;
  try {
    const image = await storeUploadedImage(services.storage, community, file, {
      bucket,
      crop: parseCrop(upload.formData.get(UPLOAD_CROP_FIELD)),
      target,
    });
    return Response.json({ ok: true, image } satisfies UploadAnswer, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    const limit = uploadLimitRefusal(error);
    if (limit) {
      const retry = limit.status === 503 ? { 'Retry-After': '60' } : undefined;
      return refuse(limit.status, { code: limit.code, title: UPLOAD_TEXTS.failedTitle, message: limit.message }, retry);
    }
    if (error instanceof PdfError)
      return refuse(400, { code: 'unreadable', title: UPLOAD_TEXTS.failedTitle, message: UPLOAD_TEXTS.unreadablePdf });
    // Storage failing is the server's fault; anything else is a file whose bytes are not the image its type says.
    if (isStorageError(error)) throw error;
    return refuse(400, { code: 'unreadable', title: UPLOAD_TEXTS.failedTitle, message: UPLOAD_TEXTS.unreadableImage });
  }
}
