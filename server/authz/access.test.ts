import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_A, COMMUNITY_B, demoPerson, openDemoDb, type DemoDb, type Role } from '../../tests/setup/services';
import {
  NO_ACCESS_TEXT,
  NO_ACCESS_TITLE,
  accessFromRecords,
  accessVerdict,
  canEdit,
  canNotify,
  canSwitchCommunity,
  communitySummary,
  compareCommunities,
  defaultCommunity,
  isLocationAdmin,
  isSuperAdminEmail,
  loadAccess,
  loadVisibleCommunities,
  visibleApps,
  visibleCommunities,
  type Access,
} from './access';

let demo: DemoDb;
const access: Partial<Record<Exclude<Role, 'anonymous'>, Access>> = {};
const of = (role: Exclude<Role, 'anonymous'>) => access[role]!;
const BOTH = [COMMUNITY_A, COMMUNITY_B];

beforeAll(async () => {
  demo = await openDemoDb('authz-access');
  for (const role of ['editorA', 'adminA', 'editorB', 'system', 'super', 'remote'] as const) {
    access[role] = await loadAccess(demo, demoPerson(role));
  }
});

afterAll(async () => {
  await demo.db.close();
});

describe('loadAccess on the demo data', () => {
  it('reads the editor of A', () => {
    expect(of('editorA')).toEqual({
      uid: 'demo-editor',
      email: 'editor@demo.example',
      isSuperAdmin: false,
      isResortSystem: false,
      adminLocations: [],
      editLocations: [COMMUNITY_A],
      canNotifyLocations: [],
      editorDefault: COMMUNITY_A,
      remoteGrants: [],
    });
  });

  it('reads the admin of A (editor, admin, can notify)', () => {
    expect(of('adminA')).toMatchObject({
      adminLocations: [COMMUNITY_A],
      editLocations: [COMMUNITY_A],
      canNotifyLocations: [COMMUNITY_A],
      isResortSystem: false,
    });
  });

  it('reads the editor of B', () => {
    expect(of('editorB')).toMatchObject({ adminLocations: [], editLocations: [COMMUNITY_B], editorDefault: COMMUNITY_B });
  });

  it('reads the resort system admin', () => {
    expect(of('system')).toMatchObject({
      isResortSystem: true,
      isSuperAdmin: false,
      adminLocations: BOTH,
      editLocations: BOTH,
      canNotifyLocations: BOTH,
    });
  });

  it('takes super admins from SUPER_ADMIN_EMAILS, not the database', () => {
    expect(of('super')).toMatchObject({ isSuperAdmin: true, isResortSystem: false, adminLocations: [COMMUNITY_A] });
    expect(isSuperAdminEmail({ SUPER_ADMIN_EMAILS: ['super@demo.example'] }, 'Super@Demo.Example')).toBe(true);
    expect(isSuperAdminEmail({ SUPER_ADMIN_EMAILS: ['SUPER@demo.example'] }, 'super@demo.example')).toBe(true);
    expect(isSuperAdminEmail({ SUPER_ADMIN_EMAILS: [] }, 'super@demo.example')).toBe(false);
    expect(isSuperAdminEmail({ SUPER_ADMIN_EMAILS: ['super@demo.example'] }, '')).toBe(false);
  });

  it('reads the remote manager: no community rights, one grant with its permissions', () => {
    expect(of('remote')).toMatchObject({
      adminLocations: [],
      editLocations: [],
      canNotifyLocations: [],
      editorDefault: null,
      isSuperAdmin: false,
    });
    expect(of('remote').remoteGrants).toEqual([
      {
        detailId: 'lakeside-grill',
        itemId: 'lakeside-grill',
        community: COMMUNITY_A,
        uid: 'demo-remote',
        accessType: 'email',
        type: 'business',
        title: 'Owner',
        detailTitle: 'Lakeside Grill',
        origContext: `${COMMUNITY_A}/dining-resort`,
        contexts: [`${COMMUNITY_A}/dining-resort`],
        editInfo: true,
        addButtons: true,
        sendNotifications: true,
      },
    ]);
  });

  it('gives a person without records no rights', async () => {
    const nobody = await loadAccess(demo, { uid: 'no-such-person', email: 'nobody@demo.example' });
    expect(nobody).toMatchObject({ adminLocations: [], editLocations: [], remoteGrants: [], isResortSystem: false, editorDefault: null });
    expect(accessVerdict(nobody)).toBe('none');
  });
});

