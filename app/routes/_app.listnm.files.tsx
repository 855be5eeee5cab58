import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary, ownText } from '~/components/error-boundary';
import { FilesScreen } from '~/features/files/files-screen';
import { filesAction, loadFiles } from '~/features/files/files.server';
import { FilesIntent } from '~/features/files/intents';
import { listMeta } from '~/features/listing/meta';

/**
 * File management at /listnm/files (spec 02 "Listing routes" context files, §7 file-management
 * folders; spec 03 §6 Administrative tray, §9 file management; decision 043): the community's
 * folders and files a page at a time (`?folder=`, `?page=`), Upload, Rename (`?rename=`), Delete
 * (asked first, naming the records that use the file) and Copy Link. Community admins.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadFiles(request);
}

export const meta: MetaFunction<typeof loader> = listMeta;

export const Intent = FilesIntent;

export async function action({ request }: ActionFunctionArgs) {
  return filesAction(request);
}

export default function Files() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <FilesScreen data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 400: ownText('This is not a folder of the community’s files.'), 404: ownText('This file is not there any more.') }}
    />
  );
}
