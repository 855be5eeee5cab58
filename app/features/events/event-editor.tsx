import { getFormProps, useForm } from '@conform-to/react';
import { Button, Callout, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { FormFailure } from '~/components/forms/failure';
import { FormErrors } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { DISCARD_STATE, UnsavedChangesDialog, useUnsavedChanges } from '~/components/forms/unsaved-changes';
import { AssistantLinks } from '~/components/widgets/assistant/assistant-links';
import { DetailButtonsEditor } from '~/components/widgets/detail-buttons-editor';
import { HeaderMediaSummary } from '~/components/widgets/header-media-summary';
import { parseDateTimeField } from '~/lib/date-time';
import { detailButtonsFormValue } from '~/lib/detail-buttons';
import { openSections } from '~/lib/editor-sections';
import { eventPreviewModel, eventPreviewSourceOfForm, type EventPreviewModel } from '~/lib/event-preview';
import { EVENT_TEXTS, eventFormConstraint, eventSchema, eventSectionOf, type EventFormValue } from '~/schemas/event';
import type { EventEditorActionData, EventEditorData } from './editor.server';
import { DenyQuestion, EditorHeading, ErrorDialog, FollowUp, ScopeQuestion } from './event-dialogs';
import { EventPreview } from './event-preview';
import {
  CalendarsChecklist,
  DatesSection,
  ExistingEvents,
  FeaturesSection,
  GeneralSection,
  LocationSection,
  Part,
  QrSection,
  type SectionProps,
} from './event-sections';
import { EVENT_EDITOR_TEXTS, EVENT_ITEM_KEY_FIELD, EVENT_RETURN_TO_FIELD, LOCKED_FORM_FIELDS } from './texts';

/**
 * The event editor's screen (spec 02 "Event editor"): the accordion of sections (each a
 * <details>: General Information open by default, the section with an error instead), Submit
 * and Cancel, and the live preview beside the form (the server draws it from the stored or
 * posted event; with JavaScript it follows the form). The questions of spec 02 §4 and §8 ('Edit
 * Recurrence', the 'Error' dialog, 'Notifications Removed', 'Update Notifications') are page
 * dialogs whose answers are links and form posts, so they work without JavaScript (./event-dialogs.tsx).
 */

/** The instant a refused post held for a picker (its typed parts win over the hidden instant, as the server reads them). */
function postedInstant(
  posted: Record<string, unknown> | null,
  name: string,
  timeZone: string,
  withTime: boolean,
): number | null | undefined {
  if (!posted) return undefined;
  const text = (key: string) => {
    const value = posted[key];
    return typeof value === 'string' ? value : undefined;
  };
  const parsed = parseDateTimeField({ value: text(name), date: text(`${name}-date`), time: text(`${name}-time`) }, timeZone, {
    withTime,
    required: false,
  });
  return parsed.value;
}

export function EventEditor({ data, actionData }: { data: EventEditorData; actionData: EventEditorActionData | undefined }) {
  if (data.askScope) return <ScopeQuestion data={data} ask={data.askScope} />;
  if (actionData?.followUp) return <FollowUp data={data} followUp={actionData.followUp} />;
  if (actionData?.confirmDeny && data.pending) return <DenyQuestion data={data} />;
  return <EventForm data={data} actionData={actionData} />;
}

/** The notes above the form: read-only, waiting for approval, who submitted it, Edit Recurrence, imported, Send Notification. */
function EditorNotices({ data }: { data: EventEditorData }) {
  return (
    <>
      {data.readOnly ? (
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
      {data.deletedNote ? (
        <Text as="p" size="2" mb="3" data-testid="deleted-note">
          {data.deletedNote}
        </Text>
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
      {data.locked ? (
        <Callout.Root color="blue" mb="3" data-testid="imported-note">
          <Callout.Text>{EVENT_EDITOR_TEXTS.imported}</Callout.Text>
        </Callout.Root>
      ) : null}
      {(data.notifyHref && !data.readOnly) || data.flyerHref ? (
        <Flex mb="3" gap="2" wrap="wrap">
          {data.notifyHref && !data.readOnly ? (
            <Button asChild variant="soft" size="1">
              <Link to={data.notifyHref} data-testid="event-notify">
                Send Notification
              </Link>
            </Button>
          ) : null}
          {data.flyerHref ? (
            <Button asChild variant="soft" size="1">
              <Link to={data.flyerHref} data-testid="event-flyer">
                Create Flyer
              </Link>
            </Button>
          ) : null}
        </Flex>
      ) : null}
    </>
  );
}

/** Submit (or Create Event and Deny Event for a pending event), Update Preview without JavaScript, Cancel. */
function EditorButtons({ data, busy, hydrated }: { data: EventEditorData; busy: boolean; hydrated: boolean }) {
  return (
    <Flex gap="3" pt="3" wrap="wrap" align="center">
      {data.readOnly ? null : data.pending ? (
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
      {hydrated || data.readOnly ? null : (
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
  );
}

function EventForm({ data, actionData }: { data: EventEditorData; actionData: EventEditorActionData | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const tz = data.options.timeZone;
  const constraint = useMemo(() => eventFormConstraint(eventSchema({ timeZone: tz, now: data.now })), [tz, data.now]);
  const [form, fields] = useForm<EventFormValue>({
    id: `event-${data.itemKey}`,
    lastResult: actionData?.result,
    defaultValue: data.defaultValue,
    constraint,
    shouldValidate: 'onSubmit',
  });
  const open = openSections(actionData?.openSection ?? data.openSection, actionData?.result.error, eventSectionOf);
  const formRef = useRef<HTMLFormElement>(null);
  const [live, setLive] = useState<EventPreviewModel | null>(null);
  const refresh = useCallback(() => {
    if (formRef.current)
      setLive(
        eventPreviewModel(eventPreviewSourceOfForm(new FormData(formRef.current), data.options.timeZone), {
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
  const posted: Record<string, unknown> | null = actionData?.result.initialValue ?? null;
  const pickerValue = (name: 'startDate' | 'endDate' | 'recurrenceEndDate', withTime: boolean): number | null => {
    const fromPost = postedInstant(posted, name, tz, withTime);
    if (fromPost !== undefined) return fromPost;
    const stored = Number(data.defaultValue[name]);
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  };
  const { readOnly, locked } = data;
  const shownText = (name: keyof EventFormValue) => {
    const value = data.defaultValue[name];
    return typeof value === 'string' ? value : '';
  };
  const assistant = data.assistant ? (
    <AssistantLinks assistant={{ ...data.assistant, used: data.assistant.used && !actionData }} formRef={formRef} onUsed={refresh} />
  ) : null;
  const section: SectionProps = { data, fields, open, locked, shownText, assistant };

  return (
    <div className="business-editor event-editor" data-hydrated={hydrated ? '' : undefined}>
      <div className="business-editor-form">
        <EditorHeading data={data} />
        <EditorNotices data={data} />
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
              {actionData?.formError ? <FormFailure>{actionData.formError}</FormFailure> : null}
              <ConflictNotice conflict={actionData?.conflict} />
              <FormErrors id={form.errorId} errors={form.errors?.filter((error) => error !== EVENT_TEXTS.recurrenceTooLong)} />

              {data.pending ? (
                <Part id="existing" open>
                  <ExistingEvents rows={data.pending.existing} />
                </Part>
              ) : null}
              <GeneralSection {...section} />
              <DatesSection {...section} pickerValue={pickerValue} validDays={posted ? posted.validDays : data.defaultValue.validDays} />
              <LocationSection {...section} />
              {data.remote ? null : (
                <Part id="header" open={open.has('header')}>
                  <HeaderMediaSummary
                    header={data.header}
                    headerHref={data.headerHref}
                    notSavedYet={data.mode !== 'edit' ? EVENT_EDITOR_TEXTS.headerAfterSave : null}
                  />
                </Part>
              )}
              <FeaturesSection {...section} />
              {data.remote && !data.remote.buttons ? null : (
                <Part id="buttons" open={open.has('buttons')}>
                  <DetailButtonsEditor
                    name="detailButtons"
                    defaultValue={detailButtonsFormValue(posted ? posted.detailButtons : data.defaultValue.detailButtons)}
                    targets={data.actionTargets}
                    errors={form.allErrors}
                  />
                </Part>
              )}
              {data.remote ? null : (
                <Part id="calendars" open={open.has('calendars')}>
                  <CalendarsChecklist field={fields.calendars} calendars={data.options.calendars} own={data.calendar.id} />
                </Part>
              )}
              {data.qr ? <QrSection qr={data.qr} open={open.has('qr')} /> : null}
            </Flex>
          </fieldset>
          <EditorButtons data={data} busy={busy} hydrated={hydrated} />
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
