import { z } from 'zod';
import { isValidKey } from '~/lib/db-key';

/**
 * Field schemas the entity schemas share: trimmed optional text with its length limit (empty
 * when absent), and an optional database key.
 */

/** Trimmed text of at most `max` characters; '' when the field was not posted. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');

/** A database key, or '' when none was chosen. */
export const optionalKey = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value ?? '')
  .refine((value) => value === '' || isValidKey(value), 'Not a valid key.');
