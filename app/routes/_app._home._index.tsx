import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { readForm } from '@server/http/form.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ShellButtonTray } from '~/components/shell/shell-trays';
import { chooseSectionAction, chooseSectionFromQuery } from '~/features/home/menu/section.server';
import { requireStaff } from '~/features/shell/authz.server';
import { intents, parseIntent } from '~/lib/intent';

/**
 * Home (spec 01 §2.6): the layout shows the header and menu; the right column the button tray.
 * `/?section={uniqueId}` (a Submenu tile) remembers that section and shows home.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return chooseSectionFromQuery(request);
}

/** The menu section picker's post: remembers the section the home grid shows. */
export const Intent = intents(z.object({ intent: z.literal('choose-section'), menuId: z.string().min(1).max(768) }));

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const { menuId } = parseIntent(await readForm(request), Intent);
  return chooseSectionAction(request, menuId);
}

export default function Home() {
  return <ShellButtonTray />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
