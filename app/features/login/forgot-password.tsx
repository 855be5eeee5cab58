import type { SubmissionResult } from '@conform-to/react';
import { Callout, Flex } from '@radix-ui/themes';
import { EmailForm } from './email-form';
import { BackToLogin } from './email-link';
import { NoticeCallout, ViewHeading } from './login-layout';
import type { LoginNoticeData } from './types';

/** The spec's failure heading for a password reset, followed by the provider's message. */
export const PASSWORD_RESET_ERROR = 'Error resetting your password';

/**
 * The Forgot Password view (spec 01 §2.4, §4.1): success says 'Your password has been reset,
 * please check your e-mail'; failure 'Error resetting your password' followed by the message.
 */
export function ForgotPassword({
  email,
  notice,
  failure,
  lastResult,
  redirectTo,
}: {
  email: string;
  notice: LoginNoticeData | null;
  /** Why the reset could not be asked for (too many requests). */
  failure: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  redirectTo: string | null;
}) {
  return (
    <Flex direction="column" gap="4">
      <ViewHeading title="Forgot Password">Enter your e-mail address and we will send you a link to choose a new password.</ViewHeading>
      <NoticeCallout notice={notice} />
      {failure ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            <strong>{PASSWORD_RESET_ERROR}</strong>
            <br />
            {failure}
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <EmailForm id="login-forgot" intent="forgot" submitLabel="Reset Password" email={email} lastResult={lastResult} />
      <BackToLogin redirectTo={redirectTo} />
    </Flex>
  );
}
