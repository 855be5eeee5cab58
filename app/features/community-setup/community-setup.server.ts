import { data } from '@remix-run/node';
import { readSession } from '@server/auth/session';
import { requireStaff, requireSystemAdmin } from '@server/authz';
import {
  answerAddCommunity,
  answerCommunitySetup,
  loadSetupScreen,
  type SetupAnswer,
  type SetupFormAnswer,
} from '@server/community/screen';
import { COMMUNITY_SAVED, communityAddedMessage } from '@server/community/setup';
import { readForm } from '@server/http/form';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import { AddCommunityIntent, CommunitySchema, CommunitySetupIntent, listIntentFallback } from '~/schemas/community';
import { getServices } from '~/services.server';

/**
 * The server side of /community-setup and /add-community (spec 01 §2.7, §4.4): the permission
 * check, the intent, and the answer of server/community/screen.ts as a response.
 */

export type { CommunitySetupData, SetupConfirm, SetupFormAnswer } from '@server/community/screen';

/** The form's action data: the form again (as typed, with errors, a confirmation or a notice). */
export type CommunitySetupActionData = Omit<SetupFormAnswer, 'kind' | 'status'>;

function formResponse(answer: SetupFormAnswer) {
  const { kind: _kind, status, ...body } = answer;
  return data<CommunitySetupActionData>(body, { status });
}

/** Community setup: any staff member of the community (spec 03 §6, Quick Access). */
export async function communitySetupLoader(request: Request) {
  const staff = await requireStaff(request);
  return loadSetupScreen(await getServices(), staff, 'community-setup');
}

export async function communitySetupAction(request: Request) {
  const staff = await requireStaff(request);
  const services = await getServices();
  const formData = await readForm(request, { schemas: CommunitySchema });
  const intent = parseIntent(formData, CommunitySetupIntent, { fallback: listIntentFallback(formData) });
  return respond(request, await answerCommunitySetup(services, staff, intent, formData));
}

/** Add Community: resort system admins (the Resort System Management tray). */
export async function addCommunityLoader(request: Request) {
  const staff = await requireSystemAdmin(request);
  return loadSetupScreen(await getServices(), staff, 'add-community');
}

export async function addCommunityAction(request: Request) {
  const staff = await requireSystemAdmin(request);
  const services = await getServices();
  const formData = await readForm(request, { schemas: CommunitySchema });
  const intent = parseIntent(formData, AddCommunityIntent, { fallback: listIntentFallback(formData) });
  return respond(request, await answerAddCommunity(services, staff, intent, formData));
}

async function respond(request: Request, answer: SetupAnswer) {
  if (answer.kind === 'form') return formResponse(answer);
  if (answer.kind === 'saved') return redirectWithToast(request, hrefs.home(), { kind: 'success', message: COMMUNITY_SAVED });
  // The new community becomes the session's community (as Switch Community does).
  const session = await readSession((await getServices()).sessions, request);
  session.set('communityKey', answer.key);
  return redirectWithToast(request, hrefs.home(), { kind: 'success', message: communityAddedMessage(answer.title) }, { session });
}
