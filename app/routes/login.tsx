import { parseWithZod } from '@conform-to/zod';
import { Callout, Link as RadixLink } from '@radix-ui/themes';
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { HoneypotProvider } from 'remix-utils/honeypot/react';
import {
  EMAIL_MISMATCH,
  LOGIN_ERROR_TITLE,
  NO_ACCESS_TEXT,
  NO_ACCESS_TITLE,
  TOO_MANY_RESET_REQUESTS,
  TOO_MANY_SIGN_IN_ATTEMPTS,
  cancelSignIn,
  checkHoneypot,
  clientAddressOf,
  completeSignIn,
  googleCredentials,
  loginMessages,
  projectForRequest,
  redeemEmailLink,
  rememberedEmail,
  requestEmailLink,
  requestPasswordReset,
  resetPassword,
  safeRedirectTo,
  sessionUser,
  readSession,
  signInWithPassword,
  signOut,
  tokenProblem,
} from '@server/auth/login.server';
import { readForm } from '@server/http/form.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { DeviceDialog } from '~/features/login/device-dialog';
import { EmailLinkConfirm, EmailLinkRequest, LinkProblem } from '~/features/login/email-link';
import { ForgotPassword } from '~/features/login/forgot-password';
import { LoginErrorDialog, ReturnToLoginDialog } from '~/features/login/login-dialogs';
import { LoginLayout } from '~/features/login/login-layout';
import loginStyles from '~/features/login/login.css';
import { EmailLinkContinue, ProcessingLogin } from '~/features/login/processing-login';
import { ResetPassword } from '~/features/login/reset-password';
import { SignInPanel } from '~/features/login/sign-in-panel';
import type { LoginActionData, LoginLoaderData, LoginOptions, LoginView } from '~/features/login/types';
import { hrefs } from '~/lib/hrefs';
import { intent, intents, parseIntent } from '~/lib/intent';
import { notFound } from '~/lib/responses.server';
import { DeviceSchema, EmailLinkRedeemSchema, EmailSchema, LOGIN_FORM_SCHEMAS, LoginSchema, ResetPasswordSchema } from '~/schemas/login';
import { getServices } from '~/services.server';

/**
 * /login (spec 01 §2.4): no authentication, no shell. Views by `mode`: the Login screen, the
 * Forgot Password view, the e-mail link's request and landing (Processing Login), the console's
 * reset page, and the Personal Device step over the view it interrupts. `action=logout` signs
 * out, by link (GET) or by the shell's Log Out button (POST).
 */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: loginStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Login - ${data?.appTitle ?? 'App Admin'}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const services = await getServices();
  const url = new URL(request.url);
  if (url.searchParams.get('action') === 'logout') throw await signOut(services, request);

  const project = projectForRequest(request, services.env.PRODUCT);
  const options: LoginOptions = {
    password: project.signIn.password,
    google: googleCredentials(services.env, project) !== null,
    emailLink: project.signIn.emailLink,
  };
  const { alert, notice, email: flashedEmail, pending, headers } = await loginMessages(services, request);
  const redirectTo = safeRedirectTo(url.searchParams.get('redirectTo'));
  const typedEmail = flashedEmail ?? url.searchParams.get('email')?.slice(0, 254) ?? '';
  const mode = url.searchParams.get('mode');
  const token = url.searchParams.get('token') ?? '';

  let view: LoginView;
  switch (mode) {
    case 'device':
      if (!pending) throw redirect(hrefs.login(), { headers });
      view = { name: 'device', method: pending.method, email: pending.email };
      break;
    case 'forgot':
      view = { name: 'forgot', email: typedEmail };
      break;
    case 'reset': {
      const check = await services.auth.tokens.inspect(token, 'password-reset');
      view = check.ok
        ? { name: 'reset', token, email: check.record.email }
        : { name: 'link-problem', kind: 'password-reset', ...tokenProblem('password-reset', check.problem) };
      break;
    }
    case 'email-link': {
      if (!options.emailLink) throw notFound();
      if (!url.searchParams.has('token')) {
        view = { name: 'email-link', email: typedEmail || ((await rememberedEmail(services, request)) ?? '') };
        break;
      }
      const check = await services.auth.tokens.inspect(token, 'email-link');
      if (!check.ok) {
        view = { name: 'link-problem', kind: 'email-link', ...tokenProblem('email-link', check.problem) };
      } else {
        const remembered = await rememberedEmail(services, request);
        view = remembered === check.record.email ? { name: 'email-link-continue', token } : { name: 'email-link-confirm', token };
      }
      break;
    }
    default:
      view = { name: 'sign-in', email: typedEmail };
  }

  const signedIn = sessionUser(await readSession(services.sessions, request));
  headers.set('Cache-Control', 'no-store');
  return data<LoginLoaderData>(
    {
      view,
      options,
      appTitle: project.appTitle,
      logo: project.logo,
      redirectTo,
      alert,
      notice,
      signedInAs: signedIn?.email ?? null,
      honeypot: services.auth.honeypot.getInputProps(),
    },
    { headers },
  );
}

