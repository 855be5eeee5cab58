import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { readForm } from '@server/http/form.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ShellButtonTray } from '~/components/shell/shell-trays';
import { sortAction } from '~/features/home/sort/sort-action.server';
import { isSortAction, SortIntent } from '~/features/home/sort/sort-types';
import { requireStaff } from '~/features/shell/authz.server';
import { parseIntent } from '~/lib/intent';
import { notFound } from '~/lib/responses.server';

/**
 * The home screen's generic actions (spec 01 §2.6): sort-button (drag mode), sort-submit,
 * sort-cancel and sort-alpha (its confirmation). The grid in the layout turns sortable on these
 * addresses; the right column keeps the button tray. Every named screen has its own route
 * (/community-setup, /add …), so any other word here is not a page.
 */
function requireSortAction(action: string | undefined) {
  if (!isSortAction(action)) throw notFound();
  return action;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const action = requireSortAction(params.action);
  await requireStaff(request);
  return { action };
}

export const Intent = SortIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  const action = requireSortAction(params.action);
  const staff = await requireStaff(request);
  const form = await readForm(request);
  // The confirmation's OK and the Save button post to their own address without an intent.
  const fallback = action === 'sort-alpha' || action === 'sort-submit' ? action : undefined;
  return sortAction(request, staff, parseIntent(form, Intent, { fallback }), form);
}

export default function HomeSort() {
  return <ShellButtonTray />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
