import type { SubmissionResult } from '@conform-to/react';
import { Callout, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { EmailForm } from './email-form';
import { loginHref } from './links';
import { NoticeCallout, ViewHeading } from './login-layout';
import type { LoginNoticeData } from './types';

export function BackToLogin({ redirectTo }: { redirectTo?: string | null }) {
  return (
    <Text size="2">
      <RadixLink asChild>
        <Link to={loginHref({ redirectTo })}>Back to Login</Link>
      </RadixLink>
    </Text>
  );
}

/**
 * Sign in with an e-mailed link (spec 01 §4.1): only addresses with staff access get a link;
 * after sending, the notice says so and to check the spam folder too.
 */
export function EmailLinkRequest({
  email,
  notice,
  lastResult,
  redirectTo,
}: {
  email: string;
  notice: LoginNoticeData | null;
  lastResult: SubmissionResult<string[]> | undefined;
  redirectTo: string | null;
}) {
  return (
    <Flex direction="column" gap="4">
      <ViewHeading title="E-mail Sign-In Link">Enter your e-mail address and we will send you a link that logs you in.</ViewHeading>
      <NoticeCallout notice={notice} />
      <EmailForm
        id="login-email-link"
        intent="email-link"
        submitLabel={notice ? 'Send another link' : 'Send link'}
        email={email}
        lastResult={lastResult}
      />
      <BackToLogin redirectTo={redirectTo} />
    </Flex>
  );
}

/** A sign-in link opened in a browser that does not remember the e-mail: ask for it (spec 01 §4.1). */
export function EmailLinkConfirm({ token, lastResult }: { token: string; lastResult: SubmissionResult<string[]> | undefined }) {
  return (
    <Flex direction="column" gap="4">
      <ViewHeading title="Confirm Your E-mail">Enter the e-mail address the sign-in link was sent to.</ViewHeading>
      <EmailForm
        id="login-email-confirm"
        intent="email-link-redeem"
        submitLabel="Continue"
        email=""
        lastResult={lastResult}
        hidden={{ token }}
      />
      <BackToLogin />
    </Flex>
  );
}

/** An e-mailed link that cannot be used (expired, used, forged), with the way to a new one. */
export function LinkProblem({ kind, title, message }: { kind: 'email-link' | 'password-reset'; title: string; message: string }) {
  return (
    <Flex direction="column" gap="4">
      <ViewHeading title={title} />
      <Callout.Root color="amber" role="alert">
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      <Flex justify="between" gap="3" wrap="wrap">
        <BackToLogin />
        <Text size="2">
          <RadixLink asChild>
            <Link to={loginHref({ mode: kind === 'email-link' ? 'email-link' : 'forgot' })}>
              {kind === 'email-link' ? 'Request a new link' : 'Request a new reset link'}
            </Link>
          </RadixLink>
        </Text>
      </Flex>
    </Flex>
  );
}
