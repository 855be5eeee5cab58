import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { PrintoutScreen } from '~/features/printouts/printout-screen';
import { loadPrintout, printoutAction } from '~/features/printouts/printout.server';
import { PrintoutIntent } from '~/lib/printout';
import type { RouteHandle } from '~/lib/route-handle';

/** The events calendar printout (spec 01 §2.1 /activities-printout/:calendarId?, spec 02 "Activities printout"). */
export const handle = { title: 'Activities Printout' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPrintout(request, params.calendarId);
}

export const Intent = PrintoutIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return printoutAction(request, params.calendarId);
}

export default function ActivitiesPrintout() {
  return <PrintoutScreen data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
