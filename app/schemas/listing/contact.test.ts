import { describe, expect, it } from 'vitest';
import { ContactSchema } from './contact';
import { DESCRIPTION_TOO_LONG, NAME_REQUIRED, PHONE_DIGITS, TITLE_REQUIRED } from './shared';
import { SimpleItemSchema } from './simple';
import { errorsOf, valueOf } from './testing';

describe('contacts and simple items (spec 03 §9 default item shapes)', () => {
  it('a contact needs a name; its phone, when given, at least seven digits', () => {
    expect(errorsOf(ContactSchema, { position: 'Front Office', phone: '911' })).toEqual({ name: [NAME_REQUIRED], phone: [PHONE_DIGITS] });
    expect(NAME_REQUIRED).toBe('Name is required.');
    expect(valueOf(ContactSchema, { name: 'Front Office' })).toEqual({ name: 'Front Office' });
  });

  it('a simple item needs a title and keeps its rich text as posted, within a limit', () => {
    expect(errorsOf(SimpleItemSchema, { htmlDescription: '<p>x</p>'.repeat(3000) })).toEqual({
      title: [TITLE_REQUIRED],
      htmlDescription: [DESCRIPTION_TOO_LONG],
    });
    expect(valueOf(SimpleItemSchema, { title: 'Pets', htmlDescription: '<p>On a <strong>leash</strong></p>' }).htmlDescription).toBe(
      '<p>On a <strong>leash</strong></p>',
    );
  });
});
