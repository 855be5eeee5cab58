import { describe, expect, it } from 'vitest';
import { zonedInstant, zonedParts } from '~/lib/date-time';
import { eventReminderPlan, nextRecurringRun, type ReminderEvent } from './schedule';

const NY = 'America/New_York';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Monday first. */
const MON_WED_FRI = [true, false, true, false, true, false, false];
const at = (year: number, month: number, day: number, hour: number, minute = 0, zone = NY) =>
  zonedInstant({ year, month, day }, { hour, minute }, zone);
const local = (ms: number, zone = NY) => {
  const parts = zonedParts(ms, zone);
  return `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')} ${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}`;
};

/** Every run of a recurrence from its first, until none is left (or `limit`). */
function runs(firstRun: number, validDays: boolean[], recurrenceEndDate: number, zone = NY, limit = 40): number[] {
  const all = [firstRun];
  for (;;) {
    const next = nextRecurringRun(firstRun, all.at(-1)!, { validDays, recurrenceEndDate }, zone);
    if (next === null || all.length >= limit) return all;
    all.push(next);
  }
}

describe('nextRecurringRun', () => {
  it('keeps 18:00 local on Monday, Wednesday and Friday across the March and November clock changes', () => {
    const march = runs(at(2027, 3, 10, 18), MON_WED_FRI, at(2027, 3, 19, 12));
    expect(march.map((run) => local(run))).toEqual([
      '2027-03-10 18:00',
      '2027-03-12 18:00',
      '2027-03-15 18:00',
      '2027-03-17 18:00',
      '2027-03-19 18:00',
    ]);
    // Friday's 18:00 is EST (UTC−5), Monday's EDT (UTC−4): three days less an hour apart.
    expect(march[2]! - march[1]!).toBe(3 * DAY - HOUR);

    const november = runs(at(2027, 11, 5, 18), MON_WED_FRI, at(2027, 11, 10, 9));
    expect(november.map((run) => local(run))).toEqual(['2027-11-05 18:00', '2027-11-08 18:00', '2027-11-10 18:00']);
    expect(november[1]! - november[0]!).toBe(3 * DAY + HOUR);
  });

  it('counts the last day whole and stops after it; no last day (0) goes on', () => {
    expect(runs(at(2027, 6, 7, 9), MON_WED_FRI, at(2027, 6, 9, 0, 1)).map((run) => local(run))).toEqual([
      '2027-06-07 09:00',
      '2027-06-09 09:00',
    ]);
    expect(runs(at(2027, 6, 7, 9), MON_WED_FRI, 0, NY, 10)).toHaveLength(10);
  });

  it('answers the first run itself when asked before it, and nothing without a weekday', () => {
    const first = at(2027, 6, 7, 9);
    expect(nextRecurringRun(first, first - DAY, { validDays: MON_WED_FRI, recurrenceEndDate: 0 }, NY)).toBe(first);
    expect(nextRecurringRun(first, first, { validDays: Array(7).fill(false), recurrenceEndDate: 0 }, NY)).toBeNull();
  });

  it('picks the same day when its time has not come yet, and goes back to the wall clock after a missing hour', () => {
    const first = at(2027, 3, 12, 2, 30);
    const everyDay = Array(7).fill(true);
    // 02:30 does not exist on 14 March in New York; the day after is 02:30 again.
    const around = runs(first, everyDay, at(2027, 3, 16, 12));
    expect(around.map((run) => local(run))).toEqual([
      '2027-03-12 02:30',
      '2027-03-13 02:30',
      '2027-03-14 03:30',
      '2027-03-15 02:30',
      '2027-03-16 02:30',
    ]);
    expect(nextRecurringRun(first, at(2027, 3, 13, 1), { validDays: everyDay, recurrenceEndDate: 0 }, NY)).toBe(at(2027, 3, 13, 2, 30));
  });

  it('works in the southern hemisphere (Sydney leaves daylight saving in April)', () => {
    const sydney = 'Australia/Sydney';
    const weekly = [false, false, false, false, false, true, false]; // Saturday
    const all = runs(at(2027, 3, 27, 10, 0, sydney), weekly, at(2027, 4, 10, 12, 0, sydney), sydney);
    expect(all.map((run) => local(run, sydney))).toEqual(['2027-03-27 10:00', '2027-04-03 10:00', '2027-04-10 10:00']);
    // Daylight saving ends on Sunday 4 April: the week after it is an hour longer.
    expect(all[1]! - all[0]!).toBe(7 * DAY);
    expect(all[2]! - all[1]!).toBe(7 * DAY + HOUR);
  });
});

describe('eventReminderPlan', () => {
  const now = Date.UTC(2027, 5, 1, 12);
  const event = (startIn: number, overrides: Partial<ReminderEvent> = {}): ReminderEvent => ({
    title: 'Pancake Breakfast',
    description: '<p>Stacks of <strong>pancakes</strong>.</p>',
    startDate: now + startIn,
    endDate: now + startIn + 2 * HOUR,
    locationTitle: 'Main Pavilion',
    ...overrides,
  });

  it('goes out at once when the start less six minutes is within the hour, else at the first free choice', () => {
    expect(eventReminderPlan(event(65 * MINUTE), now, new Set())).toMatchObject({ delivery: 'instant', chosen: null });
    const later = eventReminderPlan(event(66 * MINUTE), now, new Set())!;
    expect(later.delivery).toBe('future');
    expect(later.chosen).toBe(0);
    expect(later.options.find((option) => option.scheduledEvent === 0)?.deliveryTime).toBe(now + 36 * MINUTE);
  });

  it('disables the choices already scheduled for the event and those past, and chooses the first left', () => {
    const plan = eventReminderPlan(event(10 * DAY), now, new Set([0, 1]))!;
    expect(plan.options.map((option) => [option.label, option.disabled])).toEqual([
      ['30 minutes', true],
      ['1 hour', true],
      ['1 day', false],
      ['1 week', false],
      ['Custom', false],
    ]);
    expect(plan.chosen).toBe(2);
    expect(plan.options.find((option) => option.scheduledEvent === 3)?.deliveryTime).toBe(now + 3 * DAY);
    // Two days ahead: a week before has passed; every offset taken or past leaves Custom.
    expect(eventReminderPlan(event(2 * DAY), now, new Set([0, 1, 2]))!.chosen).toBe('custom');
  });

  it("is the spec's reminder: title with the location, description without markup; nothing once the event ended", () => {
    const plan = eventReminderPlan(event(3 * DAY), now, new Set())!;
    expect(plan.title).toBe('Reminder: Pancake Breakfast @Main Pavilion');
    expect(plan.description).toBe('Stacks of pancakes.');
    expect(eventReminderPlan(event(3 * DAY, { locationTitle: null }), now, new Set())!.title).toBe('Reminder: Pancake Breakfast');
    expect(eventReminderPlan(event(-3 * HOUR), now, new Set())).toBeNull();
    // Started, not ended: still offered, at once.
    expect(eventReminderPlan(event(-HOUR), now, new Set())).toMatchObject({ delivery: 'instant' });
  });
});
