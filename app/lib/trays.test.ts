import { describe, expect, it } from 'vitest';
import defaultConfig from '../../public/accounts/amc.json';
import studioConfig from '../../public/accounts/studio.json';
import {
  FEATURE_UNAVAILABLE_TITLE,
  STUDIO_DISABLED_BUTTONS,
  TRAYS,
  authHolds,
  trayButton,
  visibleTrays,
  type TrayFlags,
  type VisibleTray,
} from './trays';

/** The trays as { trayId: [buttonId …] }, in order. */
const shape = (trays: VisibleTray[]) => Object.fromEntries(trays.map((tray) => [tray.id, tray.buttons.map((button) => button.id)]));

const NOBODY: TrayFlags = {
  isResortAdmin: false,
  isAdminForLocation: false,
  canSendNotification: false,
  editLocationsCount: 0,
  isAdminForApp: false,
  isSuperAdmin: false,
  dollarsEnabled: true,
  isStudio: false,
};

/**
 * The demo people's flags in their own community (firebase/seed/demo-users.json; the demo data
 * enables dollars): editor of A, admin of A, editor of B, the resort system admin (admin of
 * both), the super admin (admin of A), the remote manager (no community rights).
 */
const DEMO = {
  editorA: { ...NOBODY, editLocationsCount: 1 },
  adminA: { ...NOBODY, editLocationsCount: 1, isAdminForLocation: true, canSendNotification: true, isAdminForApp: true },
  editorB: { ...NOBODY, editLocationsCount: 1 },
  system: {
    ...NOBODY,
    editLocationsCount: 2,
    isAdminForLocation: true,
    canSendNotification: true,
    isAdminForApp: true,
    isResortAdmin: true,
  },
  super: { ...NOBODY, editLocationsCount: 1, isAdminForLocation: true, canSendNotification: true, isAdminForApp: true, isSuperAdmin: true },
  remote: { ...NOBODY },
} satisfies Record<string, TrayFlags>;

const STAFF_QUICK = ['header-images', 'community-setup', 'manage-calendars', 'calendar-builder', 'manage-maps'];
const ADMINISTRATIVE = ['users', 'user-management', 'files', 'bookings', 'splashscreens', 'banner-ads', 'analytics', 'marketing'];

