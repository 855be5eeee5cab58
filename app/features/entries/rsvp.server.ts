import { redirect } from '@remix-run/node';
import { requireStaff } from '@server/authz';
import { legacyEventRsvpForm } from '@server/entries/rsvp';
import { isEntryContext } from '@server/entries/store';
import { notFound } from '@server/http/responses';
import { hrefs } from '~/lib/hrefs';
import { getServices } from '~/services.server';

/**
 * A legacy event row's RSVP action (`/detail/events/:dbContext/:itemId/rsvp`): the entries of the
 * event's RSVP form for this event (`/scrollerEntries/custom-forms/view/{form}?eventId={event}`).
 * Staff only; 404 when the event or any RSVP form is missing.
 */
export async function legacyRsvpRedirect(request: Request, params: Record<string, string | undefined>): Promise<Response> {
  const staff = await requireStaff(request);
  const eventId = params.itemId ?? '';
  const form = await legacyEventRsvpForm(await getServices(), staff.community, params.dbContext ?? '', eventId);
  if (!form) throw notFound();
  return redirect(hrefs.scrollerEntries('custom-forms', 'view', form, { eventId }));
}

const ENTRIES_SUFFIX = '.entries';

/**
 * `/listnm/:context/view/:itemId` with context `{type}.entries` (spec 02 "Form entries list route
 * also appears as listingNoMenuEdit with context {type}.entries, action view, itemId"): the same
 * entries at their own address, `/scrollerEntries/{type}/view/{itemId}` (the query kept). Staff
 * only; another context is 404.
 */
export async function listingEntriesRedirect(request: Request, params: Record<string, string | undefined>): Promise<Response> {
  await requireStaff(request);
  const context = params.context ?? '';
  const type = context.endsWith(ENTRIES_SUFFIX) ? context.slice(0, -ENTRIES_SUFFIX.length) : '';
  if (!isEntryContext(type)) throw notFound();
  return redirect(hrefs.scrollerEntries(type, 'view', params.itemId ?? '', new URL(request.url).searchParams));
}
