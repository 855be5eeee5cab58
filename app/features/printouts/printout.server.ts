import { data as answer, redirect } from '@remix-run/node';
import { requireStaff } from '@server/authz';
import { isValidKey } from '@server/paths';
import { answerPrintout, loadPrintoutPage, type PrintoutActionData, type PrintoutPageData } from '@server/printouts/page';
import { IMAGE_TYPES, parseUpload } from '@server/storage/upload';
import { parseIntent } from '~/lib/intent';
import { PRINTOUT_TEXTS, PrintoutIntent, printoutPaths } from '~/lib/printout';
import { redirectWithToast } from '~/lib/toast.server';
import { printoutSchema } from '~/schemas/printout';
import { getServices } from '~/services.server';

/**
 * The activities printout (spec 02 "Activities printout", spec 01 §2.1
 * /activities-printout/:calendarId?): staff of the community print its calendars (spec 02 §6:
 * staff of a location manage its content). The page's rules and answers are
 * server/printouts/page.ts's; this module reads the request and answers.
 */

export type { PrintoutActionData, PrintoutPageData } from '@server/printouts/page';

const gone = () => new Response(PRINTOUT_TEXTS.gone, { status: 404 });

/** The calendar chooser without JavaScript: a GET with `?calendar=` leads to that calendar's page. */
export const CALENDAR_QUERY = 'calendar';

export async function loadPrintout(request: Request, calendarId: string | undefined): Promise<PrintoutPageData> {
  const { community } = await requireStaff(request);
  const chosen = new URL(request.url).searchParams.get(CALENDAR_QUERY);
  if (chosen !== null && isValidKey(chosen)) throw redirect(printoutPaths.page(chosen));
  const data = await loadPrintoutPage(await getServices(), { community, calendarId, now: Date.now() });
  if (!data) throw gone();
  return data;
}

export async function printoutAction(request: Request, calendarId: string | undefined) {
  const staff = await requireStaff(request);
  const services = await getServices();
  if (calendarId === undefined || !isValidKey(calendarId)) throw gone();
  // Multipart (the header image's file) or not: every field to the limits of any form, one image at most.
  const parsed = await parseUpload(request, { accept: IMAGE_TYPES, maxFiles: 1, schemas: printoutSchema('UTC') });
  const { intent } = parseIntent(parsed.formData, PrintoutIntent, { fallback: 'print' });
  const answered = await answerPrintout(services, {
    community: staff.community,
    calendarId,
    uid: staff.user.uid,
    intent,
    formData: parsed.formData,
    uploadError: parsed.ok ? null : { status: parsed.error.code === 'too-large' ? 413 : 400, message: parsed.error.message },
    now: Date.now(),
  });
  switch (answered.kind) {
    case 'gone':
      throw gone();
    case 'form':
      return answer<PrintoutActionData>(answered.data, { status: answered.status });
    case 'saved':
      return redirectWithToast(request, answered.to, { kind: 'success', message: answered.message });
    case 'queued':
      return redirectWithToast(request, answered.to, { kind: 'success', message: PRINTOUT_TEXTS.printQueued });
  }
}
