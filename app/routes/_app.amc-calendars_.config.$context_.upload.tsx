import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { IcsUploadScreen } from '~/components/calendars/ics-upload';
import { icsUploadAction, loadIcsUpload } from '~/components/calendars/ics-upload.server';
import { IcsUploadIntent } from '~/components/calendars/shared';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import type { RouteHandle } from '~/components/shell/route-handle';

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
