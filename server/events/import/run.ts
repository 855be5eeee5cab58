import type { JobQueue, EnqueueResult } from '@jobs/ports';
import { DEFAULT_TIME_ZONE } from '~/lib/event-times';
import { isObject, type EventDeps } from '../records';
import { applyImport, importSourcesOf } from './apply';
import { IcsError } from './ics';
import { UNEXPECTED_IMPORT_MESSAGE } from './job-summary';
import { icsEventsInPool } from './pooled';
import { ImportError, type CalendarImportPort } from './sources';
import { recordImportStatus } from './status';
import type { ApplyImportResult, ImportSource, SkippedEvents } from './types';

/**
 * Running a calendar's imports (spec 02 §3 calendar config import list): each configured source
 * is read through the import port and written by apply.ts; one failing source does not stop
 * the others. An uploaded .ics is written the same way for the source it is uploaded to. The
 * config editor asks for a run with `requestCalendarImport` (a job, see
 * jobs/processors/calendar-import.ts), which the schedule also runs for every calendar. Every run
 * of a source, uploads too, records its outcome for staff (status.ts).
 */

export type ImportDeps = EventDeps & { imports: CalendarImportPort };

/** What one run of a source did: the counts of apply.ts and the events of the feed it could not read. */
export type RunResult = Omit<ApplyImportResult, 'updates'> & { skipped?: SkippedEvents };

export type SourceRun = Pick<ImportSource, 'key' | 'title' | 'type' | 'calendarId'> &
  ({ ok: true; result: RunResult } | { ok: false; kind: string; message: string; cause?: string });

const withSkipped = (result: Omit<ApplyImportResult, 'updates'>, skipped: SkippedEvents | undefined): RunResult =>
  skipped && Object.keys(skipped).length > 0 ? { ...result, skipped } : result;

/** The community's time zone (its record's `timeZone`, America/New_York when unset). */
export async function communityTimeZone(deps: EventDeps, community: string): Promise<string> {
  const record = (await deps.db.ref(deps.paths.community(community)).get()).val();
  return isObject(record) && typeof record.timeZone === 'string' && record.timeZone !== '' ? record.timeZone : DEFAULT_TIME_ZONE;
}

/**
 * The calendarId of an iCal source fed by uploads rather than a URL ('upload:{file name}'): the
 * schedule skips it; importUploadedIcs writes its events.
 */
export const UPLOADED_SOURCE_PREFIX = 'upload:';
export const isUploadedSource = (source: Pick<ImportSource, 'type' | 'calendarId'>) =>
  source.type === 'iCal' && source.calendarId.startsWith(UPLOADED_SOURCE_PREFIX);

const describe = (source: ImportSource) => ({ key: source.key, title: source.title, type: source.type, calendarId: source.calendarId });

/**
 * Imports every source of one calendar (or only the one whose key is `only`); `onSource` hears
 * after each source how many of how many are done.
 */
export async function runCalendarImports(
  deps: ImportDeps,
  input: {
    community: string;
    calendarId: string;
    now: number;
    only?: string;
    onSource?: (done: number, total: number) => Promise<void>;
  },
): Promise<SourceRun[]> {
  const config = (await deps.db.ref(deps.paths.calendarConfig(input.community, input.calendarId)).get()).val();
  const sources = importSourcesOf(config).filter(
    (source) => !isUploadedSource(source) && (input.only === undefined || source.key === input.only),
  );
  if (sources.length === 0) return [];
  const timeZone = await communityTimeZone(deps, input.community);
  const runs: SourceRun[] = [];
  for (const source of sources) {
    let run: SourceRun;
    try {
      const fetched = await deps.imports.events(
        { type: source.type as 'iCal' | 'google' | 'tribe', calendarId: source.calendarId },
        { now: input.now, timeZone },
      );
      const result = await applyImport(deps, { community: input.community, calendarId: input.calendarId, source, fetched, now: input.now });
      run = { ...describe(source), ok: true, result: withSkipped(result, fetched.skipped) };
    } catch (error) {
      // One source's failure, whatever it is, is that source's: the calendar's other sources still run.
      run =
        error instanceof ImportError
          ? { ...describe(source), ok: false, kind: error.kind, message: error.message }
          : { ...describe(source), ok: false, kind: 'unexpected', message: UNEXPECTED_IMPORT_MESSAGE, cause: String(error) };
    }
    runs.push(run);
    await recordImportStatus(deps, { community: input.community, calendarId: input.calendarId, source, outcome: run, now: input.now });
    await input.onSource?.(runs.length, sources.length);
  }
  return runs;
}

