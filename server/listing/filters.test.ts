import { describe, expect, it } from 'vitest';
import { GENERIC_PAGE_SIZES, type ListContextDefinition } from '~/lib/listing/types';
import { fieldValue, htmlText, listPredicate } from './filters';

const definition = (dated: ListContextDefinition['dated'] = undefined): ListContextDefinition => ({
  title: 'Events',
  itemName: 'Event',
  tabs: [],
  source: { kind: 'section' },
  order: { by: 'key' },
  fields: { title: 'title', subtitle: 'subtitle', description: 'description', locationTitle: 'location.title' },
  filters: ['text', 'date', 'recurrence'],
  pageSizes: GENERIC_PAGE_SIZES,
  permission: 'staff',
  editor: { kind: 'detail', detailType: 'event' },
  emptyMessage: 'There are no events yet.',
  loadingText: 'Loading events',
  sortable: false,
  ...(dated ? { dated } : {}),
  menuTypes: [],
});
const events = definition({ endField: 'endDate', durationField: 'endDateDuration' });
const NOW = Date.UTC(2025, 5, 1);

describe('list filters', () => {
  it('reads dotted fields', () => {
    expect(fieldValue({ location: { title: 'Lodge' } }, 'location.title')).toBe('Lodge');
    expect(fieldValue({ location: 'Lodge' }, 'location.title')).toBeUndefined();
  });

  it('searches title, subtitle, location title and the text of the description, trimmed and case-insensitive', () => {
    const matches = listPredicate(definition(), { text: '  SUNDAY brunch ' }, NOW)!;
    expect(matches({ title: 'Sunday Brunch' })).toBe(true);
    expect(matches({ title: 'Menu', subtitle: 'sunday brunch only' })).toBe(true);
    expect(matches({ title: 'Menu', location: { title: 'The Sunday Brunch Room' } })).toBe(true);
    expect(matches({ title: 'Menu', description: '<p>Our <b>Sun</b>day&nbsp;brunch</p>' })).toBe(true);
    expect(matches({ title: 'Menu', description: '<p>Sunday</p><p>brunch</p>' })).toBe(true);
    expect(matches({ title: 'Menu', description: '<p>Sun</p><p>day brunch</p>' })).toBe(false);
    expect(matches({ title: 'Menu', description: '<a href="sunday brunch">link</a>' })).toBe(false);
    expect(matches({ title: 'Sunday lunch' })).toBe(false);
    expect(htmlText('Fish &amp; chips &#8211; &#x2014;')).toBe('Fish & chips – —');
  });

  it('keeps events ending after the start date and ending (plus duration) before the end date', () => {
    const after = listPredicate(events, { start: 1_000 }, NOW)!;
    expect(after({ endDate: 1_001 })).toBe(true);
    expect(after({ endDate: 1_000 })).toBe(false);
    expect(after({ endDate: 0 })).toBe(true);
    const before = listPredicate(events, { end: 1_000 }, NOW)!;
    expect(before({ endDate: 900, endDateDuration: 99 })).toBe(true);
    expect(before({ endDate: 900, endDateDuration: 100 })).toBe(false);
    expect(before({ endDate: 999 })).toBe(true);
    expect(before({})).toBe(false);
  });

  it('splits dated lists into active and archive views', () => {
    const active = listPredicate(events, { view: 'active' }, NOW)!;
    const archive = listPredicate(events, { view: 'archive' }, NOW)!;
    const items = [{ endDate: NOW + 1 }, { endDate: 0 }, {}, { endDate: NOW }, { endDate: NOW - 1 }];
    expect(items.map((item) => active(item))).toEqual([true, true, true, false, false]);
    expect(items.map((item) => archive(item))).toEqual([false, false, false, true, true]);
  });

  it('leaves an event deleted from the active view out of it, though the view keeps today’s ended events', () => {
    const active = listPredicate(events, { view: 'active', activeFrom: NOW - 10 }, NOW)!;
    const archive = listPredicate(events, { view: 'archive' }, NOW)!;
    const ended = { endDate: NOW - 1 };
    const deleted = { endDate: NOW - 1, deleted: { time: NOW - 1 } };
    expect([active(ended), archive(ended)]).toEqual([true, true]);
    expect([active(deleted), archive(deleted)]).toEqual([false, true]);
    // A mark without an end before now (a record restored by hand with new dates) does not hide it.
    expect(active({ endDate: NOW + 1, deleted: { time: NOW - 1 } })).toBe(true);
  });

  it('keeps one recurrence, and combines filters', () => {
    const matches = listPredicate(events, { recurrenceId: 'r1', view: 'active', text: 'swim' }, NOW)!;
    expect(matches({ title: 'Swim', recurrenceId: 'r1', endDate: NOW + 1 })).toBe(true);
    expect(matches({ title: 'Swim', recurrenceId: 'r2', endDate: NOW + 1 })).toBe(false);
    expect(matches({ title: 'Swim', recurrenceId: 'r1', endDate: NOW - 1 })).toBe(false);
    expect(matches({ title: 'Golf', recurrenceId: 'r1', endDate: NOW + 1 })).toBe(false);
  });

  it('has no predicate without filters, and ignores date and view filters on undated lists', () => {
    expect(listPredicate(events, { text: '  ' }, NOW)).toBeNull();
    expect(listPredicate(definition(), { start: 1, end: 2, view: 'archive' }, NOW)).toBeNull();
  });
});
