import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Flex, Text } from '@radix-ui/themes';
import { Form, useNavigation, useLocation } from '@remix-run/react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { FormErrors, TextField } from '~/components/forms/fields';
import { NEW_PASSWORD_MIN_LENGTH, ResetPasswordSchema } from '~/schemas/login';
import { BackToLogin } from './email-link';
import { loginFormAction } from './links';
import { ViewHeading } from './login-layout';

/** The console's own reset page, reached from the e-mailed reset link: choose a new password. */
export function ResetPassword({
  token,
  email,
  lastResult,
}: {
  token: string;
  email: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const formAction = loginFormAction(useLocation().search);
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'reset';
  const [form, fields] = useForm({
    id: 'login-reset',
    lastResult,
    constraint: getZodConstraint(ResetPasswordSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
  });

  return (
    <Flex direction="column" gap="4">
      <ViewHeading title="Choose a New Password">
        For <Text weight="bold">{email}</Text>
      </ViewHeading>
      <Form method="post" action={formAction} {...getFormProps(form)}>
        <HoneypotInputs />
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="token" value={token} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <Flex direction="column" gap="3">
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField
            size="large"
            field={fields.password}
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters.`}
          />
          <TextField size="large" field={fields.confirm} label="Confirm new password" type="password" autoComplete="new-password" />
          <Button type="submit" size="3" loading={submitting}>
            Save Password
          </Button>
        </Flex>
      </Form>
      <BackToLogin />
    </Flex>
  );
}
