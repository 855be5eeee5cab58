import { plainTextOf } from '@server/community/description';
import { reminderTitle } from '@server/events/notifications';
import { addDays, zonedInstant, zonedParts } from '~/lib/date-time';
import { endOfZonedDay, mondayFirstWeekday } from '~/lib/event-times';

/**
 * When notifications go out (spec 02 §3 message recurrenceInfo, §4 "Notification delivery type"
 * and "From an event", §9 event offsets): the next run of a recurring notification in the
 * community's time zone, and the reminder offered from an event.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec 02 §3 message recurrenceInfo: the weekdays (Monday first) and the last day (0: none). */
export interface MessageRecurrence {
  validDays: readonly boolean[];
  recurrenceEndDate: number;
}

/**
 * The first run of a recurring notification after `after`: on the next selected weekday at the
 * wall-clock time of its first delivery (`firstRun`) in the zone, so it keeps its local time
 * across daylight-saving changes; null when no weekday is selected or the next would fall after
 * the last day of the recurrence (`recurrenceEndDate`, any instant of that day; 0 means none).
 */
export function nextRecurringRun(firstRun: number, after: number, recurrence: MessageRecurrence, timeZone: string): number | null {
  if (!recurrence.validDays.some(Boolean)) return null;
  const wall = zonedParts(firstRun, timeZone);
  const last = recurrence.recurrenceEndDate > 0 ? endOfZonedDay(recurrence.recurrenceEndDate, timeZone) : Infinity;
  const from = zonedParts(Math.max(after, firstRun - 1), timeZone);
  // The day of `after` itself (its time may not have passed yet), then the next seven.
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = addDays({ year: from.year, month: from.month, day: from.day }, offset);
    const run = zonedInstant(day, wall, timeZone);
    if (run <= after) continue;
    if (run > last) return null;
    if (recurrence.validDays[mondayFirstWeekday(run, timeZone)] === true) return run;
  }
  return null;
}

/** Spec 02 §4 "From an event": the before-event choices, as `scheduledEvent` stores them. */
export const EVENT_OFFSETS = [
  { scheduledEvent: 0, label: '30 minutes', before: 30 * MINUTE },
  { scheduledEvent: 1, label: '1 hour', before: HOUR },
  { scheduledEvent: 2, label: '1 day', before: DAY },
  { scheduledEvent: 3, label: '1 week', before: 7 * DAY },
] as const;

/** 'custom' clears the time: the person picks it. */
export type EventOffsetChoice = (typeof EVENT_OFFSETS)[number]['scheduledEvent'] | 'custom';

/** Within this of the event's start (less the lead below) a reminder goes out at once. */
export const INSTANT_WINDOW = 60 * MINUTE;
/** The start is measured less this lead when deciding on instant delivery. */
export const INSTANT_LEAD = 6 * MINUTE;

export interface ReminderEvent {
  title: string;
  description: string;
  startDate: number;
  endDate: number;
  /** The location's title, when the event is at one of the community's locations (or off-site text). */
  locationTitle: string | null;
}

export interface EventReminderPlan {
  delivery: 'instant' | 'future';
  /**
   * The before-event choices with their delivery times; those already scheduled for the event,
   * and those whose time has passed, are disabled.
   */
  options: Array<{ scheduledEvent: EventOffsetChoice; label: string; deliveryTime: number | null; disabled: boolean }>;
  /** The first choice not taken ('custom' when every offset is); null for instant delivery. */
  chosen: EventOffsetChoice | null;
  title: string;
  /** The event's description without markup. */
  description: string;
}

/**
 * The reminder offered from an event, or null once the event has ended (it is offered only
 * before then). Instant when the start less six minutes is within an hour of now; otherwise
 * future, at the first before-event choice not already scheduled for the event (`taken`: their
 * `scheduledEvent` values) nor past, its delivery time the start less the offset.
 */
export function eventReminderPlan(event: ReminderEvent, now: number, taken: ReadonlySet<number>): EventReminderPlan | null {
  if (event.endDate <= now) return null;
  const instant = event.startDate - INSTANT_LEAD - now < INSTANT_WINDOW;
  const options: EventReminderPlan['options'] = [
    ...EVENT_OFFSETS.map((offset) => ({
      scheduledEvent: offset.scheduledEvent,
      label: offset.label,
      deliveryTime: event.startDate - offset.before,
      disabled: taken.has(offset.scheduledEvent) || event.startDate - offset.before <= now,
    })),
    { scheduledEvent: 'custom' as const, label: 'Custom', deliveryTime: null, disabled: false },
  ];
  return {
    delivery: instant ? 'instant' : 'future',
    options,
    chosen: instant ? null : (options.find((option) => !option.disabled)?.scheduledEvent ?? 'custom'),
    title: reminderTitle(event.title, event.locationTitle),
    description: plainTextOf(event.description),
  };
}
