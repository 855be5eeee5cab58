import { isValidKey } from '@server/paths';
import { hrefs } from '~/lib/hrefs';
import { publicCalendarSearch, type PublicCalendarQuery } from '~/lib/public-calendar';
import { calendarIndex, type CalendarIndex, type IndexDeps } from './calendar-index';
import { eventJsonLd, type JsonLdEvent } from './json-ld';
import {
  calendarColors,
  communityFacts,
  locationText,
  PAGE_MAX_AGE_MS,
  readCalendarTabs,
  readCommunity,
  readLocations,
  type PublicCalendarColors,
} from './page';
import { isoWithOffset, isPassed, occurrenceWhen } from './rules';

/**
 * One occurrence's own page (`/calendar/event/:clocation/:tab/:eventId`): one crawlable address
 * per occurrence, with its schema.org Event, reached from every row of the calendar. It keeps the
 * look of the calendar it was opened from (colours, flags in its query) and links back to it.
 */

export interface PublicEventModel {
  community: { key: string; name: string };
  calendar: { tab: string; title: string; href: string };
  event: {
    id: string;
    title: string;
    when: string;
    startIso: string;
    endIso: string;
    passed: boolean;
    location: string | null;
    address: string | null;
    description: string[];
    image: string | null;
  };
  pageTitle: string;
  description: string;
  canonical: string;
  colors: PublicCalendarColors;
  jsonLd: JsonLdEvent;
  manage: { deleteHref: string; notifyHref: string | null } | null;
  expiresAt: number;
  index: CalendarIndex;
  indexVersion: number;
}

export type PublicEventResult =
  | { kind: 'page'; model: PublicEventModel }
  | { kind: 'not-found'; what: 'community' | 'calendar' | 'event'; community: string; calendar: string; communityName: string | null };

export async function loadPublicEvent(
  deps: IndexDeps,
  input: { community: string; tab: string; eventId: string; query: PublicCalendarQuery; now: number; origin: string; staff: boolean },
): Promise<PublicEventResult> {
  const community = isValidKey(input.community) ? await readCommunity(deps, input.community) : null;
  const notFound = (what: 'community' | 'calendar' | 'event'): PublicEventResult => ({
    kind: 'not-found',
    what,
    community: input.community,
    calendar: input.tab,
    communityName: community?.name ?? null,
  });
  if (!community) return notFound('community');
  const tabs = await readCalendarTabs(deps, community.key);
  const current = isValidKey(input.tab) ? tabs.find((entry) => entry.tab === input.tab) : undefined;
  if (!current) return notFound('calendar');
  const [index, locations] = await Promise.all([calendarIndex(deps, community.key, current.tab), readLocations(deps, community.key)]);
  const occurrence = isValidKey(input.eventId) ? index.get(input.eventId) : null;
  if (!occurrence) return notFound('event');
  const zone = community.timeZone;
  const query: PublicCalendarQuery = { ...input.query, clocation: community.key, selectedTab: current.tab };
  const known = occurrence.locationId ? locations.get(occurrence.locationId) : undefined;
  const address = known
    ? [known.streetAddress, known.locality, known.region, known.postalCode].filter(Boolean).join(', ')
    : occurrence.place?.address || null;
  const when = occurrenceWhen(occurrence, zone);
  const facts = communityFacts(community, input.origin);
  let expiresAt = input.now + PAGE_MAX_AGE_MS;
  if (occurrence.end > input.now && occurrence.end < expiresAt) expiresAt = occurrence.end;
  return {
    kind: 'page',
    model: {
      community: { key: community.key, name: community.name },
      calendar: { tab: current.tab, title: current.title, href: hrefs.publicCalendar(publicCalendarSearch({ ...query, date: null })) },
      event: {
        id: occurrence.id,
        title: occurrence.title,
        when,
        startIso: isoWithOffset(occurrence.start, zone),
        endIso: isoWithOffset(occurrence.end, zone),
        passed: isPassed(occurrence, input.now),
        location: locationText(occurrence, locations),
        address: address || null,
        description: occurrence.description,
        image: occurrence.image,
      },
      pageTitle: `${occurrence.title}, ${when} - ${community.name}`,
      description: occurrence.description.join(' ').slice(0, 300) || `${occurrence.title} at ${community.name}, ${when}.`,
      canonical: hrefs.publicCalendarEvent(community.key, current.tab, occurrence.id),
      colors: calendarColors(query, community.record),
      jsonLd: eventJsonLd(occurrence, {
        zone,
        community: facts,
        locations,
        origin: input.origin,
        url: hrefs.publicCalendarEvent(community.key, current.tab, occurrence.id),
      }),
      manage: input.staff
        ? {
            deleteHref: hrefs.publicCalendarEventDelete(community.key, current.tab, occurrence.id),
            notifyHref: current.legacy ? null : hrefs.messagesAction('messages', 'add', { calendar: current.tab, event: occurrence.id }),
          }
        : null,
      expiresAt,
      index,
      indexVersion: index.version,
    },
  };
}
