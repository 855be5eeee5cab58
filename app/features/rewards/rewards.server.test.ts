import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '@server/services';
import type { ListScreenData } from '~/lib/listing/screen';
import { REWARDS_TEXTS } from '~/lib/rewards';
import * as listRoute from '~/routes/_app.listnm.rewards-users';
import * as configRoute from '~/routes/_app.listnm.rewards-users.config';
import * as userRoute from '~/routes/_app.listnm.rewards-users.edit.$uid';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { RewardsConfigActionData, RewardsConfigData, RewardsUserActionData, RewardsUserData } from './rewards.server';

/**
 * The rewards users list, a rewards user with Save Points, and the rewards config, with real
 * requests, sessions and the embedded database (decisions 041, 045): for the community's admins.
 */

let services: Services;
let close: () => Promise<void>;
let editor = '';
let admin = '';
let other = '';

beforeAll(async () => {
  ({ services, close } = await installTestServices('rewards-lists', { seed: false }));
  const { paths } = services;
  await services.db.ref().update({
    [paths.community('rw-a')]: { title: 'Rewards A', timeZone: 'America/Chicago' },
    [paths.community('rw-b')]: { title: 'Rewards B', timeZone: 'America/Chicago' },
    [paths.userAuthorization('rw-editor')]: { communities: { 'rw-a': { isEditor: true } } },
    [paths.userAuthorization('rw-admin')]: { communities: { 'rw-a': { isEditor: true, isAdmin: true } } },
    [paths.userAuthorization('rw-other')]: { communities: { 'rw-b': { isEditor: true, isAdmin: true } } },
    [paths.rewardsUsers('rw-a')]: {
      ann: {
        name: 'Ann',
        email: 'ann@mail.example',
        total: 20,
        barcodes: ['RW-1'],
        history: { h: { title: 'Stay', points: 20, date: 1_700_000_000_000 } },
      },
      bo: { name: 'Bo', total: 90 },
    },
  });
  const cookie = (uid: string, community: string) =>
    sessionCookie(services.sessions, { uid, email: `${uid}@test.example`, displayName: uid }, { communityKey: community });
  editor = await cookie('rw-editor', 'rw-a');
  admin = await cookie('rw-admin', 'rw-a');
  other = await cookie('rw-other', 'rw-b');
});

