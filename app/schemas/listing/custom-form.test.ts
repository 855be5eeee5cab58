import { describe, expect, it } from 'vitest';
import { INVALID_EMAIL } from '~/schemas/community';
import {
  CustomFormSchema,
  INVALID_NAME,
  LABEL_REQUIRED,
  MAX_FORM_FIELDS,
  OPTIONS_REQUIRED,
  TOO_MANY_FIELDS,
  customFormToForm,
  customFormToRecord,
  hasStandardForm,
  nameFromLabel,
  nameTaken,
  parseOptions,
  standardRsvpForm,
  waitlistForm,
} from './custom-form';
import { TITLE_REQUIRED } from './shared';
import { errorsOf, valueOf } from './testing';

/** A stored form as the editor posts it (conform's names: fields[0].label …). */
function posted(stored: Record<string, unknown>): Record<string, string> {
  const form = customFormToForm(stored) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) {
    if (name === 'fields') {
      (value as Array<Record<string, unknown>>).forEach((row, index) => {
        for (const [field, text] of Object.entries(row))
          if (typeof text === 'string' && text !== '') out[`fields[${index}].${field}`] = text;
      });
    } else if (typeof value === 'string' && value !== '') out[name] = value;
  }
  return out;
}

describe('a custom form', () => {
  it('needs a title, and every field a label', () => {
    expect(errorsOf(CustomFormSchema, { type: 'form', 'fields[0].type': 'text' })).toEqual({
      title: [TITLE_REQUIRED],
      'fields[0].label': [LABEL_REQUIRED],
    });
  });

  it('names a field from its label when its name is left empty', () => {
    const value = valueOf(CustomFormSchema, {
      title: 'Visitors',
      type: 'form',
      'fields[0].label': 'Your Site Number',
      'fields[0].type': 'text',
      'fields[1].label': '!!!',
      'fields[1].type': 'static',
    });
    expect(value.fields.map((field) => field.name)).toEqual(['your-site-number', 'field-2']);
    expect(nameFromLabel('<b>Número</b> de sitio', 'x')).toBe('n-mero-de-sitio');
  });

  it('refuses a name that is no database key, and two fields of one name', () => {
    const errors = errorsOf(CustomFormSchema, {
      title: 'Visitors',
      type: 'form',
      'fields[0].label': 'Name',
      'fields[0].name': 'guest.name',
      'fields[0].type': 'text',
      'fields[1].label': 'Name',
      'fields[1].name': 'guest',
      'fields[1].type': 'text',
      'fields[2].label': 'Other name',
      'fields[2].name': 'guest',
      'fields[2].type': 'text',
    });
    expect(errors).toEqual({ 'fields[0].name': [INVALID_NAME], 'fields[2].name': [nameTaken('guest')] });
  });

  it('asks a choice field for its options, and reads them one a line', () => {
    expect(
      errorsOf(CustomFormSchema, {
        title: 'T',
        type: 'form',
        'fields[0].label': 'Pick',
        'fields[0].type': 'select',
        'fields[0].options': ' \n ',
      }),
    ).toEqual({ 'fields[0].options': [OPTIONS_REQUIRED] });
    expect(parseOptions('Yes\nNo | n\n\n | only-value')).toEqual([
      { label: 'Yes', value: 'Yes' },
      { label: 'No', value: 'n' },
      { label: 'only-value', value: 'only-value' },
    ]);
  });

  it('holds at most MAX_FORM_FIELDS fields and valid email addresses', () => {
    const many: Record<string, string> = { title: 'T', type: 'form' };
    for (let index = 0; index <= MAX_FORM_FIELDS; index += 1) {
      many[`fields[${index}].label`] = `F${index}`;
      many[`fields[${index}].type`] = 'text';
    }
    expect(errorsOf(CustomFormSchema, many).fields).toEqual([TOO_MANY_FIELDS]);
    expect(errorsOf(CustomFormSchema, { title: 'T', type: 'form', emails: 'a@b.example\nnot an address' }).emails).toEqual([INVALID_EMAIL]);
    expect(valueOf(CustomFormSchema, { title: 'T', type: 'form', emails: 'a@b.example, c@d.example' }).emails).toEqual([
      'a@b.example',
      'c@d.example',
    ]);
  });

  it('stores header, label and static fields without answer settings, and choice fields with their values', () => {
    const record = customFormToRecord(
      valueOf(CustomFormSchema, {
        title: 'T',
        type: 'form',
        'fields[0].label': 'Welcome',
        'fields[0].type': 'header',
        'fields[0].subtype': 'h2',
        'fields[0].required': 'on',
        'fields[1].label': 'Pick',
        'fields[1].type': 'radio-group',
        'fields[1].options': 'A\nB',
        'fields[1].required': 'on',
      }),
    );
    expect(record.fields).toEqual([
      { type: 'header', name: 'welcome', label: 'Welcome', subtype: 'h2' },
      {
        type: 'radio-group',
        name: 'pick',
        label: 'Pick',
        required: true,
        values: [
          { label: 'A', value: 'A' },
          { label: 'B', value: 'B' },
        ],
      },
    ]);
    expect(record.standard).toBeNull();
  });

  it('round-trips the standard RSVP and waitlist forms through the editor unchanged', () => {
    for (const form of [standardRsvpForm(), waitlistForm()]) {
      const record = customFormToRecord(valueOf(CustomFormSchema, posted(form)));
      expect(record.fields).toEqual(form.fields);
      expect(record.title).toBe(form.title);
      expect(record.type).toBe('rsvp');
    }
    expect(customFormToRecord(valueOf(CustomFormSchema, posted(standardRsvpForm()))).standard).toBe(true);
  });

  it('marks every field of the default forms required (spec 03 §9)', () => {
    for (const form of [standardRsvpForm(), waitlistForm()])
      for (const field of form.fields as Array<Record<string, unknown>>) expect(field.required, String(field.name)).toBe(true);
    expect((waitlistForm().fields as Array<Record<string, unknown>>).map((field) => field.label)).toEqual([
      'Name',
      'Number Requesting',
      'Email Address',
    ]);
  });

  it('offers the standard RSVP form only while no form is marked standard', () => {
    expect(hasStandardForm([{ title: 'A' }, { title: 'B', standard: false }])).toBe(false);
    expect(hasStandardForm([{ title: 'A' }, standardRsvpForm()])).toBe(true);
  });
});
