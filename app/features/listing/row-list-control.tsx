import type { FieldMetadata, FormMetadata } from '@conform-to/react';
import { Button, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ErrorList } from '~/components/forms/error-list';
import { CheckboxField, FieldHint, SelectField, TextAreaField, TextField } from '~/components/forms/fields';
import { RemoveRowButton } from '~/components/forms/remove-row-button';
import { SortableRows } from '~/components/widgets/sortable-rows';
import { CHOICE_TYPES, FIELD_TYPES, FIELD_TYPE_LABELS, MAX_FORM_FIELDS, NOT_DATA_TYPES } from '~/schemas/listing/custom-form';
import { MAX_HUNT_STEPS, STEP_TYPES, STEP_TYPE_LABELS } from '~/schemas/listing/hunt';

/**
 * The rows of a custom form's fields and of a hunt's steps: each row's settings, with Move up,
 * Move down and Remove buttons and an Add button that post conform's list intents (reorder,
 * remove, insert), so they work without JavaScript — the action answers such a post with the
 * form as typed. With JavaScript conform applies them in place, and a row is also dragged by its
 * handle (mouse, touch or keyboard).
 */

type Field = FieldMetadata<unknown>;
export type RowIntents = Pick<FormMetadata, 'insert' | 'remove' | 'reorder'>;

/** conform's nested metadata are proxies read by property: each is checked as it is read. */
function asField(value: unknown): Field | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const named = typeof Reflect.get(value, 'name') === 'string' && typeof Reflect.get(value, 'id') === 'string';
  return named ? (value as Field) : undefined;
}

function call(value: unknown, name: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const method: unknown = Reflect.get(value, name);
  return typeof method === 'function' ? Reflect.apply(method, value, []) : undefined;
}

function rowsOf(field: Field): Field[] {
  const list = call(field, 'getFieldList');
  return Array.isArray(list) ? list.map(asField).filter((row): row is Field => row !== undefined) : [];
}

type Subfield = (name: string) => Field | undefined;

function subfieldsOf(row: Field): Subfield {
  const fieldset = call(row, 'getFieldset');
  return (name) => (typeof fieldset === 'object' && fieldset !== null ? asField(Reflect.get(fieldset, name)) : undefined);
}

const valueOf = (field: Field | undefined): string => (typeof field?.value === 'string' ? field.value : '');
/** A row's name in its heading: at most 60 characters of the text. */
const short = (text: string): string => (text.length > 60 ? `${text.slice(0, 59).trimEnd()}…` : text);

interface RowListProps {
  field: Field;
  label: string;
  hint?: string;
  form: RowIntents;
  /** What one row is called ("Field", "Step"). */
  rowName: string;
  max: number;
  /** A row's name for its buttons and handle ("Field 2: Your name"). */
  titleOf: (sub: Subfield) => string;
  renderRow: (sub: Subfield) => ReactNode;
}

function RowList({ field, label, hint, form, rowName, max, titleOf, renderRow }: RowListProps) {
  const hydrated = useHydrated();
  const rows = rowsOf(field).slice(0, max);
  const ids = rows.map((row, index) => row.key ?? String(index));
  const nameOf = (index: number) => {
    const row = rows[index];
    const title = row ? titleOf(subfieldsOf(row)) : '';
    return `${rowName} ${index + 1}${title ? `: ${title}` : ''}`;
  };
  const hintId = `${field.id}-hint`;
  return (
    <fieldset className="form-row row-list" id={field.id} aria-describedby={hint ? hintId : undefined}>
      <legend>{label}</legend>
      <FieldHint id={hintId}>{hint}</FieldHint>
      {rows.length === 0 ? (
        <Text size="2" color="gray">
          {`No ${label.toLowerCase()} yet.`}
        </Text>
      ) : null}
      <SortableRows
        ids={ids}
        labelOf={(id) => nameOf(ids.indexOf(id))}
        onMove={(from, to) => form.reorder({ name: field.name, from, to })}
        sortable={hydrated}
        className="row-list-rows"
        aria-label={label}
        renderRow={({ index, handle, rowProps }) => {
          const row = rows[index]!;
          const name = nameOf(index);
          return (
            <li {...rowProps} className="row-list-row" aria-label={name}>
              <Flex gap="2" align="center" wrap="wrap" className="row-list-head">
                {handle}
                <Text as="p" size="2" weight="medium" className="row-list-title">
                  {name}
                </Text>
                <Flex gap="2" wrap="wrap" className="row-list-buttons">
                  <Button
                    {...form.reorder.getButtonProps({ name: field.name, from: index, to: index - 1 })}
                    size="1"
                    variant="soft"
                    highContrast
                    disabled={index === 0}
                    aria-label={`Move up: ${name}`}
                  >
                    Move up
                  </Button>
                  <Button
                    {...form.reorder.getButtonProps({ name: field.name, from: index, to: index + 1 })}
                    size="1"
                    variant="soft"
                    highContrast
                    disabled={index === rows.length - 1}
                    aria-label={`Move down: ${name}`}
                  >
                    Move down
                  </Button>
                  <RemoveRowButton intent={form.remove.getButtonProps({ name: field.name, index })} label={`Remove ${name}`} highContrast />
                </Flex>
              </Flex>
              <Flex direction="column" gap="2">
                {renderRow(subfieldsOf(row))}
              </Flex>
            </li>
          );
        }}
      />
      <ErrorList id={field.errorId} errors={field.errors} />
      {rows.length < max ? (
        <div>
          <Button {...form.insert.getButtonProps({ name: field.name })} variant="soft" highContrast size="1">
            {`Add ${rowName.toLowerCase()}`}
          </Button>
        </div>
      ) : (
        <Text size="2" color="gray">{`At most ${max} ${label.toLowerCase()}.`}</Text>
      )}
    </fieldset>
  );
}

