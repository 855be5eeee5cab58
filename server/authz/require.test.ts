import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffSessionStorage, type StaffSessionStorage } from '@server/auth/session';
import {
  COMMUNITY_A,
  COMMUNITY_B,
  demoPerson,
  openDemoDb,
  roleCookies,
  sessionCookie,
  type DemoDb,
  type Role,
} from '../../tests/setup/services';
import { NO_ACCESS_TEXT, NO_ACCESS_TITLE } from './access';
import { createAuthz, loginRedirect, type Authz } from './require';

const ORIGIN = 'http://console.test';
let demo: DemoDb;
let sessions: StaffSessionStorage;
let authz: Authz;
let cookies: Record<Role, string>;

function request(path: string, role: Role | string = 'anonymous', init: RequestInit = {}) {
  const cookie = role in (cookies ?? {}) ? cookies[role as Role] : role;
  return new Request(`${ORIGIN}${path}`, { ...init, headers: cookie ? { Cookie: cookie } : {} });
}

/** What a require… helper threw: its status, Location and body. */
async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const text = await error.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: error.status, location: error.headers.get('Location'), body };
  }
  throw new Error('expected the helper to throw a Response');
}

beforeAll(async () => {
  demo = await openDemoDb('authz-require');
  sessions = createStaffSessionStorage({
    db: demo.db,
    paths: demo.paths,
    secrets: ['a-test-secret-that-is-at-least-32-chars'],
    secure: false,
  });
  authz = createAuthz({ db: demo.db, paths: demo.paths, env: demo.env, sessions });
  cookies = await roleCookies(sessions);
  // A URL grant (the link's uuid as uid) on the Snack Shack with editInfo only, and an e-mail
  // grant of the remote manager on an item that does not exist.
  const urlGrant = {
    type: 'business',
    contexts: [`${COMMUNITY_A}/dining-resort`],
    title: 'Manager',
    editInfo: true,
    addButtons: false,
    sendNotifications: false,
    accessType: 'url',
    origContext: `${COMMUNITY_A}/dining-resort`,
    detailTitle: 'The Snack Shack',
    uid: 'link-uuid-1',
  };
  await demo.db.ref().update({
    [demo.paths.remoteByUid('link-uuid-1', 'snack-shack')]: urlGrant,
    [demo.paths.remoteByDetail('snack-shack', 'link-uuid-1')]: urlGrant,
    [demo.paths.remoteByUid('demo-remote', 'vanished')]: { ...urlGrant, accessType: 'email', uid: 'demo-remote', detailTitle: 'Gone' },
    // An item pushed into its list, whose key differs from its id.
    [demo.paths.listItem(COMMUNITY_A, 'dining-local', '-Npushed000000000001')]: { id: 'pushed-diner', title: 'Pushed Diner' },
    [demo.paths.remoteByUid('link-uuid-2', 'pushed-diner')]: {
      ...urlGrant,
      contexts: [`${COMMUNITY_A}/dining-local`],
      origContext: `${COMMUNITY_A}/dining-local`,
      uid: 'link-uuid-2',
    },
  });
});

afterAll(async () => {
  await demo.db.close();
});

describe('requireUser', () => {
  it('returns the signed-in person', async () => {
    const user = await authz.requireUser(request('/', 'adminA'));
    expect(user).toMatchObject({ uid: 'demo-admin', email: 'admin@demo.example', communityKey: null });
  });

  it('sends anonymous people to /login with the path and query to come back to', async () => {
    const result = await thrown(authz.requireUser(request('/listnm/users?tab=all&q=a%20b')));
    expect(result.status).toBe(302);
    const location = new URL(result.location!, ORIGIN);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('redirectTo')).toBe('/listnm/users?tab=all&q=a%20b');
    expect((await thrown(authz.requireUser(request('/')))).location).toBe('/login');
  });

  it('refuses a forged or foreign cookie', async () => {
    expect((await thrown(authz.requireUser(request('/', '__session=forged')))).location).toBe('/login');
    const other = createStaffSessionStorage({
      db: demo.db,
      paths: demo.paths,
      secrets: ['another-secret-that-is-at-least-32-chars'],
      secure: false,
    });
    const foreign = await sessionCookie(other, demoPerson('system'));
    expect((await thrown(authz.requireUser(request('/', foreign)))).location).toBe('/login');
  });

  it('only ever redirects back to a same-origin path', () => {
    const location = (path: string) => loginRedirect(new Request(`${ORIGIN}${path}`)).headers.get('Location');
    expect(location('//evil.example/x')).toBe('/login');
    expect(location('/a/../b')).toBe('/login?redirectTo=%2Fb');
    // A query is part of this site's address, whatever it holds.
    expect(location('/search?q=..%2F..')).toBe('/login?redirectTo=%2Fsearch%3Fq%3D..%252F..');
    expect(location('/%09/evil.example/x')).toBe('/login?redirectTo=%2F%2509%2Fevil.example%2Fx');
    expect(location('/ok?next=https://evil.example')).toBe('/login?redirectTo=%2Fok%3Fnext%3Dhttps%3A%2F%2Fevil.example');
  });
});

