/**
 * The button trays of the home screen's action column (spec 03 §2 "Button trays", §6 "Roles
 * and permissions"), as data, and the rule that picks what one person sees. Isomorphic and
 * pure: the server builds the flags (server/authz `trayFlags`), the browser and the server
 * render the same trays from them.
 *
 * Visibility (spec 03 §6):
 * - A tray or button with an `auth` list shows if any listed condition holds; without a list
 *   it shows to all signed-in staff.
 * - Quick Access: all signed-in staff; Send Notification needs admin or notify rights; Switch
 *   Community needs admin rights plus at least two editable communities unless system admin.
 * - Administrative: admin of the current community.
 * - Resort System Management: system admin (Add Community, Import, Export); super admin (App
 *   Setup, Integrations).
 * - Email Templates: super admin. Update Data and Marketing Asset Editor: system admin.
 *   Dollars Accounts Status: system admin, and its Dollars button needs the dollars flag; its
 *   Dollars Config button does not (it is where dollars are turned on; decision 045).
 * - In the studio project, studio-disabled buttons (bookings, splash screens, banner ads, user
 *   management, analytics, marketing) stay visible but are `unavailable`: the page opens the
 *   'Feature Unavailable' dialog (with the link to schedule a demo) instead of navigating.
 *   Their ids are the ones the studio's startup configuration lists (studioDisabledFeatures).
 *
 * Targets follow the route table (spec 01 §2.1): home actions (/app-setup, /integrations,
 * /community-setup, /add-community, /header-images), the tool pages, and listings without a
 * menu at /listnm/{context} with the spec's listing contexts (spec 02 §2).
 */

import { hrefs } from '~/lib/hrefs';

/** The button visibility conditions of spec 03 §6. */
export type TrayCondition =
  /** Resort system admin. */
  | 'isResortAdmin'
  /** The current community is among the admin locations. */
  | 'isAdminForLocation'
  /** The current community is among the can-notify locations. */
  | 'canSendNotification'
  /** Has edit locations. */
  | 'editLocations'
  /** Admin for the only app or any app (admin rights in any community). */
  | 'isAdminForApp'
  | 'isSuperAdmin';

export interface TrayFlags {
  isResortAdmin: boolean;
  isAdminForLocation: boolean;
  canSendNotification: boolean;
  /** How many communities the person may edit. */
  editLocationsCount: number;
  isAdminForApp: boolean;
  isSuperAdmin: boolean;
  /** The product's dollars-enabled configuration flag. */
  dollarsEnabled: boolean;
  /** The request is for the studio project. */
  isStudio: boolean;
}

export interface TrayButton {
  id: string;
  label: string;
  /** Where the button goes. */
  to: string;
  /** Shows if any condition holds; absent: every signed-in staff member. */
  auth?: readonly TrayCondition[];
  /** At least this many editable communities, unless resort system admin (Switch Community). */
  minEditLocations?: number;
  /** Opens 'Feature Unavailable' in the studio project. */
  studioDisabled?: boolean;
  /** Shows only when dollars are enabled. */
  needsDollars?: boolean;
}

export interface Tray {
  id: string;
  title: string;
  /** Shows if any condition holds (and it has a visible button); absent: every signed-in staff member. */
  auth?: readonly TrayCondition[];
  buttons: readonly TrayButton[];
}

/** The dialog a studio-disabled button opens in the studio project (spec 01 §6, spec 03 §6). */
export const FEATURE_UNAVAILABLE_TITLE = 'Feature Unavailable';

