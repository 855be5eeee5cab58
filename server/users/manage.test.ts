import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedIdentity } from '@server/auth/identity/embedded';
import { createStaffSessionStorage, type StaffSessionStorage } from '@server/auth/session';
import { createAuthz, type Authz } from '@server/authz/require';
import { COMMUNITY_A, COMMUNITY_B, openDemoDb, roleCookies, type DemoDb, type Role } from '../../tests/setup/services';
import { readRightsAudit } from './audit';
import { actorOf, changeRights, setDefaultCommunity, type ManageDeps } from './manage';

/**
 * The rights use cases against the embedded database with the demo data (decision 040): rights
 * take effect on the person's next request — server/authz reads them anew each time, the session
 * cookie stays the same — and every change leaves an audit entry.
 */

const ORIGIN = 'http://console.test';
let demo: DemoDb;
let deps: ManageDeps;
let sessions: StaffSessionStorage;
let authz: Authz;
let cookies: Record<Role, string>;

beforeAll(async () => {
  demo = await openDemoDb('users-manage');
  sessions = createStaffSessionStorage({
    db: demo.db,
    paths: demo.paths,
    secrets: ['a-test-secret-that-is-at-least-32-chars'],
    secure: false,
  });
  authz = createAuthz({ db: demo.db, paths: demo.paths, env: demo.env, sessions });
  cookies = await roleCookies(sessions);
  // Only what the rights use cases reach (no invitation here: no jobs, tokens or links).
  deps = { db: demo.db, paths: demo.paths, identity: createEmbeddedIdentity(demo.db.sqlite) } as unknown as ManageDeps;
});

afterAll(async () => {
  await demo?.db.close();
});

const request = (role: Role) => new Request(`${ORIGIN}/listnm/users`, { headers: { Cookie: cookies[role] } });
const status = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof Response ? error.status : Promise.reject(error)),
  );

async function asAdmin(role: Role) {
  const { access } = await authz.requireAccess(request(role));
  return { actor: await actorOf(deps, access, COMMUNITY_A), actorName: access.email, community: COMMUNITY_A };
}

describe('rights take effect on the next request', () => {
  it('grants and removes Admin while the person keeps the same session', async () => {
    expect(await status(authz.requireLocationAdmin(request('editorA')))).toBe(403);
    const admin = await asAdmin('adminA');
    expect(await changeRights(deps, admin, { uid: 'demo-editor', ticked: new Set(['isEditor', 'isAdmin']), was: '1000' })).toEqual({
      kind: 'saved',
      summary: 'Granted Admin',
    });
    // A new request with the cookie minted before the change.
    expect(await status(authz.requireLocationAdmin(request('editorA')))).toBe(200);
    expect(await changeRights(deps, admin, { uid: 'demo-editor', ticked: new Set(['isEditor']), was: '1100' })).toMatchObject({
      kind: 'saved',
    });
    expect(await status(authz.requireLocationAdmin(request('editorA')))).toBe(403);
    // Removed from the community altogether: no access at all from the next request.
    expect(await changeRights(deps, admin, { uid: 'demo-editor', ticked: new Set(), was: '1000' })).toMatchObject({ kind: 'saved' });
    expect(await status(authz.requireStaff(request('editorA')))).toBe(403);

    const trail = await readRightsAudit(demo, COMMUNITY_A);
    expect(trail.map((entry) => [entry.by, entry.target, entry.summary])).toEqual([
      ['demo-admin', 'demo-editor', 'Removed from the community (Removed Editor)'],
      ['demo-admin', 'demo-editor', 'Removed Admin'],
      ['demo-admin', 'demo-editor', 'Granted Admin'],
    ]);
    expect(trail[0]!.byName).toBe('admin@demo.example');
  });

  it('a resort system admin is found to hold every right, an admin of A none in B', async () => {
    const system = await asAdmin('system');
    expect(system.actor.isSystemAdmin).toBe(true);
    const { access } = await authz.requireAccess(request('adminA'));
    expect((await actorOf(deps, access, COMMUNITY_B)).rights.isAdmin).toBe(false);
  });
});

describe('default community', () => {
  it('is one of the person’s communities the admin manages too', async () => {
    const admin = await asAdmin('adminA');
    // demo-system has rights in A and B; adminA manages only A.
    expect(
      await setDefaultCommunity(deps, { ...admin, actorCommunities: [COMMUNITY_A] }, { uid: 'demo-system', target: COMMUNITY_B }),
    ).toEqual({ kind: 'refused', reason: 'above-own' });
    expect(
      await setDefaultCommunity(deps, { ...admin, actorCommunities: [COMMUNITY_A] }, { uid: 'demo-super', target: COMMUNITY_B }),
    ).toEqual({ kind: 'not-found' });
    const system = await asAdmin('system');
    expect(
      await setDefaultCommunity(
        deps,
        { ...system, actorCommunities: [COMMUNITY_A, COMMUNITY_B] },
        { uid: 'demo-system', target: COMMUNITY_B },
      ),
    ).toEqual({ kind: 'saved' });
    expect((await demo.db.ref(demo.paths.userEditorDefault('demo-system')).get()).val()).toBe(COMMUNITY_B);
  });
});
