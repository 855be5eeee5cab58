import { linkOrigin } from '@server/env';
import { ensureListEventsConfig, isLegacySection, newCalendarRecord } from '@server/events';
import { notFound } from '@server/http/responses';
import { listNode, readCalendarConfig } from '@server/listing';
import { listUrls } from '~/lib/listing/urls';
import { getServices } from '~/services.server';
import type { ResolvedList } from './resolve.server';

/**
 * The listing action config.events (spec 02 §4, "Calendar config editor": "A config form
 * (accordion Audiences, User Created Events, Calendar Import Config) also appears on the events
 * list via the config.events action"): on a legacy events list, the calendar config editor's
 * form with those three sections, for the list's own events config
 * (`amc-events/config/{events-resort|events-local}`), saved by the editor's own code (version
 * check, 'Remove Calendar Import'). A list whose config was never saved shows a new config's
 * values; its first save writes the config, then saves over it. Staff of the list's community.
 *
 * This module says which config and where its form lives; the route hands both to the calendar
 * config editor's code (app/features/calendars).
 */

export const EVENTS_CONFIG_TEXTS = {
  heading: 'Events Config',
  saved: 'Events config saved.',
} as const;

const SECTIONS = ['audiences', 'user-created', 'import'] as const;

/** The list's events config (the editor's target) and where its form lives (the editor's place). */
export async function eventsConfigOf(request: Request, list: ResolvedList) {
  if (!list.definition.eventsConfig || list.location.family !== 'list') throw notFound();
  const section = listNode(list.address);
  if (!isLegacySection(section)) throw notFound();
  const services = await getServices();
  const community = list.staff.community;
  const title = list.address.tab ? `${list.title}: ${list.address.tab.title}` : list.title;
  const stored = await readCalendarConfig(services, community, section);
  const url = new URL(request.url);
  const urls = listUrls(list.location, url.searchParams);
  return {
    target: {
      services,
      staff: list.staff,
      community,
      calendarId: section,
      stored: stored ?? (await newCalendarRecord(services, community, title)),
      remoteAdmin: false,
      dollarsEnabled: false,
      origin: linkOrigin(services.env),
    },
    place: {
      sections: SECTIONS,
      heading: EVENTS_CONFIG_TEXTS.heading,
      formAction: urls.action('config.events'),
      listHref: urls.list,
      eventsHref: null,
      done: urls.list,
      saved: EVENTS_CONFIG_TEXTS.saved,
      ensure: () => ensureListEventsConfig(services, { community, section, title }),
    },
  };
}
