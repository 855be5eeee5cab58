import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ListScreen } from '~/features/listing/list-screen';
import { loadListScreen } from '~/features/listing/list.server';
import { listMeta } from '~/features/listing/meta';
import { resolvePromos } from '~/features/promos/promo.server';
import promoStyles from '~/features/promos/promos.css';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * Banner Ads at /listnm/ads (spec 01 §1 banner ads; spec 03 §6 Administrative tray,
 * studio-disabled; §9; decision 042): the banner ads of the community, each opened in the right
 * column to edit it. The right column is the child route.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadListScreen(request, await resolvePromos(request, 'ads'));
}

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: promoStyles }];

export const meta: MetaFunction<typeof loader> = listMeta;

export const handle: RouteHandle = { listScreen: true };

export default function PromoList() {
  const data = useLoaderData<typeof loader>();
  return <ListScreen data={data} bulk={undefined} selectable={false} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
