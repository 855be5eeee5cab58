import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data as answer } from '@remix-run/node';
import { formatInTimeZone } from 'date-fns-tz';
import { requireLocationAdmin } from '@server/authz';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import { communityTimeZone, REWARDS_USERS_LIST_KEY } from '@server/listing';
import type { ResolvedList } from '@server/listing/resolved';
import { changePoints } from '@server/rewards/adjust';
import { readRewardsConfig, rewardsConfigVersion, saveRewardsConfig, type RewardsConfig } from '@server/rewards/config';
import { readRewardsUser } from '@server/rewards/users';
import { actorName } from '@server/users/manage';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import { linkedListDefinition } from '~/lib/listing/linked';
import type { ListContextDefinition } from '~/lib/listing/types';
import { listUrls } from '~/lib/listing/urls';
import { redirectWithToast } from '~/lib/toast.server';
import { PointsChangeSchema, REWARDS_CONFIG_LABELS, RewardsConfigSchema } from '~/schemas/rewards';
import { getServices } from '~/services.server';
import { RewardsConfigIntent, RewardsUserIntent } from './intents';

/**
 * The rewards users (spec 02 "Listing routes" context rewards-users; spec 03 §9 list-screen
 * mapping "rewards users", default item shape "rewards user (total 0, history, barcodes, name,
 * email)"; decision 041): a list context of the listing framework with its own routes under
 * `/listnm/rewards-users` (the home tile of a Rewards menu item opens it), read through its source
 * adapter (server/rewards/users.ts). The list shows guests' names and e-mails and changes their
 * points, so it is for the community's admins (resort system admins are admins of every
 * community; decision 045), as are the rewards config and the changes of points.
 */

export const REWARDS_USERS_DEFINITION: ListContextDefinition = linkedListDefinition({
  title: 'Rewards Users',
  itemName: 'Rewards User',
  fields: { title: 'name' },
  permission: 'location-admin',
  emptyMessage: 'There are no rewards users yet.',
  loadingText: 'Loading rewards users',
  searchHint: 'Name, e-mail or id',
});

export async function resolveRewardsUsers(request: Request): Promise<ResolvedList> {
  const staff = await requireLocationAdmin(request);
  const definition = REWARDS_USERS_DEFINITION;
  const key = REWARDS_USERS_LIST_KEY;
  return {
    staff,
    key,
    definition,
    location: { family: 'listnm', context: key, tab: null, firstTab: null },
    address: { community: staff.community, definition, base: key, tab: null },
    title: definition.title,
    tabs: [],
    headerContext: key,
  };
}

export interface RewardsUserData {
  uid: string;
  name: string;
  email: string;
  total: number;
  barcodes: string[];
  history: Array<{ key: string; when: string; title: string; points: number; note: string; by: string }>;
  closeHref: string;
}

export interface RewardsUserActionData {
  result?: SubmissionResult<string[]>;
  error?: string;
}

/** One rewards user (`/listnm/rewards-users/edit/:uid`): total, barcodes and points history. */
export async function loadRewardsUser(request: Request, params: Record<string, string | undefined>): Promise<RewardsUserData> {
  const list = await resolveRewardsUsers(request);
  const services = await getServices();
  const user = await readRewardsUser(services, list.staff.community, params.uid ?? '');
  if (!user) throw notFound();
  const timeZone = await communityTimeZone(services, list.staff.community);
  return {
    uid: user.uid,
    name: user.name,
    email: user.email,
    total: user.total,
    barcodes: user.barcodes,
    history: user.history.map((entry) => ({
      key: entry.key,
      when: entry.at ? formatInTimeZone(entry.at, timeZone, 'MMM d, yyyy h:mm a') : '',
      title: entry.title,
      points: entry.points,
      note: entry.note,
      by: entry.by,
    })),
    closeHref: listUrls(list.location, new URL(request.url).searchParams).list,
  };
}

const plural = (points: number) => (Math.abs(points) === 1 ? '1 point' : `${Math.abs(points).toLocaleString('en-US')} points`);

/**
 * Save Points on a rewards user (decision 045): points added or removed, or a new total, with a
 * note; the total and its history entry in one guarded update (server/rewards/adjust.ts).
 */
export async function rewardsUserAction(request: Request, params: Record<string, string | undefined>) {
  const list = await resolveRewardsUsers(request);
  const services = await getServices();
  const uid = params.uid ?? '';
  if (!(await readRewardsUser(services, list.staff.community, uid))) throw notFound();
  const form = await readForm(request, { schemas: [PointsChangeSchema] });
  parseIntent(form, RewardsUserIntent);
  const submission = parseWithZod(form, { schema: PointsChangeSchema });
  if (submission.status !== 'success') return answer<RewardsUserActionData>({ result: submission.reply() }, { status: 400 });
  const { mode, points, note, was } = submission.value;
  const result = await changePoints(services, list.staff.community, uid, {
    mode,
    points,
    note,
    was: mode === 'set' ? was : undefined,
    by: actorName(list.staff.user),
  });
  if (result.ok) {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    const what = result.points > 0 ? `${plural(result.points)} added` : `${plural(result.points)} removed`;
    return redirectWithToast(request, back, {
      kind: 'success',
      message: `${what}. The total is now ${result.total.toLocaleString('en-US')}.`,
    });
  }
  switch (result.reason) {
    case 'no-user':
      throw notFound();
    case 'invalid':
    case 'below-zero':
    case 'unchanged':
      return answer<RewardsUserActionData>({ result: submission.reply({ fieldErrors: { points: [result.message] } }) }, { status: 400 });
    case 'stale':
    case 'busy':
      return answer<RewardsUserActionData>({ result: submission.reply(), error: result.message }, { status: 409 });
  }
}

export interface RewardsConfigData {
  config: RewardsConfig;
  version: string;
  closeHref: string;
}

export interface RewardsConfigActionData {
  result?: SubmissionResult<string[]>;
  conflict?: Conflict;
}

/** The rewards config (`/listnm/rewards-users/config`): the community's `rewards/config`. */
export async function loadRewardsConfig(request: Request): Promise<RewardsConfigData> {
  const list = await resolveRewardsUsers(request);
  const config = await readRewardsConfig(await getServices(), list.staff.community);
  return { config, version: rewardsConfigVersion(config), closeHref: listUrls(list.location, new URL(request.url).searchParams).list };
}

export async function rewardsConfigAction(request: Request) {
  const list = await resolveRewardsUsers(request);
  const form = await readForm(request, { schemas: [RewardsConfigSchema] });
  parseIntent(form, RewardsConfigIntent);
  const submission = parseWithZod(form, { schema: RewardsConfigSchema });
  if (submission.status !== 'success') return answer<RewardsConfigActionData>({ result: submission.reply() }, { status: 400 });
  const config: RewardsConfig = { ...submission.value, title: submission.value.title ?? '' };
  const saved = await saveRewardsConfig(await getServices(), list.staff.community, { config, version: postedVersion(form) });
  if (!saved.ok) {
    return answer<RewardsConfigActionData>(
      {
        result: submission.reply(),
        conflict: {
          message: conflictMessage('The rewards config'),
          version: saved.version,
          theirs: conflictRows(REWARDS_CONFIG_LABELS, saved.stored, config),
        },
      },
      { status: 409 },
    );
  }
  return redirectWithToast(request, hrefs.listnmAction(REWARDS_USERS_LIST_KEY, 'config'), {
    kind: 'success',
    message: 'The rewards config is saved.',
  });
}
