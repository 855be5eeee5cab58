/**
 * Rewards points changed by staff (spec 03 §9 default item shape "rewards user (total 0,
 * history, barcodes, name, email)"; decision 045): the limits and the words of the forms and of
 * the server's rules, shared by both.
 */

/** The largest number of points one change adds or removes, and the largest total a change sets. */
export const MAX_POINTS_CHANGE = 1_000_000;
/** The longest note a change keeps. */
export const MAX_POINTS_NOTE_LENGTH = 500;
/** The largest points per dollar the rewards config takes. */
export const MAX_POINTS_PER_DOLLAR = 10_000;

export const REWARDS_TEXTS = {
  pointsRequired: 'Points are required.',
  pointsInvalid: `Points must be a whole number from -${MAX_POINTS_CHANGE} to ${MAX_POINTS_CHANGE}, not 0.`,
  totalInvalid: `The total must be a whole number from 0 to ${MAX_POINTS_CHANGE}.`,
  noteRequired: 'A note is required.',
  noteTooLong: `A note can be at most ${MAX_POINTS_NOTE_LENGTH} characters.`,
  belowZero: 'This change would take the total below 0 points.',
  unchanged: 'The total is already this number of points.',
  stale: 'The total changed since this page was shown (points were earned, redeemed or changed meanwhile). Check the total and try again.',
  busy: 'Other changes kept this rewards user busy; try again.',
  noSuchUser: 'There is no such rewards user in this community.',
  perDollarInvalid: `Points per dollar must be a whole number from 0 to ${MAX_POINTS_PER_DOLLAR}.`,
  programNameTooLong: 'The program name can be at most 100 characters.',
} as const;

/** How a change is given: points added (or removed, negative), or the new total. */
export const POINTS_CHANGE_MODES = ['add', 'set'] as const;
export type PointsChangeMode = (typeof POINTS_CHANGE_MODES)[number];

/** The history entry's title of a change made in the console. */
export const POINTS_CHANGE_TITLE = 'Changed by staff';
