import { loadEventFormOptions } from '@server/events';
import { importIcsFile } from '@server/events/import/run';
import { calendarPaths, ICS_UPLOAD_TEXTS } from '~/lib/calendars';
import { type CalendarDeps, type StoredCalendar } from './records';

/**
 * Import a .ics file into a calendar (the README's "iCal … by uploaded file"): the settings
 * checked against the calendar's audiences and locations, then the file read by the same parser
 * as a feed, as the calendar's import source `upload:{file name}` (server/events/import/run.ts
 * importIcsFile); its last run shows in the editor beside the other sources.
 */

export interface IcsUploadData {
  calendarId: string;
  title: string;
  configHref: string;
  audiences: Array<{ value: string; label: string }>;
  locations: Array<{ value: string; label: string }>;
}

export interface IcsUploadValues {
  audience: string;
  eventContext: string;
  defaultLocation: string;
}

export interface IcsUploadActionData {
  error: string;
  values: IcsUploadValues;
}

export type IcsUploadAnswer =
  { kind: 'refused'; status: 400; data: IcsUploadActionData } | { kind: 'imported'; to: string; message: string } | { kind: 'gone' };

/** The upload page's title (a calendar without one shows its id). */
const uploadTitle = ({ calendarId, stored }: StoredCalendar) =>
  typeof stored.title === 'string' && stored.title !== '' ? stored.title : calendarId;

export async function loadIcsUploadData(deps: CalendarDeps, community: string, calendar: StoredCalendar): Promise<IcsUploadData> {
  const { calendarId } = calendar;
  const options = await loadEventFormOptions(deps, community, calendarId);
  return {
    calendarId,
    title: uploadTitle(calendar),
    configHref: calendarPaths.config(calendarId),
    audiences: options.audiences.map((audience) => ({ value: audience.toLowerCase(), label: audience })),
    locations: options.locations.map((location) => ({ value: location.id, label: location.title })),
  };
}

/** The file's name as the import source names it: no control characters or slashes, at most 200 characters. */
const sourceFileName = (name: string) =>
  name
    .replace(/[\u0000-\u001f/\\]+/g, ' ')
    .trim()
    .slice(0, 200) || 'calendar.ics';

export async function answerIcsUpload(
  deps: CalendarDeps,
  input: { community: string; calendar: StoredCalendar; file: File | null; values: IcsUploadValues; now: number },
): Promise<IcsUploadAnswer> {
  const { community, file, values } = input;
  const { calendarId } = input.calendar;
  const refuse = (error: string): IcsUploadAnswer => ({ kind: 'refused', status: 400, data: { error, values } });
  if (!file || file.size === 0 || file.name === '') return refuse(ICS_UPLOAD_TEXTS.noFile);
  const options = await loadEventFormOptions(deps, community, calendarId);
  const audiences = options.audiences.map((audience) => audience.toLowerCase());
  if (!audiences.includes(values.audience) || !['resort', 'local'].includes(values.eventContext)) return refuse(ICS_UPLOAD_TEXTS.settings);
  if (values.defaultLocation !== '' && !options.locations.some((location) => location.id === values.defaultLocation))
    return refuse(ICS_UPLOAD_TEXTS.settings);
  const fileName = sourceFileName(file.name);
  const text = new TextDecoder('utf-8').decode(await file.arrayBuffer());
  const imported = await importIcsFile(deps, { community, calendarId, fileName, text, settings: values, now: input.now });
  if (!imported.ok && imported.reason === 'gone') return { kind: 'gone' };
  if (!imported.ok) return refuse(ICS_UPLOAD_TEXTS.invalid(imported.message));
  return { kind: 'imported', to: calendarPaths.config(calendarId), message: ICS_UPLOAD_TEXTS.imported(fileName, imported.result) };
}
