import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Flex } from '@radix-ui/themes';
import { Form, useNavigation, useLocation } from '@remix-run/react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';
import { FormErrors, TextField } from '~/components/forms/fields';
import { EmailSchema } from '~/schemas/login';
import { loginFormAction } from './links';

/**
 * A public form that asks only for an e-mail address (a sign-in link, a password reset, the
 * address a link was sent to), with the honeypot and the schema's messages.
 */
export function EmailForm({
  id,
  intent,
  submitLabel,
  email,
  lastResult,
  hidden = {},
}: {
  id: string;
  intent: string;
  submitLabel: string;
  email: string;
  lastResult: SubmissionResult<string[]> | undefined;
  hidden?: Record<string, string | null | undefined>;
}) {
  const navigation = useNavigation();
  const formAction = loginFormAction(useLocation().search);
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: { email },
    constraint: getZodConstraint(EmailSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailSchema }),
  });

  return (
    <Form method="post" action={formAction} {...getFormProps(form)}>
      <HoneypotInputs />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <Flex direction="column" gap="3">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField size="large" field={fields.email} label="E-mail" type="email" autoComplete="username" />
        <Button type="submit" size="3" loading={submitting}>
          {submitLabel}
        </Button>
      </Flex>
    </Form>
  );
}
