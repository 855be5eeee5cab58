import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedDb } from '@server/db';
import type { Services } from '@server/services';
import { installTestServices } from '../../tests/setup/services';
import {
  accountKey,
  parseAccountKey,
  planTransfer,
  readAccount,
  readAccounts,
  recordBought,
  recordTransfer,
  type AccountRef,
} from './ledger';
import { DOLLARS_TEXTS, toCents } from './money';

/**
 * The dollars transfer rules (decision 041) against the embedded database: one guarded update of
 * both accounts, never a negative balance, the total conserved — also under many transfers at once.
 */

let services: Services;
let close: () => Promise<void>;
let type = '';
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('dollars-ledger', { seed: false }));
});

afterAll(async () => {
  await close?.();
});

beforeEach(() => {
  // Each test its own record type: tests never share accounts.
  type = `t${++counter}`;
});

const account = (id: string): AccountRef => ({ type, id });
async function open(id: string, dollars: number, name = id): Promise<AccountRef> {
  await services.db.ref(services.paths.dollarsRecord(type, id)).set({ currentDollars: dollars, name });
  return account(id);
}
const balance = async (ref: AccountRef) =>
  toCents((await services.db.ref(services.paths.dollarsRecord(ref.type, ref.id)).get()).val()?.currentDollars);

describe('planTransfer (the rules)', () => {
  const a = { type: 'users', id: 'a' };
  const b = { type: 'businesses', id: 'b' };
  it('moves cents from one balance to the other', () => {
    expect(planTransfer(1000, 50, { from: a, to: b, cents: 250 })).toEqual({ ok: true, from: 750, to: 300 });
    expect(planTransfer(250, 0, { from: a, to: b, cents: 250 })).toEqual({ ok: true, from: 0, to: 250 });
  });
  it('never makes a balance negative', () => {
    expect(planTransfer(249, 0, { from: a, to: b, cents: 250 })).toMatchObject({
      ok: false,
      reason: 'insufficient',
      message: DOLLARS_TEXTS.insufficient,
    });
  });
  it('refuses the same account, missing accounts and non-integer or non-positive cents', () => {
    expect(planTransfer(1000, 1000, { from: a, to: { ...a }, cents: 1 })).toMatchObject({ ok: false, reason: 'same-account' });
    expect(planTransfer(null, 0, { from: a, to: b, cents: 1 })).toMatchObject({ ok: false, reason: 'no-account' });
    expect(planTransfer(1000, null, { from: a, to: b, cents: 1 })).toMatchObject({ ok: false, reason: 'no-account' });
    expect(planTransfer(1000, 0, { from: a, to: b, cents: 0 })).toMatchObject({ ok: false, reason: 'invalid' });
    expect(planTransfer(1000, 0, { from: a, to: b, cents: 1.5 })).toMatchObject({ ok: false, reason: 'invalid' });
  });
});

describe('account keys', () => {
  it('names an account by type and id', () => {
    expect(accountKey({ type: 'businesses', id: 'lakeside-grill' })).toBe('businesses~lakeside-grill');
    expect(parseAccountKey('businesses~lakeside-grill')).toEqual({ type: 'businesses', id: 'lakeside-grill' });
  });
  it('refuses what is not one', () => {
    for (const bad of ['', 'businesses', '~x', 'config~enabled', 'participants~x', 'a~b/c', 'a~b.c', 'a~b~c']) {
      expect(parseAccountKey(bad), bad).toBeNull();
    }
  });
});

