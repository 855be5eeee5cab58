import { communitySummary, type Access, type RemoteGrant, type RemotePermission } from '@server/authz/access';
import type { RealtimeDb } from '@server/db/types';
import { remoteMessagingHref } from '@server/messages/remote';
import { parseListingContext, type Paths } from '@server/paths';
import { hrefs } from '~/lib/hrefs';
import { calendarOfGrant, type RemoteCalendarDeps } from './calendar';

/**
 * What a remote manager's sign-in lands on (REMOTE_HOME, /detail/remote): the listings their
 * remote access entries give them (spec 02 §3 and spec 03 §3 "Remote access entry"), each with
 * its kind, community, their relationship, what they may do and where: the remote editor
 * (/detail/remote/id/:detailId) or the listing's Messaging page.
 */

/** The spec's names of the permissions (spec 03 §2 Remote Administration's checkboxes). */
export const REMOTE_PERMISSION_LABELS: Record<RemotePermission, string> = {
  editInfo: 'Edit Information',
  addButtons: 'Add Buttons',
  sendNotifications: 'Send Notifications',
};

export interface RemoteListing {
  detailId: string;
  title: string;
  /** What the listing is ('Business listing', 'Event', 'Calendar' …). */
  kind: string;
  /** The title of the community the listing belongs to. */
  community: string | null;
  /** The relationship the entry names (Owner, Manager, Staff …). */
  relationship: string | null;
  permissions: Array<{ id: RemotePermission; label: string; granted: boolean }>;
  /** What their access lets them do with it, in a sentence. */
  note: string;
  /** Where they do it: the listing's remote editor (Edit Information), else its Messaging page (Send Notifications); null for neither. */
  href: string | null;
}

/** The page a grant opens on for this person: the remote editor of a business listing with Edit Information, else Messaging. */
export function remoteListingHref(grant: RemoteGrant, user: { uid: string } | null): string | null {
  if (grant.editInfo && (grant.type === '' || grant.type === 'business')) return hrefs.remoteDetailById(grant.detailId);
  return remoteMessagingHref(grant, user);
}

/**
 * What a grant allows, said to its holder: Edit Information changes the listing's information
 * (with Add Buttons its buttons too), Send Notifications sends notifications to the people who
 * favorited it; what the grant does not allow is asked of the community's staff.
 */
export function remoteAccessNote(grant: Pick<RemoteGrant, RemotePermission>): string {
  const can: string[] = [];
  if (grant.editInfo) can.push(grant.addButtons ? "change this listing's information and buttons" : "change this listing's information");
  if (grant.sendNotifications) can.push('send notifications to the people who favorited it');
  if (can.length === 0) return 'Changes to this listing are made by the staff of its community: write to them with what should change.';
  const rest = grant.editInfo ? (grant.sendNotifications ? null : 'notifications') : 'other changes';
  return `You can ${can.join(' and ')}: open it to do so.${rest ? ` For ${rest}, write to the staff of its community.` : ''}`;
}

const KIND_LABELS: Record<string, string> = {
  business: 'Business listing',
  event: 'Event',
  events: 'Event',
  calendar: 'Calendar',
};

/** A listing's kind as people say it. */
export function remoteKindLabel(type: string): string {
  const known = KIND_LABELS[type.trim().toLowerCase()];
  if (known) return known;
  const words = type.trim().replace(/[-_]+/g, ' ');
  return words === '' ? 'Listing' : `${words[0]!.toUpperCase()}${words.slice(1)}`;
}

function communityOf(grant: RemoteGrant): string | null {
  try {
    return parseListingContext(grant.origContext).community;
  } catch {
    return null;
  }
}

/** The titles of the communities the grants name, by key. */
async function communityNames(deps: { db: RealtimeDb; paths: Pick<Paths, 'community'> }, grants: readonly RemoteGrant[]) {
  const keys = [...new Set(grants.map(communityOf).filter((key): key is string => key !== null))];
  const names = new Map<string, string>();
  await Promise.all(
    keys.map(async (key) => {
      const summary = communitySummary(key, (await deps.db.ref(deps.paths.community(key)).get()).val());
      if (summary) names.set(key, summary.title);
    }),
  );
  return names;
}

/** A calendar grant (its listing is a calendar, shown with the calendars). */
export const isCalendarGrant = (grant: Pick<RemoteGrant, 'type'>) => grant.type === 'calendar';

/** The person's remote listings but calendars (./calendar.ts: those are listed by loadRemoteCalendars), sorted by title. */
export async function loadRemoteListings(
  deps: { db: RealtimeDb; paths: Pick<Paths, 'community'> },
  access: Pick<Access, 'remoteGrants'>,
  user: { uid: string } | null = null,
): Promise<RemoteListing[]> {
  const grants = access.remoteGrants.filter((grant) => !isCalendarGrant(grant));
  const names = await communityNames(deps, grants);
  return grants
    .map((grant) => {
      const key = communityOf(grant);
      return {
        detailId: grant.detailId,
        title: grant.detailTitle || grant.detailId,
        kind: remoteKindLabel(grant.type),
        community: key ? (names.get(key) ?? null) : null,
        relationship: grant.title || null,
        permissions: (Object.keys(REMOTE_PERMISSION_LABELS) as RemotePermission[]).map((id) => ({
          id,
          label: REMOTE_PERMISSION_LABELS[id],
          granted: grant[id],
        })),
        note: remoteAccessNote(grant),
        href: remoteListingHref(grant, user),
      };
    })
    .sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }));
}

export interface RemoteCalendarLink {
  detailId: string;
  /** The calendar's title, as its config has it now. */
  title: string;
  /** The title of the calendar's community. */
  community: string | null;
  /** Its remote calendar (spec 01 §2.1 `/amc-calendar/remote/id/:detailId/`). */
  href: string;
}

/** The remote calendar of a calendar grant's detail id (its calendar's remoteKey). */
export const remoteCalendarHref = (detailId: string) => hrefs.remoteCalendarById(detailId);

/**
 * The calendars the person's grants reach (server/remote/calendar.ts: a grant whose calendar is
 * gone, or no longer carries the grant's key, reaches none), sorted by title.
 */
export async function loadRemoteCalendars(deps: RemoteCalendarDeps, access: Pick<Access, 'remoteGrants'>): Promise<RemoteCalendarLink[]> {
  const grants = access.remoteGrants.filter(isCalendarGrant);
  const [names, calendars] = await Promise.all([
    communityNames(deps, grants),
    Promise.all(grants.map(async (grant) => ({ grant, calendar: await calendarOfGrant(deps, grant) }))),
  ]);
  return calendars
    .flatMap(({ grant, calendar }) =>
      calendar
        ? [
            {
              detailId: grant.detailId,
              title: calendar.title,
              community: names.get(calendar.community) ?? null,
              href: remoteCalendarHref(grant.detailId),
            },
          ]
        : [],
    )
    .sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }));
}
