import { getFormProps, useForm } from '@conform-to/react';
import { Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { EditorSection } from '~/components/forms/editor-section';
import { ErrorList } from '~/components/forms/error-list';
import { FormFailure } from '~/components/forms/failure';
import { CheckboxField, FormErrors, SelectField, TextAreaField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { RecurrenceFields } from '~/components/forms/recurrence-fields';
import { DISCARD_STATE, UnsavedChangesDialog, useUnsavedChanges } from '~/components/forms/unsaved-changes';
import { DateTimePicker } from '~/components/widgets/date-time-picker';
import { DetailButtonsEditor } from '~/components/widgets/detail-buttons-editor';
import { formatDate, formatTime, parseDateTimeField } from '~/lib/date-time';
import { detailButtonsFormValue } from '~/lib/detail-buttons';
import { openSections } from '~/lib/editor-sections';
import { hrefs } from '~/lib/hrefs';
import {
  AUDIENCE_LABELS,
  DELIVERY_LABELS,
  LINK_LABELS,
  LINK_TYPES,
  linkTypesFor,
  MESSAGE_SECTIONS,
  MESSAGE_TEXTS,
  SYSTEMWIDE_BUTTON_ACTIONS,
  AUDIENCES,
  DELIVERY_TYPES,
  messageFormConstraint,
  messageSchema,
  messageSectionOf,
  type Audience,
  type DeliveryType,
  type LinkType,
  type MessageFormInput,
  type MessageSectionId,
} from '~/schemas/message';
import type { MessageFormActionData, MessageFormData } from './message-form.server';

/** A posted or stored choice, when it is one of the choices. */
const oneOf = <T extends string>(choices: readonly T[], chosen: unknown): T | undefined => choices.find((choice) => choice === chosen);

function Part({ id, open, children }: { id: MessageSectionId; open: boolean; children: ReactNode }) {
  return (
    <EditorSection id={id} sections={MESSAGE_SECTIONS} open={open}>
      {children}
    </EditorSection>
  );
}

/** A group of radio buttons posting `name` (plain HTML; with JavaScript the form reacts to the choice). */
function RadioGroup<T extends string>({
  name,
  legend,
  choices,
  value,
  onChange,
  errors,
}: {
  name: string;
  legend: string;
  choices: ReadonlyArray<{ value: T; label: string; disabled?: boolean }>;
  value: string;
  onChange: (value: T) => void;
  errors?: string[];
}) {
  return (
    <fieldset className="form-row" id={`field-${name}`}>
      <legend>{legend}</legend>
      <Flex gap="3" wrap="wrap">
        {choices.map((choice) => (
          <label key={choice.value} className="form-check">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </Flex>
      <ErrorList id={`field-${name}-error`} errors={errors} />
    </fieldset>
  );
}

/** The community's time zone, shown next to every time. */
const ZoneNote = ({ timeZone }: { timeZone: string }) => (
  <Text size="1" color="gray" data-testid="time-zone">
    Times are in {timeZone}.
  </Text>
);

export function MessageForm({ data, actionData }: { data: MessageFormData; actionData: MessageFormActionData | undefined }) {
  const hydrated = useHydrated();
  const tz = data.options.timeZone;
  const { allowPersonal, allowButtons } = data.options;
  const constraint = useMemo(
    () =>
      messageFormConstraint(
        messageSchema({
          timeZone: tz,
          now: data.now,
          editing: null,
          systemwide: data.systemwide,
          detailPage: data.detailPage,
          allowPersonal,
          allowButtons,
          categories: [],
          userGroups: [],
          users: [],
          reminder: null,
          targets: data.targets,
        }),
      ),
    [tz, data.now, data.systemwide, data.detailPage, allowPersonal, allowButtons, data.targets],
  );
  const [form, fields] = useForm<MessageFormInput>({
    id: `message-${data.editing?.key ?? 'new'}`,
    lastResult: actionData?.result,
    defaultValue: data.defaultValue,
    constraint,
    shouldValidate: 'onSubmit',
  });
  const formRef = useRef<HTMLFormElement>(null);
  const blocker = useUnsavedChanges(formRef, { loaded: data, answered: actionData });
  const posted = actionData?.result.initialValue ?? null;
  const value = (name: keyof MessageFormInput): unknown => (posted ? posted[name] : data.defaultValue[name]);
  const [deliveryType, setDeliveryType] = useState<DeliveryType>(oneOf(DELIVERY_TYPES, value('deliveryType')) ?? 'instant');
  const [audience, setAudience] = useState<Audience>(oneOf(AUDIENCES, value('audience')) ?? 'group');
  const [linkType, setLinkType] = useState<LinkType>(oneOf(LINK_TYPES, value('linkType')) ?? 'none');
  const [scheduledEvent, setScheduledEvent] = useState(String(value('scheduledEvent') ?? ''));
  const open = openSections(actionData?.openSection ?? 'required', actionData?.result.error, messageSectionOf);
  const pickerValue = (name: 'deliveryTime' | 'endTime' | 'recurrenceEndDate', withTime = true): number | null => {
    if (posted) {
      const text = (key: string) => {
        const posting = posted[key];
        return typeof posting === 'string' ? posting : undefined;
      };
      return parseDateTimeField({ value: text(name), date: text(`${name}-date`), time: text(`${name}-time`) }, tz, {
        withTime,
        required: false,
      }).value;
    }
    const stored = Number(data.defaultValue[name]);
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  };
  // With JavaScript only the chosen mode's fields show; without it every part renders and the server reads the choice.
  const shows = (condition: boolean) => !hydrated || condition;
  const editing = data.editing !== null;
  const instantEdit = data.editing?.list === 'messages';
  const personalOffered = data.options.allowPersonal && !editing && !data.systemwide && !data.reminder && !data.detailPage;
  // A system-wide message and a listing's own notification link a file or a website only (the community's forms, store and menu are not offered).
  const linkTypes = linkTypesFor(data);
  const offersLink = (type: LinkType) => linkTypes.includes(type);
  const personal = audience === 'personal';
  const reminder = data.reminder;
  const deliveryChoices = (
    editing
      ? (['future', 'recurring'] as const)
      : reminder
        ? ([reminder.plan.delivery] as const)
        : (['instant', 'future', 'recurring'] as const)
  ).map((type) => ({ value: type, label: DELIVERY_LABELS[type], disabled: personal && type !== 'instant' && hydrated }));
  const lockedTime = reminder !== null && scheduledEvent !== 'custom' && scheduledEvent !== '';
  const lockedAt = reminder?.plan.options.find((option) => String(option.scheduledEvent) === scheduledEvent)?.deliveryTime ?? null;
  const lockedText = lockedAt === null ? '' : `${formatDate(lockedAt, tz)} ${formatTime(lockedAt, tz)}`;
  const heading = editing ? 'Edit Notification' : data.systemwide ? 'Send Systemwide Notification' : 'Send Notification';

  return (
    <div className="message-form" data-hydrated={hydrated ? '' : undefined}>
      <Heading as="h2" size="5" mb="2">
        {heading}
      </Heading>
      {data.systemwide ? (
        <Callout.Root color="blue" mb="3" data-testid="systemwide-banner">
          <Callout.Text>{MESSAGE_TEXTS.systemwideBanner}</Callout.Text>
        </Callout.Root>
      ) : data.communityBanner ? (
        <Callout.Root color="amber" mb="3" data-testid="community-banner">
          <Callout.Text>
            {MESSAGE_TEXTS.communityBanner} <Link to={hrefs.messages('systemwide-notification')}>Systemwide Notification</Link>
          </Callout.Text>
        </Callout.Root>
      ) : null}
      {reminder ? (
        <Text as="p" size="2" mb="2" data-testid="from-event">
          Reminder for the event “{reminder.title}”.
        </Text>
      ) : null}
      {data.archived ? (
        <Callout.Root color="amber" mb="3" role="status" data-testid="archived">
          <Callout.Text>{MESSAGE_TEXTS.archived}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Form method="post" action={data.formAction} {...getFormProps(form)} ref={formRef} noValidate>
        <VersionField version={actionData?.version ?? data.version} />
        <Flex direction="column" gap="3">
          {actionData?.formError ? <FormFailure>{actionData.formError}</FormFailure> : null}
          <ConflictNotice conflict={actionData?.conflict} />
          <FormErrors id={form.errorId} errors={form.errors} />

          <Part id="required" open={open.has('required')}>
            <TextField field={fields.title} label="Title *" />
            <TextAreaField field={fields.description} label="Description *" rows={4} />
            {personalOffered ? (
              <RadioGroup
                name="audience"
                legend="Audience *"
                choices={(['group', 'personal'] as const).map((kind) => ({ value: kind, label: AUDIENCE_LABELS[kind] }))}
                value={audience}
                onChange={(next) => {
                  setAudience(next);
                  if (next === 'personal') setDeliveryType('instant');
                }}
                errors={fields.audience.errors}
              />
            ) : null}
            {data.detailPage ? (
              <Text size="2" data-testid="listing-audience">
                Sent to the app users who favorited this listing.
              </Text>
            ) : shows(!personal) ? (
              <>
                <SelectField
                  field={fields.category}
                  label="Type *"
                  empty="Select type"
                  choices={data.options.categories.map((topic) => ({ value: topic.value, label: topic.label }))}
                  onChange={(category) => {
                    // A giveaway category makes the notification a giveaway (the box can still be cleared).
                    const topic = data.options.categories.find((choice) => choice.value === category);
                    const box = document.getElementById(fields.isGiveaway.id);
                    if (topic && box instanceof HTMLInputElement) box.checked = topic.isGiveaway;
                  }}
                />
                {data.systemwide ? (
                  <Text size="2" data-testid="systemwide-group">
                    User Group: All Users (all)
                  </Text>
                ) : reminder ? (
                  <Text size="2">User Group: Current Guests (currentGuest)</Text>
                ) : (
                  <SelectField
                    field={fields.userGroup}
                    label="User Group *"
                    empty="Select user group"
                    choices={data.options.userGroups.map((topic) => ({ value: topic.value, label: topic.label }))}
                  />
                )}
              </>
            ) : null}
            {personalOffered && shows(personal) ? (
              <SelectField
                field={fields.toUser}
                label="User (personal notification) *"
                empty="Select user"
                choices={data.options.users}
                hint="Personal notifications are sent at once."
              />
            ) : null}
          </Part>

          <Part id="dates" open={open.has('dates')}>
            <ZoneNote timeZone={tz} />
            {instantEdit ? null : (
              <RadioGroup
                name="deliveryType"
                legend="Delivery"
                choices={deliveryChoices}
                value={deliveryType}
                onChange={setDeliveryType}
                errors={fields.deliveryType.errors}
              />
            )}
            {reminder && reminder.plan.delivery === 'future' ? (
              <fieldset className="form-row" id="field-scheduledEvent">
                <legend>Send before the event</legend>
                <Flex gap="3" wrap="wrap">
                  {reminder.plan.options.map((option) => (
                    <label key={String(option.scheduledEvent)} className="form-check">
                      <input
                        type="radio"
                        name="scheduledEvent"
                        value={String(option.scheduledEvent)}
                        defaultChecked={scheduledEvent === String(option.scheduledEvent)}
                        disabled={option.disabled}
                        onChange={() => setScheduledEvent(String(option.scheduledEvent))}
                      />
                      {option.label}
                    </label>
                  ))}
                </Flex>
                <ErrorList id="field-scheduledEvent-error" errors={fields.scheduledEvent.errors} />
              </fieldset>
            ) : null}
            {!instantEdit && shows(deliveryType !== 'instant' && !personal) ? (
              lockedTime && hydrated ? (
                <Text size="2" data-testid="locked-delivery">
                  Delivery Time: {lockedText} ({tz})
                </Text>
              ) : (
                <DateTimePicker
                  name="deliveryTime"
                  label={`Delivery Time (${tz})${hydrated ? '' : ' — not used for Send Now'}`}
                  defaultValue={pickerValue('deliveryTime')}
                  timeZone={tz}
                  now={data.now}
                  errors={fields.deliveryTime.errors}
                />
              )
            ) : null}
            <DateTimePicker
              name="endTime"
              label={`End Date (${tz}) *`}
              defaultValue={pickerValue('endTime')}
              timeZone={tz}
              now={data.now}
              errors={fields.endTime.errors}
            />
            {!instantEdit && !reminder && shows(deliveryType === 'recurring') ? (
              <RecurrenceFields
                testId="recurrence"
                days={{
                  id: fields.validDays.id,
                  legend: 'Days of the week (Recurring Notification)',
                  value: value('validDays'),
                  errorId: fields.validDays.errorId,
                  errors: fields.validDays.errors,
                }}
                lastDay={{ defaultValue: pickerValue('recurrenceEndDate', false), errors: fields.recurrenceEndDate.errors, optional: true }}
                timeZone={tz}
                now={data.now}
              >
                <TextField
                  field={fields.recurrenceDuration}
                  label="Visibility Duration (hours)"
                  inputMode="numeric"
                  hint="Empty: the notification rolls off when the next is sent."
                />
              </RecurrenceFields>
            ) : null}
          </Part>

          <Part id="additional" open={open.has('additional')}>
            <CheckboxField field={fields.sendNotification} label="Send push notification" />
            <CheckboxField field={fields.isGiveaway} label="Giveaway" />
            <SelectField
              field={fields.linkType}
              label="Link"
              choices={linkTypes.map((type) => ({ value: type, label: LINK_LABELS[type] }))}
              onChange={(next) => setLinkType(oneOf(LINK_TYPES, next) ?? 'none')}
            />
            {offersLink('form') && shows(linkType === 'form') ? (
              <SelectField
                field={fields.formKey}
                label="Form"
                empty="Select form"
                choices={(data.targets.byAction.form ?? []).map((target) => ({ value: target.key, label: target.title }))}
              />
            ) : null}
            {offersLink('store') && shows(linkType === 'store') ? (
              <SelectField
                field={fields.storeItemKey}
                label="Store Item"
                empty="Select store item"
                choices={(data.targets.byAction.store ?? []).map((target) => ({ value: target.key, label: target.title }))}
              />
            ) : null}
            {offersLink('menu') && shows(linkType === 'menu') ? (
              <SelectField
                field={fields.menuItemKey}
                label="Menu Item"
                empty="Select menu item"
                choices={(data.targets.byAction.mainMenu ?? []).map((target) => ({ value: target.key, label: target.title }))}
              />
            ) : null}
            {shows(linkType === 'file') ? <TextField field={fields.fileUrl} label="File (URL)" type="url" /> : null}
            {shows(linkType === 'url') ? <TextField field={fields.url} label="Website (URL)" type="url" /> : null}
            {data.options.allowButtons ? (
              <DetailButtonsEditor
                name="detailButtons"
                defaultValue={detailButtonsFormValue(posted ? posted.detailButtons : data.defaultValue.detailButtons)}
                targets={data.targets}
                allowed={data.systemwide || data.detailPage ? SYSTEMWIDE_BUTTON_ACTIONS : undefined}
                errors={form.allErrors}
              />
            ) : null}
          </Part>

          <Flex gap="3" pt="2" wrap="wrap">
            <Button type="submit" name="intent" value="save" disabled={data.archived}>
              {editing ? 'Save' : 'Submit'}
            </Button>
            <Button asChild variant="soft" color="gray">
              <Link to={data.returnTo} state={DISCARD_STATE}>
                Cancel
              </Link>
            </Button>
          </Flex>
        </Flex>
      </Form>
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}
