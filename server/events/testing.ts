import { join } from 'node:path';
import { fromZonedTime } from 'date-fns-tz';
import { createEmbeddedDb, type DbValue, type EmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { makeTempDir } from '../../tests/setup/tmp';
import type { EventDeps } from './records';
import type { SaveEventInput } from './save-plan';

/** Shared by the events integration tests: an embedded database per file and a community per test. */

export const NY = 'America/New_York';
export const at = (local: string, zone = NY) => fromZonedTime(local, zone).getTime();

export function openTestDb(label: string): { deps: EventDeps; db: EmbeddedDb } {
  const db = createEmbeddedDb({ file: join(makeTempDir(label), 'rtdb.sqlite') });
  return { db, deps: { db, paths: createPaths('amc') } };
}

let counter = 0;

/** A community of its own with the calendars named (config only) and any other location data. */
export async function makeCommunity(
  deps: EventDeps,
  calendars: string[] = ['activities', 'kids-club'],
  extra: Record<string, DbValue> = {},
) {
  counter += 1;
  const community = `events-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const updates: Record<string, DbValue> = {};
  for (const calendarId of calendars) {
    updates[deps.paths.calendarConfig(community, calendarId)] = {
      title: calendarId,
      audiences: ['Family', 'Kids'],
      priorNotificationTime: 15,
    };
  }
  for (const [path, value] of Object.entries(extra)) updates[`${deps.paths.locationData(community)}/${path}`] = value;
  await deps.db.ref().update(updates);
  return community;
}

export const get = async (deps: EventDeps, path: string) => (await deps.db.ref(path).get()).val();

/** The fields of an event as eventRecord gives them, with the times given. */
export function eventFields(startDate: number, endDate: number, more: Record<string, DbValue> = {}): Record<string, DbValue> {
  return {
    title: 'Bingo',
    description: '<p>Cards at the hall.</p>',
    htmlDescription: '<p>Cards at the hall.</p>',
    audience: 'family',
    type: 'resort',
    startDate,
    endDate,
    endDateDuration: endDate - startDate,
    allDay: false,
    endDateHide: false,
    cost: false,
    resortLocationId: 'hall',
    rsvpRequest: false,
    ...more,
  };
}

export function saveInput(
  community: string,
  overrides: Partial<SaveEventInput> & Pick<SaveEventInput, 'eventId' | 'fields' | 'now'>,
): SaveEventInput {
  return {
    community,
    calendarId: 'activities',
    isNew: true,
    version: null,
    scope: 'event',
    calendars: ['activities'],
    recurrence: 'none',
    validDays: [false, false, false, false, false, false, false],
    recurrenceEndDate: null,
    timeZone: NY,
    uid: 'staff-1',
    ...overrides,
  };
}
