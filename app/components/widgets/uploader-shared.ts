import { hrefs } from '~/lib/hrefs';

/** What the uploader's browser half and the upload route share (no server code). */

export const UPLOAD_ROUTE = hrefs.uploads();
export const UPLOAD_FILE_FIELD = 'file';
export const UPLOAD_CROP_FIELD = 'crop';
/** Spec 03 §9: 20 parallel uploads. */
export const MAX_PARALLEL_UPLOADS = 20;
/** Files one choice may hold; beyond it the uploader says so. */
export const MAX_FILES_PER_CHOICE = 50;

/** The spec's 'Incorrect Type' dialog (spec 03 §5 Uploader): its title and its text for the accepted types. */
export const INCORRECT_TYPE_TITLE = 'Incorrect Type';
export function incorrectTypeText(accept: readonly string[]): string {
  return `Please upload files with the correct type: ${accept.join(', ')}`;
}

/**
 * Whether a chosen file is of an accepted type: a MIME type ('image/png') matches the file's
 * type, an extension ('.png') its name's (as an input's `accept`; the server checks again).
 */
export function acceptsFile(accept: readonly string[], file: { name: string; type: string }): boolean {
  const name = file.name.toLowerCase();
  return accept.some((rule) => (rule.startsWith('.') ? name.endsWith(rule.toLowerCase()) : rule === file.type));
}

export const UPLOAD_TEXTS = {
  failedTitle: 'Upload Failed',
  noFile: 'Please choose a file to upload.',
  unreadableImage: 'The image could not be read. Please upload a PNG or JPEG image.',
  unreadablePdf: 'The PDF could not be read. Please upload another file.',
  cancelledByCrop: 'Upload cancelled: the crop changed. Use Image uploads the new crop.',
  tooManyFiles: `Please choose at most ${MAX_FILES_PER_CHOICE} files at a time.`,
} as const;

/** The upload route's URL for a bucket, with the remote grant's target when uploading remotely. */
export function uploadUrl(bucket: string, remote?: { uuid?: string; detailId?: string }): string {
  const params = new URLSearchParams({ bucket });
  if (remote?.uuid) params.set('remote', remote.uuid);
  if (remote?.detailId) params.set('detailId', remote.detailId);
  return hrefs.uploads(params);
}
