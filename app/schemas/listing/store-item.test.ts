import { describe, expect, it } from 'vitest';
import { TITLE_REQUIRED } from './shared';
import { INVALID_PRICE, PRICE_REQUIRED, StoreItemSchema, parseMoney } from './store-item';
import { errorsOf, valueOf } from './testing';

describe('a store item', () => {
  it('needs a title and a price', () => {
    expect(errorsOf(StoreItemSchema, {})).toEqual({ title: [TITLE_REQUIRED], price: [PRICE_REQUIRED] });
  });

  it('reads a price of 0 or more with at most two decimals, stored as a number', () => {
    expect(parseMoney('8')).toBe(8);
    expect(parseMoney('$1,200.50')).toBe(1200.5);
    expect(parseMoney('.5')).toBe(0.5);
    expect(parseMoney('0')).toBe(0);
    for (const bad of ['-1', '8.505', 'free', '1,20', '100001']) expect(parseMoney(bad), bad).toBeNull();
    expect(errorsOf(StoreItemSchema, { title: 'Ice', price: '-4' }).price).toEqual([INVALID_PRICE]);
    expect(valueOf(StoreItemSchema, { title: 'Ice', price: '4.00' }).price).toBe(4);
  });

  it('keeps its option lists as rows of titles, and active only when ticked', () => {
    const value = valueOf(StoreItemSchema, {
      title: 'Firewood Bundle',
      price: '8',
      'primaryOptions[0].title': 'Pick up at Camp Store',
      'primaryOptions[1].title': 'Deliver to site',
    });
    expect(value.primaryOptions).toEqual([{ title: 'Pick up at Camp Store' }, { title: 'Deliver to site' }]);
    expect(value.secondaryOptions).toBeUndefined();
    expect(value.active).toBe(false);
  });
});
