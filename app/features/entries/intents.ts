import { z } from 'zod';
import { intent, intents } from '~/lib/intent';

/**
 * The entry view's buttons (spec 02 "Guest entries", §4): Completed, Denied, Reopened (archive
 * only), and a hunt step's score (`score:correct`, `score:incorrect`, `score:clear`). Cancel is a link.
 */
export const EntryIntent = intents(
  intent('complete'),
  intent('deny'),
  intent('reopen'),
  intent('score').extend({ argument: z.enum(['correct', 'incorrect', 'clear']) }),
);

/** The entries list's form: Delete Selected, and the exports of spec 02 §4 (the data, the photos, the files). */
export const EntriesListIntent = intents(intent('delete-selected'), intent('export'), intent('export-photos'), intent('export-files'));
