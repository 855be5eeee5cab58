import type { UploadedImage } from '~/lib/upload-result';
import { MAX_PARALLEL_UPLOADS, UPLOAD_CROP_FIELD, UPLOAD_FILE_FIELD } from './uploader-shared';

/**
 * The uploader's browser half: each file is its own XHR to the upload route, so its progress
 * can be shown (fetch has no upload progress) and it can be aborted; at most 20 run at once
 * (spec 03 §9), the rest wait in order.
 */

export interface UploadHandle {
  promise: Promise<UploadedImage>;
  abort: () => void;
}

export class UploadAborted extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadAborted';
  }
}

const FAILED = 'The upload failed. Please try again.';

export function sendFile(url: string, file: File, crop: string | null, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedImage>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = xhr.response as { ok?: boolean; image?: UploadedImage; error?: { message?: string } } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.ok && body.image) {
        onProgress(100);
        resolve(body.image);
      } else {
        reject(new Error(body?.error?.message ?? FAILED));
      }
    };
    xhr.onerror = () => reject(new Error(FAILED));
    xhr.onabort = () => reject(new UploadAborted());
    const body = new FormData();
    body.append(UPLOAD_FILE_FIELD, file);
    if (crop) body.append(UPLOAD_CROP_FIELD, crop);
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}

/** Runs `jobs` with at most `limit` at once, in order. */
export async function runLimited<T>(jobs: Array<() => Promise<T>>, limit = MAX_PARALLEL_UPLOADS): Promise<Array<PromiseSettledResult<T>>> {
  const results: Array<PromiseSettledResult<T>> = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await jobs[index]!() };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}
