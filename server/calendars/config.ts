import { isLocationAdmin, loadDollarsEnabled, type StaffContext } from '@server/authz';
import { linkOrigin } from '@server/env';
import { calendarConfigFormValue, calendarConfigVersion, loadEventFormOptions } from '@server/events';
import { loadRemoteAdmin } from '@server/remote/management';
import { CALENDAR_SCREEN_TEXTS, CALENDARS_PATH, calendarPaths } from '~/lib/calendars';
import { CALENDAR_SECTIONS, type CalendarConfigFormOutput, type CalendarSectionId } from '~/schemas/calendar-config';
import type { RemoteAdminFormValue } from '~/schemas/remote-admin';
import { importRunsOf, type ImportRunView } from './import-runs';
import { NO_REMOTE, readCalendar, remoteKeyOf, titleOf, type CalendarDeps } from './records';
import { remoteLinksOf } from './remote-links';

/**
 * The calendar config editor (spec 02 "Calendar config editor", §3 calendar config, §4 remote
 * management on a calendar): which config a form edits (its target), where the form lives
 * (its place: the editor's page, or a list's config.events), and what the form shows.
 * Staff of the current community manage its calendars (spec 02 §6); Remote Management is for
 * location admins, as in the business editor.
 */

export interface Choice {
  value: string;
  label: string;
}

/** What the editor's lists and rows show: the config's form value as text. */
export interface CalendarConfigFormValue {
  title: string;
  priorNotificationTime: string;
  audiences: Array<{ title: string }>;
  allowUserCreated: boolean;
  userCreatedRequiresApproval: boolean;
  userCreatedEmails: string[];
  imports: Array<{ title: string; type: string; calendarId: string; defaultLocation: string; audience: string; eventContext: string }>;
  remote: RemoteAdminFormValue;
}

export interface CalendarConfigData {
  calendarId: string;
  /** By the saved import's calendarId (feed address, Google calendar id, site). */
  importRuns: Record<string, ImportRunView>;
  title: string;
  /** The form's heading ('Calendar Config'; a list's config.events names its own). */
  heading: string;
  /** The sections the form shows, in order (a list's config.events: Audiences, User Created Events, Calendar Import Config). */
  sections: readonly CalendarSectionId[];
  defaultValue: CalendarConfigFormValue;
  version: string;
  /** Location admins see and write Remote Management. */
  remoteAdmin: boolean;
  dollarsEnabled: boolean;
  remoteLinks: Record<string, string>;
  locations: Choice[];
  formAction: string;
  listHref: string;
  /** The calendar of events of the calendar (the editor's page only). */
  eventsHref: string | null;
  /** Import a .ics file into the calendar (the editor's page only). */
  uploadHref?: string | null;
}

export interface ConfigTarget {
  services: CalendarDeps;
  staff: StaffContext;
  community: string;
  calendarId: string;
  stored: Record<string, unknown>;
  remoteAdmin: boolean;
  dollarsEnabled: boolean;
  origin: string;
}

/**
 * Where one config form is shown and where its save leads: the calendar config editor's page
 * (every section), or a list's config.events action (Audiences, User Created Events, Calendar
 * Import Config, in the list's right column). Both save through the same code.
 */
export interface ConfigFormPlace {
  sections: readonly CalendarSectionId[];
  heading: string;
  formAction: string;
  /** Cancel's address. */
  listHref: string;
  eventsHref: string | null;
  /** Where a save leads, with its toast. */
  done: string;
  saved: string;
  /** Makes the config exist before it is saved (a list's events config is written on its first save). */
  ensure?: () => Promise<unknown>;
}

