import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PublicCalendarPage } from '~/features/public-calendar/calendar-page';
import { PublicCalendarErrorBoundary } from '~/features/public-calendar/missing';
import { publicCalendarLoader } from '~/features/public-calendar/public-calendar.server';
import type { RouteHandle } from '~/lib/route-handle';
import styles from '~/styles/public-calendar.css';

/**
 * `/calendar` (spec 03 "Public calendar page", no sign-in): a community's calendar as a list or
 * a month, for anyone, framed by other sites (handle.embeddable), kept rendered for anonymous
 * visitors while it is current (docs/decisions/027).
 */
export const handle: RouteHandle = { embeddable: true };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: 'Calendar not found' }, { name: 'robots', content: 'noindex' }];
  return [
    { title: data.pageTitle },
    { name: 'description', content: data.description },
    { tagName: 'link', rel: 'canonical', href: `${data.origin}${data.canonical}` },
    { property: 'og:title', content: `${data.calendar.title} - ${data.community.name}` },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: `${data.origin}${data.canonical}` },
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  return publicCalendarLoader(request);
}

export default function PublicCalendarRoute() {
  return <PublicCalendarPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <PublicCalendarErrorBoundary />;
}
