import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { requireStaff } from '@server/authz';
import {
  HEADER_SAVED,
  headerFormValue,
  headerImageSize,
  headerRecord,
  readHeaderInfo,
  saveHeaderInfo,
  storeHeaderImage,
} from '@server/header/header-info';
import { parseCrop, type Size } from '@server/images/pipeline';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, parseUpload, tooLargeMessage, type UploadError } from '@server/storage';
import { redirectWithToast } from '~/components/toast.server';
import { loadCommunityRecord } from '~/components/shell/shell.server';
import { CROP_FIELD, HeaderSchema, IMAGE_FIELD, type HeaderFormValue } from '~/schemas/header';
import { getServices } from '~/services.server';
import type { PanelServer } from './types';

/**
 * The header editor (spec 02 "Header editor", spec 01 §2.6): the right column of
 * `/header-images`, staff of the current community, editing header-info/main-menu. One
 * multipart form: an image file posted with 'Upload' (or with Save) is stored and added to the
 * list; conform's remove/reorder buttons post too, so everything works without JavaScript.
 */

export const HEADER_CONTEXT = 'main-menu';

export interface HeaderImagesData {
  defaultValue: HeaderFormValue;
  /** The header image's size: the cropper's aspect. */
  target: Size;
  accept: readonly string[];
  maxBytes: number;
  tooLargeMessage: string;
}

export interface HeaderImagesActionData {
  result: SubmissionResult<string[]>;
  uploadError: Pick<UploadError, 'title' | 'message'> | null;
}

export const headerImagesPanel: PanelServer<HeaderImagesData> = {
  async loader({ request }: LoaderFunctionArgs) {
    const { community } = await requireStaff(request);
    const services = await getServices();
    const [stored, record] = await Promise.all([readHeaderInfo(services, community, HEADER_CONTEXT), loadCommunityRecord(community)]);
    return {
      defaultValue: headerFormValue(stored),
      target: headerImageSize(record),
      accept: IMAGE_TYPES,
      maxBytes: MAX_UPLOAD_BYTES,
      tooLargeMessage: tooLargeMessage(),
    };
  },

  async action({ request }: ActionFunctionArgs) {
    const { community } = await requireStaff(request);
    const services = await getServices();
    const upload = await parseUpload(request, { accept: IMAGE_TYPES, maxFiles: 1 });
    const formData = upload.formData;
    const intent = String(formData.get('intent') ?? 'save');
    if (!['save', 'upload'].includes(intent) && !formData.has('__intent__')) throw new Response('Bad Request', { status: 400 });
    const file = formData.get(IMAGE_FIELD);
    const crop = parseCrop(formData.get(CROP_FIELD));
    formData.delete(IMAGE_FIELD);
    formData.delete(CROP_FIELD);

    if (!upload.ok) {
      const submission = parseWithZod(formData, { schema: HeaderSchema });
      const uploadError = { title: upload.error.title, message: upload.error.message };
      return data<HeaderImagesActionData>({ result: submission.reply({ fieldErrors: { [IMAGE_FIELD]: [upload.error.message] } }), uploadError }, { status: 400 });
    }

    // A chosen file joins the list (a video header ignores it: a video clears images).
    if (file instanceof File && file.size > 0 && formData.get('headerType') !== 'video') {
      const record = await loadCommunityRecord(community);
      let image;
      try {
        image = await storeHeaderImage(services.storage, community, file, { crop, target: headerImageSize(record) });
      } catch {
        const submission = parseWithZod(formData, { schema: HeaderSchema });
        const message = 'The image could not be read. Please upload a PNG or JPEG image.';
        return data<HeaderImagesActionData>({ result: submission.reply({ fieldErrors: { [IMAGE_FIELD]: [message] } }), uploadError: null }, { status: 400 });
      }
      const indexes = [...formData.keys()].flatMap((key) => /^images\[(\d+)\]\./.exec(key)?.[1] ?? []).map(Number);
      const next = indexes.length ? Math.max(...indexes) + 1 : 0;
      for (const [name, value] of Object.entries(image)) {
        if (value !== undefined) formData.set(`images[${next}].${name}`, String(value));
      }
    }

    const submission = parseWithZod(formData, { schema: HeaderSchema });
    // Remove / move up / move down (conform intents) and 'Upload' show the form again, unsaved.
    if (submission.status !== 'success' || intent === 'upload') {
      const failed = submission.status === 'error' && intent !== 'upload';
      return data<HeaderImagesActionData>({ result: submission.reply(), uploadError: null }, { status: failed ? 400 : 200 });
    }

    const stored = await readHeaderInfo(services, community, HEADER_CONTEXT);
    await saveHeaderInfo(services, community, HEADER_CONTEXT, headerRecord(submission.value, stored));
    return redirectWithToast(request, '/', { kind: 'success', message: HEADER_SAVED });
  },
};
