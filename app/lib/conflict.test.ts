import { describe, expect, it } from 'vitest';
import { VERSION_FIELD, conflictMessage, conflictRows, displayValue, postedVersion } from './conflict';

describe('concurrent edit notices', () => {
  it('says what happened in the spec voice', () => {
    expect(conflictMessage('This menu item')).toBe(
      'This menu item was changed by someone else while you were editing. Their version is shown below; your changes are still in the form. Save again to replace theirs.',
    );
  });

  it('reads the posted version, or null', () => {
    const data = new FormData();
    expect(postedVersion(data)).toBeNull();
    data.set(VERSION_FIELD, '  ');
    expect(postedVersion(data)).toBeNull();
    data.set(VERSION_FIELD, 'abc');
    expect(postedVersion(data)).toBe('abc');
  });

  it('lists their values that differ from what was typed, as text', () => {
    expect(displayValue([{ site: 'facebook', url: 'https://f.example' }, { site: 'x' }])).toBe('facebook https://f.example; x');
    expect(
      conflictRows(
        { name: 'Title', description: 'Description', color: 'Colour', restricted: 'Restricted', auth: 'User groups' },
        { name: 'Pool', description: 'Open at 9', color: '#ABCDEF', restricted: true, auth: ['isAdmin'] },
        { name: 'Pool', description: 'Open at 10', color: '#abcdef', restricted: false, auth: ['isAdmin'] },
      ),
    ).toEqual([
      { label: 'Description', value: 'Open at 9' },
      { label: 'Restricted', value: 'Yes' },
    ]);
    expect(conflictRows({ description: 'Description' }, { description: '' }, { description: 'new' })).toEqual([
      { label: 'Description', value: '(empty)' },
    ]);
  });
});