describe('requireStaff', () => {
  it('resolves the current community from the session, editorDefault or the first allowed one', async () => {
    const staff = await authz.requireStaff(request('/', 'editorA'));
    expect(staff.community).toBe(COMMUNITY_A);
    expect(staff.communities.map((c) => [c.key, c.title])).toEqual([[COMMUNITY_A, 'Pine Hollow RV Resort']]);
    expect(staff.access.editLocations).toEqual([COMMUNITY_A]);

    const systemInB = await sessionCookie(sessions, demoPerson('system'), { communityKey: COMMUNITY_B });
    const system = await authz.requireStaff(request('/', systemInB));
    expect(system.community).toBe(COMMUNITY_B);
    expect(system.communities.map((c) => c.key)).toEqual([COMMUNITY_A, COMMUNITY_B]);

    // A stored key the person may not manage falls back to their default.
    const editorInB = await sessionCookie(sessions, demoPerson('editorA'), { communityKey: COMMUNITY_B });
    expect((await authz.requireStaff(request('/', editorInB))).community).toBe(COMMUNITY_A);
  });

  it("checks a route's community param", async () => {
    expect((await authz.requireStaff(request('/x', 'system'), { community: COMMUNITY_B })).community).toBe(COMMUNITY_B);
    expect((await authz.requireStaff(request('/x', 'editorB'), { community: COMMUNITY_B })).community).toBe(COMMUNITY_B);
    for (const [role, community] of [
      ['editorA', COMMUNITY_B],
      ['editorB', COMMUNITY_A],
      ['system', 'no-such-community'],
      ['adminA', 'bad/key'],
    ] as const) {
      const result = await thrown(authz.requireStaff(request('/x', role), { community }));
      expect(result, `${role} in ${community}`).toMatchObject({ status: 403, body: { reason: 'community' } });
    }
  });

  it('sends remote-only people to /detail/remote and anonymous people to sign in', async () => {
    expect(await thrown(authz.requireStaff(request('/', 'remote')))).toMatchObject({ status: 302, location: '/detail/remote' });
    expect(await thrown(authz.requireStaff(request('/amc-calendars', 'anonymous')))).toMatchObject({
      status: 302,
      location: '/login?redirectTo=%2Famc-calendars',
    });
  });

  it("answers 403 with the spec's dialog to a person without any rights", async () => {
    const stranger = await sessionCookie(sessions, { uid: 'stranger', email: 'stranger@example.com', displayName: 'Stranger' });
    expect(await thrown(authz.requireStaff(request('/', stranger)))).toEqual({
      status: 403,
      location: null,
      body: { reason: 'no-access', title: NO_ACCESS_TITLE, text: NO_ACCESS_TEXT },
    });
  });

  it('answers 403 no-access when none of the editable communities exists any more', async () => {
    await demo.db.ref(demo.paths.userAuthorization('orphan')).set({ editorDefault: 'gone', communities: { gone: { isEditor: true } } });
    const orphan = await sessionCookie(sessions, { uid: 'orphan', email: 'orphan@example.com', displayName: 'Orphan' });
    expect(await thrown(authz.requireStaff(request('/', orphan)))).toMatchObject({ status: 403, body: { reason: 'no-access' } });
  });
});

describe('role helpers', () => {
  const cases: Array<[keyof Authz, Role, 'ok' | number]> = [
    ['requireLocationAdmin', 'adminA', 'ok'],
    ['requireLocationAdmin', 'super', 'ok'],
    ['requireLocationAdmin', 'system', 'ok'],
    ['requireLocationAdmin', 'editorA', 403],
    ['requireLocationAdmin', 'editorB', 403],
    ['requireCanNotify', 'adminA', 'ok'],
    ['requireCanNotify', 'editorA', 403],
    ['requireSystemAdmin', 'system', 'ok'],
    ['requireSystemAdmin', 'super', 403],
    ['requireSystemAdmin', 'adminA', 403],
    ['requireSuperAdmin', 'super', 'ok'],
    ['requireSuperAdmin', 'system', 403],
    ['requireSuperAdmin', 'adminA', 403],
  ];

  it.each(cases)('%s for %s: %s', async (helper, role, expected) => {
    const call = (authz[helper] as Authz['requireStaff'])(request('/', role));
    if (expected === 'ok') {
      await expect(call).resolves.toMatchObject({ community: expect.any(String) });
    } else {
      expect((await thrown(call)).status).toBe(expected);
    }
  });

  it('reasons name what is missing, and the page says who may do it and whom to ask', async () => {
    expect((await thrown(authz.requireLocationAdmin(request('/', 'editorA')))).body).toEqual({
      reason: 'location-admin',
      title: 'For location admins',
      text: 'This page is for the location admins of Pine Hollow. Ask one of them to make the change, or to make you a location admin.',
    });
    const notify = (await thrown(authz.requireCanNotify(request('/', 'editorB')))).body as Record<string, string>;
    expect(notify).toMatchObject({ reason: 'can-notify', title: 'Sending notifications is not open to you' });
    expect(notify.text).toMatch(
      /^Messages and notifications of .+ are for its location admins and staff who may send notifications\. Ask a location admin of .+ to give you Can Send Notifications\.$/,
    );
    expect((await thrown(authz.requireSystemAdmin(request('/', 'adminA')))).body).toMatchObject({
      reason: 'system-admin',
      title: 'For resort system admins',
    });
    expect((await thrown(authz.requireSuperAdmin(request('/', 'system')))).body).toMatchObject({
      reason: 'super-admin',
      title: 'For super admins',
    });
  });

  it('judge the community of the route', async () => {
    expect((await authz.requireLocationAdmin(request('/', 'system'), { community: COMMUNITY_B })).community).toBe(COMMUNITY_B);
    expect((await thrown(authz.requireLocationAdmin(request('/', 'adminA'), { community: COMMUNITY_B }))).body).toEqual({
      reason: 'community',
      title: 'Not one of your communities',
      text: 'This page belongs to a community you do not manage. Ask one of its location admins to add you to its staff.',
    });
  });
});

