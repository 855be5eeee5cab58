import { describe, expect, it } from 'vitest';
import { firstSectionWithError, openSections, sectionsWithErrors } from './editor-sections';

const SECTIONS = [{ id: 'general' }, { id: 'dates' }, { id: 'buttons' }] as const;
type Id = (typeof SECTIONS)[number]['id'];
const FIELDS: Record<string, Id> = { title: 'general', startDate: 'dates', detailButtons: 'buttons' };
const sectionOf = (name: string): Id | undefined => FIELDS[name.split(/[.[]/)[0] ?? ''];

describe('the sections of an accordion after a refused save', () => {
  it('opens the first section with an error when one is named', () => {
    expect(firstSectionWithError(SECTIONS, sectionOf, ['detailButtons[0].title', 'startDate'])).toBe('dates');
  });

  it('lists every section holding an error, ignoring fields whose messages are empty and form-level errors', () => {
    const errors = { 'detailButtons[1].url': ['Valid URL is required.'], title: [], '': ['Nothing was saved.'], startDate: null };
    expect([...sectionsWithErrors(errors, sectionOf)]).toEqual(['buttons']);
  });

  it('draws open the named section and every section with an error', () => {
    const opened = openSections<Id>(
      'general',
      { 'detailButtons[0].title': ['Title is required.'], startDate: ['Start date is required.'] },
      sectionOf,
    );
    expect([...opened].sort()).toEqual(['buttons', 'dates', 'general']);
    expect([...openSections<Id>('general', undefined, sectionOf)]).toEqual(['general']);
  });
});
