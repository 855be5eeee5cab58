import type { LoaderFunctionArgs } from '@remix-run/node';
import { finishGoogleSignIn, projectForRequest } from '@server/auth/login.server';
import { getServices } from '~/services.server';

/**
 * GET /auth/google/callback: Google's return. Success leads to the Personal Device step;
 * failure back to Login with an alert carrying the error message (spec 01 §4.1). 404 unless
 * Google sign-in is offered.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const services = await getServices();
  return finishGoogleSignIn(services, request, projectForRequest(request, services.env.PRODUCT));
}
