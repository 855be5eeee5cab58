import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Badge, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { CheckboxField, FileField, FormErrors, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { ListPage, ListPageAction } from '~/components/list-page';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { PageDialog } from '~/components/ui/dialog';
import { INCORRECT_TYPE_TITLE, incorrectTypeText } from '~/components/widgets/uploader-shared';
import { hrefs } from '~/lib/hrefs';
import { inPanel } from '~/lib/listing/urls';
import { LIST_ICON_TEXTS, ListIconSchema } from '~/schemas/list-icon';
import type { DeleteIconData, IconEditorActionData, IconEditorData, ListIconsData } from './list-icons.server';

/** The screen's own addresses (the routes' paths). */
const LIST = hrefs.listIcons();
// The forms open in the right column (`#editor`: before the list on a phone).
const editHref = (key: string) => inPanel(hrefs.listIconsItem('edit', key));
const deleteHref = (key: string) => inPanel(hrefs.listIconsItem('delete', key));

/** Manage List Icons (spec 03): the icons in the centre, the add action or the form on the right. */
export function ListIconsScreen({ data, panel }: { data: ListIconsData; panel: ReactNode }) {
  return (
    <ListPage
      heading="Manage List Icons"
      panelLabel="Icon"
      panel={panel}
      items={data.icons}
      empty={LIST_ICON_TEXTS.empty}
      listLabel="List icons"
      itemKey={(icon) => icon.key}
      renderItem={(icon) => (
        <div className="icon-row">
          {icon.url ? <img src={icon.url} alt="" width={48} height={48} /> : <span className="icon-preview" aria-hidden="true" />}
          <Text weight="bold" id={`icon-${icon.key}`}>
            {icon.title}
          </Text>
          {icon.active ? null : (
            <Badge color="gray" size="1">
              {LIST_ICON_TEXTS.inactive}
            </Badge>
          )}
          <Flex gap="2" ml="auto">
            <Button asChild variant="soft" size="1">
              <Link to={editHref(icon.key)} aria-label={`Edit ${icon.title}`}>
                Edit
              </Link>
            </Button>
            <Button asChild variant="soft" color="red" size="1">
              <Link to={deleteHref(icon.key)} aria-label={`Delete ${icon.title}`}>
                Delete
              </Link>
            </Button>
          </Flex>
        </div>
      )}
    />
  );
}

/** The right column when no form is open: the add action. */
export function AddIconAction() {
  return <ListPageAction heading="Icons" to={hrefs.listIconsAdd()} label={LIST_ICON_TEXTS.addHeading} />;
}

/** Add Icon / Edit Icon: Title (locked when editing), Active, the image, Add/Update and Cancel. */
export function IconForm({ data, actionData }: { data: IconEditorData; actionData: IconEditorActionData | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const editing = data.mode === 'edit';
  const [form, fields] = useForm<{ title: string; active: boolean; removeImage: boolean; image?: File }>({
    id: editing ? `list-icon-${data.icon?.key}` : 'list-icon-new',
    lastResult: actionData?.result,
    defaultValue: { title: data.icon?.title ?? '', active: data.icon ? data.icon.active : true },
    constraint: getZodConstraint(ListIconSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ListIconSchema }),
  });
  const heading = editing ? LIST_ICON_TEXTS.editHeading : LIST_ICON_TEXTS.addHeading;
  const imageUrl = editing && !actionData?.imageRemoved ? (data.icon?.url ?? '') : '';
  const busy = navigation.state === 'submitting';
  // With JavaScript a chosen file of another type is refused at once, with the spec's dialog
  // (the server refuses it again, with the same dialog, for a post without JavaScript).
  const [wrongType, setWrongType] = useState(false);
  const checkFile = (event: FormEvent<HTMLFormElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'file' || input.name !== fields.image.name) return;
    const file = input.files?.[0];
    if (file && !data.accept.includes(file.type)) {
      input.value = '';
      setWrongType(true);
    }
  };
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onChange={checkFile}
      {...getFormProps(form)}
      data-hydrated={hydrated ? '' : undefined}
      aria-labelledby={`${form.id}-heading`}
    >
      <VersionField version={actionData?.version ?? data.version} />
      {actionData?.imageRemoved ? <input type="hidden" name="removeImage" value="on" /> : null}
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id={`${form.id}-heading`}>
          {heading}
        </Heading>
        <ConflictNotice conflict={actionData?.conflict} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.title} label="Title" readOnly={editing} />
        <CheckboxField field={fields.active} label="Active" hint={LIST_ICON_TEXTS.activeHint} />
        {imageUrl ? (
          <Flex direction="column" gap="2" align="start">
            <Text size="2" weight="medium">
              Icon Image
            </Text>
            <img src={imageUrl} alt={`${data.icon?.title ?? ''} icon`} className="icon-preview" />
            <Button type="submit" name="intent" value="remove-image" variant="soft" color="gray" formNoValidate>
              {LIST_ICON_TEXTS.removeImage}
            </Button>
          </Flex>
        ) : (
          <FileField field={fields.image} label="Icon Image" accept={data.accept} hint="PNG or JPEG" />
        )}
        <Flex gap="3" pt="3" wrap="wrap">
          <Button type="submit" name="intent" value="save" loading={busy}>
            {editing ? 'Update' : 'Add'}
          </Button>
          <Button asChild variant="soft" color="gray">
            <Link to={LIST}>Cancel</Link>
          </Button>
        </Flex>
      </Flex>
      {wrongType ? (
        <PageDialog
          title={INCORRECT_TYPE_TITLE}
          description={incorrectTypeText(data.accept)}
          onDismiss={() => setWrongType(false)}
          actions={
            <Button type="button" data-autofocus data-dialog-cancel="" onClick={() => setWrongType(false)}>
              OK
            </Button>
          }
        />
      ) : null}
      {actionData?.dialog ? (
        <PageDialog
          title={actionData.dialog.title}
          description={actionData.dialog.message}
          actions={
            <Button type="submit" name="intent" value="dismiss" formNoValidate data-autofocus data-dialog-cancel="">
              OK
            </Button>
          }
        />
      ) : null}
    </Form>
  );
}

/** 'Delete Icon', naming the icon (a page of its own without JavaScript). */
export function DeleteIconDialog({ data }: { data: DeleteIconData }) {
  return (
    <ConfirmDialog
      title={LIST_ICON_TEXTS.deleteTitle}
      description={`Delete the icon "${data.icon.title}"?`}
      cancelHref={LIST}
      form={{}}
      answers={
        <Button type="submit" name="intent" value="delete" color="red">
          Delete
        </Button>
      }
    />
  );
}
