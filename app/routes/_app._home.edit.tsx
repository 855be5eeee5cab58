import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireStaff } from '~/features/shell/authz.server';
import { hrefs } from '~/lib/hrefs';

/** `/edit` names no menu item (the editor is /home/edit/:itemId): home. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  throw redirect(hrefs.home());
}