/**
 * The forms of /login, one intent each: sign in with a password, the Personal Device step and its
 * Cancel, ask for and redeem an e-mail link, Forgot Password, and the reset page. Signing out is
 * the address `?action=logout`, whatever the form.
 */
export const Intent = intents(
  intent('password'),
  intent('device'),
  intent('cancel'),
  intent('email-link'),
  intent('email-link-redeem'),
  intent('forgot'),
  intent('reset'),
);

export async function action({ request, context }: ActionFunctionArgs) {
  const services = await getServices();
  // The client's address as the HTTP server saw it (never a request header): per-client limits.
  const client = clientAddressOf(context);
  const url = new URL(request.url);
  if (url.searchParams.get('action') === 'logout') return signOut(services, request);

  const project = projectForRequest(request, services.env.PRODUCT);
  const formData = await readForm(request, { schemas: LOGIN_FORM_SCHEMAS });
  const { intent } = parseIntent(formData, Intent);

  switch (intent) {
    case 'password': {
      if (!project.signIn.password) throw notFound();
      checkHoneypot(services, formData);
      const submission = parseWithZod(formData, { schema: LoginSchema });
      const reply = { hideFields: ['password'] };
      if (submission.status !== 'success') {
        return data<LoginActionData>({ intent, result: submission.reply(reply) }, { status: 400 });
      }
      const outcome = await signInWithPassword(services, request, formData, {
        email: submission.value.email,
        redirectTo: submission.value.redirectTo,
        client,
      });
      if (outcome.kind === 'verified') return outcome.response;
      if (outcome.kind === 'rate-limited') {
        return data<LoginActionData>(
          { intent, result: submission.reply({ ...reply, formErrors: [TOO_MANY_SIGN_IN_ATTEMPTS] }) },
          { status: 429 },
        );
      }
      return data<LoginActionData>(
        { intent, result: submission.reply(reply), dialog: { kind: 'login-error', title: LOGIN_ERROR_TITLE, message: outcome.message } },
        { status: 400 },
      );
    }

    case 'device': {
      const submission = parseWithZod(formData, { schema: DeviceSchema });
      if (submission.status !== 'success') return data<LoginActionData>({ intent, result: submission.reply() }, { status: 400 });
      const outcome = await completeSignIn(services, request, submission.value.device);
      if (outcome.kind !== 'no-access') return outcome.response;
      return data<LoginActionData>(
        { intent, dialog: { kind: 'no-access', title: NO_ACCESS_TITLE, message: NO_ACCESS_TEXT } },
        { status: 403, headers: outcome.headers },
      );
    }

    case 'cancel':
      return cancelSignIn(services, request);

    case 'email-link': {
      if (!project.signIn.emailLink) throw notFound();
      checkHoneypot(services, formData);
      const submission = parseWithZod(formData, { schema: EmailSchema });
      if (submission.status !== 'success') return data<LoginActionData>({ intent, result: submission.reply() }, { status: 400 });
      const outcome = await requestEmailLink(services, request, { email: submission.value.email, appTitle: project.appTitle, client });
      if (outcome.kind === 'sent') return outcome.response;
      return data<LoginActionData>({ intent, result: submission.reply({ formErrors: [TOO_MANY_SIGN_IN_ATTEMPTS] }) }, { status: 429 });
    }

    case 'email-link-redeem': {
      if (!project.signIn.emailLink) throw notFound();
      checkHoneypot(services, formData);
      const submission = parseWithZod(formData, { schema: EmailLinkRedeemSchema });
      if (submission.status !== 'success') return data<LoginActionData>({ intent, result: submission.reply() }, { status: 400 });
      const { token, email } = submission.value;
      const outcome = await redeemEmailLink(services, request, token, email);
      if (outcome.kind === 'verified') return outcome.response;
      if (outcome.kind === 'mismatch') {
        return data<LoginActionData>({ intent, result: submission.reply({ fieldErrors: { email: [EMAIL_MISMATCH] } }) }, { status: 400 });
      }
      // A link that turned out unusable, or an e-mail to ask for: the landing page says which.
      return redirect(hrefs.login(new URLSearchParams({ mode: 'email-link', token })));
    }

    case 'forgot': {
      checkHoneypot(services, formData);
      const submission = parseWithZod(formData, { schema: EmailSchema });
      if (submission.status !== 'success') return data<LoginActionData>({ intent, result: submission.reply() }, { status: 400 });
      const outcome = await requestPasswordReset(services, request, { email: submission.value.email, appTitle: project.appTitle, client });
      if (outcome.kind === 'sent') return outcome.response;
      // The spec's failure: 'Error resetting your password' followed by the message.
      return data<LoginActionData>({ intent, result: submission.reply(), failure: TOO_MANY_RESET_REQUESTS }, { status: 429 });
    }

    case 'reset': {
      checkHoneypot(services, formData);
      const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
      const reply = { hideFields: ['password', 'confirm'] };
      if (submission.status !== 'success') return data<LoginActionData>({ intent, result: submission.reply(reply) }, { status: 400 });
      const outcome = await resetPassword(services, request, submission.value.token, submission.value.password);
      if (outcome.kind === 'done') return outcome.response;
      if (outcome.kind === 'failed') {
        return data<LoginActionData>({ intent, result: submission.reply({ ...reply, formErrors: [outcome.message] }) }, { status: 400 });
      }
      return redirect(hrefs.login(new URLSearchParams({ mode: 'reset', token: submission.value.token })));
    }
  }
}

