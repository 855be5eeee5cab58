import type { FieldMetadata, FormMetadata } from '@conform-to/react';
import { Badge, Flex, Link as RadixLink, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { EditorSection } from '~/components/forms/editor-section';
import { ErrorList } from '~/components/forms/error-list';
import { CheckboxField, SelectField, TextField } from '~/components/forms/fields';
import { RecurrenceFields } from '~/components/forms/recurrence-fields';
import { DateTimePicker } from '~/components/widgets/date-time-picker';
import { RichTextField } from '~/components/widgets/rich-text';
import {
  EVENT_REQUIRED_FIELDS,
  EVENT_SECTIONS,
  OFF_SITE,
  RECURRENCE_KINDS,
  RECURRENCE_LABELS,
  type EventFormValue,
  type EventSectionId,
} from '~/schemas/event';
import type { EventEditorData } from './editor.server';
import { EVENT_EDITOR_TEXTS } from './texts';

/**
 * The sections of the event editor's accordion (spec 02 "Event editor"): each a <details>,
 * with its fields. An imported event's locked fields show read-only with the feed's reason.
 */

/** The event form's fields, as conform types them from the form value. */
export type EventFields = ReturnType<FormMetadata<EventFormValue>['getFieldset']>;

/** What every section reads: the page, the form's fields, which section is open, and an imported event's lock. */
export interface SectionProps {
  data: EventEditorData;
  fields: EventFields;
  /** The sections drawn open (the one named, and after a refused save every one with an error). */
  open: ReadonlySet<EventSectionId>;
  locked: EventEditorData['locked'];
  /** The stored value of a field, as text (what a locked field shows). */
  shownText: (name: keyof EventFormValue) => string;
  /** The AI writing assistant's buttons (staff only), shown above the title. */
  assistant?: ReactNode;
}

const REQUIRED = new Set<string>(EVENT_REQUIRED_FIELDS);
const label = (name: string, text: string) => (REQUIRED.has(name) ? `${text} *` : text);

/** A section of the accordion. */
export function Part({ id, open, children }: { id: EventSectionId; open: boolean; children: ReactNode }) {
  return (
    <EditorSection id={id} sections={EVENT_SECTIONS} open={open}>
      {children}
    </EditorSection>
  );
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

export function GeneralSection({ data, fields: f, open, locked, shownText, assistant }: SectionProps) {
  return (
    <Part id="general" open={open.has('general')}>
      {assistant}
      {locked ? (
        <LockedField name="title" label="Title" text={shownText('title')} reason={locked.reason} />
      ) : (
        <TextField field={f.title} label={label('title', 'Title')} />
      )}
      {data.readOnly || locked ? (
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
        <RichTextField field={f.description} label="Description" />
      )}
      <SelectField
        field={f.audience}
        label={label('audience', 'Audience')}
        empty="Select audience"
        choices={data.options.audiences.map((title) => ({ value: title, label: title }))}
      />
      <SelectField
        field={f.type}
        label="Event Type"
        choices={[
          { value: 'resort', label: 'Resort' },
          { value: 'local', label: 'Local' },
        ]}
      />
    </Part>
  );
}

/** Dates and recurrence: `pickerValue` is the instant a picker starts from (posted, else stored). */
export function DatesSection({
  data,
  fields: f,
  open,
  locked,
  shownText,
  pickerValue,
  validDays,
}: SectionProps & {
  pickerValue: (name: 'startDate' | 'endDate' | 'recurrenceEndDate', withTime: boolean) => number | null;
  validDays: unknown;
}) {
  const tz = data.options.timeZone;
  const shownWhen = (name: 'startDate' | 'endDate') =>
    [shownText(`${name}-date`), data.defaultValue.allDay === 'on' ? '' : shownText(`${name}-time`)].filter(Boolean).join(' ');
  return (
    <Part id="dates" open={open.has('dates')}>
      {locked ? (
        <>
          <LockedField name="startDate" label="Start Date" text={shownWhen('startDate')} reason={locked.reason} />
          <LockedField name="endDate" label="End Date" text={shownWhen('endDate')} reason={locked.reason} />
          <LockedField name="allDay" label="All Day" text={data.defaultValue.allDay === 'on' ? 'Yes' : 'No'} reason={locked.reason} />
        </>
      ) : (
        <>
          <DateTimePicker
            name="startDate"
            label={label('startDate', 'Start Date')}
            defaultValue={pickerValue('startDate', true)}
            timeZone={tz}
            now={data.now}
            errors={f.startDate.errors}
          />
          <DateTimePicker
            name="endDate"
            label={label('endDate', 'End Date')}
            defaultValue={pickerValue('endDate', true)}
            timeZone={tz}
            now={data.now}
            errors={f.endDate.errors}
          />
          <CheckboxField field={f.allDay} label="All Day" />
        </>
      )}
      <CheckboxField field={f.endDateHide} label="Hide End Time" />
      {data.occurrence ? (
        <Text size="2" color="gray" data-testid="occurrence-note">
          This is one event of a recurrence: its changes apply to this event only.
        </Text>
      ) : data.remote ? null : (
        <RecurrenceFields
          kind={
            <SelectField
              field={f.recurrence}
              label="Recurrence"
              choices={RECURRENCE_KINDS.map((kind) => ({ value: kind, label: RECURRENCE_LABELS[kind] }))}
            />
          }
          days={{
            id: f.validDays.id,
            legend: 'Days of the week (daily recurrence)',
            value: validDays,
            errorId: f.validDays.errorId,
            errors: f.validDays.errors,
          }}
          lastDay={{ defaultValue: pickerValue('recurrenceEndDate', false), errors: f.recurrenceEndDate.errors }}
          timeZone={tz}
          now={data.now}
        />
      )}
    </Part>
  );
}

export function LocationSection({ data, fields: f, open, locked, shownText }: SectionProps) {
  return (
    <Part id="location" open={open.has('location')}>
      <SelectField
        field={f.resortLocationId}
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
            <TextField field={f.location} label="Title for location" />
            <TextField field={f.address} label="Address" />
            <TextField field={f.city} label="City" />
            <div className="form-grid">
              <TextField field={f.latitude} label="Latitude" inputMode="decimal" />
              <TextField field={f.longitude} label="Longitude" inputMode="decimal" />
            </div>
          </>
        )}
      </fieldset>
    </Part>
  );
}

