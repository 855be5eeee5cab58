import type { FieldMetadata, FormMetadata } from '@conform-to/react';
import { Button, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { ErrorList } from '~/components/forms/error-list';
import { CheckboxField, FieldHint, SelectField, TextAreaField, TextField } from '~/components/forms/fields';
import { RemoveRowButton } from '~/components/forms/remove-row-button';
import { RichTextField } from '~/components/widgets/rich-text';
import type { EditorField, InlineEditor } from '~/lib/listing/types';
import { HOURS_DAYS, HOURS_DAY_LABELS, MAX_HOURS_SLOTS } from '~/schemas/listing/hours';
import { MAX_TITLE_LIST_ROWS } from '~/schemas/listing/shared';
import { FormFieldsControl, HuntStepsControl } from './row-list-control';

/**
 * The fields of a list's inline editor (app/lib/listing/editors.ts), in the editor's order,
 * each through the field kit (labels, hints, errors, aria). Everything posts without
 * JavaScript: the position is two decimal inputs, and the rows of hours and option lists are
 * added and removed by buttons that post conform's list intents (as community setup's social
 * media rows do); the action answers such a post with the form as typed (submission.reply()),
 * and with JavaScript conform applies them in place.
 */

/** A form's list intents (Add / Remove row buttons). */
export type ListIntents = Pick<FormMetadata, 'insert' | 'remove' | 'reorder'>;

type Field = FieldMetadata<unknown>;
/** A fieldset's subfield by name. */
type Subfield = (name: string) => Field | undefined;

/**
 * conform gives nested metadata at run time (getFieldset, getFieldList), as proxies that answer
 * property reads only; the editor's fields are typed loosely, so each is checked as it is read.
 */
function method(value: unknown, name: string): (() => unknown) | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate: unknown = Reflect.get(value, name);
  return typeof candidate === 'function' ? () => Reflect.apply(candidate, value, []) : null;
}

function asField(value: unknown): Field | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const named = typeof Reflect.get(value, 'name') === 'string' && typeof Reflect.get(value, 'id') === 'string';
  return named ? (value as Field) : undefined;
}

function fieldsetOf(field: Field): Subfield {
  const getFieldset = method(field, 'getFieldset');
  const fieldset = getFieldset?.();
  return (name) => (typeof fieldset === 'object' && fieldset !== null ? asField(Reflect.get(fieldset, name)) : undefined);
}

function fieldListOf(field: Field): Field[] {
  const list = method(field, 'getFieldList')?.();
  return Array.isArray(list) ? list.map(asField).filter((item): item is Field => item !== undefined) : [];
}

export function EditorFields({
  editor,
  form,
  fields,
  systemWide = false,
}: {
  editor: InlineEditor;
  /** The form's list intents, for the rows of hours and option lists. */
  form: ListIntents;
  fields: Record<string, Field>;
  /** The list is a system-wide one: fields marked `when: 'system'` show. */
  systemWide?: boolean;
}) {
  return (
    <Flex direction="column" gap="3">
      {editor.fields
        .filter((definition) => definition.when !== 'system' || systemWide)
        .map((definition) => {
          const field = fields[definition.name];
          return field ? <EditorFieldControl key={definition.name} definition={definition} field={field} form={form} /> : null;
        })}
    </Flex>
  );
}

export function EditorFieldControl({ definition, field, form }: { definition: EditorField; field: Field; form: ListIntents }) {
  const { label, hint } = definition;
  switch (definition.kind) {
    case 'text':
      return <TextField field={field} label={label} hint={hint} />;
    case 'textarea':
      return <TextAreaField field={field} label={label} hint={hint} />;
    case 'rich-text':
      return <RichTextField field={field} label={label} hint={hint} />;
    case 'phone':
      return <TextField field={field} label={label} hint={hint} type="tel" autoComplete="tel" />;
    case 'url':
      return <TextField field={field} label={label} hint={hint} type="url" placeholder="https://…" />;
    case 'email':
      return <TextField field={field} label={label} hint={hint} type="email" autoComplete="email" />;
    case 'number':
      return <TextField field={field} label={label} hint={hint} inputMode="numeric" />;
    case 'money':
      return <TextField field={field} label={label} hint={hint} inputMode="decimal" placeholder="0.00" />;
    case 'checkbox':
      return <CheckboxField field={field} label={label} hint={hint} />;
    case 'select':
      return (
        <SelectField field={field} label={label} hint={hint} choices={definition.choices ?? []} empty={`Select ${label.toLowerCase()}`} />
      );
    case 'coordinates':
      return <CoordinatesControl field={field} label={label} hint={hint} />;
    case 'hours':
      return <HoursControl field={field} label={label} hint={hint} form={form} />;
    case 'title-list':
      return <TitleListControl field={field} label={label} hint={hint} form={form} />;
    case 'form-fields':
      return <FormFieldsControl field={field} label={label} hint={hint} form={form} />;
    case 'hunt-steps':
      return <HuntStepsControl field={field} label={label} hint={hint} form={form} />;
  }
}

