import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import nodeIcal, { type VEvent } from 'node-ical';

/**
 * The feed tests' readers: the occurrences the product stores (one event per occurrence, as its
 * pages list them; events deleted from an active view left out, decision 024) and those two
 * independent parsers expand from a feed: ical.js (Mozilla's, its own recurrence iterator) and
 * node-ical (its own parser, rrule-temporal). Each occurrence is one line of text.
 */

export type Occurrence = string;

/** One occurrence as text: title, then start and end instants (UTC), or first and last day for all-day ones. */
export const timed = (title: string, start: number, end: number): Occurrence =>
  `${title} | ${new Date(start).toISOString()} – ${new Date(end).toISOString()}`;
export const allDay = (title: string, first: string, last: string): Occurrence => `${title} | ${first} – ${last} (all day)`;

/** What the product lists: its stored events of the calendar. */
export function productOccurrences(events: Record<string, Record<string, unknown>>, timeZone: string): Occurrence[] {
  return Object.values(events)
    .filter((event) => event.deleted === undefined)
    .map((event) => {
      const start = event.startDate as number;
      const end = event.endDate as number;
      if (event.allDay !== true) return timed(String(event.title), start, end);
      const day = (ms: number) => DateTime.fromMillis(ms, { zone: timeZone }).toISODate()!;
      return allDay(String(event.title), day(start), day(end));
    })
    .sort();
}

/** ical.js: every VEVENT series expanded with its overrides related, its own iterator. */
export function icalJsOccurrences(ics: string): Occurrence[] {
  const root = new ICAL.Component(ICAL.parse(ics));
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const masters = new Map<string, ICAL.Event>();
  const overrides: ICAL.Event[] = [];
  for (const component of root.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    if (event.isRecurrenceException()) overrides.push(event);
    else masters.set(event.uid, event);
  }
  for (const override of overrides) masters.get(override.uid)!.relateException(override);
  const found: Occurrence[] = [];
  for (const event of masters.values()) {
    const push = (item: ICAL.Event, start: ICAL.Time, end: ICAL.Time) => {
      if (start.isDate) {
        // DTEND of an all-day event is the day after its last day.
        const last = end.clone();
        last.adjust(-1, 0, 0, 0);
        found.push(allDay(item.summary, start.toString(), last.toString()));
      } else found.push(timed(item.summary, start.toJSDate().getTime(), end.toJSDate().getTime()));
    };
    if (!event.isRecurring()) {
      push(event, event.startDate, event.endDate);
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      push(details.item, details.startDate, details.endDate);
    }
  }
  return found.sort();
}

/** node-ical: parsed with its own parser, series expanded with expandRecurringEvent (overrides and EXDATEs applied). */
export function nodeIcalOccurrences(ics: string): Occurrence[] {
  const parsed = nodeIcal.sync.parseICS(ics);
  const found: Occurrence[] = [];
  // node-ical gives a DATE as the midnight of that day in the process's own zone.
  const day = (date: Date) => DateTime.fromJSDate(date).toISODate()!;
  for (const component of Object.values(parsed)) {
    if (component?.type !== 'VEVENT') continue;
    const event = component as VEvent;
    if (event.recurrenceid) continue; // an override: expanded with its series
    const instances = nodeIcal.expandRecurringEvent(event, { from: new Date('2000-01-01'), to: new Date('2100-01-01') });
    for (const instance of instances) {
      const title = typeof instance.summary === 'string' ? instance.summary : String(instance.summary.val);
      if (instance.isFullDay) {
        const last = new Date(instance.end.getTime() - 1);
        found.push(allDay(title, day(instance.start), day(last)));
      } else found.push(timed(title, instance.start.getTime(), instance.end.getTime()));
    }
  }
  return found.sort();
}
