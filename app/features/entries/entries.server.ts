import { rsvpEvents, rsvpTotals, type RsvpTotals } from '@server/entries/rules';
import { readEntries } from '@server/entries/store';
import { hrefs } from '~/lib/hrefs';
import type { ListScreenData } from '~/lib/listing/screen';
import { getServices } from '~/services.server';
import type { ResolvedEntries } from './resolve.server';

/** An RSVP form's event choice and totals (spec 02 "Guest entries"). */
export interface RsvpView {
  /** More than one event: 'RSVP Event Filter' offers them; one: 'RSVP for Event: …'. */
  events: Array<{ id: string; title: string }>;
  /** The chosen event (`?eventId=`), null for all of them. */
  eventId: string | null;
  /** The one event's title, when there is only one. */
  single: string | null;
  totals: RsvpTotals;
  /** The GET form's address (the list without its query). */
  action: string;
  /** Hidden fields the event form keeps (the view). */
  keep: Array<{ name: string; value: string }>;
}

export interface EntriesScreenData extends ListScreenData {
  kind: ResolvedEntries['item']['kind'];
  rsvp: RsvpView | null;
  /** The form's or hunt's editor (its fields or steps). */
  editHref: string;
}

/**
 * The RSVP part of an RSVP form's entries: the events its entries answer, and the totals of
 * the chosen event's responses (every response, whatever the view: the totals say who comes).
 */
export async function loadRsvp(request: Request, list: ResolvedEntries): Promise<RsvpView | null> {
  if (list.item.kind !== 'rsvp') return null;
  const services = await getServices();
  const rows = await readEntries(services, list.staff.community, list.item.node, list.item.key);
  const entries = rows.map((row) => row.item);
  const events = rsvpEvents(entries);
  const requested = new URL(request.url).searchParams.get('eventId');
  const eventId = events.some((event) => event.id === requested) ? requested : null;
  const chosen = eventId === null ? entries : entries.filter((entry) => entry.eventId === eventId);
  return {
    events: events.map(({ id, title }) => ({ id, title })),
    eventId,
    single: events.length === 1 ? (events[0]?.title ?? null) : null,
    totals: rsvpTotals(chosen),
    action: hrefs.scrollerEntries(list.location.family === 'entries' ? list.location.context : list.item.context, 'view', list.item.key),
    keep: list.view === 'archive' ? [{ name: 'view', value: 'archive' }] : [],
  };
}

/** The entries screen: the list screen's data (`screen`, read by the listing framework) with the RSVP part. */
export async function withEntries(request: Request, list: ResolvedEntries, screen: ListScreenData): Promise<EntriesScreenData> {
  const rsvp = await loadRsvp(request, list);
  const editHref = hrefs.listnmItem(list.item.node, 'edit', list.item.key);
  return { ...screen, filters: { ...screen.filters, searchHint: 'Any answer' }, kind: list.item.kind, rsvp, editHref };
}
