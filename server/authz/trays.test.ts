import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleTrays, type VisibleTray } from '~/lib/trays';
import { COMMUNITY_A, COMMUNITY_B, demoPerson, openDemoDb, type DemoDb, type Role } from '../../tests/setup/services';
import { loadAccess } from './access';
import { loadDollarsEnabled, trayFlags } from './trays';

/** From the stored records to the trays, for each demo person in their own community. */

let demo: DemoDb;
let dollarsEnabled: boolean;

beforeAll(async () => {
  demo = await openDemoDb('authz-trays');
  dollarsEnabled = await loadDollarsEnabled(demo);
});

afterAll(async () => {
  await demo.db.close();
});

const shape = (trays: VisibleTray[]) => Object.fromEntries(trays.map((tray) => [tray.id, tray.buttons.map((button) => button.id)]));
const STAFF_QUICK = ['header-images', 'community-setup', 'manage-calendars', 'calendar-builder', 'manage-maps'];
const ADMINISTRATIVE = ['users', 'user-management', 'files', 'bookings', 'splashscreens', 'banner-ads', 'analytics', 'marketing'];

async function traysOf(role: Exclude<Role, 'anonymous'>, community: string | null, isStudio = false) {
  const access = await loadAccess(demo, demoPerson(role));
  return visibleTrays(trayFlags(access, community, { dollarsEnabled, isStudio }));
}

describe('trayFlags', () => {
  it('reads the demo dollars flag', () => {
    expect(dollarsEnabled).toBe(true);
  });

  it('builds the flags of spec 03 §6 from the access and the current community', async () => {
    const access = await loadAccess(demo, demoPerson('system'));
    expect(trayFlags(access, COMMUNITY_B, { dollarsEnabled: false, isStudio: true })).toEqual({
      isResortAdmin: true,
      isAdminForLocation: true,
      canSendNotification: true,
      editLocationsCount: 2,
      isAdminForApp: true,
      isSuperAdmin: false,
      dollarsEnabled: false,
      isStudio: true,
    });
    const admin = await loadAccess(demo, demoPerson('adminA'));
    expect(trayFlags(admin, COMMUNITY_B, { dollarsEnabled: true, isStudio: false })).toMatchObject({
      isAdminForLocation: false,
      canSendNotification: false,
      isAdminForApp: true,
    });
  });
});

describe('the demo people’s trays', () => {
  it('editor of A', async () => {
    expect(shape(await traysOf('editorA', COMMUNITY_A))).toEqual({ 'quick-access': STAFF_QUICK });
  });

  it('admin of A', async () => {
    expect(shape(await traysOf('adminA', COMMUNITY_A))).toEqual({
      'quick-access': ['send-notification', ...STAFF_QUICK],
      administrative: ADMINISTRATIVE,
    });
  });

  it('editor of B', async () => {
    expect(shape(await traysOf('editorB', COMMUNITY_B))).toEqual({ 'quick-access': STAFF_QUICK });
  });

  it('resort system admin, in either community', async () => {
    const expected = {
      'quick-access': ['send-notification', ...STAFF_QUICK, 'switch-community'],
      administrative: ADMINISTRATIVE,
      'resort-system-management': ['add-community', 'import', 'export'],
      'update-data': ['update-data'],
      'marketing-asset-editor': ['marketing-asset-editor'],
      'dollars-accounts-status': ['dollars', 'dollars-config'],
    };
    expect(shape(await traysOf('system', COMMUNITY_A))).toEqual(expected);
    expect(shape(await traysOf('system', COMMUNITY_B))).toEqual(expected);
  });

  it('super admin', async () => {
    expect(shape(await traysOf('super', COMMUNITY_A))).toEqual({
      'quick-access': ['send-notification', ...STAFF_QUICK],
      administrative: ADMINISTRATIVE,
      'resort-system-management': ['app-setup', 'integrations'],
      'email-templates': ['email-templates'],
    });
  });

  it('remote manager', async () => {
    expect(await traysOf('remote', null)).toEqual([]);
  });

  it('studio project: the admin sees the disabled features as unavailable', async () => {
    const administrative = (await traysOf('adminA', COMMUNITY_A, true)).find((tray) => tray.id === 'administrative')!;
    expect(administrative.buttons.filter((button) => button.unavailable).map((button) => button.id)).toEqual([
      'user-management',
      'bookings',
      'splashscreens',
      'banner-ads',
      'analytics',
      'marketing',
    ]);
  });
});
