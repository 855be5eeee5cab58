import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '@server/services';
import { installTestServices } from '../../tests/setup/services';
import { readRewardsUser, readRewardsUsers, REWARDS_USERS_SOURCE, rewardsUserOf } from './users';

/** The rewards users (spec 03 §9 "rewards user (total 0, history, barcodes, name, email)"; decision 041). */

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await installTestServices('rewards-users', { seed: false }));
});

afterAll(async () => {
  await close?.();
});

describe('a rewards user', () => {
  it('reads the default shape and odd stored values safely', () => {
    expect(rewardsUserOf('u1', {})).toEqual({ uid: 'u1', name: 'No name', email: '', total: 0, barcodes: [], history: [] });
    const user = rewardsUserOf('u2', {
      name: ' Ann ',
      email: 'ann@mail.example',
      total: 12.7,
      barcodes: { a: 'RW-1', b: { code: 'RW-2' }, c: 5, d: null },
      history: [{ title: 'Old', points: 5, date: 1000 }, { description: 'New', amount: -3, timestamp: 2000 }, 'junk'],
    });
    expect(user).toMatchObject({ name: 'Ann', total: 12, barcodes: ['RW-1', 'RW-2', '5'] });
    expect(user.history).toEqual([
      { key: '1', title: 'New', points: -3, at: 2000, note: '', by: '' },
      { key: '0', title: 'Old', points: 5, at: 1000, note: '', by: '' },
    ]);
  });
});

describe('the rewards users list', () => {
  it('lists most points first, then by name, and filters by name, e-mail or id', async () => {
    await services.db.ref(services.paths.rewardsUsers('rw-town')).set({
      a: { name: 'Zed', total: 10 },
      b: { name: 'Amy', total: 10, email: 'amy@mail.example' },
      c: { name: 'Max', total: 99 },
    });
    expect((await readRewardsUsers(services, 'rw-town')).map((user) => user.uid)).toEqual(['c', 'b', 'a']);
    expect(await readRewardsUser(services, 'rw-town', 'c')).toMatchObject({ name: 'Max', total: 99 });
    expect(await readRewardsUser(services, 'rw-town', 'nobody')).toBeNull();
    expect(await readRewardsUser(services, 'rw-town', 'a/b')).toBeNull();
    const address = { community: 'rw-town', definition: {} as never, base: 'rewards-users', tab: null };
    const page = await REWARDS_USERS_SOURCE.readPage(services as never, address, { filters: { text: 'AMY@' }, after: null, limit: 10 });
    expect(page.rows.map((row) => row.key)).toEqual(['b']);
  });
});