afterAll(async () => {
  await close?.();
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

describe('the rewards users', () => {
  it('lists the community’s rewards users, most points first', async () => {
    const { status, data } = await outcome<ListScreenData>(listRoute.loader(args(getRequest(admin, '/listnm/rewards-users'))));
    expect(status).toBe(200);
    expect(data!.rows.map((row) => [row.title, row.notes])).toEqual([
      ['Bo', [{ text: '90 points', tone: 'good' }]],
      ['Ann', [{ text: '20 points', tone: 'good' }]],
    ]);
    const elsewhere = await outcome<ListScreenData>(listRoute.loader(args(getRequest(other, '/listnm/rewards-users'))));
    expect(elsewhere.data!.rows).toEqual([]);
    expect(elsewhere.data!.emptyMessage).toBe('There are no rewards users yet.');
  });

  it('shows one with total, barcodes and history; 404 for anyone else, and for another community’s', async () => {
    const { data } = await outcome<RewardsUserData>(
      userRoute.loader(args(getRequest(admin, '/listnm/rewards-users/edit/ann'), { uid: 'ann' })),
    );
    expect(data).toMatchObject({ name: 'Ann', email: 'ann@mail.example', total: 20, barcodes: ['RW-1'] });
    expect(data!.history).toEqual([{ key: 'h', title: 'Stay', points: 20, when: 'Nov 14, 2023 4:13 PM', note: '', by: '' }]);
    expect((await outcome(userRoute.loader(args(getRequest(admin, '/listnm/rewards-users/edit/nobody'), { uid: 'nobody' })))).status).toBe(
      404,
    );
    expect((await outcome(userRoute.loader(args(getRequest(other, '/listnm/rewards-users/edit/ann'), { uid: 'ann' })))).status).toBe(404);
    expect((await outcome(listRoute.loader(args(getRequest(null, '/listnm/rewards-users'))))).status).toBe(302);
  });

  it('is for the community’s admins: guests’ e-mails are not shown to its editors', async () => {
    expect((await outcome(listRoute.loader(args(getRequest(editor, '/listnm/rewards-users'))))).status).toBe(403);
    expect((await outcome(userRoute.loader(args(getRequest(editor, '/listnm/rewards-users/edit/ann'), { uid: 'ann' })))).status).toBe(403);
    expect((await outcome(configRoute.loader(args(getRequest(editor, '/listnm/rewards-users/config'))))).status).toBe(403);
    const post = postRequest(editor, '/listnm/rewards-users/edit/ann', { intent: 'change-points', mode: 'add', points: '5', note: 'x' });
    expect((await outcome(userRoute.action(args(post, { uid: 'ann' })))).status).toBe(403);
  });
});

describe('Save Points', () => {
  const change = (uid: string, fields: Record<string, string>) =>
    outcome<RewardsUserActionData>(
      userRoute.action(args(postRequest(admin, `/listnm/rewards-users/edit/${uid}`, { intent: 'change-points', ...fields }), { uid })),
    );
  const total = async (uid: string) => (await services.db.ref(services.paths.rewardsUser('rw-a', uid)).get()).val().total;

  it('adds or removes points with a note: back to the user, the total and the history written together', async () => {
    const { status, response } = await change('bo', { mode: 'add', points: '-15', note: 'Wrong scan' });
    expect(status).toBe(302);
    expect(response!.headers.get('Location')).toBe('/listnm/rewards-users/edit/bo');
    expect(await total('bo')).toBe(75);
    const { data } = await outcome<RewardsUserData>(
      userRoute.loader(args(getRequest(admin, '/listnm/rewards-users/edit/bo'), { uid: 'bo' })),
    );
    expect(data!.history).toEqual([
      expect.objectContaining({ title: 'Changed by staff', points: -15, note: 'Wrong scan', by: 'rw-admin (rw-admin@test.example)' }),
    ]);
  });

  it('sets the total against the total shown; refuses what the rules refuse, keeping what was typed', async () => {
    expect((await change('bo', { mode: 'set', points: '100', was: '75', note: 'Count' })).status).toBe(302);
    expect(await total('bo')).toBe(100);
    const stale = await change('bo', { mode: 'set', points: '0', was: '75', note: 'Reset' });
    expect(stale.status).toBe(409);
    expect(stale.data!.error).toBe(REWARDS_TEXTS.stale);
    const below = await change('bo', { mode: 'add', points: '-101', note: 'Too many' });
    expect(below.status).toBe(400);
    expect(below.data!.result!.error).toEqual({ points: [REWARDS_TEXTS.belowZero] });
    expect(below.data!.result!.initialValue).toMatchObject({ points: '-101', note: 'Too many' });
    const noNote = await change('bo', { mode: 'add', points: '5', note: ' ' });
    expect(noNote.status).toBe(400);
    expect(noNote.data!.result!.error).toMatchObject({ note: [REWARDS_TEXTS.noteRequired] });
    expect((await change('bo', { mode: 'add', points: '1.5', note: 'x' })).status).toBe(400);
    expect((await change('bo', { mode: 'add', points: '0', note: 'x' })).status).toBe(400);
    expect(await total('bo')).toBe(100);
    expect((await change('nobody', { mode: 'add', points: '5', note: 'x' })).status).toBe(404);
  });
});

describe('the rewards config', () => {
  const save = (fields: Record<string, string>) =>
    outcome<RewardsConfigActionData>(
      configRoute.action(args(postRequest(admin, '/listnm/rewards-users/config', { intent: 'save', ...fields }))),
    );

  it('saves its fields, keeping others stored there; a form made from another version writes nothing (409)', async () => {
    await services.db.ref(services.paths.rewardsConfig('rw-a')).set({ appOnly: 'kept', storePointsPerDollar: 2 });
    const { data } = await outcome<RewardsConfigData>(configRoute.loader(args(getRequest(admin, '/listnm/rewards-users/config'))));
    expect(data!.config).toEqual({ title: '', storePointsPerDollar: 2, reservationPointsPerDollar: 0 });
    const fields = { title: 'Pine Points', storePointsPerDollar: '3', reservationPointsPerDollar: '5' };
    expect((await save({ ...fields, version: data!.version })).status).toBe(302);
    expect((await services.db.ref(services.paths.rewardsConfig('rw-a')).get()).val()).toEqual({
      appOnly: 'kept',
      title: 'Pine Points',
      storePointsPerDollar: 3,
      reservationPointsPerDollar: 5,
    });
    const conflict = await save({ ...fields, storePointsPerDollar: '9', version: data!.version });
    expect(conflict.status).toBe(409);
    expect(conflict.data!.conflict!.theirs).toEqual([{ label: 'Points per dollar of a store purchase', value: '3' }]);
    expect((await save({ ...fields, storePointsPerDollar: '9', version: conflict.data!.conflict!.version })).status).toBe(302);
    expect((await services.db.ref(`${services.paths.rewardsConfig('rw-a')}/storePointsPerDollar`).get()).val()).toBe(9);
    const bad = await save({ title: 'x', storePointsPerDollar: '-1', reservationPointsPerDollar: 'many' });
    expect(bad.status).toBe(400);
    expect(bad.data!.result!.error).toMatchObject({
      storePointsPerDollar: [REWARDS_TEXTS.perDollarInvalid],
      reservationPointsPerDollar: [REWARDS_TEXTS.perDollarInvalid],
    });
  });
});
