import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { useRef } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { FormErrors } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { FormActions } from '~/components/forms/form-actions';
import { UnsavedChangesDialog, useUnsavedChanges } from '~/components/forms/unsaved-changes';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { AssistantLinks } from '~/components/widgets/assistant/assistant-links';
import { listContext } from '~/lib/listing/contexts';
import { ITEM_KEY_FIELD, SORT_ALPHA_TEXT, SORT_ALPHA_TITLE } from '~/lib/listing/editor-texts';
import type { InlineEditor } from '~/lib/listing/types';
import { EditorFields } from './editor-fields';
import type { DeleteData, ItemEditorActionData, ItemEditorData, SortActionData } from './editor.server';

/** The add / edit / duplicate form of a list's item, in the right column. */
export function ItemEditorPanel({ data, actionData }: { data: ItemEditorData; actionData: ItemEditorActionData | undefined }) {
  const definition = listContext(data.contextKey);
  const editor = definition?.editor;
  if (!editor || editor.kind !== 'inline') return null;
  // A fresh form after each answer, so conform starts from the reply.
  return (
    <ItemForm
      key={actionData ? JSON.stringify(actionData.result.initialValue ?? null) : data.itemKey}
      data={data}
      actionData={actionData}
      editor={editor}
    />
  );
}

function ItemForm({
  data,
  actionData,
  editor,
}: {
  data: ItemEditorData;
  actionData: ItemEditorActionData | undefined;
  editor: InlineEditor;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useForm<Record<string, unknown>>({
    id: `list-item-${data.itemKey}`,
    lastResult: actionData?.result,
    // The item's form value (the editor's toForm): nested lists (hours, options) included.
    defaultValue: data.defaultValue as Record<string, string | null | undefined>,
    constraint: getZodConstraint(editor.schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editor.schema }),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const blocker = useUnsavedChanges(formRef, { loaded: data, answered: actionData });
  return (
    <Form
      method="post"
      action={data.formAction}
      {...getFormProps(form)}
      ref={formRef}
      data-hydrated={hydrated ? '' : undefined}
      aria-labelledby={`${form.id}-heading`}
    >
      {/* The default button: Enter in a field saves (not the first row's Move up, Move down or Remove). */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <VersionField version={actionData?.version ?? data.version} />
      <input type="hidden" name={ITEM_KEY_FIELD} value={actionData?.itemKey ?? data.itemKey} />
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id={`${form.id}-heading`}>
          {data.heading}
        </Heading>
        {data.itemLinks.length > 0 ? (
          <Flex gap="3" wrap="wrap">
            {data.itemLinks.map((link) => (
              <Link key={link.href} to={link.href} className="text-link">
                {link.label}
              </Link>
            ))}
          </Flex>
        ) : null}
        {data.assistant ? (
          <AssistantLinks assistant={{ ...data.assistant, used: data.assistant.used && !actionData }} formRef={formRef} />
        ) : null}
        {data.templates.length > 0 ? (
          <nav aria-label="Ready-made items">
            <Flex gap="3" wrap="wrap">
              {data.templates.map((template) => (
                <Link key={template.href} to={template.href} className="text-link">
                  {template.label}
                </Link>
              ))}
            </Flex>
          </nav>
        ) : null}
        <ConflictNotice conflict={actionData?.conflict} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <EditorFields editor={editor} form={form} fields={fields} />
        <FormActions submitLabel="Submit" busy={navigation.state === 'submitting'} cancelTo={data.cancelHref} />
      </Flex>
      <UnsavedChangesDialog blocker={blocker} />
    </Form>
  );
}

/** Spec 02 §8 "Delete Item": the confirmation (a page of its own without JavaScript). */
export function DeletePanel({ data }: { data: DeleteData }) {
  return (
    <ConfirmDialog
      title={data.title}
      role="alertdialog"
      description={
        data.archive ? `${data.text} "${data.itemTitle}" moves to the archive.` : `${data.text} "${data.itemTitle}" is removed for good.`
      }
      cancelHref={data.cancelHref}
      safeChoice
      form={{ action: data.formAction }}
      answers={
        <Button type="submit" name="intent" value="delete" color="red">
          Delete
        </Button>
      }
    />
  );
}

/** The right column in sort mode: Sort Alphabetically (with the spec's confirmation) and Done. */
export function SortPanel({ action, doneHref, actionData }: { action: string; doneHref: string; actionData: SortActionData | undefined }) {
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        Sort
      </Heading>
      {actionData?.error ? (
        <Text as="p" color="red" role="alert">
          {actionData.error}
        </Text>
      ) : null}
      <Form method="post" action={action}>
        <Button type="submit" name="intent" value="sort-alpha" variant="soft">
          {SORT_ALPHA_TITLE}
        </Button>
      </Form>
      <Button asChild>
        <Link to={doneHref}>Done</Link>
      </Button>
      {actionData?.confirmAlpha ? (
        <ConfirmDialog
          title={SORT_ALPHA_TITLE}
          role="alertdialog"
          description={SORT_ALPHA_TEXT}
          cancelHref={action}
          form={{ action }}
          answers={
            <Button type="submit" name="intent" value="sort-alpha-confirmed">
              Sort
            </Button>
          }
        />
      ) : null}
    </Flex>
  );
}
