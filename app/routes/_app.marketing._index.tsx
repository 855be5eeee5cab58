import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { MarketingScreen } from '~/features/marketing/marketing';
import marketingStyles from '~/features/marketing/marketing.css';
import { loadMarketing, marketingAction } from '~/features/marketing/marketing.server';
import type { RouteHandle } from '~/lib/route-handle';
import { MarketingIntent } from '~/schemas/marketing';

/**
 * The marketing screen (spec 03 "Marketing screen"; spec 01 §2.1 /marketing: signed in, no left
 * column): the badge snippets, the one-link with its QR code and the marketing images on the
 * left, the action buttons or the package form on the right.
 */
export const handle = { title: 'Marketing', noLeftColumn: true } satisfies RouteHandle;
export const meta = shellMeta;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: marketingStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadMarketing(request);
}

export const Intent = MarketingIntent;

export async function action({ request }: ActionFunctionArgs) {
  return marketingAction(request);
}

export default function Marketing() {
  return <MarketingScreen data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
