import { data as answer } from '@remix-run/node';
import { requireStaff } from '@server/authz';
import { loadEventFormOptions } from '@server/events';
import { importIcsFile } from '@server/events/import/run';
import { ICS_MAX_BYTES } from '@server/events/import/sources';
import { isValidKey } from '@server/paths';
import { parseUpload } from '@server/storage/upload';
import { redirectWithToast } from '~/components/toast.server';
import { parseIntent } from '~/lib/intent';
import { getServices } from '~/services.server';
import { CALENDAR_SCREEN_TEXTS, calendarPaths, IcsUploadIntent, ICS_UPLOAD_FIELDS, ICS_UPLOAD_TEXTS, icsUploadSchema } from './shared';

/**
 * Import a .ics file into a calendar (the README's "iCal … by uploaded file"): a page of the
 * calendar config editor, `/amc-calendars/config/:context/upload`, for staff of the calendar's
 * community (as the editor). The file (at most ICS_MAX_BYTES, as a feed) is read by the same
 * parser as a feed and becomes the calendar's import source `upload:{file name}`
 * (server/events/import/run.ts importIcsFile); its last run shows in the editor beside the
 * other sources. A plain HTML form: it works without JavaScript.
 */

export interface IcsUploadData {
  calendarId: string;
  title: string;
  configHref: string;
  audiences: Array<{ value: string; label: string }>;
  locations: Array<{ value: string; label: string }>;
}

export interface IcsUploadActionData {
  error: string;
  values: { audience: string; eventContext: string; defaultLocation: string };
}

async function target(request: Request, context: string | undefined) {
  const { community } = await requireStaff(request);
  const services = await getServices();
  if (!context || !isValidKey(context)) throw new Response(CALENDAR_SCREEN_TEXTS.gone, { status: 404 });
  const stored = (await services.db.ref(services.paths.calendarConfig(community, context)).get()).val();
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored))
    throw new Response(CALENDAR_SCREEN_TEXTS.gone, { status: 404 });
  const config = stored as Record<string, unknown>;
  return {
    services,
    community,
    calendarId: context,
    title: typeof config.title === 'string' && config.title !== '' ? config.title : context,
  };
}

export async function loadIcsUpload(request: Request, context: string | undefined): Promise<IcsUploadData> {
  const { services, community, calendarId, title } = await target(request, context);
  const options = await loadEventFormOptions(services, community, calendarId);
  return {
    calendarId,
    title,
    configHref: calendarPaths.config(calendarId),
    audiences: options.audiences.map((audience) => ({ value: audience.toLowerCase(), label: audience })),
    locations: options.locations.map((location) => ({ value: location.id, label: location.title })),
  };
}

const refuse = (status: 400 | 404 | 413, error: string, values: IcsUploadActionData['values']) =>
  answer<IcsUploadActionData>({ error, values }, { status });

export async function icsUploadAction(request: Request, context: string | undefined) {
  const { services, community, calendarId } = await target(request, context);
  // The file up to ICS_MAX_BYTES, every other field to the limits of any form (server/storage/upload.ts).
  const parsed = await parseUpload(request, { maxFileBytes: ICS_MAX_BYTES, maxFiles: 1, schemas: icsUploadSchema });
  const formData = parsed.formData;
  parseIntent(formData, IcsUploadIntent, { fallback: 'upload' });
  const field = (name: string) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const values = {
    audience: field(ICS_UPLOAD_FIELDS.audience),
    eventContext: field(ICS_UPLOAD_FIELDS.eventContext),
    defaultLocation: field(ICS_UPLOAD_FIELDS.defaultLocation),
  };
  if (!parsed.ok) {
    if (parsed.error.code === 'too-large') return refuse(413, ICS_UPLOAD_TEXTS.tooLarge, values);
    return refuse(400, parsed.error.message, values);
  }
  const file = formData.get(ICS_UPLOAD_FIELDS.file);
  if (!(file instanceof File) || file.size === 0 || file.name === '') return refuse(400, ICS_UPLOAD_TEXTS.noFile, values);
  const options = await loadEventFormOptions(services, community, calendarId);
  const audiences = options.audiences.map((audience) => audience.toLowerCase());
  if (!audiences.includes(values.audience) || !['resort', 'local'].includes(values.eventContext))
    return refuse(400, ICS_UPLOAD_TEXTS.settings, values);
  if (values.defaultLocation !== '' && !options.locations.some((location) => location.id === values.defaultLocation))
    return refuse(400, ICS_UPLOAD_TEXTS.settings, values);
  const fileName =
    file.name
      .replace(/[\u0000-\u001f/\\]+/g, ' ')
      .trim()
      .slice(0, 200) || 'calendar.ics';
  const text = new TextDecoder('utf-8').decode(await file.arrayBuffer());
  const imported = await importIcsFile(services, { community, calendarId, fileName, text, settings: values, now: Date.now() });
  if (!imported.ok && imported.reason === 'gone') throw new Response(CALENDAR_SCREEN_TEXTS.gone, { status: 404 });
  if (!imported.ok) return refuse(400, ICS_UPLOAD_TEXTS.invalid(imported.message), values);
  return redirectWithToast(request, calendarPaths.config(calendarId), {
    kind: 'success',
    message: ICS_UPLOAD_TEXTS.imported(fileName, imported.result),
  });
}
