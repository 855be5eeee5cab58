import { z } from 'zod';
import { isValidKey } from '~/lib/db-key';
import { LISTING_IMPORT_TEXTS, PLACE_IMPORT_QUERY_MAX, PLACE_IMPORT_RADII_MILES, PLACE_IMPORT_TEXTS } from '~/lib/listing-import';

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
      placeId: column,
    })
    .default({}),
});

/** Import's second source (decision 044, "Place search"): the list, what to search for and the circle (miles). */
export const ImportPlacesSchema = z.object({
  list,
  q: z
    .string({ required_error: PLACE_IMPORT_TEXTS.query })
    .trim()
    .min(1, PLACE_IMPORT_TEXTS.query)
    .max(PLACE_IMPORT_QUERY_MAX, PLACE_IMPORT_TEXTS.tooLong),
  radius: z.coerce
    .number({ invalid_type_error: PLACE_IMPORT_TEXTS.radius })
    .refine((miles) => (PLACE_IMPORT_RADII_MILES as readonly number[]).includes(miles), PLACE_IMPORT_TEXTS.radius),
});