const FIELD_TYPE_CHOICES = FIELD_TYPES.map((value) => ({ value, label: FIELD_TYPE_LABELS[value] }));
const STEP_TYPE_CHOICES = STEP_TYPES.map((value) => ({ value, label: STEP_TYPE_LABELS[value] }));

/** A custom form's fields (spec 02 §3 "Form schema fields"). */
export function FormFieldsControl({ field, label, hint, form }: { field: Field; label: string; hint?: string; form: RowIntents }) {
  return (
    <RowList
      field={field}
      label={label}
      hint={
        hint ??
        'Header, Label and Static Text show text and take no answer. A name is the key its answers are saved under; left empty, it is made from the label.'
      }
      form={form}
      rowName="Field"
      max={MAX_FORM_FIELDS}
      titleOf={(sub) => short(valueOf(sub('label')))}
      renderRow={(sub) => {
        const type = valueOf(sub('type'));
        const options = sub('options');
        const showOptions = CHOICE_TYPES.has(type) || Boolean(options?.errors?.length);
        const isData = !NOT_DATA_TYPES.has(type);
        const more = ['className', 'subtype', 'masterId'].map(sub);
        return (
          <>
            {sub('label') ? <TextField field={sub('label')!} label="Label" /> : null}
            <div className="form-grid">
              {sub('type') ? <SelectField field={sub('type')!} label="Type" choices={FIELD_TYPE_CHOICES} /> : null}
              {sub('name') ? <TextField field={sub('name')!} label="Name" /> : null}
              {isData && sub('placeholder') ? <TextField field={sub('placeholder')!} label="Placeholder" /> : null}
            </div>
            {showOptions && options ? (
              <TextAreaField field={options} label="Options" hint="One option a line; 'Label | value' when the saved value differs." />
            ) : null}
            {isData ? (
              <Flex gap="4" wrap="wrap">
                {sub('required') ? <CheckboxField field={sub('required')!} label="Required" /> : null}
                {sub('savedValue') ? <CheckboxField field={sub('savedValue')!} label="Remember answer" /> : null}
                {sub('emailReceipt') ? <CheckboxField field={sub('emailReceipt')!} label="Email a receipt to this address" /> : null}
              </Flex>
            ) : null}
            <details className="row-list-more" open={more.some((item) => Boolean(item?.errors?.length)) || undefined}>
              <summary>More settings</summary>
              <div className="form-grid">
                {more[0] ? <TextField field={more[0]} label="Class Name" /> : null}
                {more[1] ? <TextField field={more[1]} label="Subtype" hint="Such as h2 for a header, email for a text field." /> : null}
                {more[2] ? <TextField field={more[2]} label="Master ID" /> : null}
              </div>
            </details>
          </>
        );
      }}
    />
  );
}

/** A hunt's steps (spec 02 §3 "Hunt"). */
export function HuntStepsControl({ field, label, hint, form }: { field: Field; label: string; hint?: string; form: RowIntents }) {
  return (
    <RowList
      field={field}
      label={label}
      hint={hint ?? "A key is what a step's answers are saved under; left empty, it is made from the title."}
      form={form}
      rowName="Step"
      max={MAX_HUNT_STEPS}
      titleOf={(sub) => short(valueOf(sub('title')))}
      renderRow={(sub) => {
        const type = valueOf(sub('type'));
        const has = (name: string) => Boolean(sub(name)?.errors?.length);
        const showAnswer = type === 'answer' || type === 'multiple_choice_single' || has('answer');
        const showChoices = type === 'multiple_choice_single' || has('choices');
        const showPar = type === 'golf' || has('par');
        return (
          <>
            {sub('title') ? <TextField field={sub('title')!} label="Title" /> : null}
            <div className="form-grid">
              {sub('type') ? <SelectField field={sub('type')!} label="Type" choices={STEP_TYPE_CHOICES} /> : null}
              {sub('key') ? <TextField field={sub('key')!} label="Key" /> : null}
              {showAnswer && sub('answer') ? <TextField field={sub('answer')!} label="Correct Answer" /> : null}
            </div>
            {showPar && sub('par') ? <TextField field={sub('par')!} label="Par" hint="The par of each hole, such as 3, 4, 3." /> : null}
            {sub('description') ? <TextAreaField field={sub('description')!} label="What to do" /> : null}
            {showChoices && sub('choices') ? <TextAreaField field={sub('choices')!} label="Choices" hint="One choice a line." /> : null}
          </>
        );
      }}
    />
  );
}
