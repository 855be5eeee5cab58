import { data as answer } from '@remix-run/node';
import { requireStaff } from '@server/authz';
import { answerIcsUpload, loadIcsUploadData, readCalendar, type IcsUploadActionData, type IcsUploadData } from '@server/calendars';
import { ICS_MAX_BYTES } from '@server/events/import/sources';
import { parseUpload } from '@server/storage/upload';
import { CALENDAR_SCREEN_TEXTS, IcsUploadIntent, ICS_UPLOAD_FIELDS, ICS_UPLOAD_TEXTS, icsUploadSchema } from '~/lib/calendars';
import { parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import { getServices } from '~/services.server';

/**
 * Import a .ics file into a calendar (the README's "iCal … by uploaded file"): a page of the
 * calendar config editor, `/amc-calendars/config/:context/upload`, for staff of the calendar's
 * community (as the editor). The file (at most ICS_MAX_BYTES, as a feed) is read here; the
 * import is server/calendars/ics-upload.ts's. A plain HTML form: it works without JavaScript.
 */

export type { IcsUploadActionData, IcsUploadData } from '@server/calendars';

const gone = () => new Response(CALENDAR_SCREEN_TEXTS.gone, { status: 404 });

async function target(request: Request, context: string | undefined) {
  const { community } = await requireStaff(request);
  const services = await getServices();
  const calendar = await readCalendar(services, community, context);
  if (!calendar) throw gone();
  return { services, community, calendar };
}

export async function loadIcsUpload(request: Request, context: string | undefined): Promise<IcsUploadData> {
  const { services, community, calendar } = await target(request, context);
  return loadIcsUploadData(services, community, calendar);
}

export async function icsUploadAction(request: Request, context: string | undefined) {
  const { services, community, calendar } = await target(request, context);
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
    const tooLarge = parsed.error.code === 'too-large';
    const error = tooLarge ? ICS_UPLOAD_TEXTS.tooLarge : parsed.error.message;
    return answer<IcsUploadActionData>({ error, values }, { status: tooLarge ? 413 : 400 });
  }
  const posted = formData.get(ICS_UPLOAD_FIELDS.file);
  const file = posted instanceof File ? posted : null;
  const imported = await answerIcsUpload(services, { community, calendar, file, values, now: Date.now() });
  if (imported.kind === 'gone') throw gone();
  if (imported.kind === 'refused') return answer<IcsUploadActionData>(imported.data, { status: imported.status });
  return redirectWithToast(request, imported.to, { kind: 'success', message: imported.message });
}
