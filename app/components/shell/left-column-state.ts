/**
 * The left column is 'expanded' or 'collapsed' when the person chose so with the menu
 * expander, and 'auto' until then: open on wide screens, collapsed on tablets and phones.
 * Choosing an entry in the opened column returns it to 'auto', which closes the drawer that
 * lies over the page on narrow screens (and changes nothing on wide ones).
 */
export type LeftColumnState = 'auto' | 'expanded' | 'collapsed';

/** The query parameter the menu expander (and an entry chosen in the opened drawer) sets. */
export const LEFT_COLUMN_PARAM = 'leftColumn';

/** A state remembered in the cookie: the expander's choice. */
export function parseLeftColumnState(value: string | null | undefined): Exclude<LeftColumnState, 'auto'> | null {
  return value === 'expanded' || value === 'collapsed' ? value : null;
}

/** A state asked for in the address: the expander's choice, or 'auto' to forget it. */
export function parseLeftColumnChoice(value: string | null | undefined): LeftColumnState | null {
  return value === 'auto' ? 'auto' : parseLeftColumnState(value);
}

/** The current address with the left column asked to be `state`. */
export function leftColumnHref(location: { pathname: string; search: string }, state: LeftColumnState): string {
  const params = new URLSearchParams(location.search);
  params.set(LEFT_COLUMN_PARAM, state);
  return `${location.pathname}?${params.toString()}`;
}

/**
 * The address of an entry of the left column: while the column is opened by choice, the
 * entry also closes it (`?leftColumn=auto`, answered by a redirect that keeps the fragment).
 */
export function leftColumnEntryHref(to: string, state: LeftColumnState): string {
  if (state !== 'expanded') return to;
  const [beforeHash = '', hash] = to.split('#', 2);
  const [path = '', query] = beforeHash.split('?', 2);
  const params = new URLSearchParams(query);
  params.set(LEFT_COLUMN_PARAM, 'auto');
  return `${path}?${params.toString()}${hash === undefined ? '' : `#${hash}`}`;
}