export function FeaturesSection({ data, fields: f, open }: SectionProps) {
  return (
    <Part id="features" open={open.has('features')}>
      <TextField field={f.phone} label="Phone" type="tel" autoComplete="tel" />
      <TextField field={f.website} label="Website" type="url" placeholder="https://…" />
      <TextField field={f.ticketing} label="Ticketing URL" type="url" placeholder="https://…" />
      <CheckboxField field={f.cost} label="Additional Cost" />
      <CheckboxField field={f.rsvpRequest} label="Request RSVP" />
      <SelectField
        field={f.rsvpFormKey}
        label="RSVP Form"
        empty={data.options.standardRsvpForm ? 'Standard RSVP form' : 'Standard RSVP form (created when saved)'}
        choices={data.options.rsvpForms
          .filter((rsvp) => rsvp.id !== data.options.standardRsvpForm)
          .map((rsvp) => ({ value: rsvp.id, label: rsvp.title }))}
      />
      <CheckboxField field={f.hunt} label="Scavenger Hunt" />
      <SelectField
        field={f.huntKey}
        label="Hunt"
        empty="Select hunt"
        choices={data.options.hunts.map((hunt) => ({ value: hunt.id, label: hunt.title }))}
      />
    </Part>
  );
}

/** Associated Calendars: the calendar the editor is opened in is always one of them. */
export function CalendarsChecklist({
  field,
  calendars,
  own,
}: {
  field: FieldMetadata<string[]>;
  calendars: EventEditorData['options']['calendars'];
  own: string;
}) {
  const initialValue: unknown = field.initialValue;
  const initial = new Set(Array.isArray(initialValue) ? initialValue.map(String) : []);
  const value: unknown = field.value;
  const posted = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : null;
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

/** Existing Events (import context): the calendar's events on the pending event's day, to spot a duplicate. */
export function ExistingEvents({ rows }: { rows: NonNullable<EventEditorData['pending']>['existing'] }) {
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

/** The saved event's QR code (staff), with its address and a download. */
export function QrSection({ qr, open }: { qr: NonNullable<EventEditorData['qr']>; open: boolean }) {
  return (
    <Part id="qr" open={open}>
      <Flex direction="column" gap="2" align="start">
        <img src={qr.svg} alt={`QR code for ${qr.target}`} width={200} height={200} className="qr-image" />
        <Text size="1" style={{ overflowWrap: 'anywhere' }}>
          {qr.target}
        </Text>
        <RadixLink href={qr.png} download="event-qr-code.png">
          Download QR Code
        </RadixLink>
      </Flex>
    </Part>
  );
}
