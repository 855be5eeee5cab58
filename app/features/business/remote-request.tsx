import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { CheckboxField, SelectField, TextAreaField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { REMOTE_REQUEST_ACTIONS, REMOTE_REQUEST_TEXTS, remoteRequestSchema, type RemoteRequestFormValue } from '~/schemas/remote-admin';
import type { BusinessEditorActionData, BusinessEditorData } from './editor.server';

interface RequestForm {
  action: string;
  remoteInfo: { title: string; editInfo?: 'on'; addButtons?: 'on'; sendNotifications?: 'on' };
  message: string;
}

/**
 * 'Update Permissions' (spec 03 §6 remote trays): the remote manager asks the administrators for
 * a change of their access, in a form of its own posting `intent=request-update` to the page.
 */
export function RemoteRequestPanel({ data, actionData }: { data: BusinessEditorData; actionData: BusinessEditorActionData | undefined }) {
  const grant = data.grant;
  const [form, fields] = useForm<RequestForm, RemoteRequestFormValue>({
    id: 'remote-request',
    lastResult: actionData?.requestResult ?? null,
    defaultValue: {
      action: 'modify',
      remoteInfo: {
        title: grant?.title ?? '',
        editInfo: grant?.editInfo ? 'on' : undefined,
        addButtons: grant?.addButtons ? 'on' : undefined,
        sendNotifications: grant?.sendNotifications ? 'on' : undefined,
      },
      message: '',
    },
    constraint: getZodConstraint(remoteRequestSchema),
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: remoteRequestSchema }),
  });
  if (!grant) return null;
  const info = fields.remoteInfo.getFieldset();
  return (
    <Card size="2" mt="5" asChild>
      <section aria-labelledby="remote-request-heading">
        <Form method="post" action={data.formAction} {...getFormProps(form)}>
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id="remote-request-heading">
              {REMOTE_REQUEST_TEXTS.heading}
            </Heading>
            <Text size="2" color="gray">
              Ask the administrators of this listing to change who may update it and what they may do.
            </Text>
            <SelectField
              field={fields.action}
              label={REMOTE_REQUEST_TEXTS.action}
              choices={REMOTE_REQUEST_ACTIONS.map((action) => ({ value: action, label: REMOTE_REQUEST_TEXTS.actionLabels[action] }))}
            />
            <TextField field={info.title} label={REMOTE_REQUEST_TEXTS.title} />
            <fieldset className="form-row">
              <legend>{REMOTE_REQUEST_TEXTS.permissions}</legend>
              <CheckboxField field={info.editInfo} label="Edit Information" />
              <CheckboxField field={info.addButtons} label="Add Buttons" />
              <CheckboxField field={info.sendNotifications} label="Send Notifications" />
            </fieldset>
            <TextAreaField field={fields.message} label={REMOTE_REQUEST_TEXTS.message} hint={REMOTE_REQUEST_TEXTS.messageHint} />
            <div>
              <Button type="submit" name="intent" value="request-update" variant="soft">
                {REMOTE_REQUEST_TEXTS.submit}
              </Button>
            </div>
          </Flex>
        </Form>
      </section>
    </Card>
  );
}
