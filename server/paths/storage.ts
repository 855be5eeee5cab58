import { PathKeyError } from './keys';

/**
 * Object paths in file storage (relative to the bucket, or to the local storage folder).
 * Storage paths do not carry `{product}`: each product has its own bucket.
 *
 * - app-icons/{appId}/app-icon|notification-icon|featured-image.{ext} (spec 01 §7.4) .. appIcon
 * - {community}/images/{bucket}/{timestamp}/{file} (+ '_blur' and '_crop.jpg' versions, spec 03)
 *   ........................................................ upload, uploadVariant, communityImages
 * - forms/completed/{item}/{file} (form PDFs, spec 02) ....... formPdf
 * - user-written/{location}/forms/{item}/{entry}/{name}.jpg .. entryImage
 * - {community}/images/flyers/{timestamp}/{name} ............. flyerImage
 * - marketing images social_marketing_introducing.png / _downloaded.png, under images/marketing
 *   in a shared project, else under {community}/images ...... marketingImage
 * - {community}/images/marketing_asset_editor/{bg|logo|phone}.{ext} ... marketingAssetEditorFile
 * - amc-events/{tab}-calendar.ics (spec 03) .................. calendarIcs. Kept under the
 *   community's folder, `{community}/amc-events/{calendarId}-calendar.ics`: calendar ids come
 *   from titles ("Activities" → activities), so two communities would share one file otherwise.
 * - {community}/amc-events/printouts/{calendarId}/{jobId}.pdf: an activities printout's PDF
 *   (not in the spec, whose printout was printed from the browser). The job id holds a random
 *   part: the path is the capability, as for every stored file .............. printoutPdf
 *
 * Every segment is checked (non-empty, no '/' or '\', not '.' or '..', no control characters);
 * a file name from a user goes through `safeFileName` first.
 */
const STORAGE_SEGMENT_PROBLEMS: Array<[RegExp, string]> = [
  [/\//, 'cannot contain "/"'],
  [/\\/, 'cannot contain "\\"'],
  [/[\u0000-\u001f\u007f-\u009f]/, 'cannot contain control characters'],
];

export function assertStorageSegment(argument: string, value: unknown): string {
  if (typeof value !== 'string') throw new PathKeyError(argument, value, 'a storage path segment must be a string');
  if (value === '') throw new PathKeyError(argument, value, 'a storage path segment cannot be empty');
  if (value === '.' || value === '..') throw new PathKeyError(argument, value, 'a storage path segment cannot be "." or ".."');
  for (const [pattern, reason] of STORAGE_SEGMENT_PROBLEMS) {
    if (pattern.test(value)) throw new PathKeyError(argument, value, `a storage path segment ${reason}`);
  }
  return value;
}

/**
 * A file name safe for storage and URLs: the last path segment, spaces as hyphens, only
 * letters, digits, '.', '_' and '-' kept, and never empty ('file' then).
 */
export function safeFileName(name: string): string {
  const base =
    String(name ?? '')
      .split(/[/\\]/)
      .pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/^\.+/, '');
  return cleaned === '' ? 'file' : cleaned.slice(0, 200);
}

const EXTENSION = /^[A-Za-z0-9]{1,10}$/;
function assertExtension(argument: string, value: unknown): string {
  if (typeof value !== 'string' || !EXTENSION.test(value)) {
    throw new PathKeyError(argument, value, 'an extension is 1 to 10 letters or digits, without the dot');
  }
  return value.toLowerCase();
}