describe('accessFromRecords', () => {
  const env = { SUPER_ADMIN_EMAILS: [] };
  const user = { uid: 'u1', email: 'u1@example.com' };

  it('treats absent flags as false and derives the location lists', () => {
    const result = accessFromRecords(
      user,
      {
        editorDefault: 'c',
        communities: { a: { isEditor: true }, b: { isAdmin: true }, c: { canNotify: true }, d: { isResortSystem: true }, e: {} },
      },
      null,
      env,
    );
    expect(result.editLocations).toEqual(['a', 'b']);
    expect(result.adminLocations).toEqual(['b']);
    expect(result.canNotifyLocations).toEqual(['b', 'c']);
    expect(result.isResortSystem).toBe(true);
    expect(result.editorDefault).toBe('c');
  });

  it('ignores malformed records and entries', () => {
    expect(accessFromRecords(user, 'nonsense', [1, 2], env)).toMatchObject({ editLocations: [], remoteGrants: [] });
    const result = accessFromRecords(
      user,
      { editorDefault: 'a/b', communities: { a: { isEditor: 'yes' }, b: null, c: { isEditor: true } } },
      { good: { editInfo: true, accessType: 'url' }, bad: 'text' },
      env,
    );
    expect(result.editLocations).toEqual(['c']);
    expect(result.editorDefault).toBeNull();
    expect(result.remoteGrants.map((grant) => [grant.detailId, grant.accessType, grant.editInfo, grant.addButtons])).toEqual([
      ['good', 'url', true, false],
    ]);
  });
});

describe('accessVerdict', () => {
  it('lets staff in, remote managers in as remote editors, and nobody else', () => {
    expect(accessVerdict(of('editorA'))).toBe('staff');
    expect(accessVerdict(of('adminA'))).toBe('staff');
    expect(accessVerdict(of('editorB'))).toBe('staff');
    expect(accessVerdict(of('system'))).toBe('staff');
    expect(accessVerdict(of('super'))).toBe('staff');
    expect(accessVerdict(of('remote'))).toBe('remote');
  });

  it('counts a resort system flag as staff, and needs editInfo for remote access', () => {
    const base = accessFromRecords({ uid: 'u', email: 'u@example.com' }, null, null, { SUPER_ADMIN_EMAILS: [] });
    expect(accessVerdict({ ...base, isResortSystem: true })).toBe('staff');
    const grant = { ...of('remote').remoteGrants[0]! };
    expect(accessVerdict({ ...base, remoteGrants: [{ ...grant, editInfo: false }] })).toBe('none');
    expect(accessVerdict({ ...base, remoteGrants: [grant] })).toBe('remote');
  });

  it('has the spec dialog texts', () => {
    expect(NO_ACCESS_TITLE).toBe('User Does Not Have Access');
    expect(NO_ACCESS_TEXT).toBe('The authenticated user does not have access to modify this app.');
  });
});

describe('location rules', () => {
  it('isLocationAdmin and canNotify follow the stored lists', () => {
    expect(isLocationAdmin(of('adminA'), COMMUNITY_A)).toBe(true);
    expect(isLocationAdmin(of('adminA'), COMMUNITY_B)).toBe(false);
    expect(isLocationAdmin(of('editorA'), COMMUNITY_A)).toBe(false);
    expect(isLocationAdmin(of('adminA'), null)).toBe(false);
    expect(canNotify(of('adminA'), COMMUNITY_A)).toBe(true);
    expect(canNotify(of('editorA'), COMMUNITY_A)).toBe(false);
    expect(canNotify(of('system'), COMMUNITY_B)).toBe(true);
    const notifier = accessFromRecords(
      { uid: 'n', email: 'n@example.com' },
      { communities: { x: { isEditor: true, canNotify: true } } },
      null,
      {
        SUPER_ADMIN_EMAILS: [],
      },
    );
    expect(canNotify(notifier, 'x')).toBe(true);
    expect(isLocationAdmin(notifier, 'x')).toBe(false);
  });

  it('canEdit: own edit locations that exist; a system admin any existing community', () => {
    expect(canEdit(of('editorA'), COMMUNITY_A, BOTH)).toBe(true);
    expect(canEdit(of('editorA'), COMMUNITY_B, BOTH)).toBe(false);
    expect(canEdit(of('editorB'), COMMUNITY_B, [{ key: COMMUNITY_B }])).toBe(true);
    expect(canEdit(of('system'), COMMUNITY_B, BOTH)).toBe(true);
    expect(canEdit(of('system'), 'elsewhere', BOTH)).toBe(false);
    expect(canEdit(of('editorA'), COMMUNITY_A, [COMMUNITY_B])).toBe(false);
    expect(canEdit(of('remote'), COMMUNITY_A, BOTH)).toBe(false);
  });

  it('canSwitchCommunity: admin rights plus two editable communities, or system admin', () => {
    expect(canSwitchCommunity(of('system'))).toBe(true);
    expect(canSwitchCommunity(of('adminA'))).toBe(false);
    expect(canSwitchCommunity(of('super'))).toBe(false);
    expect(canSwitchCommunity(of('editorA'))).toBe(false);
    const adminAndEditor = accessFromRecords(
      { uid: 'x', email: 'x@example.com' },
      { communities: { a: { isEditor: true, isAdmin: true }, b: { isEditor: true } } },
      null,
      { SUPER_ADMIN_EMAILS: [] },
    );
    expect(canSwitchCommunity(adminAndEditor)).toBe(true);
    const twoAsEditor = accessFromRecords(
      { uid: 'y', email: 'y@example.com' },
      { communities: { a: { isEditor: true }, b: { isEditor: true } } },
      null,
      {
        SUPER_ADMIN_EMAILS: [],
      },
    );
    expect(canSwitchCommunity(twoAsEditor)).toBe(false);
  });
});

