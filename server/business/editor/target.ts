import { isLocationAdmin, loadDollarsEnabled, type RemoteContext, type StaffContext } from '@server/authz';
import { editorRights } from '@server/business/access';
import { readBusiness } from '@server/business/save';
import { BUSINESS_DETAIL_SECTION, detailSections, detailTypeOf, findDetailSection } from '@server/business/sections';
import { readCommunity } from '@server/community/setup';
import { linkOrigin } from '@server/env';
import { isValidKey } from '@server/paths';
import { remoteAdminPostSchema } from '@server/remote/admin-post';
import type { Services } from '@server/services';
import type { ActionKind } from '~/lib/actions';
import { hrefs } from '~/lib/hrefs';
import { PLACE_SEARCH_PATH } from '~/lib/place-search';
import { businessSchema } from '~/schemas/business';
import type { AddTarget, RemoteTarget, StaffItemTarget, Target } from './types';

/**
 * Who edits which listing, as the editor's address names it (spec 03 §2): staff of the
 * community at `/detail/…` (the session's community) or `/detailUpdate/:communityKey/…`, or the
 * remote grant of a link (`/detail/remote/:uuid`) or of a signed-in manager
 * (`/detail/remote/id/:detailId`). Resolved again on every load and post; null: 404.
 */

type Params = Record<string, string | undefined>;

/** Remote managers' custom buttons open a web page, call or write (spec 02 §6: remote buttons allow website, dial number and send email). */
export const REMOTE_BUTTON_ACTIONS = ['website', 'call', 'mailto'] as const satisfies readonly ActionKind[];

/** The form's schema for this person (the browser builds the same from the loader's data), its Remote Administration read as every form carrying it is. */
export function editorSchema(target: Target) {
  return businessSchema({
    dollarsEnabled: target.dollarsEnabled,
    allowNoLocation: target.allowNoLocation,
    communityRequired: target.communities.length > 1,
    allowedActions: target.allowedActions,
  }).extend(remoteAdminPostSchema({ dollarsEnabled: target.dollarsEnabled }).shape);
}

/** The emptyBusinessMap feature: 'Item Does Not Have A Location' is offered. */
async function allowNoLocation(services: Services): Promise<boolean> {
  return (await services.db.ref(services.paths.featureFlag('emptyBusinessMap')).get()).val() === true;
}

/** An item by its key, else by its `id` field (`/detailUpdate/…/id/:detailId`). */
async function findById(services: Services, community: string, section: string, detailId: string): Promise<string | null> {
  if (!isValidKey(detailId)) return null;
  const direct = await readBusiness(services, community, section, detailId);
  if (direct) return detailId;
  const found = (
    await services.db.ref(services.paths.section(community, section)).orderByChild('id').equalTo(detailId).limitToFirst(1).get()
  ).val();
  return found && typeof found === 'object' ? (Object.keys(found)[0] ?? null) : null;
}

/** The item's own editor address: `/detail/:type/:node/:itemId` or `/detailUpdate/:communityKey/…`. */
function editorPathOf(params: Params, type: string, node: string, itemId: string): string {
  const parts = [...(params.communityKey !== undefined ? ['detailUpdate', params.communityKey] : ['detail']), type, node, itemId];
  return parts.map((part, index) => (index === 0 ? `/${part}` : encodeURIComponent(part))).join('/');
}

/** Staff addresses, the person already required (staff of the community the address names). */
export async function staffTarget(
  services: Services,
  staff: StaffContext,
  request: Request,
  params: Params,
  mode: 'add' | 'edit' | 'duplicate',
): Promise<Target | null> {
  const type = params.type ?? '';
  const node = params.dbContext ?? '';
  const section =
    type === BUSINESS_DETAIL_SECTION.context
      ? node === BUSINESS_DETAIL_SECTION.node && mode === 'edit'
        ? BUSINESS_DETAIL_SECTION
        : null
      : await findDetailSection(services, staff.community, node);
  if (!section || (section !== BUSINESS_DETAIL_SECTION && detailTypeOf(section.context) !== type)) return null;
  let item: { itemId: string; stored: Record<string, unknown> } | null = null;
  if (mode !== 'add') {
    const itemId =
      params.detailId !== undefined ? await findById(services, staff.community, section.node, params.detailId) : (params.itemId ?? null);
    if (!itemId || !isValidKey(itemId)) return null;
    const stored = await readBusiness(services, staff.community, section.node, itemId);
    if (!stored) return null;
    item = { itemId, stored };
  }
  const dollarsEnabled = await loadDollarsEnabled(services);
  const admin = staff.access.isResortSystem || isLocationAdmin(staff.access, staff.community);
  const base = {
    allowNoLocation: await allowNoLocation(services),
    origin: linkOrigin(services.env),
    communities: staff.communities.map((community) => ({ key: community.key, title: community.title })),
    allowedActions: undefined,
    placeSearchUrl: `${PLACE_SEARCH_PATH}?${new URLSearchParams({ community: staff.community })}`,
    services,
    community: staff.community,
    section,
    staff,
    rights: editorRights({ kind: 'staff', admin }, { dollarsEnabled }),
    dollarsEnabled,
    here: new URL(request.url).pathname,
  };
  if (mode === 'add' || !item) return { ...base, mode: 'add', itemId: null, stored: null } satisfies AddTarget;
  return {
    ...base,
    mode,
    itemId: item.itemId,
    stored: item.stored,
    editorPath: editorPathOf(params, type, section.node, item.itemId),
  } satisfies StaffItemTarget;
}

/** Remote pages, the grant already required (Edit Information). */
export async function remoteTarget(services: Services, remote: RemoteContext, request: Request, params: Params): Promise<RemoteTarget> {
  const { item, grant } = remote;
  const sections = await detailSections(services, item.community);
  const section = sections.find((candidate) => candidate.node === item.section) ?? {
    node: item.section,
    title: grant.detailTitle || item.section,
    context: 'business',
  };
  const dollarsEnabled = await loadDollarsEnabled(services);
  const record = (await readCommunity(services, item.community)) ?? {};
  const byLink = params.uuid !== undefined;
  return {
    allowNoLocation: await allowNoLocation(services),
    origin: linkOrigin(services.env),
    communities: [{ key: item.community, title: typeof record.title === 'string' ? record.title : item.community }],
    allowedActions: REMOTE_BUTTON_ACTIONS,
    placeSearchUrl: `${PLACE_SEARCH_PATH}?${new URLSearchParams(byLink ? { uuid: params.uuid ?? '' } : { detailId: params.detailId ?? '' })}`,
    services,
    mode: 'remote',
    community: item.community,
    section,
    itemId: item.itemId,
    stored: item.value,
    remote,
    rights: editorRights({ kind: 'remote', grant }, { dollarsEnabled }),
    dollarsEnabled,
    here: new URL(request.url).pathname,
    editorPath: byLink ? hrefs.remoteDetail(params.uuid ?? '') : hrefs.remoteDetailById(params.detailId ?? ''),
  };
}