/** The editor's page's config: the address's calendar in the staff member's community, or null (404). */
export async function openConfigTarget(
  services: CalendarDeps,
  staff: StaffContext,
  calendarId: string | undefined,
): Promise<ConfigTarget | null> {
  const calendar = await readCalendar(services, staff.community, calendarId);
  if (!calendar) return null;
  return {
    services,
    staff,
    community: staff.community,
    calendarId: calendar.calendarId,
    stored: calendar.stored,
    remoteAdmin: staff.access.isResortSystem || isLocationAdmin(staff.access, staff.community),
    dollarsEnabled: await loadDollarsEnabled(services),
    origin: linkOrigin(services.env),
  };
}

const ALL_SECTIONS = CALENDAR_SECTIONS.map((section) => section.id);

/** The editor's own page: every section, back to Manage Calendars. */
export const editorPlace = (calendarId: string): ConfigFormPlace => ({
  sections: ALL_SECTIONS,
  heading: CALENDAR_SCREEN_TEXTS.configHeading,
  formAction: calendarPaths.config(calendarId),
  listHref: CALENDARS_PATH,
  eventsHref: calendarPaths.events(calendarId),
  done: CALENDARS_PATH,
  saved: CALENDAR_SCREEN_TEXTS.saved,
});

/** Remote Management is shown, read and written only where the form has it, and only for location admins. */
export const remoteShown = (target: ConfigTarget, place: ConfigFormPlace) => target.remoteAdmin && place.sections.includes('remote');

async function remoteValueOf(target: ConfigTarget): Promise<RemoteAdminFormValue> {
  const remoteKey = remoteKeyOf(target.stored);
  if (!target.remoteAdmin || !remoteKey) return NO_REMOTE;
  const value = await loadRemoteAdmin(target.services, remoteKey, {}, target.community);
  for (const entry of value.entries) {
    if (entry.accessType !== 'email' || (entry.email !== '' && entry.name !== '')) continue;
    const account = await target.services.identity.getUser(entry.uuid).catch(() => null);
    if (!account) continue;
    if (entry.email === '' && account.email) entry.email = account.email;
    if (entry.name === '' && account.displayName) entry.name = account.displayName;
  }
  return value;
}

function formValueOf(value: Omit<CalendarConfigFormOutput, 'version'>, remote: RemoteAdminFormValue): CalendarConfigFormValue {
  return {
    title: value.title,
    priorNotificationTime: String(value.priorNotificationTime),
    audiences: value.audiences.map((title) => ({ title })),
    allowUserCreated: value.allowUserCreated,
    userCreatedRequiresApproval: value.userCreatedRequiresApproval,
    userCreatedEmails: value.userCreatedEmails,
    imports: value.imports,
    remote,
  };
}

/** A config form's data: the stored config (or, for a list's events config not saved yet, the new one) as the form shows it. */
export async function loadConfigForm(target: ConfigTarget, place: ConfigFormPlace): Promise<CalendarConfigData> {
  const { services, community, calendarId, stored } = target;
  const shown = remoteShown(target, place);
  const [remote, options, importRuns] = await Promise.all([
    shown ? remoteValueOf(target) : NO_REMOTE,
    loadEventFormOptions(services, community, calendarId),
    importRunsOf(services, community, calendarId, stored),
  ]);
  const remoteKey = remoteKeyOf(stored);
  return {
    calendarId,
    importRuns,
    title: titleOf(stored, calendarId),
    heading: place.heading,
    sections: place.sections.filter((section) => section !== 'remote' || shown),
    defaultValue: formValueOf(
      { ...calendarConfigFormValue(stored), ...(place.sections.includes('general') ? {} : { title: titleOf(stored, calendarId) }) },
      remote,
    ),
    version: calendarConfigVersion(stored),
    remoteAdmin: shown,
    dollarsEnabled: target.dollarsEnabled,
    remoteLinks: shown && remoteKey ? remoteLinksOf(target.origin, community, remoteKey, remote) : {},
    locations: options.locations.map((location) => ({ value: location.id, label: location.title })),
    formAction: place.formAction,
    listHref: place.listHref,
    eventsHref: place.eventsHref,
    uploadHref: place.eventsHref !== null ? calendarPaths.upload(calendarId) : null,
  };
}
