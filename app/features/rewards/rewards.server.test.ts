import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '@server/services';
import type { ListScreenData } from '~/lib/listing/screen';
import * as listRoute from '~/routes/_app.listnm.rewards-users';
import * as userRoute from '~/routes/_app.listnm.rewards-users.edit.$uid';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { RewardsUserData } from './rewards.server';

/** The rewards users list and a rewards user, with real requests, sessions and the embedded database (decision 041). */

let services: Services;
let close: () => Promise<void>;
let editor = '';
let other = '';

beforeAll(async () => {
  ({ services, close } = await installTestServices('rewards-lists', { seed: false }));
  const { paths } = services;
  await services.db.ref().update({
    [paths.community('rw-a')]: { title: 'Rewards A', timeZone: 'America/Chicago' },
    [paths.community('rw-b')]: { title: 'Rewards B', timeZone: 'America/Chicago' },
    [paths.userAuthorization('rw-editor')]: { communities: { 'rw-a': { isEditor: true } } },
    [paths.userAuthorization('rw-other')]: { communities: { 'rw-b': { isEditor: true } } },
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
  other = await cookie('rw-other', 'rw-b');
});

afterAll(async () => {
  await close?.();
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

describe('the rewards users', () => {
  it('lists the community’s rewards users, most points first', async () => {
    const { status, data } = await outcome<ListScreenData>(listRoute.loader(args(getRequest(editor, '/listnm/rewards-users'))));
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
      userRoute.loader(args(getRequest(editor, '/listnm/rewards-users/edit/ann'), { uid: 'ann' })),
    );
    expect(data).toMatchObject({ name: 'Ann', email: 'ann@mail.example', total: 20, barcodes: ['RW-1'] });
    expect(data!.history).toEqual([{ key: 'h', title: 'Stay', points: 20, when: 'Nov 14, 2023 4:13 PM' }]);
    expect((await outcome(userRoute.loader(args(getRequest(editor, '/listnm/rewards-users/edit/nobody'), { uid: 'nobody' })))).status).toBe(
      404,
    );
    expect((await outcome(userRoute.loader(args(getRequest(other, '/listnm/rewards-users/edit/ann'), { uid: 'ann' })))).status).toBe(404);
    expect((await outcome(listRoute.loader(args(getRequest(null, '/listnm/rewards-users'))))).status).toBe(302);
  });
});
