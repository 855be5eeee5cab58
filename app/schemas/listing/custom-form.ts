import { z } from 'zod';
import { isValidKey } from '~/lib/db-key';
import { INVALID_EMAIL } from '~/schemas/community';
import { TITLE_REQUIRED, checkbox, isRecord, optionalText, requiredText, textOf } from './shared';

/**
 * A custom form (spec 02 §3 "Form schema fields"; spec 03 §9 default RSVP and waitlist forms):
 * a title, a kind (form, rsvp, feedback), a description, the addresses that get each entry, and
 * its fields in order. A field has a label, a name (the key its answers are stored under: a valid
 * database key, unique within the form) and a type — header, label and static show text and
 * hold no answer; image, date and signature are answered specially — plus className,
 * placeholder, required, masterId, savedValue, subtype, emailReceipt, and the options of a
 * choice field. Isomorphic and pure.
 */

export const FORM_TYPES = ['form', 'rsvp', 'feedback'] as const;
export type CustomFormType = (typeof FORM_TYPES)[number];
export const FORM_TYPE_LABELS: Record<CustomFormType, string> = { form: 'Form', rsvp: 'RSVP', feedback: 'Feedback' };

/** Field types, in the order the editor offers them. */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'select',
  'radio-group',
  'checkbox-group',
  'date',
  'image',
  'signature',
  'starRating',
  'header',
  'label',
  'static',
] as const;
export type FormFieldType = (typeof FIELD_TYPES)[number];
export const FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  textarea: 'Text Area',
  number: 'Number',
  select: 'Select',
  'radio-group': 'Radio Group',
  'checkbox-group': 'Checkbox Group',
  date: 'Date',
  image: 'Image',
  signature: 'Signature',
  starRating: 'Star Rating',
  header: 'Header',
  label: 'Label',
  static: 'Static Text',
};

/** Types that show text and hold no answer (spec 02 §3). */
export const NOT_DATA_TYPES: ReadonlySet<string> = new Set(['header', 'label', 'static']);
/** Types answered specially (a photo, a date, a drawn signature). */
export const SPECIAL_TYPES: ReadonlySet<string> = new Set(['image', 'date', 'signature']);
/** Types whose answer is one of their options. */
export const CHOICE_TYPES: ReadonlySet<string> = new Set(['select', 'radio-group', 'checkbox-group']);

export const MAX_FORM_FIELDS = 100;
export const MAX_FIELD_OPTIONS = 50;
export const MAX_FORM_EMAILS = 10;
export const MAX_LABEL_LENGTH = 1000;
export const MAX_NAME_LENGTH = 100;

export const LABEL_REQUIRED = 'Label is required.';
export const TYPE_REQUIRED = 'Choose a type.';
export const INVALID_NAME = 'A name cannot contain . $ # [ ] / and is at most 100 characters.';
export const nameTaken = (name: string) => `Another field is named "${name}"; each name must be unique.`;
export const TOO_MANY_FIELDS = `A form has at most ${MAX_FORM_FIELDS} fields.`;
export const OPTIONS_REQUIRED = 'List at least one option, one a line.';
export const TOO_MANY_OPTIONS = `At most ${MAX_FIELD_OPTIONS} options.`;
export const TOO_MANY_EMAILS = `At most ${MAX_FORM_EMAILS} email addresses.`;

