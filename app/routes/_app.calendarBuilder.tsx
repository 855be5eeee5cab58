import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { CalendarBuilderScreen } from '~/features/calendar-builder/calendar-builder';
import builderStyles from '~/features/calendar-builder/calendar-builder.css';
import { loadCalendarBuilderPage } from '~/features/calendar-builder/calendar-builder.server';
import type { RouteHandle } from '~/lib/route-handle';

/** The calendar builder (spec 03 "Calendar builder"): staff, no left column (spec 01 §2.1). */
export const handle = { title: 'Calendar Builder', noLeftColumn: true } satisfies RouteHandle;
export const meta = shellMeta;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: builderStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCalendarBuilderPage(request);
}

export default function CalendarBuilder() {
  return <CalendarBuilderScreen data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
