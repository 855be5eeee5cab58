import { getCollectionProps, getFormProps, getInputProps, useForm, type FieldMetadata } from '@conform-to/react';
import { Badge, Button, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { ErrorList } from '~/components/forms/error-list';
import { CheckboxField, FieldLabel, FormErrors, Notice, Section, SelectField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { RemoveRowButton } from '~/components/forms/remove-row-button';
import { validateOnSave } from '~/components/forms/validate';
import { PageDialog } from '~/components/ui/dialog';
import { getMenuButtonType, quickDropdownTypes } from '~/lib/catalogues/menu-buttons';
import { hrefs } from '~/lib/hrefs';
import {
  DELETE_ITEM_TEXT,
  DELETE_ITEM_TITLE,
  FILE_FIELD,
  MAX_TABS,
  MenuItemSchema,
  applyTypeChange,
  hasTabs,
  menuItemDefaults,
  recordSourceOf,
  type MenuItemDefaults,
  type MenuItemFormValue,
} from '~/schemas/menu-item';
import { IconPicker } from './icon-picker';
import type { MenuItemActionData, MenuItemEditorData } from './menu-item.server';
import { MenuTypePicker } from './menu-type-picker';

/**
 * Add Menu Item / Edit Menu Item (spec 02 "Menu item editor"): the Select Menu Type picker, the
 * Information section (type, title, icon, the type's own fields, restriction to user groups)
 * and, for tracked Submenu, Business Listing and Activities items, the QR Code section. One
 * multipart form; every button posts it, so it works without JavaScript (see
 * server/menu/editor.ts for the intents).
 */

const FORM_ID = 'menu-item-form';

export function MenuItemEditor({ data, actionData }: { data: MenuItemEditorData; actionData: MenuItemActionData | undefined }) {
  const cancelHref = data.mode === 'edit' ? data.path : hrefs.home();
  if (data.picker.open || !data.defaultValue) {
    return (
      <>
        <PanelHeading data={data} />
        {data.defaultValue ? null : (
          <Text as="p" color="gray">
            Choose what the new button opens.
          </Text>
        )}
        <MenuTypePicker
          mode={{ kind: 'links', path: data.path, cancelHref }}
          query={data.picker.query}
          iconSet={data.community.iconSet}
          colors={data.community}
        />
      </>
    );
  }
  return (
    <>
      <PanelHeading data={data} />
      <MenuItemForm
        key={`${data.path}:${data.defaultValue.typeId ?? ''}`}
        data={data}
        defaultValue={data.defaultValue}
        actionData={actionData}
      />
      {data.missingUniqueId && !data.missingUniqueIdSeen ? (
        // Spec 02 §5, §8: the Error dialog; OK leaves the editor open with the notice.
        <PageDialog
          title="Error"
          description={data.missingUniqueId}
          cancelHref={`${data.path}?ok`}
          actions={
            <Flex justify="end">
              <Button asChild data-autofocus="">
                <Link to={`${data.path}?ok`}>OK</Link>
              </Button>
            </Flex>
          }
        />
      ) : null}
      {data.confirmDelete ? (
        <PageDialog
          title={DELETE_ITEM_TITLE}
          description={DELETE_ITEM_TEXT}
          cancelHref={cancelHref}
          actions={
            <Flex gap="3" justify="end">
              <Button asChild variant="soft" color="gray">
                {/* The safe choice has the focus: the other answer destroys. */}
                <Link to={cancelHref} data-autofocus="">
                  Cancel
                </Link>
              </Button>
              <Form method="post" action={data.path} encType="multipart/form-data">
                <Button type="submit" name="intent" value="delete" color="red">
                  Delete
                </Button>
              </Form>
            </Flex>
          }
        />
      ) : null}
    </>
  );
}

function PanelHeading({ data }: { data: MenuItemEditorData }) {
  return (
    <Flex direction="column" gap="1" mb="3">
      <Heading as="h2" size="5">
        {data.heading}
      </Heading>
      <Text size="2" color="gray">
        {data.section.title}
      </Text>
    </Flex>
  );
}

function MenuItemForm({
  data,
  defaultValue,
  actionData,
}: {
  data: MenuItemEditorData;
  defaultValue: MenuItemDefaults;
  actionData: MenuItemActionData | undefined;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const [form, fields] = useForm<MenuItemFormValue>({
    id: FORM_ID,
    lastResult: actionData?.result,
    defaultValue,
    // Errors show on Submit (and then follow the typing): a message appearing on blur would move
    // the buttons under the pointer.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: validateOnSave(MenuItemSchema),
  });

  // Each answer of the server empties the file pickers: a file is posted once (a refused svg is
  // not sent again with the next Submit).
  const [uploadKey, setUploadKey] = useState(0);
  const answered = useRef(actionData);
  useEffect(() => {
    // Not on mount (hydration must not empty a file picked before it).
    if (answered.current === actionData) return;
    answered.current = actionData;
    setUploadKey((key) => key + 1);
  }, [actionData]);

  const typeId = fields.typeId.value ?? defaultValue.typeId ?? '';
  const type = getMenuButtonType(typeId);
  const source = recordSourceOf(typeId);
  const restricted = fields.isRestricted.value === 'on';
  const choices = source ? (data.choices[typeId] ?? []) : [];
  const quick = quickDropdownTypes();
  const typeChoices = (type && !quick.some((entry) => entry.id === type.id) ? [type, ...quick] : quick).map((entry) => ({
    value: entry.id,
    label: entry.name,
  }));
  const look = {
    iconSet: data.community.iconSet,
    colorIconShape: fields.colorIconShape.value || data.community.colorIconShape,
    colorIconBackground: fields.colorIconBackground.value || data.community.colorIconBackground,
  };

  /** With JavaScript the type select applies the type's defaults at once (spec 02 §4). */
  const onTypeChange = (next: string) => {
    if (!hydrated) return;
    const current = form.value ?? {};
    form.update({ value: menuItemDefaults(applyTypeChange({ ...current, typeId }, next)) });
  };

  // More menu types…: the picker over the form. Without JavaScript the server answers it
  // (intent pick-type) with everything typed; with JavaScript it opens in place.
  // (A new answer sets it while rendering, not in an effect: an effect's re-render of this
  // component alone would drop the fields conform watches, and Submit's messages with them.)
  const [pickerOpen, setPickerOpen] = useState(Boolean(actionData?.picker));
  const [pickerAnswer, setPickerAnswer] = useState(actionData);
  if (pickerAnswer !== actionData) {
    setPickerAnswer(actionData);
    setPickerOpen(Boolean(actionData?.picker));
  }
  const closePicker = useCallback(() => setPickerOpen(false), []);
  const onTypeChangeRef = useRef(onTypeChange);
  onTypeChangeRef.current = onTypeChange;
  const chooseType = useCallback((next: string) => {
    setPickerOpen(false);
    onTypeChangeRef.current(next);
  }, []);

  return (
    // The address keeps the type, so an answer with errors shows this form again (not the picker).
    <Form
      method="post"
      action={`${data.path}?type=${encodeURIComponent(typeId)}${data.missingUniqueIdSeen ? '&ok' : ''}`}
      encType="multipart/form-data"
      {...getFormProps(form)}
    >
      {pickerOpen ? (
        <MenuTypePicker
          mode={{ kind: 'in-form', onChoose: hydrated ? chooseType : undefined, onCancel: hydrated ? closePicker : undefined }}
          query={actionData?.picker?.query ?? ''}
          iconSet={data.community.iconSet}
          colors={look}
        />
      ) : null}
      <input type="hidden" name="previousTypeId" value={typeId} />
      <VersionField version={actionData?.version ?? data.version} />
      <input {...hidden(fields.menuId)} />
      <input {...hidden(fields.itemKey)} />
      <Flex direction="column" gap="3">
        {data.missingUniqueId ? <Notice>{`${data.missingUniqueId} Submit gives the item an identifier from its title.`}</Notice> : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <ConflictNotice conflict={actionData?.conflict} />
        <Section title="Information" open>
          <Flex gap="2" align="end" wrap="wrap">
            <div style={{ flex: 1, minWidth: 200 }}>
              <SelectField field={fields.typeId} label="Menu Type" choices={typeChoices} onChange={onTypeChange} />
            </div>
            {hydrated ? null : (
              <Button type="submit" name="intent" value="change-type" variant="soft" formNoValidate>
                Apply type
              </Button>
            )}
          </Flex>
          <Text size="2">
            {type ? <Badge variant="soft">{type.name}</Badge> : null} {type?.description}{' '}
            <RadixLink asChild size="2">
              <button
                type="submit"
                name="intent"
                value="pick-type"
                formNoValidate
                className="link-button"
                onClick={
                  hydrated
                    ? (event) => {
                        event.preventDefault();
                        setPickerOpen(true);
                      }
                    : undefined
                }
              >
                More menu types…
              </button>
            </RadixLink>
          </Text>
          <TextField field={fields.name} label="Title" />
          <TextField field={fields.description} label="Description" hint="A short line some app layouts show under the title." />
          <IconPicker
            fileKey={uploadKey}
            icon={fields.icon}
            iconSvg={fields.iconSvg}
            look={look}
            hydrated={hydrated}
            initialQuery={actionData?.iconQuery ?? ''}
            iconSetName={data.community.iconSetName}
          />
          <Flex gap="3" wrap="wrap">
            <div style={{ flex: 1, minWidth: 140 }}>
              <TextField field={fields.colorIconShape} label="Icon Color" type="color" />
            </div>
            <div style={{ flex: 1, minWidth: 140 }}>
              <TextField field={fields.colorIconBackground} label="Icon Background Color" type="color" />
            </div>
          </Flex>

          {type?.needsUrl ? (
            <>
              <TextField field={fields.url} label={type.id === 'file' ? 'File URL' : 'URL'} type="url" placeholder="https://" />
              {type.id === 'file' ? (
                <FileUpload
                  key={`file-${uploadKey}`}
                  accept={data.fileAccept}
                  hint={data.fileHint}
                  maxBytes={data.maxFileBytes}
                  tooLargeMessage={data.tooLargeMessage}
                />
              ) : null}
              <CheckboxField field={fields.useWebView} label="Open inside the app (web view)" />
            </>
          ) : null}

          {source ? <RecordChoice fields={fields} source={source} choices={choices} hydrated={hydrated} /> : null}

          {hasTabs(typeId) ? <Tabs form={form} tabs={fields.tabs} /> : null}

          <CheckboxField field={fields.isRestricted} label="Restrict to user groups" />
          {restricted || !hydrated ? (
            <AuthGroups field={fields.auth} groups={data.authGroups} hint={hydrated ? undefined : 'Used when the item is restricted.'} />
          ) : null}
        </Section>

        {data.qr ? (
          <Section title="QR Code" open>
            <Flex direction="column" gap="2" align="start">
              <img src={data.qr.svg} alt={`QR code for ${data.qr.target}`} width={200} height={200} className="qr-image" />
              <Text size="1" color="gray" style={{ wordBreak: 'break-all' }}>
                {data.qr.target}
              </Text>
              <RadixLink href={data.qr.png} download={`${defaultValue.name || 'menu-item'}-qr-code.png`}>
                Download QR Code
              </RadixLink>
            </Flex>
          </Section>
        ) : null}

        <Flex gap="3" pt="2" wrap="wrap" align="center">
          <Button type="submit" name="intent" value="save" loading={saving}>
            Submit
          </Button>
          <Button asChild variant="soft" color="gray">
            <Link to={hrefs.home()}>Cancel</Link>
          </Button>
          {data.mode === 'edit' ? (
            data.canDelete ? (
              <Button asChild variant="soft" color="red" ml="auto">
                <Link to={`${data.path}?delete`}>Delete</Link>
              </Button>
            ) : (
              <Text size="1" color="gray" ml="auto">
                {data.deleteBlocked}
              </Text>
            )
          ) : null}
        </Flex>
      </Flex>
    </Form>
  );
}

function hidden(field: FieldMetadata<string | undefined>) {
  const { key: _key, ...props } = getInputProps(field, { type: 'hidden' });
  return props;
}

/**
 * A File item's upload: the hint says what may be uploaded and how large; the too-large text
 * shows only as an error, once a chosen file is over the limit (checked here with JavaScript,
 * by the server without).
 */
function FileUpload({
  accept,
  hint,
  maxBytes,
  tooLargeMessage,
}: {
  accept: readonly string[];
  hint: string;
  maxBytes: number;
  tooLargeMessage: string;
}) {
  const [tooLarge, setTooLarge] = useState(false);
  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor="menu-item-file">Or upload the file</FieldLabel>
      <Flex gap="2" align="center" wrap="wrap">
        <input
          id="menu-item-file"
          type="file"
          name={FILE_FIELD}
          accept={accept.join(',')}
          className="form-file"
          aria-describedby={tooLarge ? 'menu-item-file-hint menu-item-file-error' : 'menu-item-file-hint'}
          aria-invalid={tooLarge ? true : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            const over = Boolean(file && file.size > maxBytes);
            setTooLarge(over);
            // The form is not posted with a file the server would refuse.
            if (over) event.currentTarget.value = '';
          }}
        />
        <Button type="submit" name="intent" value="upload-file" size="1" variant="soft" formNoValidate>
          Upload
        </Button>
      </Flex>
      <Text id="menu-item-file-hint" size="1" color="gray">
        {hint}
      </Text>
      {tooLarge ? <ErrorList id="menu-item-file-error" errors={[tooLargeMessage]} /> : null}
    </Flex>
  );
}

type Fields = ReturnType<typeof useForm<MenuItemFormValue>>[1];

function RecordChoice({
  fields,
  source,
  choices,
  hydrated,
}: {
  fields: Fields;
  source: NonNullable<ReturnType<typeof recordSourceOf>>;
  choices: ReadonlyArray<{ value: string; label: string }>;
  hydrated: boolean;
}) {
  const sourceField = fields.source;
  const existing = fields.existingId;
  const chooseExisting = source.mode === 'choose' || sourceField.value === 'existing';
  return (
    <Flex direction="column" gap="2">
      {source.mode === 'new-or-existing' ? (
        <fieldset className="form-radios">
          <legend>
            <Text size="2" weight="medium">
              {source.label}
            </Text>
          </legend>
          {getCollectionProps(sourceField, { type: 'radio', options: ['new', 'existing'] }).map(({ key, ...props }) => (
            <Text as="label" size="2" key={key} className="form-check">
              <input {...props} />
              {props.value === 'new' ? source.newLabel : `Existing ${source.label.toLowerCase()}`}
            </Text>
          ))}
        </fieldset>
      ) : null}
      {chooseExisting || !hydrated ? (
        <SelectField
          field={existing}
          label={source.mode === 'choose' ? source.label : `Existing ${source.label.toLowerCase()}`}
          choices={choices}
          empty={`Select a ${source.label.toLowerCase()}`}
          hint={choices.length === 0 ? `This community has no ${source.label.toLowerCase()} yet.` : undefined}
        />
      ) : null}
    </Flex>
  );
}

function Tabs({ form, tabs }: { form: ReturnType<typeof useForm<MenuItemFormValue>>[0]; tabs: Fields['tabs'] }) {
  // Never more rows than an item has tabs, whatever an answer carries (the schema says what is too many).
  const rows = tabs.getFieldList().slice(0, MAX_TABS);
  return (
    <fieldset className="form-rows">
      <legend>
        <Text size="2" weight="medium">
          Tabs
        </Text>
      </legend>
      <Text as="p" size="1" color="gray" mb="2">
        Each tab is its own list in the app. Without tabs the listing is one list.
      </Text>
      <ErrorList id={tabs.errorId} errors={tabs.errors} />
      <ol className="form-row-list">
        {rows.map((row, index) => {
          const tab = row.getFieldset();
          return (
            <li key={row.key ?? row.id}>
              <Flex gap="2" align="end">
                <input {...hidden(tab.id)} />
                <div style={{ flex: 1 }}>
                  <TextField field={tab.title} label={`Tab ${index + 1} title`} />
                </div>
                <RemoveRowButton intent={form.remove.getButtonProps({ name: tabs.name, index })} label={`Remove tab ${index + 1}`} />
              </Flex>
            </li>
          );
        })}
      </ol>
      <Button {...form.insert.getButtonProps({ name: tabs.name, defaultValue: { id: '', title: '' } })} variant="soft" size="1">
        Add tab
      </Button>
    </fieldset>
  );
}

function AuthGroups({
  field,
  groups,
  hint,
}: {
  field: FieldMetadata<string[]>;
  groups: MenuItemEditorData['authGroups'];
  hint?: string | undefined;
}) {
  const options = groups.map((group) => group.value);
  const props = getCollectionProps(field, { type: 'checkbox', options });
  return (
    <fieldset
      className="form-radios"
      aria-describedby={field.errors ? field.errorId : undefined}
      aria-invalid={field.errors ? true : undefined}
    >
      <legend>
        <Text size="2" weight="medium">
          User Group
        </Text>
      </legend>
      {hint ? (
        <Text as="p" size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      <div className="auth-groups">
        {props.map(({ key, ...input }, index) => {
          const group = groups[index];
          return group ? (
            <Text as="label" size="2" key={key} className="form-check">
              <input {...input} />
              {group.title}
              {group.kind === 'systemwide' ? (
                <Badge size="1" variant="soft" color="gray">
                  Systemwide
                </Badge>
              ) : null}
            </Text>
          ) : null;
        })}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
