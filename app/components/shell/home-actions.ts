/**
 * The home screen's actions (spec 01 §2.6, §4.3): `/:action` opens the home screen with one of
 * them; anything else is not a page (404).
 */
export const HOME_ACTIONS = [
  'default',
  'add',
  'edit',
  'sort-button',
  'sort-submit',
  'sort-cancel',
  'sort-alpha',
  'community-setup',
  'add-community',
  'app-setup',
  'integrations',
  'header-images',
] as const;

export type HomeAction = (typeof HOME_ACTIONS)[number];

export function isHomeAction(value: string | undefined): value is HomeAction {
  return typeof value === 'string' && (HOME_ACTIONS as readonly string[]).includes(value);
}

/** The id of the right column's landmark, where the home screen's editors open. */
export const EDITOR_ID = 'editor';

/** First segments of the addresses whose screen opens in the right column. */
const EDITOR_SEGMENTS: ReadonlySet<string> = new Set([
  'add',
  'home',
  'community-setup',
  'add-community',
  'app-setup',
  'integrations',
  'header-images',
]);

/** First segments of the lists whose forms (`/:segment/:context/:action`) open in the list's right column. */
const LIST_FORM_SEGMENTS: ReadonlySet<string> = new Set(['amc-messages']);

/**
 * A link to a screen that opens in the right column points at it (`#editor`): on a phone, where
 * the right column lies under the menu, the browser scrolls to the editor even without
 * JavaScript. Other addresses are returned as they are.
 */
export function editorHref(to: string): string {
  if (to.includes('#') || !to.startsWith('/')) return to;
  const segments = (to.slice(1).split('?', 1)[0] ?? '').split('/');
  const segment = segments[0] ?? '';
  if (EDITOR_SEGMENTS.has(segment)) return `${to}#${EDITOR_ID}`;
  // A list's form (Send Notification: `/amc-messages/:context/:action`) opens in the list's right column.
  if (LIST_FORM_SEGMENTS.has(segment) && segments.length >= 3) return `${to}#${EDITOR_ID}`;
  return to;
}
