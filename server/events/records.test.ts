import { describe, expect, it } from 'vitest';
import { calendarsOf, compactUpdates, contextsOf, foreignContexts, isArchived, merged } from './records';

describe('compactUpdates', () => {
  it('drops what a deletion above covers and folds writes below a written object into it', () => {
    expect(
      compactUpdates({
        'a/b/c': 1,
        'a/b': null,
        'x/y': { keep: true, drop: 1 },
        'x/y/z/w': 2,
        'x/y/drop': null,
        'p/q': 3,
      }),
    ).toEqual({ 'a/b': null, 'x/y': { keep: true, z: { w: 2 } }, 'p/q': 3 });
  });

  it('leaves paths that do not overlap as they are (siblings with a common prefix included)', () => {
    const updates = { 'a/b': 1, 'a/bc': 2, 'a/c/d': null };
    expect(compactUpdates(updates)).toEqual(updates);
  });
});

describe('contexts', () => {
  const event = {
    contexts: [
      'c1/amc-events/calendars/a',
      'c1/amc-events/calendars/b',
      'c2/amc-events/calendars/a',
      'c1/dining',
      'c1/amc-events/calendars/a',
      7,
    ],
  };
  it("reads the community's calendars and keeps the others' contexts", () => {
    expect(calendarsOf(event, 'c1')).toEqual(['a', 'b']);
    expect(calendarsOf(event, 'c3')).toEqual([]);
    expect(foreignContexts(event, 'c1')).toEqual(['c2/amc-events/calendars/a']);
    expect(contextsOf('c1', ['b'], ['c2/amc-events/calendars/a'])).toEqual(['c1/amc-events/calendars/b', 'c2/amc-events/calendars/a']);
    expect(calendarsOf({ sections: ['c1/amc-events/calendars/z'] }, 'c1', 'sections')).toEqual(['z']);
  });

  it('merges fields (null deletes, undefined skips) and tells archived events', () => {
    expect(merged({ a: 1, b: 2 }, { b: null, c: 3, d: undefined })).toEqual({ a: 1, c: 3 });
    expect(isArchived({ endDate: 10 }, 10)).toBe(true);
    expect(isArchived({ endDate: 11 }, 10)).toBe(false);
    expect(isArchived({}, 10)).toBe(false);
  });
});