export default function LoginRoute() {
  const { view, options, appTitle, logo, redirectTo, alert, notice: loadedNotice, signedInAs, honeypot } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A one-time note belongs to the page it came with, not to the answer of a later submission.
  const notice = actionData ? null : loadedNotice;
  const [dismissed, setDismissed] = useState<LoginActionData | null>(null);
  const resultFor = (intent: LoginActionData['intent']) => (actionData?.intent === intent ? actionData.result : undefined);
  const dialog = actionData?.dialog && dismissed !== actionData ? actionData.dialog : null;
  const typedEmail = (resultFor('password')?.initialValue?.email as string | undefined) ?? (view.name === 'sign-in' ? view.email : '');

  return (
    <HoneypotProvider {...honeypot}>
      <LoginLayout appTitle={appTitle} logo={logo}>
        {signedInAs && (view.name === 'sign-in' || view.name === 'forgot') ? (
          <Callout.Root color="gray" size="1">
            <Callout.Text>
              You are logged in as {signedInAs}.{' '}
              <RadixLink asChild>
                <Link to={redirectTo ?? hrefs.home()}>Continue</Link>
              </RadixLink>{' '}
              or log in as someone else below.
            </Callout.Text>
          </Callout.Root>
        ) : null}

        {view.name === 'sign-in' || (view.name === 'device' && view.method === 'password') ? (
          <SignInPanel email={view.email} options={options} redirectTo={redirectTo} notice={notice} lastResult={resultFor('password')} />
        ) : null}
        {view.name === 'device' && view.method !== 'password' ? <ProcessingLogin /> : null}
        {view.name === 'forgot' ? (
          <ForgotPassword
            email={view.email}
            notice={notice}
            failure={actionData?.intent === 'forgot' ? (actionData.failure ?? null) : null}
            lastResult={resultFor('forgot')}
            redirectTo={redirectTo}
          />
        ) : null}
        {view.name === 'email-link' ? (
          <EmailLinkRequest email={view.email} notice={notice} lastResult={resultFor('email-link')} redirectTo={redirectTo} />
        ) : null}
        {view.name === 'email-link-confirm' ? <EmailLinkConfirm token={view.token} lastResult={resultFor('email-link-redeem')} /> : null}
        {view.name === 'email-link-continue' ? <EmailLinkContinue token={view.token} /> : null}
        {view.name === 'link-problem' ? <LinkProblem kind={view.kind} title={view.title} message={view.message} /> : null}
        {view.name === 'reset' ? <ResetPassword token={view.token} email={view.email} lastResult={resultFor('reset')} /> : null}
      </LoginLayout>

      {dialog?.kind === 'login-error' ? (
        <LoginErrorDialog
          title={dialog.title}
          message={dialog.message}
          email={typedEmail}
          redirectTo={redirectTo}
          onDismiss={() => setDismissed(actionData ?? null)}
        />
      ) : dialog?.kind === 'no-access' ? (
        <ReturnToLoginDialog title={dialog.title} message={dialog.message} />
      ) : alert ? (
        <ReturnToLoginDialog title={alert.title} message={alert.message} />
      ) : view.name === 'device' ? (
        <DeviceDialog lastResult={resultFor('device')} />
      ) : null}
    </HoneypotProvider>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
