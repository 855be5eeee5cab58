import type { LoaderFunctionArgs } from '@remix-run/node';
import { resolveEmailTemplates } from '~/features/email-templates/email-templates.server';
import { loadRows } from '~/features/listing/list.server';

/** The list's next chunk after `?after=` (infinite scroll): rows and the next cursor. */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadRows(request, await resolveEmailTemplates(request));
}
