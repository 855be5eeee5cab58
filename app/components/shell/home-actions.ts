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
