import { z } from 'zod';
import { HTML_DESCRIPTION_MAX, isValidUrl, phoneDigits } from '~/schemas/community';

/**
 * Pieces shared by the list editors' schemas (spec 03 §5 business form and location rules,
 * spec 02 §5): one schema per editor kind is built from these, with the spec's messages.
 */

export const TITLE_REQUIRED = 'Title is required.';
export const NAME_REQUIRED = 'Name is required.';
/** Spec 03 §5: "non-digits stripped, numeric, at least 7 digits" with the spec's words. */
export const PHONE_DIGITS = 'Phone Number needs to have more than seven digits.';
export const PHONE_MIN_DIGITS = 7;
/** Spec 03 §5: 'Valid URL(e.g. {host}) is required.' */
export const INVALID_URL = 'Valid URL(e.g. https://example.com) is required.';
export const DESCRIPTION_TOO_LONG = 'The description is too long.';

/** A required single-line text with the spec's message. */
export const requiredText = (message: string, max = 200) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max);

/** An optional single-line text (conform posts an emptied field as nothing). */
export const optionalText = (max = 500) => z.string().trim().max(max).optional();

/** Rich text as HTML: the schema keeps the string; the server sanitizes it and derives `description`. */
export const richText = () => z.string().trim().max(HTML_DESCRIPTION_MAX, DESCRIPTION_TOO_LONG).optional();

/** A phone number: kept as typed, at least 7 digits once non-digits are stripped. */
export const phone = () =>
  z
    .string()
    .trim()
    .max(40, PHONE_DIGITS)
    .refine((value) => phoneDigits(value).length >= PHONE_MIN_DIGITS, PHONE_DIGITS)
    .optional();

/** A web address (http or https with a host name). */
export const url = () => z.string().trim().max(2000).refine(isValidUrl, INVALID_URL).optional();

/** The most rows a list of titles (kind 'title-list', such as a store item's options) holds. */
export const MAX_TITLE_LIST_ROWS = 20;
export const TOO_MANY_ROWS = `At most ${MAX_TITLE_LIST_ROWS} rows.`;

/** A list of `{ title }` rows; an empty row asks for its title. */
export const titleList = () =>
  z
    .array(z.object({ title: requiredText(TITLE_REQUIRED, 100) }))
    .max(MAX_TITLE_LIST_ROWS, TOO_MANY_ROWS)
    .optional();

/**
 * A checkbox: ticked posts 'on', unticked posts nothing (false). A default of true belongs to
 * the editor's `defaults()`, never to the schema, or an unticked box would read as ticked.
 */
export const checkbox = () => z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());

/** A form's checkbox value for a stored flag (absent takes `fallback`). */
export const checked = (value: unknown, fallback: boolean): 'on' | undefined =>
  (typeof value === 'boolean' ? value : fallback) ? 'on' : undefined;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored value as a form's text (numbers as typed digits; anything else empty). */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** What a record stores for an optional text: the text, or null so that saving clears it. */
export const orNull = <T>(value: T | undefined): T | null => (value === undefined || value === '' ? null : value);
