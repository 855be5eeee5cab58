/**
 * Recurrence benchmark (`npx tsx server/events/bench.ts`): expanding a weekly recurrence of two
 * years (104 events from 5 January 2026 to 31 December 2027) and a daily one (726) in two calendars and writing it,
 * then an Edit Recurrence that moves every future occurrence to another time. Reports the time
 * of the plan and of the commit, and the number of paths in the one multi-path update, on the
 * embedded engine in a temp folder. Always exits 0 once set up: it is a report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fromZonedTime } from 'date-fns-tz';
import { createEmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { recurrenceEditStart } from './recurrence-form';
import { commitEventSave, planEventSave } from './save';
import type { SaveEventInput } from './save-plan';

const NY = 'America/New_York';
const at = (local: string) => fromZonedTime(local, NY).getTime();
const dir = mkdtempSync(join(tmpdir(), 'events-bench-'));
const db = createEmbeddedDb({ file: join(dir, 'rtdb.sqlite') });
const deps = { db, paths: createPaths('bench') };

const NOW = at('2026-01-01T12:00');
const START = at('2026-01-05T18:00');
const fields = (start: number) => ({
  title: 'Trivia',
  description: '<p>Weekly trivia at the hall.</p>',
  htmlDescription: '<p>Weekly trivia at the hall.</p>',
  audience: 'family',
  type: 'resort',
  startDate: start,
  endDate: start + 36e5,
  endDateDuration: 36e5,
  allDay: false,
  resortLocationId: 'hall',
});

async function run(label: string, community: string, rule: Pick<SaveEventInput, 'recurrence' | 'validDays'>) {
  await db.ref().update({
    [deps.paths.calendarConfig(community, 'activities')]: { title: 'Activities' },
    [deps.paths.calendarConfig(community, 'kids-club')]: { title: 'Kids Club' },
  });
  const input: SaveEventInput = {
    community,
    calendarId: 'activities',
    eventId: 'first',
    isNew: true,
    version: null,
    scope: 'event',
    fields: fields(START),
    calendars: ['activities', 'kids-club'],
    recurrenceEndDate: at('2027-12-31T12:00'),
    timeZone: NY,
    now: NOW,
    uid: 'bench',
    ...rule,
  };
  let started = performance.now();
  const planned = await planEventSave(deps, input);
  const planMs = performance.now() - started;
  if (!planned.ok) throw new Error(`${label}: ${planned.reason}`);
  started = performance.now();
  await commitEventSave(deps, planned);
  const commitMs = performance.now() - started;
  console.log(
    `${label}: ${planned.changes.length} events, ${Object.keys(planned.updates).length + 1} paths (one update + the guarded node); plan ${planMs.toFixed(1)} ms, write ${commitMs.toFixed(1)} ms`,
  );

  const edit = (await recurrenceEditStart(deps, community, 'activities', planned.recurrenceId!, NOW))!;
  started = performance.now();
  const again = await planEventSave(deps, {
    ...input,
    eventId: edit.eventId,
    isNew: false,
    version: edit.version,
    scope: 'recurrence',
    fields: fields(at('2026-01-05T19:00')),
  });
  const editPlanMs = performance.now() - started;
  if (!again.ok) throw new Error(`${label} edit: ${again.reason}`);
  started = performance.now();
  await commitEventSave(deps, again);
  console.log(
    `${label}, Edit Recurrence to 19:00: ${again.changes.length} events, ${Object.keys(again.updates).length + 1} paths; plan ${editPlanMs.toFixed(1)} ms, write ${(performance.now() - started).toFixed(1)} ms`,
  );
}

try {
  await run('weekly, two years', 'weekly', { recurrence: 'weekly', validDays: [] });
  await run('daily, two years', 'daily', { recurrence: 'daily', validDays: [true, true, true, true, true, true, true] });
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
