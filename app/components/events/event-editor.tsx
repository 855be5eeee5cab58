import { getFormProps, useForm, type FieldMetadata } from '@conform-to/react';
import { Badge, Button, Callout, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { EditorSection } from '~/components/forms/editor-section';
import { ErrorList } from '~/components/forms/error-list';
import { CheckboxField, FormErrors, SelectField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { DISCARD_STATE, UnsavedChangesDialog, useUnsavedChanges } from '~/components/forms/unsaved-changes';
import { WeekdayChecks } from '~/components/forms/weekday-checks';
import { HeaderMediaSummary } from '~/components/header-editor/header-media-summary';
import { EditorFieldControl } from '~/components/listing/editor-fields';
import { DIALOG_CANCEL, PageDialog } from '~/components/ui/dialog';
import { DateTimePicker } from '~/components/widgets/date-time-picker';
import { DetailButtonsEditor } from '~/components/widgets/detail-buttons-editor';
import { PhonePreview, PreviewAddress, PreviewDescription } from '~/components/widgets/phone-preview';
import { parseDateTimeField } from '~/lib/date-time';
import { detailButtonsFormValue } from '~/lib/detail-buttons';
import { eventPreviewModel, eventPreviewSourceOfForm, type EventPreviewModel } from '~/lib/event-preview';
import type { HeaderView } from '~/lib/header-info';
import {
  EVENT_REQUIRED_FIELDS,
  EVENT_SECTIONS,
  EVENT_TEXTS,
  OFF_SITE,
  RECURRENCE_KINDS,
  RECURRENCE_LABELS,
  type EventSectionId,
} from '~/schemas/event';
import type { EventEditorActionData, EventEditorData } from './editor.server';
import { EVENT_EDITOR_TEXTS, EVENT_ITEM_KEY_FIELD, EVENT_RETURN_TO_FIELD, LOCKED_FORM_FIELDS } from './texts';

/**
 * The event editor's screen (spec 02 "Event editor"): the accordion of sections (each a
 * <details>: General Information open by default, the section with an error instead), Submit
 * and Cancel, and the live preview beside the form (the server draws it from the stored or
 * posted event; with JavaScript it follows the form). The questions of spec 02 §4 and §8 ('Edit
 * Recurrence', the 'Error' dialog, 'Notifications Removed', 'Update Notifications') are page
 * dialogs whose answers are links and form posts, so they work without JavaScript.
 */

type Field = FieldMetadata<unknown>;

const REQUIRED = new Set<string>(EVENT_REQUIRED_FIELDS);
const label = (name: string, text: string) => (REQUIRED.has(name) ? `${text} *` : text);

/** A section of the accordion. */
function Part({ id, open, children }: { id: EventSectionId; open: boolean; children: ReactNode }) {
  return (
    <EditorSection id={id} sections={EVENT_SECTIONS} open={open}>
      {children}
    </EditorSection>
  );
}

/** The instant a refused post held for a picker (its typed parts win over the hidden instant, as the server reads them). */
function postedInstant(
  posted: Record<string, unknown> | null,
  name: string,
  timeZone: string,
  withTime: boolean,
): number | null | undefined {
  if (!posted) return undefined;
  const text = (key: string) => (typeof posted[key] === 'string' ? (posted[key] as string) : undefined);
  const parsed = parseDateTimeField({ value: text(name), date: text(`${name}-date`), time: text(`${name}-time`) }, timeZone, {
    withTime,
    required: false,
  });
  return parsed.value;
}

/** A field of an imported event set by its calendar feed: its value read-only, and why. */
function LockedField({ name, label, text, reason }: { name: string; label: string; text: string; reason: string }) {
  return (
    <Flex direction="column" gap="1" data-testid={`locked-${name}`} className="locked-field">
      <Text size="2" weight="medium">
        {label}
      </Text>
      <Text size="2">{text === '' ? '—' : text}</Text>
      <Text size="1" color="gray">
        {reason}
      </Text>
    </Flex>
  );
}

export function EventEditor({ data, actionData }: { data: EventEditorData; actionData: EventEditorActionData | undefined }) {
  if (data.askScope) return <ScopeQuestion data={data} />;
  if (actionData?.followUp) return <FollowUp data={data} followUp={actionData.followUp} />;
  if (actionData?.confirmDeny && data.pending) return <DenyQuestion data={data} />;
  return <EventForm data={data} actionData={actionData} />;
}

function EditorHeading({ data }: { data: EventEditorData }) {
  return (
    <>
      <Heading as="h1" size="6" mb="1">
        {data.heading}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {data.calendar.title}
      </Text>
    </>
  );
}

/** Spec 02 §4: an occurrence of a recurrence opens on this question. */
function ScopeQuestion({ data }: { data: EventEditorData }) {
  const ask = data.askScope!;
  return (
    <div className="business-editor">
      <div className="business-editor-form">
        <EditorHeading data={data} />
        <PageDialog
          title={EVENT_TEXTS.editRecurrenceTitle}
          description={EVENT_EDITOR_TEXTS.editRecurrence}
          cancelHref={data.returnTo}
          actions={
            <>
              <Button asChild variant="soft" color="gray">
                <Link to={data.returnTo} {...{ [DIALOG_CANCEL]: '' }}>
                  Cancel
                </Link>
              </Button>
              <Button asChild variant="soft">
                <Link to={ask.eventHref} data-autofocus>
                  {EVENT_EDITOR_TEXTS.editRecurrenceOne}
                </Link>
              </Button>
              <Button asChild>
                <Link to={ask.recurrenceHref}>{EVENT_EDITOR_TEXTS.editRecurrenceAll}</Link>
              </Button>
            </>
          }
        />
      </div>
      <div className="business-editor-preview">
        <EventPreview model={data.preview} header={data.header} />
      </div>
    </div>
  );
}

/** Spec 02 §4 "After saving an event", §8 texts. */
function FollowUp({ data, followUp }: { data: EventEditorData; followUp: NonNullable<EventEditorActionData['followUp']> }) {
  const removedText = followUp.removed > 0 ? EVENT_TEXTS.notificationsRemoved(followUp.removed) : null;
  return (
    <div className="business-editor-form">
      <EditorHeading data={data} />
      {followUp.ask.length > 0 ? (
        <PageDialog
          title={EVENT_TEXTS.updateNotificationsTitle}
          description={EVENT_TEXTS.updateNotifications}
          cancelHref={followUp.returnTo}
          actions={
            <>
              <Button asChild variant="soft" color="gray">
                <Link to={followUp.returnTo} {...{ [DIALOG_CANCEL]: '' }}>
                  No
                </Link>
              </Button>
              <Form method="post" action={data.formAction}>
                <input type="hidden" name="intent" value="update-notifications" />
                <input type="hidden" name={EVENT_RETURN_TO_FIELD} value={followUp.returnTo} />
                {followUp.ask.map((id) => (
                  <input key={id} type="hidden" name="eventIds" value={id} />
                ))}
                <Button type="submit" data-autofocus>
                  Yes
                </Button>
              </Form>
            </>
          }
        >
          {removedText ? <Text as="p">{removedText}</Text> : null}
        </PageDialog>
      ) : (
        <PageDialog
          title={EVENT_TEXTS.notificationsRemovedTitle}
          description={removedText}
          role="dialog"
          cancelHref={followUp.returnTo}
          actions={
            <Button asChild>
              <Link to={followUp.returnTo} data-autofocus {...{ [DIALOG_CANCEL]: '' }}>
                OK
              </Link>
            </Button>
          }
        />
      )}
    </div>
  );
}

/** Deny Event asks first; Cancel goes back to the pending event, Deny Event denies it. */
function DenyQuestion({ data }: { data: EventEditorData }) {
  return (
    <div className="business-editor-form">
      <EditorHeading data={data} />
      <PageDialog
        title={EVENT_EDITOR_TEXTS.denyTitle}
        description={EVENT_EDITOR_TEXTS.denyQuestion}
        cancelHref={data.formAction}
        actions={
          <>
            <Button asChild variant="soft" color="gray">
              <Link to={data.formAction} {...{ [DIALOG_CANCEL]: '' }}>
                Cancel
              </Link>
            </Button>
            <Form method="post" action={data.formAction}>
              <input type="hidden" name="intent" value="deny-event" />
              <input type="hidden" name="confirm" value="yes" />
              <input type="hidden" name={EVENT_RETURN_TO_FIELD} value={data.returnTo} />
              <Button type="submit" color="red" data-autofocus>
                {EVENT_EDITOR_TEXTS.denyTitle}
              </Button>
            </Form>
          </>
        }
      />
    </div>
  );
}

/** The 'Error' dialog with OK (spec 02 §5): OK closes it (without JavaScript, the dialog form closes the <dialog> itself). */
function ErrorDialog({ message, answer }: { message: string; answer: unknown }) {
  const [open, setOpen] = useState(true);
  // Each refused post shows it again, even when it is the same as the last.
  useEffect(() => setOpen(true), [answer]);
  if (!open) return null;
  return (
    <PageDialog
      title={EVENT_TEXTS.errorTitle}
      description={message}
      onDismiss={() => setOpen(false)}
      actions={
        <form method="dialog">
          <Button
            type="submit"
            data-autofocus
            onClick={(event) => {
              event.preventDefault();
              setOpen(false);
            }}
          >
            OK
          </Button>
        </form>
      }
    />
  );
}

function EventForm({ data, actionData }: { data: EventEditorData; actionData: EventEditorActionData | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `event-${data.itemKey}`,
    lastResult: actionData?.result,
    defaultValue: data.defaultValue as never,
    shouldValidate: 'onSubmit',
  });
  const f = fields as unknown as Record<string, Field>;
  const open = actionData?.openSection ?? data.openSection;
  const formRef = useRef<HTMLFormElement>(null);
  const [live, setLive] = useState<EventPreviewModel | null>(null);
  const refresh = useCallback(() => {
    if (formRef.current)
      setLive(
        eventPreviewModel(eventPreviewSourceOfForm(new FormData(formRef.current)), {
          timeZone: data.options.timeZone,
          locations: data.options.locations,
          audiences: data.options.audiences,
        }),
      );
  }, [data.options.timeZone, data.options.locations, data.options.audiences]);
  useEffect(() => {
    setLive(null);
  }, [actionData, data]);
  const model = live ?? actionData?.preview ?? data.preview;
  const blocker = useUnsavedChanges(formRef, { loaded: data, answered: actionData });
  const busy = navigation.state === 'submitting';
  const posted = (actionData?.result.initialValue ?? null) as Record<string, unknown> | null;
  const value = (name: string) => (posted ? posted[name] : data.defaultValue[name]);
  const tz = data.options.timeZone;
  const pickerValue = (name: string, withTime: boolean): number | null => {
    const fromPost = postedInstant(posted, name, tz, withTime);
    if (fromPost !== undefined) return fromPost;
    const stored = Number(data.defaultValue[name]);
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  };
  const occurrence = data.occurrence;
  const readOnly = data.readOnly;
  const locked = data.locked;
  const shownText = (name: string) => (typeof data.defaultValue[name] === 'string' ? (data.defaultValue[name] as string) : '');
  const shownWhen = (name: 'startDate' | 'endDate') =>
    [shownText(`${name}-date`), data.defaultValue.allDay === 'on' ? '' : shownText(`${name}-time`)].filter(Boolean).join(' ');

  return (
    <div className="business-editor event-editor" data-hydrated={hydrated ? '' : undefined}>
      <div className="business-editor-form">
        <EditorHeading data={data} />
        {readOnly ? (
          <Callout.Root color="amber" role="status" mb="3" data-testid="read-only">
            <Callout.Text>
              {EVENT_EDITOR_TEXTS.readOnly}{' '}
              {data.duplicateHref ? (
                <RadixLink asChild>
                  <Link to={data.duplicateHref}>Duplicate Event</Link>
                </RadixLink>
              ) : null}
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {data.remote?.approval && data.mode === 'add' ? (
          <Callout.Root color="blue" mb="3" data-testid="approval-note">
            <Callout.Text>{EVENT_EDITOR_TEXTS.approvalNote}</Callout.Text>
          </Callout.Root>
        ) : null}
        {data.pending?.submittedBy ? (
          <Text as="p" size="2" mb="3" data-testid="submitted-by">
            {EVENT_EDITOR_TEXTS.pendingSubmittedBy(data.pending.submittedBy)}
          </Text>
        ) : null}
        {data.scope === 'recurrence' ? (
          <Callout.Root color="blue" mb="3" data-testid="editing-recurrence">
            <Callout.Text>You are editing all future events of this recurrence, from the next one.</Callout.Text>
          </Callout.Root>
        ) : null}
        {locked ? (
          <Callout.Root color="blue" mb="3" data-testid="imported-note">
            <Callout.Text>{EVENT_EDITOR_TEXTS.imported}</Callout.Text>
          </Callout.Root>
        ) : null}
        {data.notifyHref && !readOnly ? (
          <Flex mb="3">
            <Button asChild variant="soft" size="1">
              <Link to={data.notifyHref} data-testid="event-notify">
                Send Notification
              </Link>
            </Button>
          </Flex>
        ) : null}
        <Form method="post" action={data.formAction} {...getFormProps(form)} ref={formRef} onInput={refresh} onChange={refresh} noValidate>
          <VersionField version={actionData?.version ?? data.version} />
          <input type="hidden" name={EVENT_RETURN_TO_FIELD} value={data.returnTo} />
          <input type="hidden" name="scope" value={data.scope} />
          {data.mode !== 'edit' ? <input type="hidden" name={EVENT_ITEM_KEY_FIELD} value={actionData?.itemKey ?? data.itemKey} /> : null}
          {locked
            ? // The feed's values, for the preview; the server keeps the stored ones whatever is posted.
              LOCKED_FORM_FIELDS.filter((name) => shownText(name) !== '').map((name) => (
                <input key={name} type="hidden" name={name} value={shownText(name)} />
              ))
            : null}
          <fieldset disabled={readOnly} className="event-editor-fields" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Flex direction="column" gap="3">
              {actionData?.formError ? (
                <Callout.Root color="red" role="alert" size="1" data-testid="form-error">
                  <Callout.Text>{actionData.formError}</Callout.Text>
                </Callout.Root>
              ) : null}
              <ConflictNotice conflict={actionData?.conflict} />
              <FormErrors id={form.errorId} errors={form.errors?.filter((error) => error !== EVENT_TEXTS.recurrenceTooLong)} />

              {data.pending ? (
                <Part id="existing" open>
                  <ExistingEvents rows={data.pending.existing} />
                </Part>
              ) : null}

              <Part id="general" open={open === 'general'}>
                {locked ? (
                  <LockedField name="title" label="Title" text={shownText('title')} reason={locked.reason} />
                ) : (
                  <TextField field={f.title!} label={label('title', 'Title')} />
                )}
                {readOnly || locked ? (
                  // The rich-text editor stays editable in a disabled fieldset: a read-only event shows its words.
                  <Flex direction="column" gap="1" data-testid="read-only-description">
                    <Text size="2" weight="medium">
                      Description
                    </Text>
                    {data.preview.description.map((paragraph, index) => (
                      <Text as="p" size="2" key={`${index}-${paragraph.slice(0, 20)}`}>
                        {paragraph}
                      </Text>
                    ))}
                    {locked ? (
                      <Text size="1" color="gray">
                        {locked.reason}
                      </Text>
                    ) : null}
                  </Flex>
                ) : (
                  <EditorFieldControl
                    definition={{ name: 'description', label: 'Description', kind: 'rich-text' }}
                    field={f.description!}
                    form={form}
                  />
                )}
                <SelectField
                  field={f.audience!}
                  label={label('audience', 'Audience')}
                  empty="Select audience"
                  choices={data.options.audiences.map((title) => ({ value: title, label: title }))}
                />
                <SelectField
                  field={f.type!}
                  label="Event Type"
                  choices={[
                    { value: 'resort', label: 'Resort' },
                    { value: 'local', label: 'Local' },
                  ]}
                />
              </Part>

              <Part id="dates" open={open === 'dates'}>
                {locked ? (
                  <>
                    <LockedField name="startDate" label="Start Date" text={shownWhen('startDate')} reason={locked.reason} />
                    <LockedField name="endDate" label="End Date" text={shownWhen('endDate')} reason={locked.reason} />
                    <LockedField
                      name="allDay"
                      label="All Day"
                      text={data.defaultValue.allDay === 'on' ? 'Yes' : 'No'}
                      reason={locked.reason}
                    />
                  </>
                ) : (
                  <>
                    <DateTimePicker
                      name="startDate"
                      label={label('startDate', 'Start Date')}
                      defaultValue={pickerValue('startDate', true)}
                      timeZone={tz}
                      now={data.now}
                      errors={f.startDate!.errors}
                    />
                    <DateTimePicker
                      name="endDate"
                      label={label('endDate', 'End Date')}
                      defaultValue={pickerValue('endDate', true)}
                      timeZone={tz}
                      now={data.now}
                      errors={f.endDate!.errors}
                    />
                    <CheckboxField field={f.allDay!} label="All Day" />
                  </>
                )}
                <CheckboxField field={f.endDateHide!} label="Hide End Time" />
                {occurrence ? (
                  <Text size="2" color="gray" data-testid="occurrence-note">
                    This is one event of a recurrence: its changes apply to this event only.
                  </Text>
                ) : data.remote ? null : (
                  <>
                    <SelectField
                      field={f.recurrence!}
                      label="Recurrence"
                      choices={RECURRENCE_KINDS.map((kind) => ({ value: kind, label: RECURRENCE_LABELS[kind] }))}
                    />
                    <WeekdayChecks
                      id={f.validDays!.id}
                      name="validDays"
                      legend="Days of the week (daily recurrence)"
                      value={value('validDays')}
                      errorId={f.validDays!.errorId}
                      errors={f.validDays!.errors}
                    />
                    <DateTimePicker
                      name="recurrenceEndDate"
                      label="Last Day of Recurrence"
                      withTime={false}
                      defaultValue={pickerValue('recurrenceEndDate', false)}
                      timeZone={tz}
                      now={data.now}
                      errors={f.recurrenceEndDate!.errors}
                    />
                  </>
                )}
              </Part>

              <Part id="location" open={open === 'location'}>
                <SelectField
                  field={f.resortLocationId!}
                  label={label('resortLocationId', 'Location')}
                  empty="Select location"
                  choices={[
                    ...data.options.locations.map((location) => ({ value: location.id, label: location.title })),
                    { value: OFF_SITE, label: 'Off-site location' },
                  ]}
                />
                <fieldset className="form-row">
                  <legend>Off-site location</legend>
                  {locked ? (
                    <>
                      <LockedField name="location" label="Title for location" text={shownText('location')} reason={locked.reason} />
                      <LockedField name="address" label="Address" text={shownText('address')} reason={locked.reason} />
                      <LockedField name="city" label="City" text={shownText('city')} reason={locked.reason} />
                      <div className="form-grid">
                        <LockedField name="latitude" label="Latitude" text={shownText('latitude')} reason={locked.reason} />
                        <LockedField name="longitude" label="Longitude" text={shownText('longitude')} reason={locked.reason} />
                      </div>
                    </>
                  ) : (
                    <>
                      <Text size="1" color="gray">
                        For an off-site event: its title (required) and address.
                      </Text>
                      <TextField field={f.location!} label="Title for location" />
                      <TextField field={f.address!} label="Address" />
                      <TextField field={f.city!} label="City" />
                      <div className="form-grid">
                        <TextField field={f.latitude!} label="Latitude" inputMode="decimal" />
                        <TextField field={f.longitude!} label="Longitude" inputMode="decimal" />
                      </div>
                    </>
                  )}
                </fieldset>
              </Part>

              {data.remote ? null : (
                <Part id="header" open={open === 'header'}>
                  <HeaderMediaSummary
                    header={data.header}
                    headerHref={data.headerHref}
                    notSavedYet={data.mode !== 'edit' ? EVENT_EDITOR_TEXTS.headerAfterSave : null}
                  />
                </Part>
              )}

              <Part id="features" open={open === 'features'}>
                <TextField field={f.phone!} label="Phone" type="tel" autoComplete="tel" />
                <TextField field={f.website!} label="Website" type="url" placeholder="https://…" />
                <TextField field={f.ticketing!} label="Ticketing URL" type="url" placeholder="https://…" />
                <CheckboxField field={f.cost!} label="Additional Cost" />
                <CheckboxField field={f.rsvpRequest!} label="Request RSVP" />
                <SelectField
                  field={f.rsvpFormKey!}
                  label="RSVP Form"
                  empty={data.options.standardRsvpForm ? 'Standard RSVP form' : 'Standard RSVP form (created when saved)'}
                  choices={data.options.rsvpForms
                    .filter((rsvp) => rsvp.id !== data.options.standardRsvpForm)
                    .map((rsvp) => ({ value: rsvp.id, label: rsvp.title }))}
                />
                <CheckboxField field={f.hunt!} label="Scavenger Hunt" />
                <SelectField
                  field={f.huntKey!}
                  label="Hunt"
                  empty="Select hunt"
                  choices={data.options.hunts.map((hunt) => ({ value: hunt.id, label: hunt.title }))}
                />
              </Part>

              {data.remote && !data.remote.buttons ? null : (
                <Part id="buttons" open={open === 'buttons'}>
                  <DetailButtonsEditor
                    name="detailButtons"
                    defaultValue={detailButtonsFormValue(posted ? posted.detailButtons : data.defaultValue.detailButtons)}
                    targets={data.actionTargets}
                    errors={form.allErrors}
                  />
                </Part>
              )}

              {data.remote ? null : (
                <Part id="calendars" open={open === 'calendars'}>
                  <CalendarsChecklist field={f.calendars!} calendars={data.options.calendars} own={data.calendar.id} />
                </Part>
              )}

              {data.qr ? (
                <Part id="qr" open={open === 'qr'}>
                  <Flex direction="column" gap="2" align="start">
                    <img src={data.qr.svg} alt={`QR code for ${data.qr.target}`} width={200} height={200} className="qr-image" />
                    <Text size="1" style={{ overflowWrap: 'anywhere' }}>
                      {data.qr.target}
                    </Text>
                    <RadixLink href={data.qr.png} download="event-qr-code.png">
                      Download QR Code
                    </RadixLink>
                  </Flex>
                </Part>
              ) : null}
            </Flex>
          </fieldset>
          <Flex gap="3" pt="3" wrap="wrap" align="center">
            {readOnly ? null : data.pending ? (
              <>
                <Button type="submit" name="intent" value="create-event" loading={busy}>
                  Create Event
                </Button>
                <Button type="submit" name="intent" value="deny-event" color="red" variant="soft" formNoValidate>
                  Deny Event
                </Button>
              </>
            ) : (
              <Button type="submit" name="intent" value="save" loading={busy}>
                Submit
              </Button>
            )}
            {hydrated || readOnly ? null : (
              <Button type="submit" name="intent" value="preview" variant="soft" formNoValidate>
                Update Preview
              </Button>
            )}
            <Button asChild variant="soft" color="gray">
              <Link to={data.returnTo} state={DISCARD_STATE}>
                Cancel
              </Link>
            </Button>
          </Flex>
        </Form>
        <UnsavedChangesDialog blocker={blocker} />
        {actionData?.errorDialog ? <ErrorDialog message={actionData.errorDialog} answer={actionData} /> : null}
      </div>
      <div className="business-editor-preview">
        <EventPreview model={model} header={data.header} />
      </div>
    </div>
  );
}

/** Existing Events (import context): the calendar's events on the pending event's day, to spot a duplicate. */
function ExistingEvents({ rows }: { rows: NonNullable<EventEditorData['pending']>['existing'] }) {
  if (rows.length === 0) {
    return (
      <Text size="2" color="gray" data-testid="no-existing-events">
        {EVENT_EDITOR_TEXTS.noExistingEvents}
      </Text>
    );
  }
  return (
    <ul className="section-checklist" aria-label="Existing Events" data-testid="existing-events">
      {rows.map((row) => (
        <li key={row.eventId}>
          <Text as="p" size="2" weight="bold">
            {row.title || 'Untitled event'}
          </Text>
          <Text as="p" size="1" color="gray">
            {row.when}
          </Text>
        </li>
      ))}
    </ul>
  );
}

function CalendarsChecklist({ field, calendars, own }: { field: Field; calendars: EventEditorData['options']['calendars']; own: string }) {
  const initial = new Set(Array.isArray(field.initialValue) ? (field.initialValue as unknown[]).map(String) : []);
  const posted = Array.isArray(field.value)
    ? (field.value as unknown[]).map(String)
    : typeof field.value === 'string'
      ? [field.value]
      : null;
  const checked = posted ? new Set(posted) : initial;
  return (
    <fieldset className="form-row" id={field.id}>
      <legend>Also show this event in</legend>
      <ul className="section-checklist">
        {calendars.map((calendar) => (
          <li key={calendar.id}>
            <label className="form-check">
              {calendar.id === own ? (
                <input type="checkbox" checked disabled readOnly />
              ) : (
                <input type="checkbox" name={field.name} value={calendar.id} defaultChecked={checked.has(calendar.id)} />
              )}
              {calendar.title}
              {calendar.id === own ? (
                <Badge size="1" color="gray" ml="2">
                  this calendar
                </Badge>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** The phone-style preview of the event (spec 02 "Event editor": left side live preview). */
export function EventPreview({ model, header }: { model: EventPreviewModel; header: HeaderView }) {
  return (
    <PhonePreview
      id="event-preview-heading"
      testId="event-preview"
      title={model.title || 'Untitled event'}
      header={header}
      buttons={model.buttons}
    >
      {model.when ? (
        <Text as="p" size="2" weight="bold" className="preview-block" data-testid="preview-when">
          {model.when}
        </Text>
      ) : null}
      <PreviewAddress lines={model.location} />
      <PreviewDescription paragraphs={model.description} />
      {model.audience ? (
        <Text as="p" size="1" color="gray" className="preview-block">
          Audience: {model.audience}
        </Text>
      ) : null}
    </PhonePreview>
  );
}