/** A name made from a label: lower case words joined by dashes ('Your name' → 'your-name'). */
export function nameFromLabel(label: string, fallback: string): string {
  const slug = label
    .toLowerCase()
    .replace(/<[^>]*>/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? fallback : slug;
}

/** Lines of a text area, trimmed, empty ones left out. */
export const linesOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

export interface FieldOption {
  label: string;
  value: string;
}

/** Options typed one a line: 'Label', or 'Label | value' when the stored value differs. */
export function parseOptions(text: string | undefined): FieldOption[] {
  return linesOf(text).map((line) => {
    const bar = line.indexOf('|');
    if (bar < 0) return { label: line, value: line };
    const label = line.slice(0, bar).trim();
    const value = line.slice(bar + 1).trim();
    return { label: label || value, value: value || label };
  });
}

/** Stored options (`values`: [{ label, value }]) as the editor's lines. */
export function optionsText(values: unknown): string {
  const list: unknown[] = Array.isArray(values) ? values : isRecord(values) ? Object.values(values) : [];
  return list
    .filter(isRecord)
    .map((option) => {
      const label = textOf(option.label);
      const value = textOf(option.value);
      return value === '' || value === label ? label : `${label} | ${value}`;
    })
    .filter((line) => line.trim() !== '')
    .join('\n');
}

const FieldRowSchema = z.object({
  label: requiredText(LABEL_REQUIRED, MAX_LABEL_LENGTH),
  name: z.string().trim().max(MAX_NAME_LENGTH, INVALID_NAME).optional(),
  type: z.enum(FIELD_TYPES, { errorMap: () => ({ message: TYPE_REQUIRED }) }),
  className: optionalText(200),
  placeholder: optionalText(200),
  subtype: optionalText(40),
  masterId: optionalText(200),
  required: checkbox(),
  savedValue: checkbox(),
  emailReceipt: checkbox(),
  options: z.string().max(10_000, TOO_MANY_OPTIONS).optional(),
});

export type FormFieldRow = z.output<typeof FieldRowSchema>;

/** The fields, each named (its typed name, else one made from its label), every name a valid key and unique. */
export const formFieldList = () =>
  z
    .array(FieldRowSchema)
    .max(MAX_FORM_FIELDS, TOO_MANY_FIELDS)
    .optional()
    .transform((rows) => (rows ?? []).map((row, index) => ({ ...row, name: row.name || nameFromLabel(row.label, `field-${index + 1}`) })))
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        if (!isValidKey(row.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: INVALID_NAME });
        else if (seen.has(row.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: nameTaken(row.name) });
        seen.add(row.name);
        if (CHOICE_TYPES.has(row.type)) {
          const options = parseOptions(row.options);
          if (options.length === 0) ctx.addIssue({ code: 'custom', path: [index, 'options'], message: OPTIONS_REQUIRED });
          if (options.length > MAX_FIELD_OPTIONS) ctx.addIssue({ code: 'custom', path: [index, 'options'], message: TOO_MANY_OPTIONS });
        }
      });
    });

export const CustomFormSchema = z.object({
  title: requiredText(TITLE_REQUIRED, 200),
  type: z.enum(FORM_TYPES, { errorMap: () => ({ message: TYPE_REQUIRED }) }),
  description: optionalText(5000),
  emails: z
    .string()
    .max(5000, TOO_MANY_EMAILS)
    .optional()
    .transform((text) => linesOf(text?.replace(/,/g, '\n')))
    .superRefine((emails, ctx) => {
      if (emails.length > MAX_FORM_EMAILS) ctx.addIssue({ code: 'custom', message: TOO_MANY_EMAILS });
      if (emails.some((email) => !z.string().email().max(254).safeParse(email).success))
        ctx.addIssue({ code: 'custom', message: INVALID_EMAIL });
    }),
  standard: checkbox(),
  fields: formFieldList(),
});

export type CustomFormInput = z.input<typeof CustomFormSchema>;
export type CustomFormValue = z.output<typeof CustomFormSchema>;

/** A stored form field as stored: only what is set (flags true, texts not empty). */
export function storedField(row: FormFieldRow & { name: string }): Record<string, unknown> {
  const field: Record<string, unknown> = { type: row.type, name: row.name, label: row.label };
  for (const key of ['className', 'placeholder', 'subtype', 'masterId'] as const) {
    const value = row[key];
    if (value) field[key] = value;
  }
  if (!NOT_DATA_TYPES.has(row.type)) {
    field.required = row.required;
    if (row.savedValue) field.savedValue = true;
    if (row.emailReceipt) field.emailReceipt = true;
  }
  if (CHOICE_TYPES.has(row.type)) field.values = parseOptions(row.options);
  return field;
}

