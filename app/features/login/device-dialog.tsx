import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Flex, Radio, Text } from '@radix-ui/themes';
import { Form, useNavigation, useLocation } from '@remix-run/react';
import { ErrorList } from '~/components/forms/error-list';
import { PageDialog } from '~/components/ui/dialog';
import { DeviceSchema, type DeviceKind } from '~/schemas/login';
import { loginFormAction } from './links';

const CANCEL_FORM_ID = 'login-device-cancel';

const OPTIONS: Array<{ value: DeviceKind; label: string; text: string }> = [
  { value: 'personal', label: 'Personal device', text: 'Stay logged in on this device.' },
  { value: 'shared', label: 'Shared device', text: 'Log out when the browser closes.' },
];

function DeviceOption({ field, option }: { field: FieldMetadata<DeviceKind | undefined>; option: (typeof OPTIONS)[number] }) {
  const { key, type: _type, id: _id, ...props } = getInputProps(field, { type: 'radio', value: option.value });
  const id = `${field.id}-${option.value}`;
  return (
    <label key={key} htmlFor={id} className="login-device-option">
      <Radio {...props} id={id} value={option.value} size="3" />
      <Flex direction="column" gap="1">
        <Text weight="bold">{option.label}</Text>
        <Text size="2" color="gray">
          {option.text}
        </Text>
      </Flex>
    </label>
  );
}

/**
 * The Personal Device step (spec 01 §2.5): personal keeps the person signed in (a persistent
 * cookie), shared signs them out when the browser closes. Cancel drops the sign-in, Login
 * completes it. Both are plain form posts, so the step works without JavaScript.
 */
export function DeviceDialog({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const formAction = loginFormAction(useLocation().search);
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'device';
  const [form, fields] = useForm({
    id: 'login-device',
    lastResult,
    constraint: getZodConstraint(DeviceSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeviceSchema }),
  });

  return (
    <PageDialog
      title="Personal Device"
      description="Is this a personal device, or one that other people use too?"
      actions={
        <>
          <Button type="submit" form={CANCEL_FORM_ID} variant="soft" color="gray" data-dialog-cancel="">
            Cancel
          </Button>
          <Button type="submit" form={form.id} loading={submitting}>
            Login
          </Button>
        </>
      }
    >
      <Form method="post" action={formAction} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="device" />
        <fieldset className="login-device-options" aria-describedby={fields.device.errors ? fields.device.errorId : undefined}>
          <legend className="visually-hidden">Device type</legend>
          <Flex direction="column" gap="2">
            {OPTIONS.map((option) => (
              <DeviceOption key={option.value} field={fields.device} option={option} />
            ))}
          </Flex>
        </fieldset>
        <ErrorList id={fields.device.errorId} errors={fields.device.errors} size="2" />
      </Form>
      <Form id={CANCEL_FORM_ID} method="post" action={formAction} hidden>
        <input type="hidden" name="intent" value="cancel" />
      </Form>
    </PageDialog>
  );
}
