import { describe, expect, it } from 'vitest';
import { valueOf } from '~/schemas/listing/testing';
import {
  BOOKING_EDITOR,
  CATEGORY_EDITOR,
  CONTACT_EDITOR,
  LOCATION_EDITOR,
  SIMPLE_EDITOR,
  STORE_ITEM_EDITOR,
  USER_GROUP_EDITOR,
} from './editors';
import type { InlineEditor } from './types';

/** A form value as the browser posts it: nested names (`hours.Mon[0].open`), checkboxes only when ticked. */
function posted(value: unknown, name = ''): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item, index) => posted(item, `${name}[${index}]`));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => posted(item, name ? `${name}.${key}` : key));
  if (value === undefined || value === null) return [];
  return [[name, String(value)]];
}

/** Stored item → form → post → parse → record: what saving the untouched form stores. */
function resave(editor: InlineEditor, stored: Record<string, unknown>): Record<string, unknown> {
  return editor.toRecord(valueOf(editor.schema, posted(editor.toForm(stored))));
}

describe('the list editors (spec 03 §9 default item shapes)', () => {
  it('store what they show: saving an untouched stored item keeps its fields', () => {
    const faq = { title: 'Is there Wi-Fi?', htmlDescription: '<p>Yes.</p>', description: 'Yes.' };
    expect(resave(SIMPLE_EDITOR, faq)).toEqual({ title: faq.title, htmlDescription: faq.htmlDescription });

    const contact = { name: 'Front Office', position: 'Check-in', phone: '(518) 555-0147' };
    expect(resave(CONTACT_EDITOR, contact)).toEqual(contact);

    const location = {
      title: 'Camp Store',
      address: '4120 Lakeshore Road',
      city: 'Lake Luzerne',
      state: 'NY',
      zip: '12846',
      latitude: '43.3117',
      longitude: '-73.8356',
      phone: '(518) 555-0147',
      website: 'https://www.pinehollowrv.example/store',
      hours: { Mon: [{ open: '9:00 AM', close: '5:00 PM' }], Sat: [{ open: '8:00 AM', close: '?' }] },
    };
    expect(resave(LOCATION_EDITOR, location)).toEqual(location);

    const store = {
      title: 'Firewood Bundle',
      htmlDescription: '<p>Seasoned hardwood.</p>',
      price: 8,
      active: true,
      primaryOptions: [{ title: 'Pick up' }, { title: 'Deliver to site' }],
      secondaryOptions: [{ title: 'Morning' }],
    };
    expect(resave(STORE_ITEM_EDITOR, store)).toEqual(store);

    const booking = { title: 'Tennis Court', htmlDescription: '<p>Court 1.</p>', duration: 45, capacity: 4, active: false };
    expect(resave(BOOKING_EDITOR, booking)).toEqual(booking);
  });

  it('clear what was emptied (null), so saving over the stored item removes it', () => {
    const form = { ...LOCATION_EDITOR.toForm({ title: 'Pool', phone: '(518) 555-0147', latitude: '43.3', longitude: '-73.8' }) };
    const record = LOCATION_EDITOR.toRecord(valueOf(LOCATION_EDITOR.schema, posted({ ...form, phone: '', coordinates: {} })));
    expect(record).toMatchObject({ title: 'Pool', phone: null, latitude: null, longitude: null, hours: null, address: null });
    expect(STORE_ITEM_EDITOR.toRecord(valueOf(STORE_ITEM_EDITOR.schema, { title: 'Ice', price: '4' }))).toMatchObject({
      primaryOptions: null,
      secondaryOptions: null,
      htmlDescription: null,
    });
  });

  it('show a plain description as rich text when an item has no HTML', () => {
    expect(SIMPLE_EDITOR.toForm({ title: 'Pets', description: 'Leash <6 ft>\n\nPick up after them.' })).toEqual({
      title: 'Pets',
      htmlDescription: '<p>Leash &lt;6 ft&gt;</p><p>Pick up after them.</p>',
    });
  });

  it('start topics with the spec defaults and store their type', () => {
    const category = CATEGORY_EDITOR.toRecord(
      valueOf(CATEGORY_EDITOR.schema, posted({ ...CATEGORY_EDITOR.defaults(), title: 'Specials' })),
    );
    expect(category).toEqual({
      type: 'category',
      title: 'Specials',
      description: null,
      userSelectable: true,
      default: true,
      isGiveaway: false,
      defaultScannable: false,
    });
    const group = USER_GROUP_EDITOR.toRecord(
      valueOf(USER_GROUP_EDITOR.schema, posted({ ...USER_GROUP_EDITOR.defaults(), title: 'Staff' })),
    );
    expect(group).toEqual({ type: 'user-group', title: 'Staff', description: null, userSelectable: true, default: true });
    // A stored topic without the flags shows the defaults; stored flags win.
    expect(CATEGORY_EDITOR.toForm({ title: 'Old', userSelectable: false })).toMatchObject({
      userSelectable: undefined,
      default: 'on',
      isGiveaway: undefined,
    });
  });

  it('start new store items and bookings active', () => {
    expect(STORE_ITEM_EDITOR.defaults()).toMatchObject({ active: 'on' });
    expect(BOOKING_EDITOR.defaults()).toMatchObject({ active: 'on', duration: 60 });
  });
});