/** A stored form field as the editor's row. */
export function fieldRow(stored: unknown): Record<string, unknown> {
  const field = isRecord(stored) ? stored : {};
  const type = textOf(field.type);
  return {
    label: textOf(field.label),
    name: textOf(field.name),
    type: (FIELD_TYPES as readonly string[]).includes(type) ? type : 'text',
    className: textOf(field.className),
    placeholder: textOf(field.placeholder),
    subtype: textOf(field.subtype),
    masterId: textOf(field.masterId),
    required: field.required === true ? 'on' : undefined,
    savedValue: field.savedValue === true ? 'on' : undefined,
    emailReceipt: field.emailReceipt === true ? 'on' : undefined,
    options: optionsText(field.values),
  };
}

// ─── Default forms (spec 02 §9, spec 03 §9) ──────────────────────────────────────────────────

const YES_NO: FieldOption[] = [
  { label: 'Yes', value: 'Yes' },
  { label: 'No', value: 'No' },
];

/** "Default RSVP standard form: Attending (required select Yes/No), Number Attending (required number), Name (required text, saved value)." */
export function standardRsvpForm(): Record<string, unknown> {
  return {
    title: 'RSVP',
    type: 'rsvp',
    standard: true,
    fields: [
      { type: 'select', name: 'rsvp-attending', label: 'Attending', className: 'form-control', required: true, values: YES_NO },
      { type: 'number', name: 'rsvp-quantity', label: 'Number Attending', className: 'form-control', required: true, placeholder: '1' },
      { type: 'text', name: 'rsvp-name', label: 'Name', className: 'form-control', required: true, savedValue: true },
    ],
  };
}

/** "Waitlist form: Name (required, saved), Number Requesting (required number), Email Address (required, saved, emailed receipt)." */
export function waitlistForm(): Record<string, unknown> {
  return {
    title: 'Waitlist',
    type: 'rsvp',
    fields: [
      { type: 'text', name: 'waitlist-name', label: 'Name', className: 'form-control', required: true, savedValue: true },
      {
        type: 'number',
        name: 'waitlist-quantity',
        label: 'Number Requesting',
        className: 'form-control',
        required: true,
        placeholder: '1',
      },
      {
        type: 'text',
        name: 'waitlist-email',
        label: 'Email Address',
        className: 'form-control',
        subtype: 'email',
        required: true,
        savedValue: true,
        emailReceipt: true,
      },
    ],
  };
}

/** The key the standard RSVP form is written under when an event asks for RSVPs without a form. */
export const STANDARD_RSVP_KEY = 'rsvp-standard';

/** Whether a community's forms include one marked standard. */
export function hasStandardForm(forms: Iterable<unknown>): boolean {
  for (const form of forms) if (isRecord(form) && form.standard === true) return true;
  return false;
}

/** A stored form as the editor's form value. */
export function customFormToForm(stored: Record<string, unknown>): CustomFormInput {
  const type = textOf(stored.type);
  const fields: unknown[] = Array.isArray(stored.fields) ? stored.fields : isRecord(stored.fields) ? Object.values(stored.fields) : [];
  const emails: unknown[] = Array.isArray(stored.emails) ? stored.emails : [];
  return {
    title: textOf(stored.title),
    type: ((FORM_TYPES as readonly string[]).includes(type) ? type : 'form') as CustomFormType,
    description: textOf(stored.description),
    emails: emails.map(textOf).filter(Boolean).join('\n'),
    standard: stored.standard === true ? 'on' : undefined,
    fields: fields.slice(0, MAX_FORM_FIELDS).map(fieldRow) as CustomFormInput['fields'],
  };
}

/** The parsed form as stored (over the stored record: what the editor does not show is kept). */
export function customFormToRecord(value: CustomFormValue): Record<string, unknown> {
  return {
    title: value.title,
    type: value.type,
    description: value.description ? value.description : null,
    emails: value.emails.length > 0 ? value.emails : null,
    standard: value.type === 'rsvp' && value.standard ? true : null,
    fields: value.fields.map(storedField),
  };
}
