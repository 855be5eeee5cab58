/**
 * The left column is 'expanded' or 'collapsed' when the person chose so with the menu
 * expander, and 'auto' until then: open on wide screens, collapsed on tablets.
 */
export type LeftColumnState = 'auto' | 'expanded' | 'collapsed';

/** The query parameter the menu expander sets. */
export const LEFT_COLUMN_PARAM = 'leftColumn';

export function parseLeftColumnState(value: string | null | undefined): Exclude<LeftColumnState, 'auto'> | null {
  return value === 'expanded' || value === 'collapsed' ? value : null;
}

/** The current address with the left column asked to be `state`. */
export function leftColumnHref(location: { pathname: string; search: string }, state: 'expanded' | 'collapsed'): string {
  const params = new URLSearchParams(location.search);
  params.set(LEFT_COLUMN_PARAM, state);
  return `${location.pathname}?${params.toString()}`;
}
