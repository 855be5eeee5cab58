import type { VisibleTray, VisibleTrayButton } from '~/lib/trays';

/**
 * What the shell renders of the button trays (spec 03 §6): the person's visible trays, each
 * with its buttons, as the tray catalogue (app/lib/trays.ts) picks them for the signed-in
 * person, the current community and the project.
 */
export type TrayView = VisibleTray;
export type TrayButtonView = VisibleTrayButton;

/** The query parameter that opens 'Feature Unavailable' for a button without JavaScript. */
export const UNAVAILABLE_PARAM = 'unavailable';

/** The button ids of the visible trays that open 'Feature Unavailable'. */
export function unavailableButtonIds(trays: readonly TrayView[]): Set<string> {
  return new Set(trays.flatMap((tray) => tray.buttons.filter((button) => button.unavailable).map((button) => button.id)));
}

/** The address that opens 'Feature Unavailable' for `buttonId` on the current page. */
export function unavailableHref(location: { pathname: string; search: string }, buttonId: string): string {
  const params = new URLSearchParams(location.search);
  params.set(UNAVAILABLE_PARAM, buttonId);
  return `${location.pathname}?${params.toString()}`;
}

/** The current address without the 'Feature Unavailable' parameter. */
export function withoutUnavailable(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete(UNAVAILABLE_PARAM);
  const search = params.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}
