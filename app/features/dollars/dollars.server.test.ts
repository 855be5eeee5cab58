import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '@server/services';
import type { ListScreenData } from '~/lib/listing/screen';
import * as listRoute from '~/routes/_app.listnm.dollarsaccountstatus';
import * as accountRoute from '~/routes/_app.listnm.dollarsaccountstatus.edit.$account';
import * as configRoute from '~/routes/_app.listnm.dollarsaccountstatus_.config';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { AccountActionData, AccountData } from './account.server';
import type { DollarsConfigActionData, DollarsConfigData } from './config.server';

/**
 * Dollars Accounts Status with real requests, sessions and the embedded database (spec 02 §9
 * "Dollars list sorted by currentDollars descending"; spec 03 §3, §6, §8; decision 041). Each
 * test makes accounts of its own (a record type of its own).
 */

let services: Services;
let close: () => Promise<void>;
let counter = 0;
let system = '';
let admin = '';

beforeAll(async () => {
  ({ services, close } = await installTestServices('dollars-lists', { seed: false }));
  const { paths } = services;
  await services.db.ref().update({
    [paths.community('dollars-town')]: { title: 'Dollars Town', timeZone: 'America/Chicago' },
    [paths.userAuthorization('dollars-system')]: {
      communities: { 'dollars-town': { isEditor: true, isAdmin: true, isResortSystem: true } },
    },
    [paths.userAuthorization('dollars-admin')]: { communities: { 'dollars-town': { isEditor: true, isAdmin: true } } },
    [paths.dollarsEnabled()]: true,
  });
  const cookie = (uid: string) =>
    sessionCookie(services.sessions, { uid, email: `${uid}@test.example`, displayName: uid }, { communityKey: 'dollars-town' });
  system = await cookie('dollars-system');
  admin = await cookie('dollars-admin');
});

