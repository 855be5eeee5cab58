import { createHash, randomUUID } from 'node:crypto';
import type { JobQueue } from '@jobs/ports';
import type { DbValue, RealtimeDb } from '@server/db/types';
import { unchanged } from '@server/db/version';
import { checkImageHeader, ImageTooLargeError } from '@server/images/dimensions';
import { fitImageAsJpeg } from '@server/images/pipeline';
import { MAX_STORED_IMAGE_BYTES, readCommunityImage } from '@server/images/stored';
import { communityTimeZone } from '@server/listing';
import type { Paths } from '@server/paths';
import { safeFileName, storagePaths } from '@server/paths/storage';
import { renderEntryPdf, PHOTO_BOX, SIGNATURE_BOX, type EntryPdfImage, type EntryPdfPart } from '@server/pdf/entry';
import type { FileStorage } from '@server/storage/types';
import { ENTRY_PDF_TEXTS } from '~/lib/entry-pdf';
import { entryAnswers } from './answers';
import { entryImagePath } from './images';
import { asRecord, entryEmail, entryName, statusText, timeOf, type Json } from './rules';
import { entryDate, entryPdfUrl, readEntryItem } from './store';

/**
 * A guest form entry's PDF (spec 02 "Guest entries": the entry view's download link; §7 "form
 * PDFs at forms/completed/{item}/{file}"). An entry the app stored a PDF for links to it; for any
 * other (or when the file is gone) the link queues the `entry-pdf` job (jobs/processors), whose
 * id is the entry's, so repeated clicks do the work once. The job reads the form and the entry,
 * draws the PDF (server/pdf/entry.ts), stores it at forms/completed/{item}/{entry}-{random}.pdf
 * (the random part: the path is the capability, as for every stored file) and writes that name
 * into the entry's `file`, so the next view links to it.
 *
 * Answers are guest data: an image answer is drawn only when it is a data URL of an image or a
 * file of the entry's own community in storage (read through the storage port, never fetched),
 * bounded in bytes and pixels, decoded and scaled in the pool; anything else is left out with a
 * note in the PDF.
 */

export const ENTRY_PDF_QUEUE = 'entry-pdf';
/** Where form entries live (user-written/{community}/custom-forms/{item}/{entry}). */
const FORMS_NODE = 'custom-forms' as const;
/** The largest image file (or data URL's content) read for a PDF. */
export const MAX_ENTRY_IMAGE_BYTES = MAX_STORED_IMAGE_BYTES;
const MAX_DATA_URL_CHARS = Math.ceil((MAX_ENTRY_IMAGE_BYTES * 4) / 3) + 200;
/** Images drawn into one PDF at most. */
export const MAX_ENTRY_IMAGES = 30;
/** Characters of one answer drawn at most (a textarea answer is a few hundred). */
export const MAX_ANSWER_CHARS = 20_000;
/** Characters of all answers drawn at most (about 60 pages). */
export const MAX_ENTRY_CHARS = 200_000;
const JPEG_QUALITY = 85;
/** Pixels of the drawn boxes at 150 dpi: what the pool scales images down to. */
const px = (pt: number) => Math.round((pt * 150) / 72);

export type ImageProblem = 'foreign' | 'missing' | 'too-large' | 'unreadable';

export type EntryImageSource =
  { kind: 'data'; base64: string } | { kind: 'stored'; path: string } | { kind: 'refused'; problem: ImageProblem };

const DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp|bmp)(?:;[a-z0-9=._-]+)*;base64,/i;

/**
 * Where an image answer's bytes come from: a data URL of an image, or a file of the community in
 * storage (its URL as the database keeps it, or its bare storage path:
 * user-written/{community}/… or {community}/…). Anything else is refused.
 */
export function entryImageSource(value: unknown, community: string): EntryImageSource {
  if (typeof value !== 'string') return { kind: 'refused', problem: 'unreadable' };
  const trimmed = value.trim();
  if (/^data:/i.test(trimmed)) {
    if (trimmed.length > MAX_DATA_URL_CHARS) return { kind: 'refused', problem: 'too-large' };
    const header = DATA_URL.exec(trimmed);
    if (!header) return { kind: 'refused', problem: 'unreadable' };
    const base64 = trimmed.slice(header[0].length).replace(/\s+/g, '');
    return /^[A-Za-z0-9+/]*={0,2}$/.test(base64) && base64 !== '' ? { kind: 'data', base64 } : { kind: 'refused', problem: 'unreadable' };
  }
  const path = entryImagePath(community, trimmed);
  return path ? { kind: 'stored', path } : { kind: 'refused', problem: 'foreign' };
}

export const imageProblemText = (problem: ImageProblem): string =>
  ({
    foreign: ENTRY_PDF_TEXTS.imageForeign,
    missing: ENTRY_PDF_TEXTS.imageMissing,
    'too-large': ENTRY_PDF_TEXTS.imageTooLarge,
    unreadable: ENTRY_PDF_TEXTS.imageUnreadable,
  })[problem];

