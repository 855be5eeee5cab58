import { getFormProps, useForm, type FieldMetadata } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod';
import { Badge, Button, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { CheckboxGroupField } from '~/components/forms/checkbox-group';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { EditorSection } from '~/components/forms/editor-section';
import { ErrorList } from '~/components/forms/error-list';
import { FormFailure } from '~/components/forms/failure';
import { CheckboxField, FormErrors, SelectField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { DISCARD_STATE, UnsavedChangesDialog, useUnsavedChanges } from '~/components/forms/unsaved-changes';
import { validateOnSave } from '~/components/forms/validate';
import { RemoteAdminSection } from '~/components/remote/remote-admin-section';
import { DoneNotice } from '~/components/ui/done-notice';
import { DetailButtonsEditor } from '~/components/widgets/detail-buttons-editor';
import { DollarsHistory } from '~/components/widgets/dollars-history';
import { HeaderMediaSummary } from '~/components/widgets/header-media-summary';
import { HoursEditor } from '~/components/widgets/hours-editor';
import { PlacePicker } from '~/components/widgets/place-picker';
import { RichTextField } from '~/components/widgets/rich-text';
import { SocialMediaEditor } from '~/components/widgets/social-media-editor';
import { postedPreviewFields } from '~/lib/business';
import { previewModel, type PreviewModel } from '~/lib/business-preview';
import { detailButtonsFormValue } from '~/lib/detail-buttons';
import type { DollarsHistoryView } from '~/lib/dollars';
import { openSections } from '~/lib/editor-sections';
import { hoursFormSchema, hoursFormValue, hoursRecord } from '~/lib/hours';
import { locationFormValueOfPost } from '~/lib/location';
import { socialMediaFormValue } from '~/lib/social-media';
import {
  BUSINESS_SECTIONS,
  BUSINESS_TEXTS,
  businessSchema,
  businessSectionOf,
  ITEM_KEY_FIELD,
  RETURN_TO_FIELD,
  sectionOfErrors,
  SPECIAL_POPUP_CHOICES,
  type BusinessFormOutput,
  type BusinessSectionId,
} from '~/schemas/business';
import type { RemoteAdminFormValue } from '~/schemas/remote-admin';
import type { BusinessEditorActionData, BusinessEditorData } from './editor.server';
import { BusinessPreview } from './preview';

/** A listing not saved yet has no dollars record. */
const NO_DOLLARS: DollarsHistoryView = { balance: '', rows: [] };

/**
 * The business detail editor's screen (spec 03 §2): the accordion of sections (each a
 * <details>, so it opens and closes without JavaScript; Title/Location open by default, the
 * section with an error instead), Submit and Cancel, and the phone-style preview beside the
 * form (below it on narrow screens). In remote mode (a remote manager's page) there is no
 * Cancel, no listing icons, Remote Administration or Associated Listing Sections, and custom
 * buttons only with the grant's Add Buttons.
 */

/** A field of the form posting a list of keys (listing icons, sections). */
type ListField = FieldMetadata<string[], BusinessFormOutput>;

/** A section of the accordion. */
function Part({ id, open, children }: { id: BusinessSectionId; open: boolean; children: ReactNode }) {
  return (
    <EditorSection id={id} sections={BUSINESS_SECTIONS} open={open}>
      {children}
    </EditorSection>
  );
}

/** The preview model of the form as it is now (the browser's live preview). */
function modelOfForm(form: HTMLFormElement, extras: BusinessEditorData['previewExtras']): PreviewModel {
  const data = new FormData(form);
  const days: Record<string, Array<{ open: string; close: string }>> = {};
  for (const [name, value] of data.entries()) {
    if (typeof value !== 'string') continue;
    const hour = /^hours\.days\.(\w{3})\[(\d+)\]\.(open|close)$/.exec(name);
    const [, day, index, side] = hour ?? [];
    if (day && index && (side === 'open' || side === 'close')) {
      const slots = (days[day] ??= []);
      const slot = (slots[Number(index)] ??= { open: '', close: '' });
      slot[side] = value;
    }
  }
  const hours = hoursFormSchema.safeParse({ noHours: data.get('hours.noHours') ?? undefined, days });
  return previewModel({
    ...extras,
    ...(data.has('remote.remotelyManaged') || data.has('remote.allowFavorite')
      ? { allowFavorite: data.get('remote.allowFavorite') === 'on' }
      : {}),
    ...postedPreviewFields(data),
    hours: hours.success ? hoursRecord(hours.data) : null,
  });
}

export function BusinessEditor({
  data,
  actionData,
  aside,
}: {
  data: BusinessEditorData;
  actionData: BusinessEditorActionData | undefined;
  /** Shown under the form (the remote page's Update Permissions form, the audit list). */
  aside?: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const remoteMode = data.mode === 'remote';
  const schema = useMemo(
    () =>
      businessSchema({
        dollarsEnabled: data.dollarsEnabled,
        allowNoLocation: data.allowNoLocation,
        communityRequired: data.communityRequired,
        allowedActions: data.allowedActions ?? undefined,
      }),
    [data.dollarsEnabled, data.allowNoLocation, data.communityRequired, data.allowedActions],
  );
  const [form, fields] = useForm<BusinessFormOutput>({
    id: `business-${data.itemKey}`,
    lastResult: actionData?.result,
    defaultValue: data.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateOnSave(schema),
  });
  // The browser's own check (JavaScript) opens the section of the first error, as the server's answer does.
  const clientErrors = form.status === 'error' ? Object.keys(form.allErrors) : [];
  // After a refused post the form keeps the return address it was posted with (the page it was opened from).
  const returnTo = actionData?.returnTo ?? data.returnTo;
  const open = (clientErrors.length > 0 ? sectionOfErrors(clientErrors) : null) ?? actionData?.openSection ?? data.openSection;
  const opened = openSections(open, actionData?.result.error, businessSectionOf);
  const [live, setLive] = useState<PreviewModel | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const extras = data.previewExtras;
  const refresh = useCallback(() => {
    if (formRef.current) setLive(modelOfForm(formRef.current, extras));
  }, [extras]);
  useEffect(() => {
    setLive(null);
  }, [actionData, data]);
  const model = live ?? actionData?.preview ?? data.preview;
  const blocker = useUnsavedChanges(formRef, { loaded: data, answered: actionData });
  // A field's error shown on blur waits for the press on something else to end, so its click is not lost.
  const busy = navigation.state === 'submitting';
  const formError = actionData?.formError ?? (clientErrors.length > 0 ? BUSINESS_TEXTS.formIncomplete : null);
  /** What the refused post held (the widgets keep their own rows; they start from it). */
  const posted = (actionData?.result.initialValue ?? null) as Record<string, unknown> | null;
  const placeSearch = actionData?.placeSearch ?? null;

  return (
    <div className="business-editor" data-hydrated={hydrated ? '' : undefined}>
      <div className="business-editor-form">
        <Heading as="h1" size="6" mb="1">
          {data.heading}
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {remoteMode && data.remote
            ? `${data.remote.detailTitle}${data.remote.relationship ? ` · ${data.remote.relationship}` : ''}`
            : data.section.title}
        </Text>
        {data.saved ? (
          <DoneNotice title={BUSINESS_TEXTS.saveCompleteTitle} text={BUSINESS_TEXTS.remoteSaved} testId="save-complete" />
        ) : null}
        <Form
          method="post"
          action={data.formAction}
          {...getFormProps(form)}
          ref={formRef}
          onInput={refresh}
          onChange={refresh}
          aria-labelledby={`${form.id}-heading`}
        >
          <span id={`${form.id}-heading`} className="visually-hidden">
            {data.heading}
          </span>
          <VersionField version={actionData?.version ?? data.version} />
          <input type="hidden" name={RETURN_TO_FIELD} value={returnTo} />
          {data.mode === 'add' || data.mode === 'duplicate' ? (
            <input type="hidden" name={ITEM_KEY_FIELD} value={actionData?.itemKey ?? data.itemKey} />
          ) : null}
          <Flex direction="column" gap="3">
            {formError ? <FormFailure>{formError}</FormFailure> : null}
            <ConflictNotice conflict={actionData?.conflict} />
            <FormErrors id={form.errorId} errors={form.errors} />

            <Part id="title-location" open={opened.has('title-location')}>
              <TextField field={fields.title} label="Title" />
              {data.rights.listIcons && data.listIcons.length > 0 ? (
                <ListIconsGrid field={fields.listIcons} icons={data.listIcons} />
              ) : null}
              <fieldset className="form-row location-fields" id={fields.location.id}>
                <legend>Location</legend>
                <PlacePicker
                  name="location"
                  defaultValue={locationFormValueOfPost(posted?.location) ?? data.defaultValue.location}
                  allowNoLocation={data.allowNoLocation}
                  searchUrl={data.placeSearchUrl}
                  suggestions={placeSearch && !placeSearch.error ? placeSearch.suggestions : undefined}
                  offline={data.placesOffline}
                  errors={placeSearch?.error ? { ...form.allErrors, query: [placeSearch.error] } : form.allErrors}
                  searchIntent={{ name: 'intent', value: 'place-search' }}
                  choiceIntent="place-choice"
                  query={placeSearch?.query}
                  withTitle={false}
                  onFill={refresh}
                />
                <ErrorList id={fields.location.errorId} errors={fields.location.errors} />
              </fieldset>
            </Part>

            <Part id="description" open={opened.has('description')}>
              <RichTextField field={fields.description} label="Description" />
            </Part>

            {data.dollarsEnabled ? (
              <Part id="dollars" open={opened.has('dollars')}>
                <DollarsHistory history={data.dollars ?? NO_DOLLARS} showBalance={data.dollars !== null} />
              </Part>
            ) : null}

            <Part id="header" open={opened.has('header')}>
              <HeaderMediaSummary
                header={data.header}
                headerHref={data.headerHref}
                notSavedYet={data.mode === 'add' || data.mode === 'duplicate' ? BUSINESS_TEXTS.headerAfterSave : null}
              />
            </Part>

            <Part id="hours" open={opened.has('hours')}>
              <CheckboxField field={fields.always} label="Open 24/7" />
              <fieldset className="form-row">
                <legend>Weekly Hours</legend>
                <HoursEditor name="hours" defaultValue={hoursFormValue(posted?.hours ?? data.defaultValue.hours)} errors={form.allErrors} />
              </fieldset>
            </Part>

            <Part id="buttons" open={opened.has('buttons')}>
              <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" />
              <TextField field={fields.website} label="Website URL" type="url" placeholder="https://…" />
              <TextField field={fields.menu} label="Menu URL" type="url" placeholder="https://…" />
              {data.dollarsEnabled ? <CheckboxField field={fields.dollarsActive} label="Accepts Dollars" /> : null}
              <div className="special-group">
                <CheckboxField field={fields.hasSpecial} label="Special Offered" />
                <div className="special-detail">
                  <SelectField field={fields.specialPopupBehavior} label="Popup Behavior" choices={SPECIAL_POPUP_CHOICES} />
                  <RichTextField field={fields.specialDescription} label="Popup Detail" />
                </div>
              </div>
              <fieldset className="form-row">
                <legend>Social Media</legend>
                <SocialMediaEditor
                  name="socialMedia"
                  defaultValue={posted ? socialMediaFormValue(posted.socialMedia) : data.defaultValue.socialMedia}
                  errors={form.allErrors}
                />
              </fieldset>
              {data.rights.buttons ? (
                <fieldset className="form-row">
                  <legend>Additional Buttons</legend>
                  <DetailButtonsEditor
                    name="detailButtons"
                    defaultValue={posted ? detailButtonsFormValue(posted.detailButtons) : data.defaultValue.detailButtons}
                    targets={data.actionTargets}
                    allowed={data.allowedActions ?? undefined}
                    errors={form.allErrors}
                  />
                </fieldset>
              ) : null}
            </Part>

            {data.rights.remoteAdmin ? (
              <Part id="remote" open={opened.has('remote')}>
                <RemoteAdminSection
                  name="remote"
                  legendHidden
                  defaultValue={posted?.remote ? remoteFormValueOfPost(posted.remote, data.defaultValue.remote) : data.defaultValue.remote}
                  links={data.remoteLinks}
                  dollarsEnabled={data.dollarsEnabled}
                  errors={form.allErrors}
                />
                <RemoteAudit entries={data.audit} />
              </Part>
            ) : null}

            {data.rights.sections ? (
              <Part id="sections" open={opened.has('sections')}>
                <SectionsChecklist field={fields.contexts} sections={data.sections} own={data.section.node} />
              </Part>
            ) : null}

            <Part id="qr" open={opened.has('qr')}>
              <QrCodes data={data} />
            </Part>

            <Flex gap="3" pt="2" wrap="wrap" align="center">
              <Button type="submit" name="intent" value="save" loading={busy}>
                Submit
              </Button>
              {hydrated ? null : (
                <Button type="submit" name="intent" value="preview" variant="soft" formNoValidate>
                  Update Preview
                </Button>
              )}
              {data.cancelHref && !remoteMode ? (
                <Button asChild variant="soft" color="gray">
                  <Link to={actionData?.returnTo ?? data.cancelHref} state={DISCARD_STATE}>
                    Cancel
                  </Link>
                </Button>
              ) : null}
            </Flex>
          </Flex>
        </Form>
        <UnsavedChangesDialog blocker={blocker} />
        {aside}
      </div>
      <div className="business-editor-preview">
        <BusinessPreview model={model} header={data.header} />
      </div>
    </div>
  );
}

function ListIconsGrid({ field, icons }: { field: ListField; icons: BusinessEditorData['listIcons'] }) {
  return (
    <CheckboxGroupField
      field={field}
      legend="Listing Icons"
      intro={
        <Text size="1" color="gray">
          Icons marked with a red X are inactive and are not shown in the app.
        </Text>
      }
      listClassName="list-icon-grid"
      options={icons.map((icon) => ({ ...icon, value: icon.key }))}
      renderOption={(icon, checkbox) => (
        <label className="list-icon-choice" data-inactive={icon.active ? undefined : ''}>
          {checkbox}
          <span className="list-icon-image">
            {icon.url ? <img src={icon.url} alt="" width={40} height={40} /> : null}
            {icon.active ? null : (
              <span className="list-icon-x" aria-hidden="true">
                ✕
              </span>
            )}
          </span>
          <span>
            {icon.title}
            {icon.active ? null : <span className="visually-hidden"> (inactive, not shown in the app)</span>}
          </span>
        </label>
      )}
    />
  );
}

function SectionsChecklist({ field, sections, own }: { field: ListField; sections: BusinessEditorData['sections']; own: string }) {
  const [filter, setFilter] = useState('');
  const hydrated = useHydrated();
  const wanted = filter.trim().toLowerCase();
  return (
    <CheckboxGroupField
      field={field}
      legend="Also show this listing in"
      intro={
        hydrated ? (
          <label className="form-stack">
            <Text size="2">Filter sections</Text>
            <input type="search" className="form-control" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} />
          </label>
        ) : null
      }
      listClassName="section-checklist"
      options={sections.map((section) => ({
        ...section,
        value: section.node,
        own: section.node === own,
        hidden: wanted !== '' && !section.title.toLowerCase().includes(wanted),
      }))}
      renderOption={(section, checkbox) => (
        <label className="form-check">
          {checkbox}
          {section.title}
          {section.own ? (
            <Badge size="1" color="gray" ml="2">
              this list
            </Badge>
          ) : null}
        </label>
      )}
    />
  );
}

function QrCodes({ data }: { data: BusinessEditorData }) {
  if (!data.qr) {
    return (
      <Text size="2" color="gray">
        {data.mode === 'add' || data.mode === 'duplicate'
          ? 'The QR code is made once the listing is saved.'
          : 'QR codes need tracked links, which are not set up for this community.'}
      </Text>
    );
  }
  return (
    <Flex direction="column" gap="2" align="start">
      <img src={data.qr.svg} alt={`QR code for ${data.qr.target}`} width={200} height={200} className="qr-image" />
      <Text size="1" style={{ overflowWrap: 'anywhere' }}>
        {data.qr.target}
      </Text>
      <RadixLink href={data.qr.png} download={`${data.defaultValue.title || 'listing'}-qr-code.png`}>
        Download QR Code
      </RadixLink>
    </Flex>
  );
}

/** The remote section as a refused post held it (rows as typed, blank rows dropped). */
function remoteFormValueOfPost(posted: unknown, fallback: RemoteAdminFormValue): RemoteAdminFormValue {
  if (typeof posted !== 'object' || posted === null) return fallback;
  const value = posted as Record<string, unknown>;
  const on = (flag: unknown) => flag === 'on' || flag === true;
  const text = (field: unknown) => (typeof field === 'string' ? field : '');
  const entries = (Array.isArray(value.entries) ? value.entries : [])
    .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    .map((entry) => ({
      uuid: text(entry.uuid),
      accessType: entry.accessType === 'email' ? ('email' as const) : ('url' as const),
      name: text(entry.name),
      email: text(entry.email),
      title: text(entry.title),
      editInfo: on(entry.editInfo),
      addButtons: on(entry.addButtons),
      sendNotifications: on(entry.sendNotifications),
    }))
    .filter((entry) => entry.uuid !== '' || entry.name !== '' || entry.email !== '' || entry.title !== '');
  return { remotelyManaged: on(value.remotelyManaged), allowFavorite: on(value.allowFavorite), entries };
}

/** Who saved this listing through remote access, and what (newest first). */
function RemoteAudit({ entries }: { entries: BusinessEditorData['audit'] }) {
  return (
    <section aria-labelledby="remote-audit-heading">
      <Text as="p" size="2" weight="bold" id="remote-audit-heading">
        Remote updates
      </Text>
      {entries.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No remote updates yet.
        </Text>
      ) : (
        <ul className="remote-audit" data-testid="remote-audit">
          {entries.map((entry) => (
            <li key={entry.key}>
              <Text size="2">
                {entry.when} · {entry.who}: {entry.changes.join(', ') || 'no changes'}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
