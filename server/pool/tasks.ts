import type { MessagePort } from 'node:worker_threads';
import type { FetchedEvents, ImportWindow } from '@server/events/import/types';
import type { DesignImageInput } from '@server/render/design-png';
import type { Flyer } from '~/lib/design/flyer';
import type { Design } from '~/lib/design/types';

/**
 * The work the pool's threads do (./index.ts), as typed tasks: each kind with what it is given
 * and what it answers. Only types here: the web process imports them without loading pdfjs,
 * canvas or rrule; the thread's entry (./worker.ts) runs them.
 */

export interface Size {
  width: number;
  height: number;
}

export interface CropRect extends Size {
  x: number;
  y: number;
}

export interface PoolTasks {
  /** A PDF's first page as JPEG (server/images/pdf.ts). */
  'pdf-first-page': {
    input: { bytes: Uint8Array; scale: number };
    output: { jpeg: Uint8Array; width: number; height: number };
  };
  /** An uploaded image cropped, rescaled, thumbnailed and blurred to fit (server/images/pipeline.ts). */
  'process-image': {
    input: { bytes: Uint8Array; crop: CropRect | null; target: Size | null };
    output: { cropped: Uint8Array; croppedSize: Size; blurred: Uint8Array | null; thumbnail: Uint8Array; originalSize: Size };
  };
  /**
   * An image (or the `crop` of it) scaled down to fit a box, as PNG (list icons) or, with
   * `jpegQuality`, as JPEG (the printout's header: a PDF takes JPEG as it is).
   */
  'fit-image': {
    input: { bytes: Uint8Array; box: Size; crop?: CropRect | null; jpegQuality?: number };
    output: { encoded: Uint8Array; size: Size };
  };
  /** A design (marketing asset, flyer) drawn as PNG at a scale (server/render/design-png.ts). */
  'design-png': {
    input: { design: Design; images: DesignImageInput[]; scale: number };
    output: { png: Uint8Array; width: number; height: number };
  };
  /** A flyer's print PDF (server/flyers/pdf-now.ts). */
  'flyer-pdf': {
    input: { flyer: Flyer; background: Uint8Array | null };
    output: Uint8Array;
  };
  /** A calendar feed's events within the import window (server/events/import/expand.ts). */
  'ics-events': {
    input: { text: string; window: ImportWindow };
    output: FetchedEvents;
  };
  /** An uploaded Excel workbook's first worksheet as CSV text, within the import's limits (server/imports/xlsx.ts). */
  'xlsx-csv': {
    input: { bytes: Uint8Array };
    output: { text: string };
  };
}

export type PoolTaskKind = keyof PoolTasks;

export type PoolRequest = {
  [K in PoolTaskKind]: {
    kind: K;
    input: PoolTasks[K]['input'];
    /** The thread posts one message on it as it starts the task (the time limit starts then). */
    started?: MessagePort;
  };
}[PoolTaskKind];

/**
 * What a thread answers: the task's output, or the error it threw by name and message (errors
 * cross the thread boundary as plain data; the caller turns them back into its own classes).
 */
export type PoolAnswer<K extends PoolTaskKind = PoolTaskKind> =
  { ok: true; value: PoolTasks[K]['output'] } | { ok: false; error: { name: string; message: string } };
