import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import type { HomeAction } from '~/components/shell/home-actions';

/**
 * A right-column screen of the home route (`/:action`, spec 01 §2.6): community setup, app
 * setup, integrations, the header editor, the menu item form. The route module
 * `_app.$action.tsx` stays the one module of `/:action` (the spec's route table) and hands
 * loader and action to the panel registered for the action.
 *
 * Server halves live in `{name}.server.ts` (registered in `registry.server.ts`), their UI in
 * `{name}.tsx` (registered in `registry.tsx`).
 */
export interface PanelServer<LoaderData = unknown> {
  /** Must begin with the panel's require… check from server/authz. */
  loader(args: LoaderFunctionArgs): Promise<LoaderData>;
  /** Posts of the panel's form; a panel without a form leaves it out (405). */
  action?(args: ActionFunctionArgs): Promise<Response | unknown>;
}

export type PanelActionName = Exclude<HomeAction, 'default'>;