describe('recordTransfer', () => {
  it('writes both balances and the same history entry on both accounts', async () => {
    const from = await open('guest', 50.25, 'Site 51: Jordan Ellis');
    const to = await open('grill', 84, 'Lakeside Grill');
    const result = await recordTransfer(services, {
      from,
      to,
      cents: 1830,
      kind: 'purchase',
      notes: 'Lunch',
      by: 'system@demo.example',
      now: 1_700_000_000_000,
    });
    expect(result).toMatchObject({ ok: true, fromCents: 3195, toCents: 10230 });
    expect(await balance(from)).toBe(3195);
    expect(await balance(to)).toBe(10230);
    const stored = (await services.db.ref(services.paths.dollarsRecord(type, 'grill')).get()).val();
    const entry = Object.values(stored.history)[0];
    expect(entry).toEqual({
      type: 'purchase',
      amount: 18.3,
      from: 'Site 51: Jordan Ellis',
      to: 'Lakeside Grill',
      transferBy: 'system@demo.example',
      notes: 'Lunch',
      transferDate: 1_700_000_000_000,
    });
    const mine = (await services.db.ref(services.paths.dollarsRecord(type, 'guest')).get()).val();
    expect(mine.history).toEqual(stored.history);
  });

  it('writes nothing when the source has too little, or an account is missing', async () => {
    const from = await open('poor', 1);
    const to = await open('rich', 10);
    expect(await recordTransfer(services, { from, to, cents: 101, kind: 'transfer', notes: '', by: 'x' })).toMatchObject({
      ok: false,
      reason: 'insufficient',
    });
    expect(await recordTransfer(services, { from, to: account('ghost'), cents: 1, kind: 'transfer', notes: '', by: 'x' })).toMatchObject({
      ok: false,
      reason: 'no-account',
    });
    expect(await balance(from)).toBe(100);
    expect(await balance(to)).toBe(1000);
    expect((await services.db.ref(services.paths.dollarsRecord(type, 'ghost')).get()).exists()).toBe(false);
  });

  it('under many transfers at once from one account: never negative, the total conserved, every success counted', async () => {
    const source = await open('source', 10); // $10.00 = 1000 cents
    const sinks = await Promise.all([open('s1', 0), open('s2', 0.5), open('s3', 0)]);
    const attempts = 60; // 60 × $0.30 = $18.00 asked of $10.00: at most 33 can pass
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, index) =>
        recordTransfer(services, { from: source, to: sinks[index % 3]!, cents: 30, kind: 'transfer', notes: `#${index}`, by: 'test' }),
      ),
    );
    const passed = results.filter((result) => result.ok).length;
    const refused = results.filter((result) => !result.ok);
    expect(refused.every((result) => !result.ok && result.reason === 'insufficient')).toBe(true);
    expect(passed).toBe(33);
    const after = await Promise.all([source, ...sinks].map(balance));
    expect(after.every((cents) => cents >= 0)).toBe(true);
    expect(after[0]).toBe(1000 - 33 * 30);
    expect(after.reduce((sum, cents) => sum + cents, 0)).toBe(1000 + 50);
    const history = (await services.db.ref(`${services.paths.dollarsRecord(type, 'source')}/history`).get()).val();
    expect(Object.keys(history)).toHaveLength(33);
  });

  it('through two connections to the database at once (two web processes): never negative, the total conserved', async () => {
    const second = createEmbeddedDb({ file: services.env.DATABASE_FILE! });
    try {
      const source = await open('shared', 3); // 300 cents
      const sink = await open('sink', 0);
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          recordTransfer(index % 2 === 0 ? services : { db: second, paths: services.paths }, {
            from: source,
            to: sink,
            cents: 25,
            kind: 'transfer',
            notes: '',
            by: 'test',
          }),
        ),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(12);
      expect(await balance(source)).toBe(0);
      expect(await balance(sink)).toBe(300);
    } finally {
      await second.close();
    }
  });

  it('under transfers both ways at once between accounts: the total conserved', async () => {
    const a = await open('a', 5);
    const b = await open('b', 5);
    const c = await open('c', 0);
    const pairs: Array<[AccountRef, AccountRef]> = [
      [a, b],
      [b, a],
      [a, c],
      [c, b],
      [b, c],
    ];
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const [from, to] = pairs[index % pairs.length]!;
        return recordTransfer(services, { from, to, cents: 37, kind: 'transfer', notes: '', by: 'test' });
      }),
    );
    const after = await Promise.all([a, b, c].map(balance));
    expect(after.every((cents) => cents >= 0)).toBe(true);
    expect(after.reduce((sum, cents) => sum + cents, 0)).toBe(1000);
  });
});

describe('recordBought', () => {
  it('adds the dollars bought to one account with a bought entry, also alongside transfers', async () => {
    const buyer = await open('buyer', 1.1, 'Buyer');
    const other = await open('other', 0);
    expect(await recordBought(services, { to: buyer, cents: 2000, notes: 'At the desk', by: 'desk', now: 5 })).toEqual({
      ok: true,
      toCents: 2110,
    });
    const history = (await services.db.ref(`${services.paths.dollarsRecord(type, 'buyer')}/history`).get()).val();
    expect(Object.values(history)).toEqual([
      { type: 'bought', amount: 20, from: '', to: 'Buyer', transferBy: 'desk', notes: 'At the desk', transferDate: 5 },
    ]);
    await Promise.all([
      ...Array.from({ length: 10 }, () => recordBought(services, { to: buyer, cents: 10, notes: '', by: 'desk' })),
      ...Array.from({ length: 10 }, () =>
        recordTransfer(services, { from: buyer, to: other, cents: 10, kind: 'transfer', notes: '', by: 'x' }),
      ),
    ]);
    expect((await balance(buyer)) + (await balance(other))).toBe(2110 + 100);
    expect(await recordBought(services, { to: account('ghost'), cents: 1, notes: '', by: 'x' })).toMatchObject({
      ok: false,
      reason: 'no-account',
    });
    expect(await recordBought(services, { to: buyer, cents: 0, notes: '', by: 'x' })).toMatchObject({ ok: false, reason: 'invalid' });
  });
});

describe('readAccounts', () => {
  it('lists every account by currentDollars descending, leaving config and participants out', async () => {
    await services.db.ref(services.paths.dollarsRoot()).update({
      'config/enabled': true,
      'participants/x': true,
      [`${type}/low/currentDollars`]: 1,
      [`${type}/high`]: { currentDollars: 99.5, name: 'High' },
      [`${type}/mid`]: { currentDollars: 20, title: 'Mid' },
    });
    const mine = (await readAccounts(services)).filter((one) => one.type === type);
    expect(mine.map((one) => [one.id, one.name, one.cents])).toEqual([
      ['high', 'High', 9950],
      ['mid', 'Mid', 2000],
      ['low', 'low', 100],
    ]);
    expect(await readAccount(services, account('mid'))).toMatchObject({ name: 'Mid', cents: 2000 });
    expect(await readAccount(services, account('none'))).toBeNull();
  });
});
