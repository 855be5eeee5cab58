import { z } from 'zod';
import { isValidKey } from '~/lib/db-key';
import { LISTING_IMPORT_TEXTS } from '~/lib/listing-import';

/**
 * Import and Update Data (Resort System Management; decision 044): the upload form (the list
 * and the CSV file) and the run form (the stored file, the list and the column of each field).
 */

const list = z
  .string({ required_error: LISTING_IMPORT_TEXTS.chooseList })
  .min(1, LISTING_IMPORT_TEXTS.chooseList)
  .max(768)
  .refine(isValidKey, LISTING_IMPORT_TEXTS.noList);

export const ImportUploadSchema = z.object({
  list,
  /** The file input (read by the action as a File; here only its name for the form's shape). */
  csv: z.any(),
});

/** A column index as a select posts it ('' for none). */
const column = z
  .string()
  .regex(/^\d{0,2}$/, LISTING_IMPORT_TEXTS.columnNotInFile)
  .optional();

export const ImportRunSchema = z.object({
  list,
  file: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, LISTING_IMPORT_TEXTS.fileGone),
  map: z
    .object({
      title: column,
      address: column,
      city: column,
      state: column,
      zip: column,
      latitude: column,
      longitude: column,
      phone: column,
      website: column,
      description: column,
    })
    .default({}),
});
