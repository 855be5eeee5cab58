import { loadActionTargets } from '@server/actions/targets';
import { remoteAuditView } from '@server/business/audit';
import { dollarsHistoryView, readDollarsHistory } from '@server/business/dollars';
import { businessVersion, duplicateOf } from '@server/business/save';
import { detailSections, NO_LIST_ICON_CONTEXTS } from '@server/business/sections';
import { readCommunity } from '@server/community/setup';
import { readListIcons } from '@server/list-icons';
import { communityTimeZone } from '@server/listing/reads';
import { trackedDeepLink, trackingFor } from '@server/menu/items';
import { remoteMessagingHref } from '@server/messages/remote';
import { placesProvider } from '@server/providers/places';
import { qrImages, type QrImages } from '@server/qr';
import { loadRemoteAdmin, readRemoteAudit, remoteAdminLinks } from '@server/remote/management';
import type { Services } from '@server/services';
import { businessFormValue } from '~/lib/business';
import { previewModel } from '~/lib/business-preview';
import { headerView } from '~/lib/header-info';
import { imageUrl } from '~/lib/image-url';
import { returnToOf } from './links';
import { storedPreviewExtras } from './reply';
import type { BusinessEditorData, BusinessEditorMode, ListIconChoice, Target } from './types';

/**
 * What the business detail editor shows (spec 03 §2, §7): the item's form value (a duplicate's
 * without what is not copied), the sections, listing icons, dollars, QR code, remote access and
 * audit the person may see, the preview, and where Save and Cancel go.
 */

const HEADINGS: Record<BusinessEditorMode, string> = {
  add: 'Add Listing',
  edit: 'Edit Listing',
  duplicate: 'Duplicate Listing',
  remote: 'Update Listing',
};

async function qrFor(target: Target, detailId: string | null): Promise<QrImages | null> {
  if (!detailId) return null;
  const record = (await readCommunity(target.services, target.community)) ?? {};
  const tracking = await trackingFor(target.services, target.community, record);
  if (!tracking) return null;
  return qrImages(trackedDeepLink(tracking, { communityKey: target.community, action: 'business-detail', actionKey: detailId }));
}

async function listIconChoices(target: Target): Promise<ListIconChoice[]> {
  if (!target.rights.listIcons || NO_LIST_ICON_CONTEXTS.has(target.section.context)) return [];
  return (await readListIcons(target.services, target.community)).map((icon) => ({
    key: icon.key,
    title: icon.title,
    url: imageUrl(icon.url),
    active: icon.active,
  }));
}

/** The Remote Administration section as stored; e-mail entries show their account's e-mail and name when the entry has none (spec 03 §7 getUserData). */
async function remoteAdminOf(services: Services, detailId: string, stored: Record<string, unknown>, community: string) {
  const value = await loadRemoteAdmin(services, detailId, stored, community);
  for (const entry of value.entries) {
    if (entry.accessType !== 'email' || (entry.email !== '' && entry.name !== '')) continue;
    const account = await services.identity.getUser(entry.uuid).catch(() => null);
    if (!account) continue;
    if (entry.email === '' && account.email) entry.email = account.email;
    if (entry.name === '' && account.displayName) entry.name = account.displayName;
  }
  return value;
}

export async function loadEditorScreen(target: Target, request: Request): Promise<BusinessEditorData> {
  const { services, community, section, mode, rights } = target;
  const stored = target.stored ?? {};
  const startFrom = target.mode === 'duplicate' ? duplicateOf(stored) : stored;
  const defaultValue = businessFormValue(startFrom, community);
  const saved = target.mode === 'edit' || target.mode === 'remote';
  if (!saved) defaultValue.contexts = [];
  const itemKey = saved ? target.itemId : services.db.ref(services.paths.section(community, section.node)).push().key!;
  const detailId = saved ? String(stored.id ?? target.itemId) : null;
  const [listIcons, sections, dollars, qr, remoteAdmin, audit] = await Promise.all([
    listIconChoices(target),
    rights.sections ? detailSections(services, community) : Promise.resolve([]),
    target.dollarsEnabled && detailId
      ? Promise.all([readDollarsHistory(services, detailId), communityTimeZone(services, community)]).then(([history, zone]) =>
          dollarsHistoryView(history, zone),
        )
      : Promise.resolve(null),
    qrFor(target, detailId),
    rights.remoteAdmin && detailId ? remoteAdminOf(services, detailId, stored, community) : Promise.resolve(null),
    rights.remoteAdmin && detailId
      ? Promise.all([readRemoteAudit(services, community, detailId), communityTimeZone(services, community)]).then(([entries, zone]) =>
          remoteAuditView(entries, zone),
        )
      : Promise.resolve([]),
  ]);
  if (remoteAdmin) defaultValue.remote = remoteAdmin;
  if (mode === 'duplicate') defaultValue.remote = { remotelyManaged: false, allowFavorite: false, entries: [] };
  const previewExtras = storedPreviewExtras(mode === 'duplicate' ? duplicateOf(stored) : target.stored);
  const returnTo = returnToOf(request, section);
  const url = new URL(request.url);
  const remote = target.mode === 'remote' ? target.remote : null;
  const noTargets = { communities: target.communities, byAction: {} };
  return {
    mode,
    heading: HEADINGS[mode],
    community,
    section: { node: section.node, title: section.title },
    itemKey,
    defaultValue,
    version: saved ? businessVersion(stored, community) : null,
    rights: {
      listIcons: rights.listIcons && !NO_LIST_ICON_CONTEXTS.has(section.context),
      buttons: rights.buttons,
      remoteAdmin: rights.remoteAdmin,
      sections: rights.sections,
      staff: rights.staff,
    },
    dollarsEnabled: target.dollarsEnabled,
    allowNoLocation: target.allowNoLocation,
    placeSearchUrl: target.placeSearchUrl,
    placesOffline: placesProvider(services.env).offline,
    listIcons,
    sections,
    header: headerView(target.stored?.headerInfo, imageUrl),
    headerHref: saved ? `${target.editorPath.replace(/\/$/, '')}/header-images` : null,
    dollars,
    qr,
    preview: previewModel({ ...startFrom, ...previewExtras }),
    previewExtras,
    formAction: `${target.here}${url.search}`,
    returnTo,
    cancelHref: rights.staff ? returnTo : null,
    openSection: 'title-location',
    saved: mode === 'remote' && url.searchParams.get('saved') === '1',
    requested: mode === 'remote' && url.searchParams.get('requested') === '1',
    grant: remote
      ? {
          title: remote.grant.title,
          editInfo: remote.grant.editInfo,
          addButtons: remote.grant.addButtons,
          sendNotifications: remote.grant.sendNotifications,
          origContext: remote.grant.origContext,
        }
      : null,
    actionTargets: rights.buttons && !target.allowedActions ? await loadActionTargets(services, target.communities) : noTargets,
    allowedActions: target.allowedActions ?? null,
    communityRequired: target.communities.length > 1,
    remoteLinks: remoteAdmin && detailId ? remoteAdminLinks(target.origin, community, detailId, remoteAdmin) : {},
    audit,
    remote: remote ? { relationship: remote.grant.title, detailTitle: remote.grant.detailTitle } : null,
    messagingHref: remote ? remoteMessagingHref(remote.grant, remote.user) : null,
  };
}
