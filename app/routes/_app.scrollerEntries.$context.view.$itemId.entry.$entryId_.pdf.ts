import type { LoaderFunctionArgs } from '@remix-run/node';
import { entryPdf } from '~/features/entries/entry-pdf.server';

/** A form entry's PDF: the stored file, or the job that makes it (its job-status page). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return entryPdf(request, params);
}
