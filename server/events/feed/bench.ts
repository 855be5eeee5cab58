/**
 * Feed benchmark (`npm run bench:feed`): the feed of a calendar of 1,000 weekly series (12
 * occurrences each, New York, across the March change) against ical-generator alone writing the
 * same 1,000 VEVENTs (RRULE given, no expansion). Prints both times (the best of 5 runs after a
 * warm-up), the ratio, and how much of the feed's time is the product's own expansion of the
 * rules (`occurrenceStarts`). Always exits 0: it is a report.
 */
import { performance } from 'node:perf_hooks';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { fromZonedTime } from 'date-fns-tz';
import ical from 'ical-generator';
import { DateTime } from 'luxon';
import type { EventRecord } from '../records';
import { occurrenceStarts, type RecurrenceRule } from '../recurrence';
import { calendarFeed } from './feed';

const NY = 'America/New_York';
const SERIES = 1000;
const events: Record<string, EventRecord> = {};
const recurrences: Record<string, EventRecord> = {};
const rules: Array<{ first: number; rule: RecurrenceRule }> = [];
for (let index = 0; index < SERIES; index += 1) {
  const hour = String(8 + (index % 10)).padStart(2, '0');
  const first = fromZonedTime(`2026-03-0${(index % 7) + 1}T${hour}:00`, NY).getTime();
  const original: EventRecord = {
    title: `Event ${index}`,
    description: '<p>Bring a friend &amp; a chair.</p>',
    startDate: first,
    endDate: first + 36e5,
    allDay: false,
  };
  const rule: RecurrenceRule = { recurrence: 'weekly', validDays: [], recurrenceEndDate: first + 11 * 7 * 864e5 };
  rules.push({ first, rule });
  recurrences[`r${index}`] = { recurrence: 'weekly', validDays: [], recurrenceEndDate: rule.recurrenceEndDate, originalItem: original };
  occurrenceStarts(first, rule, NY).forEach((start, occurrence) => {
    events[`e${index}-${occurrence}`] = { ...original, startDate: start, endDate: start + 36e5, recurrenceId: `r${index}` };
  });
}

function icalGeneratorAlone(): string {
  const calendar = ical({ name: 'Bench', ttl: 3600, timezone: { name: null, generator: getVtimezoneComponent } });
  for (let index = 0; index < SERIES; index += 1) {
    const original = recurrences[`r${index}`]!.originalItem as EventRecord;
    calendar.createEvent({
      id: `r${index}@bench`,
      start: DateTime.fromMillis(original.startDate as number, { zone: NY }),
      end: DateTime.fromMillis(original.endDate as number, { zone: NY }),
      timezone: NY,
      summary: original.title as string,
      description: { plain: 'Bring a friend & a chair.', html: original.description as string },
      repeating: 'RRULE:FREQ=WEEKLY;UNTIL=20260601T035959Z;BYDAY=MO',
      stamp: new Date(0),
      lastModified: new Date(0),
    });
  }
  return calendar.toString();
}

const feed = () =>
  calendarFeed({ community: 'bench', calendarId: 'activities', title: 'Bench', timeZone: NY, events, recurrences, now: 0 });
// What the feed spends in the product's own expansion of the rules (occurrences at their rule's
// exact start need no matching by day).
const expansion = () => rules.map(({ first, rule }) => occurrenceStarts(first, rule, NY));

function best(run: () => unknown): number {
  run();
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round += 1) {
    const started = performance.now();
    run();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

const ours = best(feed);
const theirs = best(icalGeneratorAlone);
const expanding = best(expansion);
console.log(`Feed of ${SERIES} weekly series (${Object.keys(events).length} stored occurrences), ${NY}:`);
console.log(`  product feed           ${ours.toFixed(1)} ms (${feed().ics.length} characters)`);
console.log(`  ical-generator alone   ${theirs.toFixed(1)} ms`);
console.log(`  ratio                  ${(ours / theirs).toFixed(2)} (target: at most 1)`);
console.log(`  of which expansion     ${expanding.toFixed(1)} ms (occurrenceStarts)`);
console.log(`  without the expansion  ${(ours - expanding).toFixed(1)} ms, ratio ${((ours - expanding) / theirs).toFixed(2)}`);