describe('visibleApps', () => {
  it('offers apps of editable communities, every app to a system admin', () => {
    const apps = [
      { appId: 'pine-hollow', cLocationId: COMMUNITY_A },
      { appId: 'maple-falls', cLocationId: COMMUNITY_B },
      { appId: 'unplaced' },
    ];
    expect(visibleApps(of('system'), apps).map((app) => app.appId)).toEqual(['pine-hollow', 'maple-falls', 'unplaced']);
    expect(visibleApps(of('editorA'), apps).map((app) => app.appId)).toEqual(['pine-hollow']);
    expect(visibleApps(of('editorB'), apps).map((app) => app.appId)).toEqual(['maple-falls']);
    expect(visibleApps(of('remote'), apps)).toEqual([]);
  });
});

describe('communities', () => {
  const summary = (key: string, title: string, pinned: boolean, ordinal: number | null) => ({
    key,
    title,
    displayName: title,
    pinned,
    ordinal,
  });

  it('sorts pinned first, then ordinal, then title', () => {
    const list = [
      summary('z', 'Zeta', false, null),
      summary('b', 'beta', false, 2),
      summary('a', 'Alpha', false, 2),
      summary('p', 'Pinned late', true, 9),
      summary('q', 'Pinned early', true, 1),
      summary('c', 'Gamma', false, 1),
    ];
    expect([...list].sort(compareCommunities).map((c) => c.key)).toEqual(['q', 'p', 'c', 'a', 'b', 'z']);
  });

  it('summarises a community record', () => {
    expect(communitySummary('demo', { title: 'Demo Park', displayName: 'Demo', pinned: true, ordinal: 3 })).toEqual({
      key: 'demo',
      title: 'Demo Park',
      displayName: 'Demo',
      pinned: true,
      ordinal: 3,
    });
    expect(communitySummary('bare', {})).toEqual({ key: 'bare', title: 'bare', displayName: 'bare', pinned: false, ordinal: null });
    expect(communitySummary('x', null)).toBeNull();
  });

  it('shows a system admin every community and others their edit locations', async () => {
    const all = [
      summary(COMMUNITY_B, 'Maple Falls', false, 2),
      summary(COMMUNITY_A, 'Pine Hollow RV Resort', true, 1),
      summary('other', 'Other', false, 3),
    ];
    expect(visibleCommunities(of('system'), all).map((c) => c.key)).toEqual([COMMUNITY_A, COMMUNITY_B, 'other']);
    expect(visibleCommunities(of('editorB'), all).map((c) => c.key)).toEqual([COMMUNITY_B]);
    expect(visibleCommunities(of('remote'), all)).toEqual([]);

    expect((await loadVisibleCommunities(demo, of('system'))).map((c) => [c.key, c.title])).toEqual([
      [COMMUNITY_A, 'Pine Hollow RV Resort'],
      [COMMUNITY_B, 'Maple Falls'],
    ]);
    expect((await loadVisibleCommunities(demo, of('editorA'))).map((c) => c.key)).toEqual([COMMUNITY_A]);
    expect(await loadVisibleCommunities(demo, of('remote'))).toEqual([]);
  });

  it('drops edit locations whose community no longer exists', async () => {
    const stale = accessFromRecords(
      { uid: 's', email: 's@example.com' },
      { communities: { gone: { isEditor: true }, [COMMUNITY_B]: { isEditor: true } } },
      null,
      {
        SUPER_ADMIN_EMAILS: [],
      },
    );
    expect((await loadVisibleCommunities(demo, stale)).map((c) => c.key)).toEqual([COMMUNITY_B]);
  });

  it('defaultCommunity: the stored key if allowed, else editorDefault, else the first authorized', () => {
    expect(defaultCommunity(of('system'), COMMUNITY_B, BOTH)).toBe(COMMUNITY_B);
    expect(defaultCommunity(of('system'), null, BOTH)).toBe(COMMUNITY_A);
    expect(defaultCommunity(of('editorA'), COMMUNITY_B, [COMMUNITY_A])).toBe(COMMUNITY_A);
    expect(defaultCommunity(of('editorB'), 'gone', [{ key: COMMUNITY_B }])).toBe(COMMUNITY_B);
    const noDefault = { ...of('system'), editorDefault: 'gone' };
    expect(defaultCommunity(noDefault, null, [COMMUNITY_B, COMMUNITY_A])).toBe(COMMUNITY_A);
    const onlyShown = { ...of('system'), editorDefault: null, editLocations: [] };
    expect(defaultCommunity(onlyShown, null, [COMMUNITY_B, COMMUNITY_A])).toBe(COMMUNITY_B);
    expect(defaultCommunity(of('remote'), null, [])).toBeNull();
  });
});
