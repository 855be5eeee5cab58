import { isoWithOffset, occurrenceDays, type PublicOccurrence } from './rules';

/**
 * schema.org `Event` for an occurrence (search engines' event results): name, start and end with
 * the zone's offset (all-day events as their first and last dates),
 * location (the community location, the event's own place, else the community), description,
 * image, eventStatus and the community as organizer. Written into the page as a
 * `<script type="application/ld+json">` (jsonLdText escapes what could end the script).
 */

export interface LocationFacts {
  title: string;
  streetAddress: string;
  locality: string;
  region: string;
  postalCode: string;
}

export interface CommunityFacts {
  name: string;
  url: string;
  streetAddress: string;
  locality: string;
  region: string;
  postalCode: string;
  image: string | null;
}

export interface JsonLdEvent {
  '@context': 'https://schema.org';
  '@type': 'Event';
  name: string;
  startDate: string;
  endDate: string;
  eventStatus: 'https://schema.org/EventScheduled';
  eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode';
  location: {
    '@type': 'Place';
    name: string;
    address:
      { '@type': 'PostalAddress'; streetAddress?: string; addressLocality?: string; addressRegion?: string; postalCode?: string } | string;
  };
  description: string;
  image: string[];
  organizer: { '@type': 'Organization'; name: string; url: string };
  url: string;
}

function postalAddress(
  facts: Pick<LocationFacts, 'streetAddress' | 'locality' | 'region' | 'postalCode'>,
): JsonLdEvent['location']['address'] {
  const address: Exclude<JsonLdEvent['location']['address'], string> = { '@type': 'PostalAddress' };
  if (facts.streetAddress) address.streetAddress = facts.streetAddress;
  if (facts.locality) address.addressLocality = facts.locality;
  if (facts.region) address.addressRegion = facts.region;
  if (facts.postalCode) address.postalCode = facts.postalCode;
  return address;
}

const absolute = (url: string, origin: string) => (url.startsWith('/') ? `${origin}${url}` : url);

export function eventJsonLd(
  occurrence: PublicOccurrence,
  context: { zone: string; community: CommunityFacts; locations: ReadonlyMap<string, LocationFacts>; origin: string; url: string },
): JsonLdEvent {
  const { zone, community, origin } = context;
  const known = occurrence.locationId ? context.locations.get(occurrence.locationId) : undefined;
  const location: JsonLdEvent['location'] = known
    ? { '@type': 'Place', name: known.title, address: postalAddress(known) }
    : occurrence.place
      ? { '@type': 'Place', name: occurrence.place.title, address: occurrence.place.address || postalAddress(community) }
      : { '@type': 'Place', name: community.name, address: postalAddress(community) };
  let startDate: string;
  let endDate: string;
  if (occurrence.allDay) {
    const { first, last } = occurrenceDays(occurrence, zone);
    startDate = first;
    endDate = last;
  } else {
    startDate = isoWithOffset(occurrence.start, zone);
    endDate = isoWithOffset(Math.max(occurrence.end, occurrence.start), zone);
  }
  const image = occurrence.image ?? community.image;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: occurrence.title,
    startDate,
    endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location,
    description: occurrence.description.join('\n') || `${occurrence.title} at ${community.name}.`,
    image: image ? [absolute(image, origin)] : [],
    organizer: { '@type': 'Organization', name: community.name, url: community.url },
    url: absolute(context.url, origin),
  };
}

export { jsonLdText } from '~/lib/json-ld';