/** The calendars of every community with at least one import source. */
export async function calendarsWithImports(deps: EventDeps): Promise<Array<{ community: string; calendarId: string }>> {
  const communities = (await deps.db.ref(deps.paths.communities()).get()).val();
  const found: Array<{ community: string; calendarId: string }> = [];
  for (const community of isObject(communities) ? Object.keys(communities) : []) {
    const configs = (await deps.db.ref(deps.paths.calendarConfigs(community)).get()).val();
    if (!isObject(configs)) continue;
    for (const [calendarId, config] of Object.entries(configs))
      if (importSourcesOf(config).some((source) => !isUploadedSource(source))) found.push({ community, calendarId });
  }
  return found;
}

export type UploadResult =
  { ok: true; result: RunResult } | { ok: false; reason: 'gone' } | { ok: false; reason: 'invalid'; message: string };

/** Writes an uploaded .ics as the events of the calendar's source `sourceKey`. */
export async function importUploadedIcs(
  deps: EventDeps,
  input: { community: string; calendarId: string; sourceKey: string; text: string; now: number },
): Promise<UploadResult> {
  const config = (await deps.db.ref(deps.paths.calendarConfig(input.community, input.calendarId)).get()).val();
  const source = importSourcesOf(config).find((candidate) => candidate.key === input.sourceKey);
  if (!source) return { ok: false, reason: 'gone' };
  const timeZone = await communityTimeZone(deps, input.community);
  let fetched;
  const record = (outcome: Parameters<typeof recordImportStatus>[1]['outcome']) =>
    recordImportStatus(deps, { community: input.community, calendarId: input.calendarId, source, outcome, now: input.now });
  try {
    fetched = await icsEventsInPool(input.text, { now: input.now, timeZone });
  } catch (error) {
    if (!(error instanceof IcsError)) throw error;
    await record({ ok: false, message: `The uploaded file: ${error.message}` });
    return { ok: false, reason: 'invalid', message: error.message };
  }
  const applied = await applyImport(deps, { community: input.community, calendarId: input.calendarId, source, fetched, now: input.now });
  const result = withSkipped(applied, fetched.skipped);
  await record({ ok: true, result });
  return { ok: true, result };
}

/** The settings of the events of an uploaded file (the import row's selects). */
export interface UploadSettings {
  /** An audience of the calendar, lower case. */
  audience: string;
  /** 'resort' or 'local'. */
  eventContext: string;
  /** A location id of the community ('' = off-site). */
  defaultLocation: string;
}

/**
 * Imports an uploaded .ics file into a calendar: the file is the iCal source `upload:{file
 * name}` of the calendar's import list (added with `settings` the first time; a file uploaded
 * again under the same name updates the events of the earlier upload, with its source's
 * settings), read by the same parser as a feed, written by apply.ts and recorded in status.ts.
 */
export async function importIcsFile(
  deps: EventDeps,
  input: { community: string; calendarId: string; fileName: string; text: string; settings: UploadSettings; now: number },
): Promise<UploadResult> {
  const calendarId = `${UPLOADED_SOURCE_PREFIX}${input.fileName}`;
  const importsPath = deps.paths.calendarImports(input.community, input.calendarId);
  const config = (await deps.db.ref(deps.paths.calendarConfig(input.community, input.calendarId)).get()).val();
  if (!isObject(config)) return { ok: false, reason: 'gone' };
  let source = importSourcesOf(config).find((candidate) => candidate.calendarId === calendarId);
  if (!source) {
    const list = (await deps.db.ref(importsPath).get()).val();
    const keys = Array.isArray(list) ? list.map((_, index) => String(index)) : isObject(list) ? Object.keys(list) : [];
    const next = String(keys.reduce((max, key) => (/^\d+$/.test(key) ? Math.max(max, Number(key) + 1) : max), 0));
    await deps.db.ref(`${importsPath}/${next}`).set({
      title: input.fileName,
      type: 'iCal',
      calendarId,
      audience: input.settings.audience,
      eventContext: input.settings.eventContext,
      defaultLocation: input.settings.defaultLocation,
    });
    source = { key: next } as ImportSource;
  }
  return importUploadedIcs(deps, {
    community: input.community,
    calendarId: input.calendarId,
    sourceKey: source.key,
    text: input.text,
    now: input.now,
  });
}

/**
 * The job id of a calendar's on-demand import, or of one of its sources (stable: asking twice
 * while it waits queues one).
 */
export const calendarImportJobId = (community: string, calendarId: string, only?: string) =>
  `calendar-import--${community}--${calendarId}${only !== undefined ? `--${only}` : ''}`.replace(/:/g, '%3A');

/** Asks for a run of a calendar's imports now (after a config save; a source's "Import now" names it in `only`). */
export function requestCalendarImport(
  jobs: JobQueue,
  input: { product: string; community: string; calendarId: string; only?: string },
): Promise<EnqueueResult> {
  return jobs.enqueue(
    'calendar-import',
    {
      product: input.product,
      community: input.community,
      calendarId: input.calendarId,
      ...(input.only !== undefined ? { only: input.only } : {}),
    },
    { jobId: calendarImportJobId(input.community, input.calendarId, input.only), replaceFinished: true, attempts: 1 },
  );
}
