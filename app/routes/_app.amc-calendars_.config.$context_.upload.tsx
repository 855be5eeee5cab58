import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { IcsUploadScreen } from '~/features/calendars/ics-upload';
import { icsUploadAction, loadIcsUpload } from '~/features/calendars/ics-upload.server';
import { IcsUploadIntent } from '~/lib/calendars';
import type { RouteHandle } from '~/lib/route-handle';

/** Import a .ics file into a calendar: a page of the calendar config editor (/amc-calendars/config/:context/upload). */
export const handle = { title: 'Import a .ics File' } satisfies RouteHandle;
export const meta = shellMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadIcsUpload(request, params.context);
}

export const Intent = IcsUploadIntent;

export async function action({ request, params }: ActionFunctionArgs) {
  return icsUploadAction(request, params.context);
}

export default function IcsUpload() {
  return <IcsUploadScreen data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