afterAll(async () => {
  await close?.();
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const LIST = '/listnm/dollarsaccountstatus';

/** Accounts of a type of their own, named `{type} {id}`. */
async function accounts(balances: Record<string, number>): Promise<string> {
  counter += 1;
  const type = `kind${counter}`;
  const update: Record<string, unknown> = {};
  for (const [id, dollars] of Object.entries(balances))
    update[services.paths.dollarsRecord(type, id)] = { currentDollars: dollars, name: `${type} ${id}` };
  await services.db.ref().update(update as never);
  return type;
}
const list = (cookie: string, query = '') => outcome<ListScreenData>(listRoute.loader(args(getRequest(cookie, `${LIST}${query}`))));
const account = (cookie: string, key: string) =>
  outcome<AccountData>(accountRoute.loader(args(getRequest(cookie, `${LIST}/edit/${key}`), { account: key })));
const post = (cookie: string, key: string, fields: PostedFields) =>
  outcome<AccountActionData>(accountRoute.action(args(postRequest(cookie, `${LIST}/edit/${key}`, fields), { account: key })));

describe('Dollars Accounts Status', () => {
  it('lists the accounts by currentDollars descending, with their balance', async () => {
    const type = await accounts({ low: 1.5, high: 250, mid: 20 });
    const { status, data } = await list(system, `?q=${type}`);
    expect(status).toBe(200);
    expect(data!.title).toBe('Dollars Accounts Status');
    expect(data!.rows.map((row) => row.title)).toEqual([`${type} high`, `${type} mid`, `${type} low`]);
    expect(data!.rows[0]).toMatchObject({
      subtitle: `${type} · high`,
      notes: [
        { text: '$250.00', tone: 'good' },
        { text: '0 history entries', tone: 'plain' },
      ],
      editHref: `${LIST}/edit/${type}~high?q=${type}#editor`,
      deleteHref: null,
    });
  });

  it('is for resort system admins only, and only while dollars are enabled', async () => {
    expect((await list(admin)).status).toBe(403);
    await services.db.ref(services.paths.dollarsEnabled()).set(false);
    try {
      expect((await list(system)).status).toBe(404);
    } finally {
      await services.db.ref(services.paths.dollarsEnabled()).set(true);
    }
  });

  it("shows an account's history, and 'There is no history for this user/business.' when it has none", async () => {
    const type = await accounts({ a: 10, b: 0 });
    const empty = await account(system, `${type}~b`);
    expect(empty.data).toMatchObject({ name: `${type} b`, balance: '$0.00', history: { balance: '$0.00', rows: [] } });
    expect(empty.data!.targets.map((target) => target.value)).toContain(`${type}~a`);
    expect(empty.data!.targets.map((target) => target.value)).not.toContain(`${type}~b`);
    expect((await account(system, `${type}~nobody`)).status).toBe(404);
    expect((await account(system, 'config~enabled')).status).toBe(404);
  });

  it('records a transfer in cents on both accounts, with who and the notes', async () => {
    const type = await accounts({ a: 10, b: 0.1 });
    const result = await post(system, `${type}~a`, {
      intent: 'transfer',
      kind: 'purchase',
      to: `${type}~b`,
      amount: '0.20',
      notes: ' Coffee ',
    });
    expect(result.status).toBe(302);
    expect(result.response!.headers.get('Location')).toBe(`${LIST}#row-${type}~a`);
    const a = (await account(system, `${type}~a`)).data!;
    const b = (await account(system, `${type}~b`)).data!;
    expect(a.balance).toBe('$9.80');
    expect(b.balance).toBe('$0.30');
    expect(b.history.rows).toEqual([
      expect.objectContaining({
        type: 'purchase',
        amount: '$0.20',
        from: `${type} a`,
        to: `${type} b`,
        notes: 'Coffee',
        by: 'dollars-system (dollars-system@test.example)',
      }),
    ]);
    expect(a.history.rows).toHaveLength(1);
  });

  it('refuses more than the account holds, the same account, bad amounts and long notes, writing nothing', async () => {
    const type = await accounts({ a: 1, b: 0 });
    const refused = async (fields: PostedFields, field: string, message: string) => {
      const result = await post(system, `${type}~a`, { intent: 'transfer', kind: 'transfer', to: `${type}~b`, ...fields });
      expect(result.status).toBe(400);
      expect(result.data!.result!.error![field]).toEqual([message]);
    };
    await refused({ amount: '1.01' }, 'amount', 'This account does not have enough dollars for this transfer.');
    await refused({ amount: 'ten' }, 'amount', 'Enter an amount in dollars and cents, such as 12.50.');
    await refused({ amount: '' }, 'amount', 'Amount is required.');
    await refused({ amount: '0' }, 'amount', 'The amount must be at least $0.01.');
    await refused({ amount: '1', to: `${type}~a` }, 'to', 'Choose two different accounts.');
    await refused({ amount: '1', to: `${type}~ghost` }, 'to', 'There is no such dollars account.');
    await refused({ amount: '1', notes: 'x'.repeat(501) }, 'notes', 'Notes can be at most 500 characters.');
    expect((await account(system, `${type}~a`)).data!.balance).toBe('$1.00');
    expect((await account(system, `${type}~b`)).data!.history.rows).toEqual([]);
  });

  it('adds bought dollars to the account, refusing a bad amount', async () => {
    const type = await accounts({ a: 1 });
    const refused = await post(system, `${type}~a`, { intent: 'bought', amount: '0' });
    expect(refused.status).toBe(400);
    expect(refused.data!.bought!.error!.amount).toEqual(['The amount must be at least $0.01.']);
    const result = await post(system, `${type}~a`, { intent: 'bought', amount: '19.99', notes: 'Desk' });
    expect(result.status).toBe(302);
    const a = (await account(system, `${type}~a`)).data!;
    expect(a.balance).toBe('$20.99');
    expect(a.history.rows).toEqual([expect.objectContaining({ type: 'bought', amount: '$19.99', to: `${type} a`, notes: 'Desk' })]);
  });

  it('answers 403 to an admin who is not a resort system admin, and 400 to an unknown intent', async () => {
    const type = await accounts({ a: 5, b: 0 });
    expect((await post(admin, `${type}~a`, { intent: 'transfer', kind: 'transfer', to: `${type}~b`, amount: '1' })).status).toBe(403);
    expect((await post(system, `${type}~a`, { intent: 'steal', to: `${type}~b`, amount: '1' })).status).toBe(400);
    expect((await account(system, `${type}~a`)).data!.balance).toBe('$5.00');
  });
});

describe('the dollars config', () => {
  const CONFIG = `${LIST}/config`;
  const load = (cookie: string) => outcome<DollarsConfigData>(configRoute.loader(args(getRequest(cookie, CONFIG))));
  const save = (cookie: string, fields: PostedFields) =>
    outcome<DollarsConfigActionData>(configRoute.action(args(postRequest(cookie, CONFIG, { intent: 'save', ...fields }))));

  it('turns dollars off and on, leaving the ledger version alone; the accounts list follows', async () => {
    await services.db.ref(services.paths.dollarsLedgerVersion()).set(7);
    const shown = (await load(system)).data!;
    expect(shown).toMatchObject({ enabled: true, accountsHref: LIST });
    const off = await save(system, { version: shown.version });
    expect(off.status).toBe(302);
    expect(off.response!.headers.get('Location')).toBe(CONFIG);
    expect((await services.db.ref(services.paths.dollarsEnabled()).get()).val()).toBe(false);
    expect((await list(system)).status).toBe(404);
    const offShown = (await load(system)).data!;
    expect(offShown).toMatchObject({ enabled: false, accountsHref: null });
    expect((await save(system, { enabled: 'on', version: offShown.version })).status).toBe(302);
    expect((await list(system)).status).toBe(200);
    expect((await services.db.ref(services.paths.dollarsLedgerVersion()).get()).val()).toBe(7);
  });

  it('a form made from another version writes nothing (409, their version shown); for resort system admins only', async () => {
    const stale = (await load(system)).data!.version;
    await services.db.ref(services.paths.dollarsEnabled()).set(false);
    const conflict = await save(system, { enabled: 'on', version: stale });
    expect(conflict.status).toBe(409);
    expect(conflict.data!.conflict!.theirs).toEqual([{ label: 'Dollars enabled', value: 'No' }]);
    expect((await services.db.ref(services.paths.dollarsEnabled()).get()).val()).toBe(false);
    expect((await save(system, { enabled: 'on', version: conflict.data!.conflict!.version })).status).toBe(302);
    expect((await load(admin)).status).toBe(403);
    expect((await save(admin, { version: stale })).status).toBe(403);
    expect((await services.db.ref(services.paths.dollarsEnabled()).get()).val()).toBe(true);
  });
});
