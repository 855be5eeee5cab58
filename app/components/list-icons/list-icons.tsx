import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { CheckboxField, FileField, FormErrors, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { ShellColumns } from '~/components/shell/shell-columns';
import { PageDialog } from '~/components/ui/dialog';
import { LIST_ICON_TEXTS, ListIconSchema } from '~/schemas/list-icon';
import type { DeleteIconData, IconEditorActionData, IconEditorData, ListIconsData } from './list-icons.server';

/** The screen's own addresses (the routes' paths). */
const LIST = '/manage-list-icons';
const editHref = (key: string) => `${LIST}/edit/${encodeURIComponent(key)}`;
const deleteHref = (key: string) => `${LIST}/delete/${encodeURIComponent(key)}`;

/** Manage List Icons (spec 03): the icons in the centre, the add action or the form on the right. */
export function ListIconsScreen({ data, panel }: { data: ListIconsData; panel: ReactNode }) {
  return (
    <ShellColumns
      rightLabel="Icon"
      right={panel}
      centre={
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            Manage List Icons
          </Heading>
          <Card size="2">
            {data.icons.length === 0 ? (
              <Text as="p" color="gray">
                {LIST_ICON_TEXTS.empty}
              </Text>
            ) : (
              <ul className="divided-list" aria-label="List icons">
                {data.icons.map((icon) => (
                  <li key={icon.key}>
                    <div className="icon-row">
                      {icon.url ? (
                        <img src={icon.url} alt="" width={48} height={48} />
                      ) : (
                        <span className="icon-preview" aria-hidden="true" />
                      )}
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
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </Flex>
      }
    />
  );
}

/** The right column when no form is open: the add action. */
export function AddIconAction() {
  return (
    <Flex direction="column" gap="3" align="start">
      <Heading as="h2" size="4">
        Icons
      </Heading>
      <Button asChild>
        <Link to={`${LIST}/add`}>{LIST_ICON_TEXTS.addHeading}</Link>
      </Button>
    </Flex>
  );
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
  return (
    <Form
      method="post"
      encType="multipart/form-data"
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
    <PageDialog
      title={LIST_ICON_TEXTS.deleteTitle}
      description={`Delete the icon "${data.icon.title}"?`}
      cancelHref={LIST}
      actions={
        <Form method="post">
          <Flex gap="3">
            <Button type="submit" name="intent" value="delete" color="red">
              Delete
            </Button>
            <Button asChild variant="soft" color="gray">
              <Link to={LIST} data-dialog-cancel="">
                Cancel
              </Link>
            </Button>
          </Flex>
        </Form>
      }
    />
  );
}
