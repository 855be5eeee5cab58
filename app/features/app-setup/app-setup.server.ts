import { data, redirect } from '@remix-run/node';
import { answerAppSetup, appIdOf, appSetupPath, loadAppSetupScreen, type AppSetupActionData } from '@server/app-setup/screen';
import { requireSuperAdmin } from '@server/authz';
import { parseUpload } from '@server/storage';
import { parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import { APP_ASSETS, AppSetupIntent, AppSetupSchema } from '~/schemas/app-setup';
import { getServices } from '~/services.server';

/**
 * The server side of /app-setup (spec 01 §2.8, §3.4, §5, §8), for super admins: the
 * permission check, the intent, and the answer of server/app-setup/screen.ts as a response.
 */

export {
  APP_SETUP_TOASTS,
  INCORRECT_TYPE_TITLE,
  appSetupPath,
  type AppSetupActionData,
  type AppSetupLoaderData,
} from '@server/app-setup/screen';

/** The app the form shows: the one the address names (?appId=). */
const loadedApp = (request: Request) => appIdOf(new URL(request.url).searchParams.get('appId'));

export async function appSetupLoader(request: Request) {
  await requireSuperAdmin(request);
  return loadAppSetupScreen(await getServices(), loadedApp(request));
}

export async function appSetupAction(request: Request) {
  await requireSuperAdmin(request);
  const services = await getServices();
  // Types are checked by the use case, only for the files this intent uses: a file left in
  // another input (the browser keeps it with JavaScript) must not block the one being uploaded.
  const upload = await parseUpload(request, { maxFiles: APP_ASSETS.length, schemas: AppSetupSchema });
  const intent = parseIntent(upload.formData, AppSetupIntent);
  const answer = await answerAppSetup(services, intent, upload, loadedApp(request));
  if (answer.kind === 'form') return data<AppSetupActionData>(answer.body, { status: answer.status });
  if (answer.kind === 'open') return redirect(appSetupPath(answer.appId));
  // The success keeps its own colour; a size other than the recommended one is said beside the asset.
  return redirectWithToast(request, appSetupPath(answer.appId), { kind: 'success', message: answer.message });
}
