import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { AudiencesIntent } from '~/features/public-calendar/intents';
import { AudiencesPage } from '~/features/public-calendar/manage';
import { audiencesAction, loadAudiences } from '~/features/public-calendar/manage.server';
import styles from '~/styles/public-calendar.css';

/** `/calendar/audiences/:clocation`: staff of the community read and set its audience list (spec 03 §7). */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Audiences - ${data.communityName}` : 'Audiences' }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadAudiences(request, params.clocation);
}

export const Intent = AudiencesIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return audiencesAction(request, params.clocation);
}

export default function AudiencesRoute() {
  return <AudiencesPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
