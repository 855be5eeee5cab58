import { createPaths, parseEventContext, parseListingContext } from '@server/paths';
import { messageProblems, obj, text } from './checks';
import { communityProblems } from './community-consistency';
import { DemoUserSchema, RemoteAccessEntrySchema, UserAuthorizationSchema, type DemoUser } from './records';
import { DEFAULT_TIME_ZONE, type Json } from './resolve';

/**
 * Checks of the (resolved) demo data against the spec's rules, product-wide: demo users,
 * communities (each community's own data in community-consistency.ts), remote grants,
 * authorization records, app data and system-wide messages.
 */

export interface ConsistencyOptions {
  product: string;
  now: number;
  users: DemoUser[];
}

/**
 * Checks the resolved demo data against the spec's rules: default menus, menu targets,
 * calendars, events and recurrences, entries, hunts, orders, grants, authorization records,
 * hours, messages and icons. Returns every problem found.
 */
export function consistencyProblems(tree: Json, { product, now, users }: ConsistencyOptions): string[] {
  const problems: string[] = [];
  const paths = createPaths(product);
  const root = obj(tree);
  const productNode = obj(root[product]);
  const communities = obj(productNode['campground-locations']);
  const locationData = obj(productNode['location-data']);
  const userWritten = obj(productNode['user-written']);
  const systemTopics = obj(obj(obj(productNode['system-data'])['messages-config']).topics);
  const uids = new Set(users.map((user) => user.uid));

  for (const user of users) {
    const parsed = DemoUserSchema.safeParse(user);
    if (!parsed.success)
      problems.push(`demo user ${user.uid}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  }

  for (const [community, record] of Object.entries(communities)) {
    const where = paths.community(community);
    const c = obj(record);
    if (c.communityKey !== community) problems.push(`${where}: communityKey must be "${community}"`);
    if (!['resort', 'municipality', 'school'].includes(String(c.communityType)))
      problems.push(`${where}: communityType must be resort, municipality or school`);
    for (const field of ['title', 'address', 'city', 'state', 'zip', 'phone', 'website', 'timeZone', 'iconSet']) {
      if (typeof c[field] !== 'string' || c[field] === '') problems.push(`${where}: ${field} is required`);
    }
    if (typeof c.latitude !== 'number' || typeof c.longitude !== 'number') problems.push(`${where}: latitude and longitude are numbers`);
    if (String(c.phone ?? '').replace(/\D/g, '').length < 7) problems.push(`${where}: phone needs at least 7 digits`);
    const zone = text(c.timeZone) ?? DEFAULT_TIME_ZONE;
    const data = obj(locationData[community]);
    if (!locationData[community]) {
      problems.push(`${where}: no location data`);
      continue;
    }
    problems.push(
      ...communityProblems(community, String(c.communityType), zone, data, obj(userWritten[community]), systemTopics, paths, now),
    );
  }

  // Remote-management: the same entry under both indexes, pointing at a managed business.
  const remote = obj(productNode['remote-management']);
  const byUid = obj(remote.uid);
  const byDetail = obj(remote.detailId);
  for (const [uid, grants] of Object.entries(byUid)) {
    for (const [detailId, entry] of Object.entries(obj(grants))) {
      const where = paths.remoteByUid(uid, detailId);
      const parsed = RemoteAccessEntrySchema.safeParse(entry);
      if (!parsed.success) {
        problems.push(`${where}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
        continue;
      }
      if (JSON.stringify(obj(byDetail[detailId])[uid]) !== JSON.stringify(entry))
        problems.push(`${where}: not mirrored at ${paths.remoteByDetail(detailId, uid)}`);
      if (parsed.data.uid !== undefined && parsed.data.uid !== uid) problems.push(`${where}: uid field differs from the key`);
      if (parsed.data.accessType === 'email' && !uids.has(uid)) problems.push(`${where}: e-mail access needs a demo account with this uid`);
      if (parsed.data.type === 'calendar') {
        problems.push(...calendarGrantProblems(where, detailId, parsed.data, locationData));
        continue;
      }
      for (const context of [...parsed.data.contexts, parsed.data.origContext]) {
        let target: { community: string; section: string };
        try {
          target = parseListingContext(context);
        } catch (error) {
          problems.push(`${where}: ${(error as Error).message}`);
          continue;
        }
        const item = obj(obj(obj(locationData[target.community])[target.section])[detailId]);
        if (item.id !== detailId) problems.push(`${where}: no item "${detailId}" in ${context}`);
        else {
          if (item.remotelyManaged !== true) problems.push(`${where}: ${context}/${detailId} is not remotelyManaged`);
          if (item.title !== parsed.data.detailTitle) problems.push(`${where}: detailTitle differs from the item's title`);
        }
      }
    }
  }
  for (const [detailId, grants] of Object.entries(byDetail)) {
    for (const uid of Object.keys(obj(grants))) {
      if (!obj(byUid[uid])[detailId]) problems.push(`${paths.remoteByDetail(detailId, uid)}: not mirrored under uid`);
    }
  }

  // Authorization records.
  for (const [uid, record] of Object.entries(obj(obj(root['user-authorization']).users))) {
    const where = paths.userAuthorization(uid);
    const parsed = UserAuthorizationSchema.safeParse(record);
    if (!parsed.success) {
      problems.push(`${where}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
      continue;
    }
    if (!uids.has(uid)) problems.push(`${where}: not a demo account`);
    const rights = parsed.data.communities ?? {};
    for (const community of Object.keys(rights)) {
      if (!(community in communities)) problems.push(`${where}: unknown community ${community}`);
    }
    if (parsed.data.editorDefault && !(parsed.data.editorDefault in rights))
      problems.push(`${where}: editorDefault is not one of the user's communities`);
    if (!Object.values(rights).some((r) => r.isEditor || r.isAdmin))
      problems.push(`${where}: a record without editor or admin rights gives no access`);
  }

  // App data limits (spec 01 §5).
  for (const [appId, app] of Object.entries(obj(productNode['app-data']))) {
    const a = obj(app);
    const assets = obj(a.deploymentAssets);
    const limits: Array<[string, Json | undefined, number]> = [
      ['appName', a.appName, 30],
      ['appTitle', assets.appTitle, 30],
      ['shortDescription', assets.shortDescription, 80],
      ['description', assets.description, 4000],
      ['keywords', assets.keywords, 100],
    ];
    for (const [field, value, max] of limits) {
      if (typeof value === 'string' && value.length > max) problems.push(`${paths.appData(appId)}: ${field} is longer than ${max}`);
    }
    if (!['single', 'esp', 'multi'].includes(String(a.appType)))
      problems.push(`${paths.appData(appId)}: appType must be single, esp or multi`);
    if (typeof a.cLocationId === 'string' && !(a.cLocationId in communities))
      problems.push(`${paths.appData(appId)}: cLocationId is not a community`);
  }

  for (const [topic, record] of Object.entries(systemTopics)) {
    if (!['user-group', 'category'].includes(String(obj(record).type)))
      problems.push(`${paths.systemTopic(topic)}: type must be user-group or category`);
  }
  for (const [id, message] of Object.entries(obj(obj(productNode['system-data']).messages))) {
    problems.push(...messageProblems(paths.systemMessage(id), obj(message), {}, systemTopics, now, 'sent'));
  }
  return problems;
}
/**
 * A calendar's remote access entry (written by the calendar config editor): keyed by the
 * calendar's remoteKey, its only context the calendar's event context, the community's
 * '{community}/amc-events' as origContext, the calendar's title as detailTitle.
 */
function calendarGrantProblems(
  where: string,
  detailId: string,
  entry: { contexts: string[]; origContext: string; detailTitle?: string },
  locationData: Record<string, Json>,
): string[] {
  if (entry.contexts.length !== 1) return [`${where}: a calendar grant names exactly one calendar`];
  let target: { community: string; calendarId: string };
  try {
    target = parseEventContext(entry.contexts[0]!);
  } catch (error) {
    return [`${where}: ${(error as Error).message}`];
  }
  if (entry.origContext !== `${target.community}/amc-events`) return [`${where}: origContext is not ${target.community}/amc-events`];
  const config = obj(obj(obj(obj(locationData[target.community])['amc-events']).config)[target.calendarId]);
  if (config.remoteKey !== detailId) return [`${where}: calendar ${target.calendarId} has no remoteKey "${detailId}"`];
  if (config.title !== entry.detailTitle) return [`${where}: detailTitle differs from the calendar's title`];
  return [];
}
