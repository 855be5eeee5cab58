import type { SubmissionResult } from '@conform-to/react';
import type { Conflict } from '~/lib/conflict';
import type { EventPreviewModel } from '~/lib/event-preview';
import type { EventSectionId } from '~/schemas/event';

/**
 * What the event editor's posts answer: the form again (with errors, a conflict, a dialog or
 * the notification questions), or done (a redirect, with a toast or a flag on the address).
 */

export interface EventEditorActionData {
  result: SubmissionResult<string[]>;
  version: string | null;
  conflict: Conflict | null;
  openSection: EventSectionId;
  formError: string | null;
  /** 'Recurring events cannot be longer than 24 hours.' (the Error dialog). */
  errorDialog: string | null;
  preview: EventPreviewModel | null;
  /** After a save: the notification dialogs, and where OK / No go. */
  followUp: { removed: number; ask: string[]; returnTo: string } | null;
  /** Import context: Deny Event asks first; its answer posts `confirm=yes`. */
  confirmDeny?: boolean;
  /** A fresh key for the next Save of an add or duplicate whose key another event took. */
  itemKey?: string;
}

export type EditorToast = { kind: 'success' | 'error'; message: string };

export type EditorAnswer =
  | { kind: 'form'; status: number; data: EventEditorActionData }
  /** Done: to `to`, with a toast (staff) or without (the remote pages read `?saved=1`, `?submitted=1`). */
  | { kind: 'done'; to: string; toast: EditorToast | null };

/** What every form answer of one post shares: the posted version and the preview of what was posted. */
export type ReplyBase = Pick<EventEditorActionData, 'version' | 'preview'>;

/** The form again. */
export function editorReply(
  base: ReplyBase,
  status: number,
  result: SubmissionResult<string[]>,
  more: Partial<Omit<EventEditorActionData, 'result'>> = {},
): EditorAnswer {
  return {
    kind: 'form',
    status,
    data: { ...base, conflict: null, errorDialog: null, followUp: null, openSection: 'general', formError: null, result, ...more },
  };
}

/** Someone else saved meanwhile: their values, and the version Save now replaces. */
export function conflictReply(base: ReplyBase, result: SubmissionResult<string[]>, conflict: Conflict): EditorAnswer {
  return editorReply(base, 409, result, { version: conflict.version, conflict });
}

export const done = (to: string, toast: EditorToast | null = null): EditorAnswer => ({ kind: 'done', to, toast });
