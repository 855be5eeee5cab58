import { describe, expect, it } from 'vitest';
import { entryAnswers } from './answers';

/** A form entry's answers in the form's order, as the entry view and the PDF show them (spec 02 §3 "Form schema fields"). */

const FORM = {
  kind: 'form' as const,
  record: {
    fields: [
      { type: 'header', name: 'h', label: '<h2>Your <b>visit</b></h2>' },
      { type: 'static', name: 's', label: 'Up to four visitors.' },
      { type: 'text', name: 'name', label: 'Your name' },
      { type: 'hidden', name: 'secret', label: 'Secret' },
      { type: 'select', name: 'kind', label: 'Kind', values: [{ label: 'Day visit', value: 'day' }] },
      {
        type: 'checkbox-group',
        name: 'needs',
        label: 'Needs',
        values: [
          { label: 'Power', value: 'p' },
          { label: 'Water', value: 'w' },
        ],
      },
      { type: 'date', name: 'day', label: 'Visit date' },
      { type: 'starRating', name: 'stars', label: 'Stars' },
      { type: 'label', name: 'site', label: 'Site number' },
      { type: 'label', name: 'note', label: 'Check in at the office.' },
      { type: 'image', name: 'photo', label: 'Photo' },
      { type: 'signature', name: 'sig', label: 'Signature' },
      { type: 'text', name: 'plate', label: 'Plate' },
    ],
  },
};

describe('entryAnswers', () => {
  it("gives every field in the form's order: headers and static text as text, answers under their labels, Not Answered when empty", () => {
    const answers = entryAnswers(
      FORM,
      {
        answers: {
          name: { value: 'Ann' },
          secret: { value: 'x' },
          kind: { value: 'day' },
          needs: { value: ['p', 'w'] },
          day: { value: Date.UTC(2026, 6, 1, 5) },
          stars: { value: 4 },
          site: { value: '51' },
          photo: { value: '/files/c1/p.jpg' },
          sig: { value: 'data:image/png;base64,AAAA' },
          plate: { value: '  ' },
        },
      },
      'America/Chicago',
    );
    expect(answers).toEqual([
      { kind: 'header', text: 'Your visit' },
      { kind: 'static', text: 'Up to four visitors.' },
      { kind: 'text', label: 'Your name', text: 'Ann' },
      { kind: 'text', label: 'Kind', text: 'Day visit' },
      { kind: 'text', label: 'Needs', text: 'Power, Water' },
      { kind: 'text', label: 'Visit date', text: '07/01/2026' },
      { kind: 'text', label: 'Stars', text: '4 of 5 stars' },
      { kind: 'text', label: 'Site number', text: '51' },
      { kind: 'static', text: 'Check in at the office.' },
      { kind: 'image', label: 'Photo', value: '/files/c1/p.jpg' },
      { kind: 'signature', label: 'Signature', value: 'data:image/png;base64,AAAA' },
      { kind: 'empty', label: 'Plate', text: 'Not Answered' },
    ]);
  });

  it('reads fields kept as a keyed object, and gives a feedback item without fields the feedback schema', () => {
    const keyed = entryAnswers({ kind: 'form', record: { fields: { a: { type: 'text', name: 'x', label: 'X' } } } }, {}, 'UTC');
    expect(keyed).toEqual([{ kind: 'empty', label: 'X', text: 'Not Answered' }]);
    const feedback = entryAnswers({ kind: 'feedback', record: {} }, { answers: { cleanliness: { value: 5 } } }, 'UTC');
    expect(feedback.map((answer) => ('label' in answer ? answer.label : answer.text))).toEqual([
      'Name',
      'Site number',
      'Start date',
      'End date',
      'Cleanliness',
      'Staff',
      'Amenities',
      'Additional comments',
    ]);
  });
});
