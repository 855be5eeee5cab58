/**
 * Concurrent edits (two people saving the same record): every form that edits a stored record
 * carries the version of what it showed in a hidden field (`version`, a hash of the record's
 * form value, made by server/db/version.ts). Its save compares that version with the stored
 * one inside the write's transaction; when the record changed meanwhile nothing is written and
 * the form comes back (409) with:
 * - everything the person typed, still in the form;
 * - the other person's current values beside it, read-only (`theirs`);
 * - the new version in the hidden field, so a second Save deliberately replaces theirs.
 *
 * A post without a version (not from these forms) is saved without the check.
 */

/** The hidden field holding the version of the record the form shows. */
export const VERSION_FIELD = 'version';

/** One of the other person's values, as the conflict notice lists it. */
export interface ConflictRow {
  label: string;
  value: string;
}

export interface Conflict {
  message: string;
  /** The stored record's version now: the form's next Save replaces it. */
  version: string;
  /** Their values that differ from what this person typed (empty when they agree). */
  theirs: ConflictRow[];
}

/**
 * The spec has no words for a concurrent edit; these follow its voice: what happened, where
 * the other version is, that nothing typed is lost, and what Save does now.
 */
export function conflictMessage(what: string): string {
  return `${what} was changed by someone else while you were editing. Their version is shown below; your changes are still in the form. Save again to replace theirs.`;
}

/** The posted version, or null when the form sent none. */
export function postedVersion(formData: FormData): string | null {
  const value = formData.get(VERSION_FIELD);
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 100) : null;
}

/** A value as the notice shows it: text, Yes/No, lists joined. */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (Array.isArray(value))
    return value
      .map(displayValue)
      .filter((item) => item !== '')
      .join('; ');
  if (typeof value === 'object')
    return Object.values(value as Record<string, unknown>)
      .map(displayValue)
      .filter((item) => item !== '')
      .join(' ');
  return '';
}

/**
 * The rows of the notice: for each labelled field, their value where it differs from what this
 * person posted (compared as shown, ignoring case and surrounding spaces). Empty values show
 * as '(empty)'.
 */
export function conflictRows(
  labels: Readonly<Record<string, string>>,
  theirs: Readonly<Record<string, unknown>>,
  posted: Readonly<Record<string, unknown>>,
): ConflictRow[] {
  const rows: ConflictRow[] = [];
  for (const [field, label] of Object.entries(labels)) {
    const their = displayValue(theirs[field]);
    if (their.toLowerCase() === displayValue(posted[field]).toLowerCase()) continue;
    rows.push({ label, value: their === '' ? '(empty)' : their });
  }
  return rows;
}
