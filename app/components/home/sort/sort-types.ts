import { z } from 'zod';
import { intent, intents } from '~/lib/intent';

/** The home actions handled by the sort mode's action (spec 01 §2.6, §4.3). */
export const SORT_ACTIONS = ['sort-button', 'sort-submit', 'sort-cancel', 'sort-alpha'] as const;

export type SortAction = (typeof SORT_ACTIONS)[number];

export function isSortAction(value: string | undefined): value is SortAction {
  return typeof value === 'string' && (SORT_ACTIONS as readonly string[]).includes(value);
}

/** A Move up / Move down button names the item's index in the pending order. */
const move = <Name extends 'move-up' | 'move-down'>(name: Name) =>
  z.object({ intent: z.literal(name), argument: z.coerce.number().int().min(0).max(9_999) });

/**
 * The sort mode's posts (STYLE 8): save the pending order, sort alphabetically (the
 * confirmation's OK), leave without saving, or move one item (the plain-HTML path of drag and
 * drop, `move-up:{index}`).
 */
export const SortIntent = intents(intent('sort-submit'), intent('sort-alpha'), intent('sort-cancel'), move('move-up'), move('move-down'));

export type SortIntent = z.infer<typeof SortIntent>;

/** The confirmation of sort-alpha (spec 02 §8). */
export const SORT_ALPHA_TITLE = 'Sort Alphabetically';
export const SORT_ALPHA_TEXT = 'Are you positive you want to sort this listing in alphabetical order?';

/** What a sort post hands back when it shows sort mode again: the pending order of item keys. */
export interface SortActionData {
  sort: {
    order: string[];
    /** Why a save was refused. */
    error?: string;
    /** The key just moved (its Move buttons keep the focus). */
    moved?: string | null;
  };
}

export function isSortActionData(value: unknown): value is SortActionData {
  return typeof value === 'object' && value !== null && 'sort' in value && Array.isArray((value as SortActionData).sort?.order);
}
