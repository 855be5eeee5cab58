import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PublicEventPage } from '~/features/public-calendar/event-page';
import { PublicCalendarErrorBoundary } from '~/features/public-calendar/missing';
import { publicEventLoader } from '~/features/public-calendar/public-calendar.server';
import { hrefs } from '~/lib/hrefs';
import type { RouteHandle } from '~/lib/route-handle';
import styles from '~/styles/public-calendar.css';

/**
 * `/calendar/event/:clocation/:tab/:eventId`: one occurrence of a public calendar (no sign-in),
 * its own crawlable page with its schema.org Event; framed like the calendar it belongs to.
 */
export const handle: RouteHandle = { embeddable: true };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: 'Event not found' }, { name: 'robots', content: 'noindex' }];
  return [
    { title: data.pageTitle },
    { name: 'description', content: data.description },
    { tagName: 'link', rel: 'canonical', href: `${data.origin}${data.canonical}` },
    { property: 'og:title', content: data.event.title },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: `${data.origin}${data.canonical}` },
    ...(data.event.image
      ? [{ property: 'og:image', content: data.event.image.startsWith('/') ? `${data.origin}${data.event.image}` : data.event.image }]
      : []),
  ];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  return publicEventLoader(request, params);
}

export default function PublicEventRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <PublicEventPage data={data} liveHref={hrefs.publicCalendarLive({ clocation: data.community.key, selectedTab: data.calendar.tab })} />
  );
}

export function ErrorBoundary() {
  return <PublicCalendarErrorBoundary />;
}
