import { eventEditorRights, isObject } from '../index';
import type { Target } from './target';

/** What the person may write (spec 02 §6): staff everything, a remote manager the grant's fields. */
export const eventEditorRightsOf = (target: Target) =>
  target.kind === 'remote' ? eventEditorRights({ kind: 'remote', grant: target.remote.grant }) : eventEditorRights({ kind: 'staff' });

export function previewContext(target: Target) {
  return { timeZone: target.options.timeZone, locations: target.options.locations, audiences: target.options.audiences };
}

/** Remote managers' custom buttons open a web page, call or write (spec 02 §6). */
export const REMOTE_EVENT_BUTTON_ACTIONS = ['website', 'call', 'mailto'] as const;

/** A remote manager's custom buttons may only open a web page, call or write (spec 02 §6). */
export function remoteButtonsError(buttons: unknown): string | null {
  if (!Array.isArray(buttons)) return null;
  const allowed: readonly string[] = REMOTE_EVENT_BUTTON_ACTIONS;
  const kindOf = (button: unknown) => (isObject(button) && isObject(button.action) ? button.action.action : undefined);
  return buttons.some((button) => !allowed.includes(String(kindOf(button))))
    ? 'Remote managers can add buttons that open a website, dial a number or send an e-mail.'
    : null;
}
