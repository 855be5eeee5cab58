import { describe, expect, it } from 'vitest';
import { listContext } from '~/lib/listing/contexts';
import { SIMPLE_EDITOR } from '~/lib/listing/editors';
import type { ListContextDefinition } from '~/lib/listing/types';
import { cleanRichText, duplicateSource, inlineEditorOf, isElsewhere, keepOriginalFields } from './item-editor';

const listOf = (key: string, base: string, tab: { id: string; title: string } | null = null) => {
  const definition = listContext(key) as ListContextDefinition;
  return { definition, address: { community: 'demo', definition, base, tab } };
};

describe('inlineEditorOf', () => {
  it('answers the list’s own form for inline editors', () => {
    const editor = inlineEditorOf(listOf('faqs', 'faqs'), null);
    expect(isElsewhere(editor)).toBe(false);
    expect(editor).toBe(SIMPLE_EDITOR);
  });

  it('sends business items to their detail screen, a new one without a key', () => {
    const list = listOf('dining', 'dining', { id: 'resort', title: 'Resort' });
    expect(inlineEditorOf(list, 'lakeside grill')).toEqual({ kind: 'redirect', to: '/detail/business/dining-resort/lakeside%20grill' });
    expect(inlineEditorOf(list, null)).toEqual({ kind: 'redirect', to: '/detail/business/dining-resort' });
  });

  it('sends submenu items to the home grid showing the submenu', () => {
    expect(inlineEditorOf(listOf('categorygrid', 'shops'), 'x')).toEqual({ kind: 'redirect', to: '/?section=shops' });
  });
});

describe('duplicating', () => {
  it('leaves ids, order, times and recurrence behind', () => {
    const stored = { title: 'Swim', id: 'a', ordinal: 3, effectiveTime: 1, recurrenceId: 'r', placeId: 'p', images: ['x'] };
    expect(duplicateSource(stored)).toEqual({ title: 'Swim', images: ['x'] });
  });

  it('keeps what the form does not show from the original, never over what was posted', () => {
    const record: Record<string, unknown> = { title: 'Copy' };
    keepOriginalFields(record, { title: 'Original', images: ['x'], ordinal: 9, id: 'a' });
    expect(record).toEqual({ title: 'Copy', images: ['x'] });
  });
});

describe('cleanRichText', () => {
  it('sanitizes rich text and writes its plain description beside it', () => {
    const out = cleanRichText(SIMPLE_EDITOR, { title: 'T', htmlDescription: '<p>Hello <script>x()</script><b>there</b></p>' });
    expect(out.htmlDescription).toBe('<p>Hello <b>there</b></p>');
    expect(out.description).toBe('Hello there');
  });
});
