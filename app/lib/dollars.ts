/**
 * Dollars amounts (spec 03 §3 "Dollars record": currentDollars and history amounts; decision
 * 041). The records hold dollars as numbers (84, 12.5), as the apps read them; every sum the
 * server makes is in integer cents, so no transfer gains or loses a fraction of a cent.
 */

/** The largest amount one transfer moves: $100,000.00. */
export const MAX_TRANSFER_CENTS = 10_000_000;
/** The longest note a transfer keeps. */
export const MAX_NOTES_LENGTH = 500;

export const DOLLARS_TEXTS = {
  amountRequired: 'Amount is required.',
  amountInvalid: 'Enter an amount in dollars and cents, such as 12.50.',
  amountTooSmall: 'The amount must be at least $0.01.',
  amountTooLarge: 'The amount can be at most $100,000.00.',
  notesTooLong: `Notes can be at most ${MAX_NOTES_LENGTH} characters.`,
  sameAccount: 'Choose two different accounts.',
  insufficient: 'This account does not have enough dollars for this transfer.',
  noSuchAccount: 'There is no such dollars account.',
  busy: 'Other transfers kept this account busy; try again.',
} as const;

/** A stored dollars value as integer cents (anything not a finite number is 0). */
export function toCents(stored: unknown): number {
  const value = typeof stored === 'number' ? stored : typeof stored === 'string' && stored.trim() !== '' ? Number(stored) : NaN;
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/** Integer cents as the stored dollars value (two decimals at most). */
export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError('cents must be a safe integer');
  return cents / 100;
}

/** "$1,234.50" */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * An amount typed by a person ("12", "12.5", "$1,234.56") as integer cents, or the spec-worded
 * reason it is refused. Never parsed through floating point.
 */
export function parseAmount(input: string): { cents: number } | { error: string } {
  const text = input
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (text === '') return { error: DOLLARS_TEXTS.amountRequired };
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text) ?? /^()\.(\d{1,2})$/.exec(text);
  if (!match) return { error: DOLLARS_TEXTS.amountInvalid };
  const cents = Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents < 1) return { error: DOLLARS_TEXTS.amountTooSmall };
  if (cents > MAX_TRANSFER_CENTS) return { error: DOLLARS_TEXTS.amountTooLarge };
  return { cents };
}

/** Notes as kept: trimmed, or the reason they are refused. */
export function parseNotes(input: string): { notes: string } | { error: string } {
  const notes = input.trim();
  if (notes.length > MAX_NOTES_LENGTH) return { error: DOLLARS_TEXTS.notesTooLong };
  return { notes };
}

/** Spec 03 §8: the empty dollars history. */
export const NO_DOLLARS_HISTORY = 'There is no history for this user/business.';

/** One history entry as the dollars history display shows it (app/components/widgets/dollars-history.tsx). */
export interface DollarsHistoryRow {
  key: string;
  /** The date and time in the community's time zone. */
  when: string;
  type: string;
  amount: string;
  from: string;
  to: string;
  by: string;
  notes: string;
}

export interface DollarsHistoryView {
  /** The current dollars, "$84.00". */
  balance: string;
  /** Newest first. */
  rows: DollarsHistoryRow[];
}
