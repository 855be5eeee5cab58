import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { readForm } from '@server/http/form.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { EntriesExportButtons, ExportErrorDialog } from '~/features/entries/entries-export';
import { RsvpNotice } from '~/features/entries/entries-screen';
import { withEntries } from '~/features/entries/entries.server';
import { exportAction, ExportSchema, isExportIntent } from '~/features/entries/export.server';
import { EntriesListIntent } from '~/features/entries/intents';
import { resolveEntries } from '~/features/entries/resolve.server';
import { ListScreen } from '~/features/listing/list-screen';
import { bulkAction, BulkSchema, listFiltersOf, loadListScreen } from '~/features/listing/list.server';
import { listMeta } from '~/features/listing/meta';
import { parseIntent } from '~/lib/intent';
import type { BulkActionData } from '~/lib/listing/screen';
import type { RouteHandle } from '~/lib/route-handle';

/**
 * The entries of a form, hunt or feedback item at /scrollerEntries/:context/view/:itemId (spec 02
 * "Guest entries"): active and archived views, filters, select-all and Delete Selected, 25 rows
 * at a time; an RSVP form's event filter and totals; Export, Export Photos and Export Files of
 * the rows ticked or of the view and filters. The right column is the child route (the view
 * switch, or an entry). Another action than `view` is no page (404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const list = await resolveEntries(request, params);
  return withEntries(request, list, await loadListScreen(request, list));
}

export const meta: MetaFunction<typeof loader> = listMeta;

export const handle: RouteHandle = { listScreen: true };

export const Intent = EntriesListIntent;

/** Delete Selected (the spec's confirmation, then one update), or an export (a job, docs/decisions/034). */
export async function action({ request, params }: ActionFunctionArgs) {
  const list = await resolveEntries(request, params);
  const formData = await readForm(request, { schemas: [BulkSchema, ExportSchema] });
  const { intent } = parseIntent(formData, EntriesListIntent);
  if (!isExportIntent(intent)) return bulkAction(request, list, formData);
  const { filters } = await listFiltersOf(new URL(request.url), list);
  return exportAction(request, list, formData, filters);
}

export default function GuestEntries() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const bulk = posted && 'confirm' in posted ? (posted as BulkActionData) : undefined;
  const exported = posted && 'kind' in posted ? posted : undefined;
  return (
    <>
      <ListScreen
        data={data}
        bulk={bulk}
        notice={data.rsvp ? <RsvpNotice rsvp={data.rsvp} /> : null}
        bulkButtons={<EntriesExportButtons data={data} kind={data.kind} />}
      />
      {exported?.kind === 'export-error' ? (
        <ExportErrorDialog title={exported.title} text={exported.text} closeHref={data.links.list} />
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
