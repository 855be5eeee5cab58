import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useNavigation } from '@remix-run/react';
import { FormActions } from '~/components/form-actions';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { FormErrors, TextAreaField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import type { ListScreenData } from '~/lib/listing/screen';
import { EmailTemplateSchema } from '~/schemas/email-template';
import type { EmailTemplateActionData, EmailTemplateEditorData } from './email-templates.server';
import { TEXTS } from './texts';

/**
 * The right columns of the Email Templates list: what the list is, and a kind's template editor
 * (subject, message HTML, web address, image; the placeholders the send fills; Preview as it will
 * be sent with sample values, rendered and sanitized by the server; Delete asks first). Plain forms.
 */

type TemplateFormFields = { title: string; body: string; url?: string; drawable?: string };

export function EmailTemplateActions({ data }: { data: ListScreenData }) {
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        {data.title}
      </Heading>
      <Text as="p" size="2" color="gray">
        {TEXTS.intro}
      </Text>
      <Text as="p" size="2" color="gray">
        Open an e-mail from the list to write its template.
      </Text>
    </Flex>
  );
}

export function EmailTemplateEditor({
  data,
  actionData,
}: {
  data: EmailTemplateEditorData;
  actionData: EmailTemplateActionData | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [form, fields] = useForm<TemplateFormFields>({
    id: `email-template-${data.kind}`,
    lastResult: actionData?.result,
    defaultValue: data.defaults,
    constraint: getZodConstraint(EmailTemplateSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailTemplateSchema }),
  });
  const version = actionData?.version ?? data.version;
  const confirmDelete = data.confirmDelete || actionData?.confirmDelete === true;
  const preview = actionData?.preview ?? null;
  return (
    <Flex direction="column" gap="4">
      <Form method="post" action={data.formAction} {...getFormProps(form)} aria-labelledby="email-template-heading">
        <VersionField version={version} />
        <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="email-template-heading" tabIndex={-1}>
            {`Email Template: ${data.label}`}
          </Heading>
          <Text as="p" size="2" color="gray">
            {data.stored
              ? 'This e-mail is sent with this template.'
              : 'This e-mail is sent with its built-in text until a template is saved.'}
          </Text>
          <ConflictNotice conflict={actionData?.conflict} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField field={fields.title} label="Subject" />
          <TextAreaField
            field={fields.body}
            label="Message"
            rows={10}
            hint="HTML. Scripts and anything that runs are removed when the template is saved."
          />
          <section aria-labelledby="email-template-placeholders">
            <Heading as="h3" size="2" id="email-template-placeholders">
              Placeholders
            </Heading>
            <ul className="email-template-placeholders">
              {data.placeholders.map((placeholder) => (
                <li key={placeholder.name}>
                  <code>{`{{${placeholder.name}}}`}</code> {placeholder.text}
                </li>
              ))}
            </ul>
          </section>
          <TextField field={fields.url} label="Web Address" type="url" hint="Optional, such as https://example.com." />
          <TextField field={fields.drawable} label="Image" hint="Optional: the web address of an image (https://…)." />
          <FormActions closeHref={data.closeHref}>
            <Button type="submit" name="intent" value="save" disabled={busy}>
              Save
            </Button>
            <Button type="submit" name="intent" value="preview" variant="soft" disabled={busy}>
              Preview
            </Button>
          </FormActions>
        </Flex>
      </Form>
      {preview ? (
        <section aria-labelledby="email-template-preview" className="email-template-preview" data-testid="email-template-preview">
          <Heading as="h3" size="3" id="email-template-preview">
            Preview
          </Heading>
          <Text as="p" size="2">
            <strong>Subject:</strong> {preview.subject}
          </Text>
          {/* Sanitized on the server (sanitizeTemplateHtml), the sample values escaped. */}
          <div className="email-template-preview-body" dangerouslySetInnerHTML={{ __html: preview.body }} />
        </section>
      ) : null}
      {data.stored ? (
        <Form method="post" action={data.formAction} aria-label={TEXTS.deleteTitle}>
          <VersionField version={version} />
          <Button type="submit" name="intent" value="delete" color="red" variant="soft" disabled={busy}>
            Delete
          </Button>
        </Form>
      ) : null}
      {confirmDelete && data.stored ? (
        <ConfirmDialog
          title={TEXTS.deleteTitle}
          role="alertdialog"
          safeChoice
          description={TEXTS.deleteText}
          cancelHref={`${data.formAction}#editor`}
          form={{ action: data.formAction }}
          answers={
            <Button type="submit" name="intent" value="delete-confirmed" color="red">
              Delete
            </Button>
          }
        />
      ) : null}
    </Flex>
  );
}
