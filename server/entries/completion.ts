import type { ListDeps } from '@server/listing/source';
import type { ListView } from '~/lib/listing/types';
import { completionChoice, type CompletionChoice } from './rules';
import { markCompletion } from './store';

/**
 * Completed, Denied and Reopened of a guest record's view (a form or hunt entry, a store order;
 * spec 02 §4 "Entry completion", docs/decisions/031): the posted intent and `was` read, Reopened
 * refused outside the archive, and the mark written when the stored completion is still the one
 * the page showed.
 */

export type CompletionAnswer =
  | { kind: 'done'; choice: CompletionChoice }
  /** No such record (any more). */
  | { kind: 'not-found' }
  /** Not a completion intent: the caller's other intents, or a refusal. */
  | { kind: 'other' }
  | { kind: 'refused'; status: 400 | 409; error: string };

export interface CompletionPost {
  intent: string;
  /** The posted `was`: null when absent (no check), '' likewise. */
  was: string | null;
  view: ListView;
  uid: string;
  /** What the record is called in messages ("entry", "order"). */
  noun: string;
}

export const unreadable = (noun: string): string => `The ${noun} could not be read. Reload it and choose again.`;

export const changedMeanwhile = (noun: string): string =>
  `This ${noun} was changed by someone else while you were looking at it. It now shows their change; choose again to replace it.`;

export const REOPEN_ARCHIVE_ONLY = 'Reopened is offered in the archive only.';

/** Marks the record at `path` as the post asks, or says why not. */
export async function answerCompletion(deps: Pick<ListDeps, 'db'>, path: string, post: CompletionPost): Promise<CompletionAnswer> {
  const choice = completionChoice(post.intent);
  if (!choice) return { kind: 'other' };
  const was = post.was === null || post.was === '' ? null : /^\d{1,3}$/.test(post.was) ? Number(post.was) : NaN;
  if (Number.isNaN(was)) return { kind: 'refused', status: 400, error: unreadable(post.noun) };
  // Reopened is offered in the archive only.
  if (choice.intent === 'reopen' && post.view !== 'archive') return { kind: 'refused', status: 400, error: REOPEN_ARCHIVE_ONLY };
  const result = await markCompletion(deps, path, { status: choice.status, uid: post.uid, was });
  if (result.kind === 'not-found') return { kind: 'not-found' };
  if (result.kind === 'conflict') return { kind: 'refused', status: 409, error: changedMeanwhile(post.noun) };
  return { kind: 'done', choice };
}
