import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import templateStyles from '~/features/email-templates/email-templates.css';
import { resolveEmailTemplates } from '~/features/email-templates/email-templates.server';
import { ListScreen } from '~/features/listing/list-screen';
import { loadListScreen } from '~/features/listing/list.server';
import { listMeta } from '~/features/listing/meta';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * Email Templates at /listnm/email (spec 03 §6 Email Templates tray, super admin; §9; decision
 * 046): the e-mails the console sends, each opened in the right column to write its template.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadListScreen(request, await resolveEmailTemplates(request));
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: templateStyles }];

export const meta: MetaFunction<typeof loader> = listMeta;

export const handle: RouteHandle = { listScreen: true };

export default function EmailTemplateList() {
  const data = useLoaderData<typeof loader>();
  return <ListScreen data={data} bulk={undefined} selectable={false} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
