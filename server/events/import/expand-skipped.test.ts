import { describe, expect, it } from 'vitest';
import { icsEvents } from './expand';
import { CUT_OFF_MESSAGE } from './ics';

/** One unreadable VEVENT is left out and counted; the rest of the feed is imported. */

const NOW = Date.UTC(2026, 2, 1);
const window = { now: NOW, timeZone: 'America/New_York' };
const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR'].join('\r\n');
const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'END:VEVENT'];

describe('icsEvents: events that cannot be read', () => {
  it('skips VEVENTs without a readable DTSTART and imports the others', () => {
    const fetched = icsEvents(
      calendar(
        ...event('no-start', 'SUMMARY:Lost'),
        ...event('bad-start', 'DTSTART:tomorrow', 'RRULE:FREQ=DAILY'),
        ...event('swim', 'DTSTART:20260310T150000Z', 'SUMMARY:Swim'),
      ),
      window,
    );
    expect(fetched.events.map((found) => found.id)).toEqual(['swim']);
    expect(fetched.skipped).toEqual({ 'no-start': 2 });
  });

  it('skips an unclosed VEVENT and one holding another, and reads what follows them', () => {
    const fetched = icsEvents(
      calendar(
        'BEGIN:VEVENT',
        'UID:open',
        'DTSTART:20260310T150000Z',
        ...event('inside', 'DTSTART:20260311T150000Z'),
        'END:VEVENT',
        ...event('after', 'DTSTART:20260312T150000Z'),
        'garbage line without a colon',
        ';;;:',
        ...event('garbled', 'DTSTART:20260313T150000Z', 'NOT A PROPERTY', 'X-;=:1'),
        'BEGIN:VEVENT',
        'UID:never-closed',
        'DTSTART:20260314T150000Z',
      ),
      window,
    );
    expect(fetched.events.map((found) => found.id)).toEqual(['inside', 'after', 'garbled']);
    expect(fetched.skipped).toEqual({ 'not-closed': 2 });
  });

  it('skips a series whose rule cannot be expanded, and an override whose original start is no date', () => {
    const fetched = icsEvents(
      calendar(
        ...event('broken-rule', 'DTSTART:20260310T150000Z', 'RRULE:FREQ=DAILY;BYDAY=XX'),
        ...event('weekly', 'DTSTART:20260310T150000Z', 'RRULE:FREQ=WEEKLY;COUNT=2'),
        ...event('weekly', 'RECURRENCE-ID:someday', 'DTSTART:20260311T150000Z'),
      ),
      window,
    );
    expect(fetched.events.map((found) => found.id)).toEqual(['weekly/20260310T150000Z', 'weekly/20260317T150000Z']);
    expect(fetched.skipped).toEqual({ unreadable: 2 });
  });

  it('reports nothing skipped for a clean feed, and refuses a feed cut off before END:VCALENDAR', () => {
    expect(icsEvents(calendar(...event('swim', 'DTSTART:20260310T150000Z')), window).skipped).toBeUndefined();
    expect(() => icsEvents(['BEGIN:VCALENDAR', ...event('swim', 'DTSTART:20260310T150000Z')].join('\r\n'), window)).toThrow(
      CUT_OFF_MESSAGE,
    );
  });
});
