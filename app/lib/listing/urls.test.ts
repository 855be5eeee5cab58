import { describe, expect, it } from 'vitest';
import { EDITOR_ID } from '~/components/shell/home-actions';
import { atRow, inPanel, listUrls, PANEL_FRAGMENT, rowAnchor } from './urls';

describe('the places of a list screen', () => {
  it('points the forms of the right column at its landmark', () => {
    expect(PANEL_FRAGMENT).toBe(`#${EDITOR_ID}`);
    expect(inPanel('/list/main-menu/regulations/all/edit/r1')).toBe('/list/main-menu/regulations/all/edit/r1#editor');
    expect(inPanel('/amc-messages/messages/edit?id=m1&list=messages')).toBe('/amc-messages/messages/edit?id=m1&list=messages#editor');
    expect(inPanel('/list/main-menu/regulations#row-r1')).toBe('/list/main-menu/regulations#row-r1');
  });

  it('returns a closed form to its row', () => {
    expect(rowAnchor('r1')).toBe('row-r1');
    expect(atRow('/list/main-menu/regulations?q=pets', 'r1')).toBe('/list/main-menu/regulations?q=pets#row-r1');
    expect(atRow('/listnm/contacts#editor', 'lakeside grill')).toBe('/listnm/contacts#row-lakeside%20grill');
  });

  it("opens a message's form with the list's filters and later pages, so it can return to the row", () => {
    const location = { family: 'messages', context: 'messages', view: 'scheduled' } as const;
    expect(listUrls(location, '?q=pool&more=2&index=9').item('edit', 'm1')).toBe(
      '/amc-messages/messages/edit?q=pool&more=2&id=m1&list=scheduled',
    );
    expect(listUrls({ ...location, view: 'active' }, '').item('edit', 'm1')).toBe('/amc-messages/messages/edit?id=m1&list=messages');
  });
});
