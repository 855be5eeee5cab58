import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { googleCredentials, projectForRequest, startGoogleSignIn } from '@server/auth/login.server';
import { readForm } from '@server/http/form.server';
import { hrefs } from '~/lib/hrefs';
import { intent, intents, parseIntent } from '~/lib/intent';
import { notFound } from '~/lib/responses.server';
import { getServices } from '~/services.server';

/** The Login screen's "Sign in with Google" form. */
export const Intent = intents(intent('google'));

/**
 * POST /auth/google: starts Google sign-in (the Login screen's button) with a redirect to
 * Google's consent page. 404 unless GOOGLE_CLIENT_ID/SECRET are set and the project offers it.
 */
export async function action({ request }: ActionFunctionArgs) {
  const services = await getServices();
  const project = projectForRequest(request, services.env.PRODUCT);
  if (!googleCredentials(services.env, project)) throw notFound();
  const formData = await readForm(request);
  parseIntent(formData, Intent);
  const redirectTo = formData.get('redirectTo');
  return startGoogleSignIn(services, request, project, typeof redirectTo === 'string' ? redirectTo : null);
}

/** Nothing to show here: the button posts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const services = await getServices();
  if (!googleCredentials(services.env, projectForRequest(request, services.env.PRODUCT))) throw notFound();
  return redirect(hrefs.login());
}
