import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { resolveListnm } from '~/features/listing/resolve.server';
import { isValidKey } from '~/lib/db-key';
import { listUrls } from '~/lib/listing/urls';
import { notFound } from '~/lib/responses.server';

/** `/listnm/:context/id/:key` (spec 01 §2.1): one item of the list by its key, opened in its editor. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const list = await resolveListnm(request, params);
  const key = params.key ?? '';
  if (!isValidKey(key)) throw notFound();
  return redirect(listUrls(list.location, new URL(request.url).searchParams).item('edit', key));
}
