import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PublicDeleteIntent } from '~/features/public-calendar/intents';
import { PublicDeletePage } from '~/features/public-calendar/manage';
import { loadPublicDelete, publicDeleteAction } from '~/features/public-calendar/manage.server';
import styles from '~/styles/public-calendar.css';

/**
 * `/calendar/event/:clocation/:tab/:eventId/delete`: staff of the community delete an event
 * from the public calendar after the spec's confirmation (spec 03 "Public calendar events", §8).
 */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.dialogTitle}: ${data.title}` : 'Delete Event' }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPublicDelete(request, params);
}

export const Intent = PublicDeleteIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return publicDeleteAction(request, params);
}

export default function PublicDeleteRoute() {
  return <PublicDeletePage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
