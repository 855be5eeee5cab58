import type { SubmissionResult } from '@conform-to/react';
import type { Services } from '@server/services';
import type { UploadError } from '@server/storage';
import type { Conflict } from '~/lib/conflict';
import type { HeaderImageValue } from '~/schemas/header';
import type { AiDialog, StockDialog } from './media-dialogs';
import type { PlacesPicker } from './places-picker';

/** What the header editor's posts answer, and one post as its steps (./editor.ts, ./editor-dialogs.ts) share it. */

/**
 * Whose header the editor edits: header-info/{context}. Home's is main-menu (`/header-images`);
 * a list's is its context (`/listnm/dining/header-images`, spec 02 §4 listing action header-images).
 */
export interface HeaderTarget {
  context: string;
  formAction: string;
  returnTo: string;
  /**
   * The database node holding the header, when it is not header-info/{context}: a business
   * item's own `headerInfo` (paths.listItemHeaderInfo). `context` then only names it.
   */
  node?: string;
  /** Where the uploader posts with JavaScript, when not the staff's upload address (a remote page's carries its grant). */
  uploadUrl?: string;
  /** Whether AI images are offered (not to remote managers: generating costs the community). */
  aiImages?: boolean;
  /** Runs after a save is written (a remote page records it in the item's remote audit). */
  afterSave?: () => Promise<void>;
  /**
   * Counts posted files against a limit before any is stored (a remote link's upload quota,
   * server/remote/upload-quota.ts): the refusal's message, or null when they may be stored.
   */
  chargeUploads?: (files: readonly File[]) => Promise<string | null>;
}

export interface HeaderImagesActionData {
  result: SubmissionResult<string[]>;
  uploadError: Pick<UploadError, 'title' | 'message'> | null;
  /** The places picker to show over the form (intents `places`, and `place-photo` failing). */
  picker?: PlacesPicker | null;
  /** The stock photo dialog to show over the form. */
  stock?: StockDialog | null;
  /** The AI images dialog to show over the form. */
  ai?: AiDialog | null;
  /** The version the form holds: the one it was posted with, or the stored one after a conflict. */
  version?: string | null;
  /** Someone else saved the header meanwhile: their values, and the version Save now replaces. */
  conflict?: Conflict | null;
}

export type HeaderAnswer =
  /** The form again: as posted (with errors, a dialog or a conflict). */
  | { kind: 'form'; status: number; data: HeaderImagesActionData }
  /** Saved: back to `to` with the spec's toast. */
  | { kind: 'saved'; to: string; message: string }
  /** A button this page does not offer (AI images on a remote page). */
  | { kind: 'refused'; status: number; message: string };

/** What the editor's services are. */
export type HeaderDeps = Pick<Services, 'db' | 'paths' | 'env' | 'storage'>;

/** The fields of the dialogs, as posted: read once, then taken out of the form that is validated and shown again. */
export interface DialogFields {
  chosenPhoto: string;
  credits: Map<string, string>;
  stockQuery: string;
  stockPage: string;
  stockChoice: string;
  aiPrompt: string;
  aiImage: string;
}

/** One post of the editor, as its steps share it. */
export interface HeaderPost {
  services: HeaderDeps;
  community: string;
  formData: FormData;
  target: HeaderTarget;
  dialog: DialogFields;
  /** The community's record, read once when a step needs it. */
  communityRecord: () => Promise<Record<string, unknown>>;
  /** The form again as posted, with the version it was posted with. */
  reply: (body: Omit<HeaderImagesActionData, 'version'> & { version?: string | null }, status?: number) => HeaderAnswer;
  /** The form as posted, without validation messages: a dialog's step is not a save. */
  unvalidated: () => SubmissionResult<string[]>;
}

/** Appends an image to the posted list (images[n].…), after the last posted one. */
export function appendImage(formData: FormData, image: HeaderImageValue) {
  const indexes = [...formData.keys()].flatMap((key) => /^images\[(\d+)\]\./.exec(key)?.[1] ?? []).map(Number);
  const next = indexes.length ? Math.max(...indexes) + 1 : 0;
  for (const [name, value] of Object.entries(image)) {
    if (value !== undefined) formData.set(`images[${next}].${name}`, String(value));
  }
}
