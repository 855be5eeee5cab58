import { describe, expect, it } from 'vitest';
import { groupRowsByDay } from './groups';

const row = (key: string, day: string | null) => ({ key, day: day ? { key: day, heading: `Heading ${day}` } : null });

describe('groupRowsByDay', () => {
  it('groups consecutive rows of one day in the list’s order; a day met again opens a group of its own', () => {
    const groups = groupRowsByDay([
      row('a', '2027-06-05'),
      row('b', '2027-06-05'),
      row('c', '2027-06-06'),
      row('d', '2027-06-05'),
      row('e', null),
    ]);
    expect(groups.map((group) => [group.id, group.heading, group.rows.map((member) => member.key)])).toEqual([
      ['2027-06-05', 'Heading 2027-06-05', ['a', 'b']],
      ['2027-06-06', 'Heading 2027-06-06', ['c']],
      ['2027-06-05-2', 'Heading 2027-06-05', ['d']],
      ['undated', null, ['e']],
    ]);
  });

  it('keeps a day split across chunks: each chunk starts with its day, and shown together they are one group', () => {
    const first = [row('a', '2027-06-05'), row('b', '2027-06-05')];
    const next = [row('c', '2027-06-05'), row('d', '2027-06-06')];
    expect(groupRowsByDay(next)[0]?.heading).toBe('Heading 2027-06-05');
    expect(groupRowsByDay([...first, ...next]).map((group) => group.rows.length)).toEqual([3, 1]);
    expect(groupRowsByDay([])).toEqual([]);
  });
});
