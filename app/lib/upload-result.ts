/**
 * What the upload route (`POST /uploads?bucket=…`, spec 03 §4 "Uploader", §7) answers, shared by
 * the server that stores the file (server/images/uploads.ts storeUploadedImage, app/features/uploads)
 * and the browser's uploader that reads the answer (app/components/widgets/upload-queue.ts). Types only.
 */

/** The addresses of the stored files (the form's hidden fields). */
export interface UploadedImage {
  /** The image to show: the blurred-to-fit copy when there is one, else the cropped one. */
  imageURL: string;
  originalURL: string;
  croppedURL: string;
  blurredURL: string | null;
  thumbURL: string;
  imageName: string;
  /** The stored file's timestamp folder (ms). */
  date: number;
  width: number;
  height: number;
}

/** The route's JSON answer: the stored image, or why the file was refused (its code, in words). */
export type UploadResult<Code extends string = string> =
  { ok: true; image: UploadedImage } | { ok: false; error: { code: Code; title: string; message: string } };
