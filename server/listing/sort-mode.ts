import { isValidKey } from '~/lib/db-key';
import { listUrls } from '~/lib/listing/urls';
import { ListError } from './cursor';
import { listUseCase } from './registry';
import type { ResolvedList } from './resolved';
import type { ListDeps } from './source';

/**
 * Sort mode of a list sorted by hand (spec 02 §4 listing action sort): Move up / Move down
 * (without JavaScript), a dragged order, and Sort Alphabetically with the spec's confirmation.
 */

/** The most rows sort mode shows and a dragged order may hold. */
export const MAX_SORT_ROWS = 1000;

export type SortStep = 'move-up' | 'move-down' | 'reorder' | 'sort-alpha' | 'sort-alpha-confirmed';

export interface SortActionData {
  confirmAlpha: boolean;
  error: string | null;
}

export type SortAnswer =
  | { kind: 'form'; status: number; data: SortActionData }
  /** Moved: sort mode again, scrolled to the moved row. */
  | { kind: 'moved'; to: string }
  | { kind: 'done'; to: string; message: string };

/** Whether the list has a sort mode: sortable by its context, ordered by ordinal, and its source sorted by hand. */
export function hasSortMode(list: ResolvedList): boolean {
  return Boolean(list.definition.sortable) && list.definition.order.by === 'ordinal';
}

const refused = (status: number, error: string): SortAnswer => ({ kind: 'form', status, data: { confirmAlpha: false, error } });

/** The dragged order as posted: item keys, or null when it cannot be read. */
export function parseSortOrder(raw: string): string[] | null {
  let keys: unknown;
  try {
    keys = JSON.parse(raw);
  } catch {
    keys = null;
  }
  if (!Array.isArray(keys) || keys.length > MAX_SORT_ROWS || !keys.every((key) => typeof key === 'string' && isValidKey(key))) return null;
  return keys as string[];
}

/** Sort mode's posts (the list has a sort mode, and its source is sorted by hand). */
export async function answerSort(
  deps: ListDeps,
  list: ResolvedList,
  step: SortStep,
  formData: FormData,
  search: URLSearchParams,
): Promise<SortAnswer> {
  const lists = listUseCase(deps);
  const here = listUrls(list.location, search).action('sort');
  try {
    switch (step) {
      case 'move-up':
      case 'move-down': {
        const key = String(formData.get('key') ?? '');
        if (!isValidKey(key)) return refused(400, 'Choose an item to move.');
        const moved = await lists.move(list, key, step === 'move-up' ? 'up' : 'down');
        if (!moved) return refused(400, 'That item cannot move further.');
        return {
          kind: 'moved',
          to: `${here}${here.includes('?') ? '&' : '?'}moved=${encodeURIComponent(key)}#row-${encodeURIComponent(key)}`,
        };
      }
      case 'reorder': {
        const keys = parseSortOrder(String(formData.get('order') ?? ''));
        if (!keys) return refused(400, 'The new order could not be read. Reload the list and sort again.');
        await lists.reorder(list, keys);
        return { kind: 'done', to: here, message: 'The new order is saved.' };
      }
      case 'sort-alpha':
        return { kind: 'form', status: 200, data: { confirmAlpha: true, error: null } };
      case 'sort-alpha-confirmed': {
        await lists.sortAlphabetically(list);
        return { kind: 'done', to: here, message: 'The list is sorted alphabetically.' };
      }
    }
  } catch (error) {
    if (error instanceof ListError) return refused(409, 'The list changed while you were sorting. Reload it and try again.');
    throw error;
  }
}
