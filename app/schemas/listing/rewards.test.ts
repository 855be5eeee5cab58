import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { REWARDS_ITEM_EDITOR } from '~/lib/listing/editors';
import { INVALID_POINTS, RewardsItemSchema } from './rewards';

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: RewardsItemSchema });
};
const errors = (fields: Record<string, string>) => {
  const parsed = parse(fields);
  return parsed.status === 'error' ? (parsed.error ?? {}) : {};
};

describe('a rewards item (title, htmlDescription, description, points)', () => {
  it('takes a title, rich text and whole points', () => {
    const parsed = parse({ title: ' Review ', htmlDescription: '<p>Hi</p>', points: '50' });
    expect(parsed.status).toBe('success');
    expect(parsed.status === 'success' && REWARDS_ITEM_EDITOR.toRecord(parsed.value)).toEqual({
      title: 'Review',
      htmlDescription: '<p>Hi</p>',
      points: 50,
    });
  });

  it('refuses a missing title and points that are not a whole number from 0 to 1000000', () => {
    expect(errors({ points: '1' }).title).toEqual(['Title is required.']);
    for (const points of ['-1', '1.5', '1000001', 'x']) expect(errors({ title: 'T', points }).points, points).toEqual([INVALID_POINTS]);
    expect(errors({ title: 'T' }).points).toEqual(['Points are required.']);
  });

  it('fills the form from a stored item, and a new one starts at 0 points', () => {
    expect(REWARDS_ITEM_EDITOR.defaults()).toEqual({ title: '', htmlDescription: '', points: 0 });
    expect(REWARDS_ITEM_EDITOR.toForm({ title: 'A', description: 'plain', points: 7 })).toEqual({
      title: 'A',
      htmlDescription: '<p>plain</p>',
      points: 7,
    });
    expect(REWARDS_ITEM_EDITOR.toForm({ points: '7' })).toMatchObject({ points: 0 });
  });
});