export const TRAYS: readonly Tray[] = [
  {
    id: 'quick-access',
    title: 'Quick Access',
    buttons: [
      {
        id: 'send-notification',
        label: 'Send Notification',
        to: hrefs.messagesAction('messages', 'add'),
        auth: ['isAdminForLocation', 'canSendNotification'],
      },
      { id: 'header-images', label: 'Header Images', to: hrefs.homeAction('header-images') },
      { id: 'community-setup', label: 'Community Setup', to: hrefs.homeAction('community-setup') },
      { id: 'manage-calendars', label: 'Manage Calendars', to: hrefs.calendars() },
      { id: 'calendar-builder', label: 'Calendar Builder', to: hrefs.calendarBuilder() },
      { id: 'manage-maps', label: 'Manage Maps', to: hrefs.manageMaps() },
      {
        id: 'switch-community',
        label: 'Switch Community',
        to: hrefs.listnm('switch-community'),
        auth: ['isResortAdmin', 'isAdminForApp'],
        minEditLocations: 2,
      },
    ],
  },
  {
    id: 'administrative',
    title: 'Administrative',
    auth: ['isAdminForLocation'],
    buttons: [
      { id: 'users', label: 'Users', to: hrefs.listnm('users') },
      { id: 'user-management', label: 'User Management', to: hrefs.listnm('usermgmt'), studioDisabled: true },
      { id: 'files', label: 'Files', to: hrefs.listnm('files') },
      { id: 'bookings', label: 'Bookings', to: hrefs.listnm('bookings'), studioDisabled: true },
      { id: 'splashscreens', label: 'Splash Screens', to: hrefs.listnm('splashscreen'), studioDisabled: true },
      { id: 'banner-ads', label: 'Banner Ads', to: hrefs.listnm('ads'), studioDisabled: true },
      { id: 'analytics', label: 'Analytics', to: hrefs.analytics(), studioDisabled: true },
      { id: 'marketing', label: 'Marketing', to: hrefs.marketing(), studioDisabled: true },
    ],
  },
  {
    id: 'resort-system-management',
    title: 'Resort System Management',
    auth: ['isResortAdmin', 'isSuperAdmin'],
    buttons: [
      { id: 'add-community', label: 'Add Community', to: hrefs.homeAction('add-community'), auth: ['isResortAdmin'] },
      { id: 'import', label: 'Import', to: hrefs.listnm('import'), auth: ['isResortAdmin'] },
      { id: 'export', label: 'Export', to: hrefs.listnm('export'), auth: ['isResortAdmin'] },
      { id: 'app-setup', label: 'App Setup', to: hrefs.homeAction('app-setup'), auth: ['isSuperAdmin'] },
      { id: 'integrations', label: 'Integrations', to: hrefs.homeAction('integrations'), auth: ['isSuperAdmin'] },
    ],
  },
  {
    id: 'email-templates',
    title: 'Email Templates',
    auth: ['isSuperAdmin'],
    buttons: [{ id: 'email-templates', label: 'Email Templates', to: hrefs.listnm('email') }],
  },
  {
    id: 'update-data',
    title: 'Update Data',
    auth: ['isResortAdmin'],
    buttons: [{ id: 'update-data', label: 'Update Data', to: hrefs.listnm('update-data') }],
  },
  {
    id: 'marketing-asset-editor',
    title: 'Marketing Asset Editor',
    auth: ['isResortAdmin'],
    buttons: [{ id: 'marketing-asset-editor', label: 'Marketing Asset Editor', to: hrefs.marketingAssetEditor() }],
  },
  {
    id: 'dollars-accounts-status',
    title: 'Dollars Accounts Status',
    auth: ['isResortAdmin'],
    buttons: [
      { id: 'dollars', label: 'Dollars', to: hrefs.listnm('dollarsaccountstatus'), needsDollars: true },
      { id: 'dollars-config', label: 'Dollars Config', to: hrefs.listnmAction('dollarsaccountstatus', 'config') },
    ],
  },
];

/** Every button of the catalogue, by id. */
export function trayButton(id: string): TrayButton | undefined {
  for (const tray of TRAYS) {
    const button = tray.buttons.find((candidate) => candidate.id === id);
    if (button) return button;
  }
  return undefined;
}

/** The ids of the buttons the studio project shows as unavailable. */
export const STUDIO_DISABLED_BUTTONS: readonly string[] = TRAYS.flatMap((tray) =>
  tray.buttons.filter((button) => button.studioDisabled).map((button) => button.id),
);

export interface VisibleTrayButton {
  id: string;
  label: string;
  to: string;
  /** Studio project: open 'Feature Unavailable' instead of navigating to `to`. */
  unavailable: boolean;
}

export interface VisibleTray {
  id: string;
  title: string;
  buttons: VisibleTrayButton[];
}

/** Whether one condition holds for these flags. */
export function conditionHolds(condition: TrayCondition, flags: TrayFlags): boolean {
  switch (condition) {
    case 'isResortAdmin':
      return flags.isResortAdmin;
    case 'isAdminForLocation':
      return flags.isAdminForLocation;
    case 'canSendNotification':
      return flags.canSendNotification;
    case 'editLocations':
      return flags.editLocationsCount > 0;
    case 'isAdminForApp':
      return flags.isAdminForApp;
    case 'isSuperAdmin':
      return flags.isSuperAdmin;
  }
}

/** An auth list holds when it is absent or any of its conditions holds. */
export function authHolds(auth: readonly TrayCondition[] | undefined, flags: TrayFlags): boolean {
  return !auth || auth.some((condition) => conditionHolds(condition, flags));
}

function buttonShows(button: TrayButton, flags: TrayFlags): boolean {
  if (!authHolds(button.auth, flags)) return false;
  if (button.minEditLocations !== undefined && !flags.isResortAdmin && flags.editLocationsCount < button.minEditLocations) return false;
  if (button.needsDollars && !flags.dollarsEnabled) return false;
  return true;
}

/**
 * The trays and buttons one person sees, in catalogue order; trays left without a button are
 * left out. Nobody without staff rights (no editable community, not a system admin) sees any.
 */
export function visibleTrays(flags: TrayFlags): VisibleTray[] {
  if (flags.editLocationsCount <= 0 && !flags.isResortAdmin) return [];
  const trays: VisibleTray[] = [];
  for (const tray of TRAYS) {
    if (!authHolds(tray.auth, flags)) continue;
    const buttons = tray.buttons
      .filter((button) => buttonShows(button, flags))
      .map((button) => ({
        id: button.id,
        label: button.label,
        to: button.to,
        unavailable: flags.isStudio && button.studioDisabled === true,
      }));
    if (buttons.length > 0) trays.push({ id: tray.id, title: tray.title, buttons });
  }
  return trays;
}