function assertOneOf<T extends string>(argument: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new PathKeyError(argument, value, `must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

export const APP_ICON_KINDS = ['app-icon', 'notification-icon', 'featured-image'] as const;
export type AppIconKind = (typeof APP_ICON_KINDS)[number];
export const MARKETING_IMAGE_KINDS = ['introducing', 'downloaded'] as const;
export type MarketingImageKind = (typeof MARKETING_IMAGE_KINDS)[number];
export const MARKETING_ASSET_FILE_KINDS = ['bg', 'logo', 'phone'] as const;
export type MarketingAssetFileKind = (typeof MARKETING_ASSET_FILE_KINDS)[number];

const seg = assertStorageSegment;

export const storagePaths = {
  /** app-icons/{appId}/{app-icon|notification-icon|featured-image}.{ext}, keeping the upload's extension. */
  appIcon: (appId: string, kind: AppIconKind, extension: string) =>
    `app-icons/${seg('appId', appId)}/${assertOneOf('kind', kind, APP_ICON_KINDS)}.${assertExtension('extension', extension)}`,
  /** {community}/images: the community's file-management folder (a prefix, not an object). */
  communityImages: (community: string) => `${seg('community', community)}/images`,
  /** {community}/images/{bucket}/{timestamp}/{fileName}: an upload of the uploader widget. */
  upload: (community: string, bucket: string, timestamp: number | string, fileName: string) =>
    `${seg('community', community)}/images/${seg('bucket', bucket)}/${seg('timestamp', String(timestamp))}/${seg('fileName', fileName)}`,
  /** The blurred ('photo_blur.jpg') or cropped ('photo_crop.jpg') copy stored beside an upload. */
  uploadVariant: (uploadPath: string, variant: 'blur' | 'crop') => {
    const segments = String(uploadPath ?? '').split('/');
    segments.forEach((segment) => seg('uploadPath', segment));
    const file = segments.pop()!;
    const dot = file.lastIndexOf('.');
    const stem = dot > 0 ? file.slice(0, dot) : file;
    const extension = dot > 0 ? file.slice(dot) : '';
    const name = assertOneOf('variant', variant, ['blur', 'crop'] as const) === 'blur' ? `${stem}_blur${extension}` : `${stem}_crop.jpg`;
    return [...segments, name].join('/');
  },
  /** forms/completed/{item}/{fileName}: the PDF of a completed form entry. */
  formPdf: (item: string, fileName: string) => `forms/completed/${seg('item', item)}/${seg('fileName', fileName)}`,
  /** user-written/{location}/forms/{item}/{entry}/{name}.jpg: an image answer of a form entry. */
  entryImage: (community: string, item: string, entryId: string, name: string) =>
    `user-written/${seg('community', community)}/forms/${seg('item', item)}/${seg('entryId', entryId)}/${seg('name', name)}.jpg`,
  /** {community}/images/flyers/{timestamp}/{name}: a flyer background (generated or copied). */
  flyerImage: (community: string, timestamp: number | string, name: string) =>
    `${seg('community', community)}/images/flyers/${seg('timestamp', String(timestamp))}/${seg('name', name)}`,
  /** The introducing / downloaded marketing image; `community` null means the shared images/marketing. */
  marketingImage: (kind: MarketingImageKind, community: string | null) => {
    const file = `social_marketing_${assertOneOf('kind', kind, MARKETING_IMAGE_KINDS)}.png`;
    return community === null ? `images/marketing/${file}` : `${seg('community', community)}/images/${file}`;
  },
  /** {community}/images/marketing_asset_editor/{bg|logo|phone}.{ext} */
  marketingAssetEditorFile: (community: string, kind: MarketingAssetFileKind, extension: string) =>
    `${seg('community', community)}/images/marketing_asset_editor/${assertOneOf('kind', kind, MARKETING_ASSET_FILE_KINDS)}.${assertExtension('extension', extension)}`,
  /** {community}/amc-events/{calendarId}-calendar.ics: the calendar's iCal feed. */
  calendarIcs: (community: string, calendarId: string) =>
    `${seg('community', community)}/amc-events/${seg('calendarId', calendarId)}-calendar.ics`,
  /** {community}/amc-events/printouts/{calendarId}/{jobId}.pdf: an activities printout. */
  printoutPdf: (community: string, calendarId: string, jobId: string) =>
    `${seg('community', community)}/amc-events/printouts/${seg('calendarId', calendarId)}/${seg('jobId', jobId)}.pdf`,
} as const;
