import { describe, expect, it } from 'vitest';
import { TITLE_REQUIRED } from './shared';
import { errorsOf, valueOf } from './testing';
import { CategorySchema, UserGroupSchema } from './topic';

describe('message topics (spec 02 §3)', () => {
  it('need a title', () => {
    expect(errorsOf(UserGroupSchema, {})).toEqual({ title: [TITLE_REQUIRED] });
    expect(errorsOf(CategorySchema, { description: 'x'.repeat(501) })).toMatchObject({ title: [TITLE_REQUIRED] });
  });

  it('read each flag from its checkbox; a category has the giveaway flags, a user group not', () => {
    expect(valueOf(CategorySchema, { title: 'Giveaways', userSelectable: 'on', isGiveaway: 'on' })).toEqual({
      title: 'Giveaways',
      userSelectable: true,
      default: false,
      isGiveaway: true,
      defaultScannable: false,
    });
    expect(valueOf(UserGroupSchema, { title: 'Seasonal Campers', default: 'on', isGiveaway: 'on' })).toEqual({
      title: 'Seasonal Campers',
      userSelectable: false,
      default: true,
    });
  });
});