describe('requireRemoteGrant', () => {
  it('resolves a signed-in remote manager’s grant by detail id to the item', async () => {
    const remote = await authz.requireRemoteGrant(
      request('/detail/remote/id/lakeside-grill', 'remote'),
      { detailId: 'lakeside-grill' },
      'editInfo',
    );
    expect(remote.user?.uid).toBe('demo-remote');
    expect(remote.grant).toMatchObject({ detailId: 'lakeside-grill', addButtons: true, sendNotifications: true });
    expect(remote.item).toMatchObject({
      community: COMMUNITY_A,
      section: 'dining-resort',
      itemId: 'lakeside-grill',
      value: { title: 'Lakeside Grill' },
    });
    expect(remote.item.path).toBe(demo.paths.listItem(COMMUNITY_A, 'dining-resort', 'lakeside-grill'));
  });

  it('by detail id: anonymous people sign in; people without that grant get 404', async () => {
    expect(
      (await thrown(authz.requireRemoteGrant(request('/detail/remote/id/lakeside-grill'), { detailId: 'lakeside-grill' }, 'editInfo')))
        .location,
    ).toBe('/login?redirectTo=%2Fdetail%2Fremote%2Fid%2Flakeside-grill');
    for (const role of ['editorA', 'adminA', 'system', 'super'] as const) {
      expect((await thrown(authz.requireRemoteGrant(request('/x', role), { detailId: 'lakeside-grill' }, 'editInfo'))).status, role).toBe(
        404,
      );
    }
    expect((await thrown(authz.requireRemoteGrant(request('/x', 'remote'), { detailId: 'snack-shack' }, 'editInfo'))).status).toBe(404);
    expect((await thrown(authz.requireRemoteGrant(request('/x', 'remote'), { detailId: '../x' }, 'editInfo'))).status).toBe(404);
    // The grant is there but its item is gone.
    expect((await thrown(authz.requireRemoteGrant(request('/x', 'remote'), { detailId: 'vanished' }, 'editInfo'))).status).toBe(404);
  });

  it('resolves a link uuid without signing in, URL grants only', async () => {
    const remote = await authz.requireRemoteGrant(request('/detail/remote/link-uuid-1'), { uuid: 'link-uuid-1' }, 'editInfo');
    expect(remote.user).toBeNull();
    expect(remote.grant).toMatchObject({ detailId: 'snack-shack', accessType: 'url', uid: 'link-uuid-1' });
    expect(remote.item).toMatchObject({ itemId: 'snack-shack', value: { title: 'The Snack Shack' } });

    // An account uid behind an e-mail grant is no capability.
    expect(
      (await thrown(authz.requireRemoteGrant(request('/detail/remote/demo-remote'), { uuid: 'demo-remote' }, 'editInfo'))).status,
    ).toBe(404);
    for (const uuid of ['unknown-uuid', '', 'a.b', '..']) {
      expect((await thrown(authz.requireRemoteGrant(request('/x'), { uuid }, 'editInfo'))).status, uuid).toBe(404);
    }
    expect(
      (await thrown(authz.requireRemoteGrant(request('/x'), { uuid: 'link-uuid-1', detailId: 'lakeside-grill' }, 'editInfo'))).status,
    ).toBe(404);
  });

  it('finds an item whose key differs from its id', async () => {
    const remote = await authz.requireRemoteGrant(request('/x'), { uuid: 'link-uuid-2' }, 'editInfo');
    expect(remote.item).toMatchObject({ section: 'dining-local', itemId: '-Npushed000000000001', value: { title: 'Pushed Diner' } });
  });

  it('answers 403 when the grant lacks the permission', async () => {
    expect(await thrown(authz.requireRemoteGrant(request('/x'), { uuid: 'link-uuid-1' }, 'addButtons'))).toMatchObject({
      status: 403,
      body: { reason: 'remote-permission' },
    });
    await expect(
      authz.requireRemoteGrant(request('/x', 'remote'), { detailId: 'lakeside-grill' }, 'sendNotifications'),
    ).resolves.toBeTruthy();
  });
});