describe('the tray catalogue', () => {
  it('has the trays of spec 03 §2 in order', () => {
    expect(TRAYS.map((tray) => tray.title)).toEqual([
      'Quick Access',
      'Administrative',
      'Resort System Management',
      'Email Templates',
      'Update Data',
      'Marketing Asset Editor',
      'Dollars Accounts Status',
    ]);
  });

  it('gives every button a unique id and an in-app target', () => {
    const ids = TRAYS.flatMap((tray) => tray.buttons.map((button) => button.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const tray of TRAYS) for (const button of tray.buttons) expect(button.to, button.id).toMatch(/^\/[A-Za-z]/);
  });

  it('uses the route table and listing contexts of the spec', () => {
    const to = (id: string) => trayButton(id)?.to;
    expect(to('send-notification')).toBe('/amc-messages/messages/add');
    expect(to('switch-community')).toBe('/listnm/switch-community');
    expect(to('add-community')).toBe('/add-community');
    expect(to('app-setup')).toBe('/app-setup');
    expect(to('integrations')).toBe('/integrations');
    expect(to('community-setup')).toBe('/community-setup');
    expect(to('header-images')).toBe('/header-images');
    expect(to('analytics')).toBe('/analytics');
    expect(to('marketing')).toBe('/marketing');
    expect(to('marketing-asset-editor')).toBe('/marketing/asset-editor');
    expect(to('calendar-builder')).toBe('/calendarBuilder');
    expect(to('manage-calendars')).toBe('/amc-calendars');
    expect(to('manage-maps')).toBe('/manage-maps');
    expect(to('users')).toBe('/listnm/users');
    expect(to('user-management')).toBe('/listnm/usermgmt');
    expect(to('files')).toBe('/listnm/files');
    expect(to('splashscreens')).toBe('/listnm/splashscreen');
    expect(to('import')).toBe('/listnm/import');
    expect(to('email-templates')).toBe('/listnm/email');
    expect(to('dollars')).toBe('/listnm/dollarsaccountstatus');
    expect(to('dollars-config')).toBe('/listnm/dollarsaccountstatus/config');
    expect(trayButton('nope')).toBeUndefined();
  });

  it("marks exactly the studio project's disabled features", () => {
    expect([...STUDIO_DISABLED_BUTTONS].sort()).toEqual([
      'analytics',
      'banner-ads',
      'bookings',
      'marketing',
      'splashscreens',
      'user-management',
    ]);
    expect([...studioConfig.studioDisabledFeatures].sort()).toEqual([...STUDIO_DISABLED_BUTTONS].sort());
    expect(defaultConfig.studioDisabledFeatures).toEqual([]);
    expect(FEATURE_UNAVAILABLE_TITLE).toBe('Feature Unavailable');
  });

  it('shows a button with an auth list if any listed condition holds', () => {
    expect(authHolds(undefined, NOBODY)).toBe(true);
    expect(authHolds([], NOBODY)).toBe(false);
    expect(authHolds(['isSuperAdmin', 'canSendNotification'], { ...NOBODY, canSendNotification: true })).toBe(true);
    expect(authHolds(['editLocations'], { ...NOBODY, editLocationsCount: 3 })).toBe(true);
    expect(authHolds(['editLocations', 'isAdminForApp'], NOBODY)).toBe(false);
  });
});

describe('visibleTrays, role by role (demo people in their own community)', () => {
  it('editor of A: Quick Access without Send Notification or Switch Community', () => {
    expect(shape(visibleTrays(DEMO.editorA))).toEqual({ 'quick-access': STAFF_QUICK });
  });

  it('admin of A: Quick Access with Send Notification, and Administrative', () => {
    expect(shape(visibleTrays(DEMO.adminA))).toEqual({
      'quick-access': ['send-notification', ...STAFF_QUICK],
      administrative: ADMINISTRATIVE,
    });
  });

  it('editor of B: as the editor of A', () => {
    expect(shape(visibleTrays(DEMO.editorB))).toEqual({ 'quick-access': STAFF_QUICK });
  });

  it('resort system admin: switch, system management, update data, asset editor, dollars', () => {
    expect(shape(visibleTrays(DEMO.system))).toEqual({
      'quick-access': ['send-notification', ...STAFF_QUICK, 'switch-community'],
      administrative: ADMINISTRATIVE,
      'resort-system-management': ['add-community', 'import', 'export'],
      'update-data': ['update-data'],
      'marketing-asset-editor': ['marketing-asset-editor'],
      'dollars-accounts-status': ['dollars', 'dollars-config'],
    });
  });

  it('super admin: app setup, integrations and e-mail templates', () => {
    expect(shape(visibleTrays(DEMO.super))).toEqual({
      'quick-access': ['send-notification', ...STAFF_QUICK],
      administrative: ADMINISTRATIVE,
      'resort-system-management': ['app-setup', 'integrations'],
      'email-templates': ['email-templates'],
    });
  });

  it('remote manager (no community rights): no trays', () => {
    expect(visibleTrays(DEMO.remote)).toEqual([]);
  });

  it('labels the buttons and keeps them available outside the studio', () => {
    const [quick] = visibleTrays(DEMO.adminA);
    expect(quick).toMatchObject({ id: 'quick-access', title: 'Quick Access' });
    expect(quick?.buttons[0]).toEqual({
      id: 'send-notification',
      label: 'Send Notification',
      to: '/amc-messages/messages/add',
      unavailable: false,
    });
    expect(
      visibleTrays(DEMO.system)
        .flatMap((tray) => tray.buttons)
        .every((button) => !button.unavailable),
    ).toBe(true);
  });
});

describe('visibleTrays, rule by rule', () => {
  it('Send Notification: admin or notify rights', () => {
    const notifier = { ...DEMO.editorA, canSendNotification: true };
    expect(shape(visibleTrays(notifier))['quick-access']).toEqual(['send-notification', ...STAFF_QUICK]);
    expect(shape(visibleTrays(notifier)).administrative).toBeUndefined();
  });

  it('Switch Community: admin rights plus two editable communities, unless system admin', () => {
    const has = (flags: TrayFlags) => shape(visibleTrays(flags))['quick-access']?.includes('switch-community');
    expect(has({ ...DEMO.adminA, editLocationsCount: 2 })).toBe(true);
    // Admin elsewhere, editor here: still may switch back.
    expect(has({ ...DEMO.editorA, editLocationsCount: 2, isAdminForApp: true })).toBe(true);
    expect(has({ ...DEMO.editorA, editLocationsCount: 5 })).toBe(false);
    expect(has({ ...DEMO.adminA, editLocationsCount: 1 })).toBe(false);
    expect(has({ ...NOBODY, isResortAdmin: true, editLocationsCount: 0 })).toBe(true);
  });

  it('Dollars needs the dollars flag; Dollars Config (where they are turned on) does not', () => {
    expect(shape(visibleTrays({ ...DEMO.system, dollarsEnabled: false }))['dollars-accounts-status']).toEqual(['dollars-config']);
    expect(shape(visibleTrays({ ...DEMO.adminA, dollarsEnabled: true }))['dollars-accounts-status']).toBeUndefined();
  });

  it('a system admin without any stored community still sees the system trays', () => {
    const trays = shape(visibleTrays({ ...NOBODY, isResortAdmin: true }));
    expect(trays['resort-system-management']).toEqual(['add-community', 'import', 'export']);
    expect(trays.administrative).toBeUndefined();
  });

  it('a super admin who is also a system admin sees the whole system management tray', () => {
    expect(shape(visibleTrays({ ...DEMO.system, isSuperAdmin: true }))['resort-system-management']).toEqual([
      'add-community',
      'import',
      'export',
      'app-setup',
      'integrations',
    ]);
  });

  it('studio project: studio-disabled buttons stay visible but unavailable', () => {
    const trays = visibleTrays({ ...DEMO.adminA, isStudio: true });
    const administrative = trays.find((tray) => tray.id === 'administrative')!;
    expect(administrative.buttons.filter((button) => button.unavailable).map((button) => button.id)).toEqual([
      'user-management',
      'bookings',
      'splashscreens',
      'banner-ads',
      'analytics',
      'marketing',
    ]);
    expect(administrative.buttons.filter((button) => !button.unavailable).map((button) => button.id)).toEqual(['users', 'files']);
    expect(trays.find((tray) => tray.id === 'quick-access')!.buttons.every((button) => !button.unavailable)).toBe(true);
  });
});
