import { data, redirect } from '@remix-run/node';
import { requireSuperAdmin } from '@server/authz';
import { readForm } from '@server/http/form';
import {
  answerIntegrations,
  integrationsPath,
  loadIntegrationsScreen,
  locationOf,
  type IntegrationsActionData,
} from '@server/integrations/screen';
import { parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import { IntegrationsIntent, IntegrationsSchema } from '~/schemas/integrations';
import { getServices } from '~/services.server';

/**
 * The server side of /integrations (spec 01 §2.9, §3.5, §3.6, §5, §8), for super admins: the
 * permission check, the intent, and the answer of server/integrations/screen.ts as a response.
 */

export {
  INTEGRATIONS_TOASTS,
  integrationsPath,
  type IntegrationsActionData,
  type IntegrationsLoaderData,
} from '@server/integrations/screen';

/** The location the form shows: the one the address names (?location=). */
const loadedLocation = (request: Request) => locationOf(new URL(request.url).searchParams.get('location'));

export async function integrationsLoader(request: Request) {
  await requireSuperAdmin(request);
  return loadIntegrationsScreen(await getServices(), loadedLocation(request));
}

export async function integrationsAction(request: Request) {
  await requireSuperAdmin(request);
  const services = await getServices();
  const formData = await readForm(request, { schemas: IntegrationsSchema });
  const { intent } = parseIntent(formData, IntegrationsIntent);
  const answer = await answerIntegrations(services, intent, formData, loadedLocation(request));
  if (answer.kind === 'form') return data<IntegrationsActionData>(answer.body, { status: answer.status });
  if (answer.kind === 'open') return redirect(integrationsPath(answer.location));
  return redirectWithToast(request, integrationsPath(answer.location), { kind: 'success', message: answer.message });
}
