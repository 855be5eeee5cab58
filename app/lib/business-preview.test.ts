import { describe, expect, it } from 'vitest';
import { previewModel } from './business-preview';

describe('the business preview (spec 03 §2)', () => {
  it('gives every button a library glyph: the built-in ones their own, custom ones theirs or their action’s', () => {
    const model = previewModel({
      allowFavorite: true,
      dollarsActive: true,
      phone: '518-555-0100',
      city: 'Lake Town',
      website: 'https://grill.example',
      menu: 'https://grill.example/menu',
      hasSpecial: true,
      detailButtons: [
        { title: 'Order', icon: 'pizza', action: 'website' },
        { title: 'Write us', icon: 'no-such-icon', action: { action: 'mailto' } },
        { title: 'Other', icon: '<svg onload=x>', action: 'form' },
        { title: '' },
        'not a button',
      ],
    });
    expect(model.buttons.map(({ id, icon }) => [id, icon])).toEqual([
      ['messages', 'messages'],
      ['favorite', 'heart'],
      ['pay', 'dollar'],
      ['call', 'phone'],
      ['map', 'map-pin'],
      ['website', 'globe'],
      ['menu', 'dining'],
      ['special', 'tag'],
      ['custom-0', 'pizza'],
      ['custom-1', 'mail'],
      ['custom-2', 'update_app'],
    ]);
  });
});
