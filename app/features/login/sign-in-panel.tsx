import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { Form, Link, useNavigation, useLocation } from '@remix-run/react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { FormErrors, TextField } from '~/components/forms/fields';
import { LoginSchema } from '~/schemas/login';
import { GoogleButton } from './google-button';
import { loginFormAction, loginHref } from './links';
import { NoticeCallout, ViewHeading } from './login-layout';
import type { LoginNoticeData, LoginOptions } from './types';

export const LOGIN_FORM_ID = 'login-password';

/** The Login view: Google, e-mail and password, and the ways to the other views. */
export function SignInPanel({
  email,
  options,
  redirectTo,
  notice,
  lastResult,
}: {
  email: string;
  options: LoginOptions;
  notice: LoginNoticeData | null;
  redirectTo: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const formAction = loginFormAction(useLocation().search);
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'password';
  const [form, fields] = useForm({
    id: LOGIN_FORM_ID,
    lastResult,
    defaultValue: { email },
    constraint: getZodConstraint(LoginSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
  });

  return (
    <Flex direction="column" gap="4">
      <ViewHeading title="Login">Sign in to manage your community&apos;s app.</ViewHeading>
      <NoticeCallout notice={notice} />

      {options.google ? <GoogleButton redirectTo={redirectTo} /> : null}
      {options.google && options.password ? (
        <div className="login-divider" aria-hidden="true">
          or
        </div>
      ) : null}

      {options.password ? (
        <Form method="post" action={formAction} {...getFormProps(form)}>
          <HoneypotInputs />
          <input type="hidden" name="intent" value="password" />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <Flex direction="column" gap="3">
            <FormErrors id={form.errorId} errors={form.errors} />
            <TextField size="large" field={fields.email} label="E-mail" type="email" autoComplete="username" />
            <TextField size="large" field={fields.password} label="Password" type="password" autoComplete="current-password" />
            <Button type="submit" size="3" loading={submitting}>
              Login
            </Button>
          </Flex>
        </Form>
      ) : null}

      <Flex justify="between" gap="3" wrap="wrap">
        {options.password ? (
          <Text size="2">
            <RadixLink asChild>
              <Link to={loginHref({ mode: 'forgot', redirectTo })}>Forgot password?</Link>
            </RadixLink>
          </Text>
        ) : null}
        {options.emailLink ? (
          <Text size="2">
            <RadixLink asChild>
              <Link to={loginHref({ mode: 'email-link', redirectTo })}>E-mail me a sign-in link</Link>
            </RadixLink>
          </Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