/** A group of controls under one name (a <fieldset> with its legend, hint and own errors). */
function Group({ field, label, hint, children }: { field: Field; label: string; hint?: string; children: ReactNode }) {
  const hintId = `${field.id}-hint`;
  const describedBy = [hint ? hintId : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="form-row" id={field.id} aria-describedby={describedBy}>
      <legend>{label}</legend>
      <FieldHint id={hintId}>{hint}</FieldHint>
      {children}
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** Latitude and longitude as decimals (spec 03 §5 location rules). */
function CoordinatesControl({ field, label, hint }: { field: Field; label: string; hint?: string }) {
  const subfield = fieldsetOf(field);
  const latitude = subfield('latitude');
  const longitude = subfield('longitude');
  return (
    <Group field={field} label={label} hint={hint}>
      <div className="form-grid">
        {latitude ? <TextField field={latitude} label="Latitude" inputMode="decimal" /> : null}
        {longitude ? <TextField field={longitude} label="Longitude" inputMode="decimal" /> : null}
      </div>
    </Group>
  );
}

/** Weekly hours: per day its open/close pairs ('h:mm AM/PM'); a day without any is closed. */
function HoursControl({ field, label, hint, form }: { field: Field; label: string; hint?: string; form: ListIntents }) {
  const days = fieldsetOf(field);
  return (
    <Group field={field} label={label} hint={hint}>
      {HOURS_DAYS.map((day) => {
        const dayField = days(day);
        if (!dayField) return null;
        const dayLabel = HOURS_DAY_LABELS[day];
        // Never more rows than a day holds, whatever an answer carries (the schema says what is too many).
        const slots = fieldListOf(dayField).slice(0, MAX_HOURS_SLOTS);
        return (
          <Flex key={day} direction="column" gap="2" role="group" aria-labelledby={`${dayField.id}-day`}>
            <Text id={`${dayField.id}-day`} size="2" weight="medium">
              {dayLabel}
            </Text>
            {slots.length === 0 ? (
              <Text size="1" color="gray">
                Closed
              </Text>
            ) : null}
            {slots.map((slot, index) => {
              const pair = fieldsetOf(slot);
              const open = pair('open');
              const close = pair('close');
              const name = `${dayLabel} ${index + 1}`;
              return (
                <Flex key={slot.key ?? index} gap="3" align="end" wrap="wrap" role="group" aria-label={name}>
                  {open ? (
                    <div className="form-grow">
                      <TextField field={open} label="Opens" placeholder="9:00 AM" />
                    </div>
                  ) : null}
                  {close ? (
                    <div className="form-grow">
                      <TextField field={close} label="Closes" placeholder="5:00 PM" />
                    </div>
                  ) : null}
                  <div>
                    <RemoveRowButton
                      intent={form.remove.getButtonProps({ name: dayField.name, index })}
                      label={`Remove hours ${name}`}
                      highContrast
                    />
                  </div>
                </Flex>
              );
            })}
            <ErrorList id={dayField.errorId} errors={dayField.errors} />
            {slots.length < MAX_HOURS_SLOTS ? (
              <div>
                <Button
                  {...form.insert.getButtonProps({ name: dayField.name })}
                  variant="soft"
                  highContrast
                  size="1"
                  aria-label={`Add hours for ${dayLabel}`}
                >
                  Add hours
                </Button>
              </div>
            ) : null}
          </Flex>
        );
      })}
    </Group>
  );
}

/** A list of `{ title }` rows (store options). */
function TitleListControl({ field, label, hint, form }: { field: Field; label: string; hint?: string; form: ListIntents }) {
  const rows = fieldListOf(field).slice(0, MAX_TITLE_LIST_ROWS);
  return (
    <Group field={field} label={label} hint={hint}>
      {rows.length === 0 ? (
        <Text size="1" color="gray">
          None yet.
        </Text>
      ) : null}
      {rows.map((row, index) => {
        const title = fieldsetOf(row)('title');
        const name = `${label} ${index + 1}`;
        return (
          <Flex key={row.key ?? index} gap="3" align="end">
            {title ? (
              <div className="form-grow">
                <TextField field={title} label={name} />
              </div>
            ) : null}
            <div>
              <RemoveRowButton intent={form.remove.getButtonProps({ name: field.name, index })} label={`Remove ${name}`} highContrast />
            </div>
          </Flex>
        );
      })}
      {rows.length < MAX_TITLE_LIST_ROWS ? (
        <div>
          <Button {...form.insert.getButtonProps({ name: field.name })} variant="soft" highContrast size="1">
            {`Add ${label.replace(/s$/, '').toLowerCase()}`}
          </Button>
        </div>
      ) : null}
    </Group>
  );
}
