import { describe, expect, it } from 'vitest';
import { editorHref } from './home-actions';
import { leftColumnEntryHref, parseLeftColumnChoice } from './left-column-state';

describe('links of the left column and to the right column', () => {
  it('points links to right-column screens at the editor', () => {
    expect(editorHref('/community-setup')).toBe('/community-setup#editor');
    expect(editorHref('/home/edit/activities')).toBe('/home/edit/activities#editor');
    expect(editorHref('/add?type=form')).toBe('/add?type=form#editor');
    expect(editorHref('/listnm/switch-community')).toBe('/listnm/switch-community');
    // A list's form opens in its right column; the list itself does not.
    expect(editorHref('/amc-messages/messages/add')).toBe('/amc-messages/messages/add#editor');
    expect(editorHref('/amc-messages/messages')).toBe('/amc-messages/messages');
    expect(editorHref('/')).toBe('/');
    expect(editorHref('/add#top')).toBe('/add#top');
    expect(editorHref('https://example.com/add')).toBe('https://example.com/add');
  });

  it('closes the opened drawer with the chosen entry, keeping the query and fragment', () => {
    expect(leftColumnEntryHref('/community-setup#editor', 'expanded')).toBe('/community-setup?leftColumn=auto#editor');
    expect(leftColumnEntryHref('/app-setup?appId=x', 'expanded')).toBe('/app-setup?appId=x&leftColumn=auto');
    expect(leftColumnEntryHref('/community-setup#editor', 'auto')).toBe('/community-setup#editor');
    expect(leftColumnEntryHref('/', 'collapsed')).toBe('/');
  });

  it("reads 'auto' as a choice in the address", () => {
    expect(parseLeftColumnChoice('auto')).toBe('auto');
    expect(parseLeftColumnChoice('expanded')).toBe('expanded');
    expect(parseLeftColumnChoice('wide')).toBeNull();
  });
});
