import { describe, expect, it } from 'vitest';
import { LIST_CONTEXTS, LIST_CONTEXT_KEYS, contextForMenuType, listContext } from './contexts';
import { LIST_MENU_TYPES } from './menu-types';
import { GENERIC_PAGE_SIZES, type ListContextDefinition } from './types';

const entries = (): Array<[string, ListContextDefinition]> => Object.entries(LIST_CONTEXTS);
const EVENT_LISTS = ['events', 'calendar-events'];

describe('the list context registry', () => {
  it('opens exactly one context for each list menu type, and none for other types', () => {
    const opened = entries().flatMap(([, definition]) => definition.menuTypes);
    expect([...opened].sort()).toEqual([...LIST_MENU_TYPES].sort());
    for (const type of LIST_MENU_TYPES) {
      const key = contextForMenuType(type);
      expect(key, type).not.toBeNull();
      expect(key && LIST_CONTEXTS[key].menuTypes).toContain(type);
    }
    for (const type of ['messages', 'amc-events', 'form', 'website', '']) expect(contextForMenuType(type), type).toBeNull();
  });

  it('finds a context by its URL word, and nothing else', () => {
    expect(listContext('faqs')).toMatchObject({ key: 'faqs', title: 'FAQs', emptyMessage: 'There are no FAQs yet.' });
    expect(listContext('systemwide-user-group')?.key).toBe('systemwide-user-group');
    for (const word of ['nope', 'constructor', 'toString', '__proto__', 'FAQS']) expect(listContext(word), word).toBeNull();
    expect(LIST_CONTEXT_KEYS).toHaveLength(Object.keys(LIST_CONTEXTS).length);
  });

  it('gives the content lists their tabs', () => {
    const tabIds = (key: string) => listContext(key)?.tabs.map((tab) => tab.id);
    expect(tabIds('contacts')).toEqual(['offices', 'emergency']);
    expect(tabIds('dining')).toEqual(['resort', 'delivery', 'local']);
    expect(tabIds('recreation')).toEqual(['resort', 'local']);
    expect(tabIds('services')).toEqual(['resort', 'local']);
    expect(tabIds('reservations')).toEqual(['lodging', 'miscellaneous']);
    expect(tabIds('attractions')).toEqual([]);
  });

  it('keeps content lists undated, text-filtered, in generic chunks, sorted by hand unless the spec says otherwise', () => {
    for (const [key, definition] of entries().filter(([key]) => !EVENT_LISTS.includes(key))) {
      expect(definition.filters, key).toEqual(['text']);
      expect(definition.pageSizes, key).toEqual(GENERIC_PAGE_SIZES);
      expect(definition.dated, key).toBeUndefined();
      // Hand-sorted lists are ordered by ordinal; a list ordered otherwise cannot be sorted.
      expect(definition.sortable, key).toBe(definition.order.by === 'ordinal');
      expect(definition.loadingText, key).toMatch(/^Loading \S/);
      expect(definition.emptyMessage, key).toMatch(/^There (are|is) no .+ yet\.$/);
    }
    expect(
      ['category', 'user-group', 'systemwide-category', 'systemwide-user-group', 'categorygrid'].filter(
        (key) => listContext(key)?.sortable,
      ),
    ).toEqual([]);
  });

  it('dates the event lists: text, date (and recurrence) filters, the spec’s page sizes, by start, not sorted by hand', () => {
    expect(listContext('events')).toMatchObject({
      filters: ['text', 'date'],
      pageSizes: { first: 50, next: 20 },
      order: { by: 'key' },
      source: { kind: 'section', base: 'events' },
      sortable: false,
      menuTypes: ['events'],
      loadingText: 'Loading events',
      dated: { endField: 'endDate', durationField: 'endDateDuration', startField: 'startDate' },
    });
    expect(listContext('events')?.tabs.map((tab) => tab.id)).toEqual(['resort', 'local']);
    expect(listContext('calendar-events')).toMatchObject({
      filters: ['text', 'date', 'recurrence'],
      pageSizes: { first: 50, next: 40 },
      order: { by: 'child', child: 'startDate' },
      source: { kind: 'calendar' },
      editor: { kind: 'detail', detailType: 'events' },
      sortable: false,
      menuTypes: [],
    });
  });

  it('reads topics of one type, the system-wide ones from the system area for system admins only', () => {
    expect(listContext('category')?.source).toEqual({
      kind: 'node',
      node: ['messages-config', 'topics'],
      where: { child: 'type', equals: 'category' },
    });
    expect(listContext('systemwide-user-group')?.source).toEqual({
      kind: 'system',
      node: ['messages-config', 'topics'],
      where: { child: 'type', equals: 'user-group' },
    });
    for (const [key, definition] of entries()) {
      expect(definition.permission, key).toBe(definition.source.kind === 'system' ? 'system-admin' : 'staff');
    }
    expect(listContext('category')?.order).toEqual({ by: 'key' });
  });

  it('edits detail-item rows with the business detail editor and submenu rows with the menu item editor', () => {
    for (const key of ['dining', 'recreation', 'services', 'attractions', 'reservations', 'business'])
      expect(listContext(key)?.editor, key).toEqual({ kind: 'detail', detailType: 'business' });
    expect(listContext('categorygrid')?.editor).toEqual({ kind: 'menu-item' });
    expect(listContext('categorygrid')?.fields.title).toBe('name');
  });

  it('names an inline editor field for each of its schema keys, and a field for each key', () => {
    for (const [key, definition] of entries()) {
      const { editor } = definition;
      if (editor.kind !== 'inline') continue;
      const shape: unknown = 'shape' in editor.schema ? editor.schema.shape : null;
      expect(shape, key).toBeTypeOf('object');
      expect(editor.fields.map((field) => field.name).sort(), key).toEqual(Object.keys(shape ?? {}).sort());
    }
  });
});