/** The job of one entry's PDF: the same entry always has the same id (no ':'; not a number). */
export function entryPdfJobId(ref: { product: string; community: string; item: string; entryId: string }): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([ref.product, ref.community, ref.item, ref.entryId]))
    .digest('hex');
  return `${ENTRY_PDF_QUEUE}--${digest.slice(0, 40)}`;
}

/** The stored PDF's name under forms/completed/{item}/. */
export const entryPdfFileName = (entryId: string, fileKey: string): string => `${safeFileName(entryId)}-${fileKey}.pdf`;

/** An answer's text, cut after MAX_ANSWER_CHARS (or `room`, what the entry has left) with a word on what was left out. */
export function boundedAnswer(text: string, room = MAX_ANSWER_CHARS): string {
  const limit = Math.max(0, Math.min(room, MAX_ANSWER_CHARS));
  const characters = [...text];
  if (characters.length <= limit) return text;
  return `${characters.slice(0, limit).join('')}\n${ENTRY_PDF_TEXTS.answerCut(characters.length - limit)}`.trimStart();
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The submission's facts as the PDF's heading lists them. */
export function entryFacts(entry: Json, timeZone: string, madeAt: number): Array<{ label: string; value: string }> {
  const facts: Array<{ label: string; value: string }> = [];
  facts.push({ label: 'Submitted', value: entryDate(timeOf(entry.createDate), timeZone) || 'Unknown' });
  const name = entryName(entry);
  if (name) facts.push({ label: 'Name', value: name });
  const email = entryEmail(entry);
  if (email) facts.push({ label: 'E-mail', value: email });
  const uid = text(entry.createdBy) ?? text(entry.uid);
  if (uid) facts.push({ label: 'User id', value: uid });
  const event = text(entry.eventTitle);
  if (event) {
    const start = timeOf(entry.eventStartDate);
    facts.push({ label: 'Event', value: start > 0 ? `${event}, ${entryDate(start, timeZone)}` : event });
  }
  facts.push({ label: 'Status', value: `${statusText(entry)} (as of ${entryDate(madeAt, timeZone)})` });
  return facts;
}

// ─── The link ─────────────────────────────────────────────────────────────────────────────────

export type EntryPdfLink = { kind: 'stored'; url: string } | { kind: 'queued'; jobId: string } | { kind: 'unavailable' };

/**
 * What the entry view's download link leads to: the stored PDF when there is one, else the job
 * that makes it (queued once: while it waits or runs, another click finds it; once it has ended
 * and the file is gone, it runs again).
 */
export async function openEntryPdf(
  deps: { storage: FileStorage; jobs: JobQueue; paths: Paths },
  ref: { community: string; item: string; entryId: string; entry: Json; uid: string; now: number },
): Promise<EntryPdfLink> {
  const stored = await entryPdfUrl(deps.storage, ref.item, ref.entry);
  if (stored) return { kind: 'stored', url: stored };
  const product = deps.paths.product();
  const jobId = entryPdfJobId({ product, community: ref.community, item: ref.item, entryId: ref.entryId });
  const queued = await deps.jobs.enqueue(
    ENTRY_PDF_QUEUE,
    {
      product,
      community: ref.community,
      item: ref.item,
      entryId: ref.entryId,
      requestedBy: ref.uid,
      requestedAt: ref.now,
      fileKey: randomUUID(),
    },
    { jobId, replaceFinished: true },
  );
  return queued.queued ? { kind: 'queued', jobId: queued.jobId } : { kind: 'unavailable' };
}

// ─── The job's work ───────────────────────────────────────────────────────────────────────────

export interface EntryPdfRequest {
  community: string;
  item: string;
  entryId: string;
  /** Names the stored file (random). */
  fileKey: string;
  requestedAt: number;
}

export interface EntryPdfResult {
  path: string;
  url: string;
  fileName: string;
  pages: number;
  bytes: number;
  /** What was left out (an image answer that is not drawn …). */
  notes: string[];
}

export class EntryPdfGone extends Error {
  constructor() {
    super(ENTRY_PDF_TEXTS.gone);
    this.name = 'EntryPdfGone';
  }
}

/** The image's bytes, header checked (server/images/stored.ts, the shared reader, for stored files). */
async function imageBytes(storage: FileStorage, community: string, source: EntryImageSource): Promise<Uint8Array | ImageProblem> {
  if (source.kind === 'refused') return source.problem;
  if (source.kind === 'data') {
    const bytes = Buffer.from(source.base64, 'base64');
    if (bytes.byteLength > MAX_ENTRY_IMAGE_BYTES) return 'too-large';
    checkImageHeader(bytes);
    return new Uint8Array(bytes);
  }
  const read = await readCommunityImage(storage, community, source.path);
  return 'bytes' in read ? read.bytes : read.problem;
}

/** An image answer ready to draw: checked (header, pixel budget), decoded and scaled in the pool, as JPEG. */
async function loadImage(
  storage: FileStorage,
  value: unknown,
  community: string,
  signature: boolean,
): Promise<EntryPdfImage | ImageProblem> {
  const box = signature ? SIGNATURE_BOX : PHOTO_BOX;
  try {
    const bytes = await imageBytes(storage, community, entryImageSource(value, community));
    if (typeof bytes === 'string') return bytes;
    const fitted = await fitImageAsJpeg(bytes, { width: px(box.width), height: px(box.height) }, null, JPEG_QUALITY);
    return { jpeg: new Uint8Array(fitted.jpeg), width: fitted.size.width, height: fitted.size.height };
  } catch (error) {
    return error instanceof ImageTooLargeError ? 'too-large' : 'unreadable';
  }
}

export async function makeEntryPdf(
  deps: { db: RealtimeDb; paths: Paths; storage: FileStorage },
  request: EntryPdfRequest,
  progress: (percent: number, message: string) => Promise<void>,
): Promise<EntryPdfResult> {
  const { community, item: itemKey, entryId } = request;
  const item = await readEntryItem(deps, community, FORMS_NODE, itemKey);
  if (!item) throw new EntryPdfGone();
  const entryPath = deps.paths.entry(community, FORMS_NODE, itemKey, entryId);
  const stored = (await deps.db.ref(entryPath).get()).val();
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) throw new EntryPdfGone();
  const entry = stored as Json;
  const timeZone = await communityTimeZone(deps, community);
  await progress(10, 'Reading the entry');

  const answers = entryAnswers(item, entry, timeZone);
  const imageCount = answers.filter((answer) => answer.kind === 'image' || answer.kind === 'signature').length;
  const parts: EntryPdfPart[] = [];
  const notes: string[] = [];
  let images = 0;
  let characters = 0;
  for (const answer of answers) {
    switch (answer.kind) {
      case 'header':
      case 'static':
        parts.push({ kind: answer.kind, text: answer.text });
        break;
      case 'text':
      case 'empty': {
        const shown = boundedAnswer(answer.text, MAX_ENTRY_CHARS - characters);
        characters += Math.min(shown.length, answer.text.length);
        parts.push({ kind: 'answer', label: answer.label, text: shown, empty: answer.kind === 'empty' });
        break;
      }
      case 'image':
      case 'signature': {
        const signature = answer.kind === 'signature';
        images += 1;
        if (images > MAX_ENTRY_IMAGES) {
          if (images === MAX_ENTRY_IMAGES + 1) notes.push(ENTRY_PDF_TEXTS.imagesLimit);
          parts.push({ kind: 'image', label: answer.label, signature, image: null, note: ENTRY_PDF_TEXTS.imagesLimit });
          break;
        }
        await progress(10 + Math.round((images / Math.max(1, imageCount)) * 50), `Image ${images} of ${imageCount}`);
        const loaded = await loadImage(deps.storage, answer.value, community, signature);
        if (typeof loaded === 'string') {
          const note = imageProblemText(loaded);
          notes.push(`${answer.label}: ${note}`);
          parts.push({ kind: 'image', label: answer.label, signature, image: null, note });
        } else parts.push({ kind: 'image', label: answer.label, signature, image: loaded, note: null });
        break;
      }
    }
  }

  await progress(65, 'Drawing the pages');
  const who = entryName(entry) ?? entryEmail(entry) ?? text(entry.createdBy) ?? entryId;
  const document = await renderEntryPdf(
    {
      title: item.title,
      facts: entryFacts(entry, timeZone, request.requestedAt),
      parts,
      footer: `${item.title} · ${who} · Entry ${entryId}`,
      documentTitle: `${item.title} – ${who}`,
      now: request.requestedAt,
    },
    (done, total) => progress(65 + Math.round((done / total) * 20), `Page ${done} of ${total}`),
  );

  await progress(90, 'Saving the PDF');
  const fileName = entryPdfFileName(entryId, request.fileKey);
  const path = storagePaths.formPdf(itemKey, fileName);
  const saved = await deps.storage.put(path, document.bytes, { contentType: 'application/pdf', cacheControl: 'private, max-age=86400' });
  // The entry names its PDF, unless it was removed meanwhile (then the PDF goes too).
  let found = false;
  await deps.db.ref(entryPath).transaction((current: unknown) => {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) {
      found = false;
      return unchanged(current);
    }
    found = true;
    return { ...asRecord(current), file: fileName } as DbValue;
  });
  if (!found) {
    await deps.storage.delete(path).catch(() => undefined);
    throw new EntryPdfGone();
  }
  return { path, url: saved.url, fileName, pages: document.pages, bytes: document.bytes.byteLength, notes };
}
