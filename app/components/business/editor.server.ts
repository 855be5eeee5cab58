import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data as answer, redirect } from '@remix-run/node';
import { actionTargetProblem, loadActionTargets, type ActionTargets } from '@server/actions/targets';
import { sitePath } from '@server/auth/redirect';
import {
  isLocationAdmin,
  loadDollarsEnabled,
  requireRemoteGrant,
  requireStaff,
  type RemoteContext,
  type StaffContext,
} from '@server/authz';
import { allowedFields, editorRights, type EditorRights } from '@server/business/access';
import { readDollarsHistory, type DollarsHistory } from '@server/business/dollars';
import { businessRecord } from '@server/business/item';
import {
  businessVersion,
  commitBusinessSave,
  duplicateOf,
  planBusinessSave,
  readBusiness,
  type SaveBusinessInput,
  type SaveBusinessResult,
} from '@server/business/save';
import {
  BUSINESS_DETAIL_SECTION,
  detailSections,
  detailTypeOf,
  findDetailSection,
  NO_LIST_ICON_CONTEXTS,
  type DetailSection,
} from '@server/business/sections';
import type { DbValue } from '@server/db/types';
import { linkOrigin } from '@server/env';
import { HEADER_BUCKET } from '@server/header/header-info';
import { readForm } from '@server/http/form.server';
import { LIST_ICON_MESSAGES, readListIcons, unknownListIconKeys } from '@server/list-icons';
import { trackedDeepLink, trackingFor } from '@server/menu/items';
import { remoteMessagingHref } from '@server/messages/remote';
import { formatListingContext, isValidKey } from '@server/paths';
import { applyPlaceChoice, communityDistanceMiles, searchPlaces } from '@server/places/location';
import { PlacesError, placeSearchErrorMessage, placesProvider, type PlaceSuggestion } from '@server/providers/places';
import { qrImages, type QrImages } from '@server/qr';
import {
  loadRemoteAdmin,
  planRemoteAdmin,
  readRemoteAudit,
  recordRemoteSave,
  remoteAdminLinks,
  remoteItemFields,
  remoteRequestSchema,
  requestRemoteUpdate,
  sendRemoteInvitations,
  type RemoteAuditEntry,
} from '@server/remote/management';
import { chargeLinkUploads } from '@server/remote/upload-quota';
import type { HeaderTarget } from '~/components/header-editor/header-images.server';
import { currentProject } from '~/components/shell/project.server';
import { imageUrl, loadCommunityRecord } from '~/components/shell/shell.server';
import { redirectWithToast } from '~/components/toast.server';
import { PLACE_SEARCH_PATH } from '~/components/widgets/place-search.server';
import { uploadUrl } from '~/components/widgets/uploader-shared';
import type { ActionKind } from '~/lib/actions';
import { businessFormValue, postedPreviewFields, type BusinessFormValue } from '~/lib/business';
import { previewModel, type PreviewModel, type PreviewSource } from '~/lib/business-preview';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { headerView, type HeaderView } from '~/lib/header-info';
import { hoursRecord } from '~/lib/hours';
import { parseIntent, type IntentSchema } from '~/lib/intent';
import { listContext } from '~/lib/listing/contexts';
import { locationPosition, type LocationFormValue } from '~/lib/location';
import {
  BUSINESS_TEXTS,
  BusinessIntent,
  businessSchema,
  ITEM_KEY_FIELD,
  PLACE_QUERY_FIELD,
  RETURN_TO_FIELD,
  sectionOfErrors,
  type BusinessFormOutput,
  type BusinessSectionId,
} from '~/schemas/business';
import { getServices, type Services } from '~/services.server';

/**
 * The business detail editor's server half (spec 03 §2 "Business detail editor", §4–§8):
 * the loaders and actions of `/detail/:type/:dbContext[/:itemId[/duplicate]]`,
 * `/detailUpdate/:communityKey/…` and the remote pages `/detail/remote/:uuid` and
 * `/detail/remote/id/:detailId`. Every load and save resolves who is asking (staff of the
 * community, or the remote grant of the link or signed-in remote manager) and writes only
 * what they may (server/business/access.ts).
 */

export type BusinessEditorMode = 'add' | 'edit' | 'duplicate' | 'remote';

export interface ListIconChoice {
  key: string;
  title: string;
  url: string | null;
  active: boolean;
}

export interface BusinessEditorData {
  mode: BusinessEditorMode;
  heading: string;
  community: string;
  section: { node: string; title: string };
  /** The edited item's key (for add and duplicate: the key the new item will take). */
  itemKey: string;
  defaultValue: BusinessFormValue;
  version: string | null;
  rights: Pick<EditorRights, 'listIcons' | 'buttons' | 'remoteAdmin' | 'sections' | 'staff'>;
  dollarsEnabled: boolean;
  allowNoLocation: boolean;
  /** The place picker's search route, with who is asking (`?community=`, `?uuid=` or `?detailId=`). */
  placeSearchUrl: string;
  /** The offline places default answers (the picker says so). */
  placesOffline: boolean;
  listIcons: ListIconChoice[];
  sections: DetailSection[];
  header: HeaderView;
  /** Where the header editor of this item is (staff, saved items only). */
  headerHref: string | null;
  dollars: DollarsHistory | null;
  qr: QrImages | null;
  preview: PreviewModel;
  /** Stored fields the form does not edit but the preview shows. */
  previewExtras: Pick<PreviewSource, 'allowFavorite' | 'detailButtons'>;
  formAction: string;
  returnTo: string;
  /** Cancel (staff only). */
  cancelHref: string | null;
  openSection: BusinessSectionId;
  /** The remote page answered a save with 'Save Complete'. */
  saved: boolean;
  /** The remote page answered an Update Permissions request ('Save Complete'). */
  requested: boolean;
  /** The grant as the Update Permissions form shows it (remote pages). */
  grant: { title: string; editInfo: boolean; addButtons: boolean; sendNotifications: boolean; origContext: string } | null;
  /** 'Copy Link for Remote Management' links of the saved access entries, by uuid (location admins). */
  remoteLinks: Record<string, string>;
  /** The item's remote saves (location admins). */
  audit: RemoteAuditEntry[];
  /** The custom buttons' action selector: its targets, allowed actions, and whether a community must be chosen. */
  actionTargets: ActionTargets;
  allowedActions: readonly ActionKind[] | null;
  communityRequired: boolean;
  remote: { relationship: string; detailTitle: string } | null;
  /** Remote pages: the Messaging button's address when the grant allows notifications (spec 03 §6). */
  messagingHref: string | null;
}

export interface BusinessEditorActionData {
  result: SubmissionResult<string[]>;
  version: string | null;
  conflict: Conflict | null;
  openSection: BusinessSectionId;
  formError: string | null;
  preview: PreviewModel | null;
  /** The Update Permissions form's answer (remote pages). */
  requestResult?: SubmissionResult<string[]> | null;
  /** The place search's answer: places near the community to choose from. */
  placeSearch?: { query: string; suggestions: PlaceSuggestion[]; offline: boolean; error: string | null } | null;
  /** A fresh key for the next Save of an add or duplicate whose key was taken. */
  itemKey?: string;
}

type Params = Record<string, string | undefined>;

const notFound = () => new Response('Not Found', { status: 404 });

/** Who is editing what: resolved again on every load and post. */
interface Target {
  services: Services;
  mode: BusinessEditorMode;
  community: string;
  section: DetailSection;
  itemId: string | null;
  stored: Record<string, unknown> | null;
  staff: StaffContext | null;
  remote: RemoteContext | null;
  rights: EditorRights;
  dollarsEnabled: boolean;
  allowNoLocation: boolean;
  /** This page's address (the form posts here). */
  here: string;
  /** The item's own editor address (its header editor sits under it); null while adding or duplicating. */
  editorPath: string | null;
  /** Where links to this console point (server/env.ts linkOrigin: PUBLIC_URL, never the request's Host). */
  origin: string;
  /** The communities the action selector offers (the person's; a remote manager's item's own). */
  communities: Array<{ key: string; title: string }>;
  /** The actions custom buttons may take; undefined: every action. */
  allowedActions: readonly ActionKind[] | undefined;
  /** The place picker's search route for this person. */
  placeSearchUrl: string;
}

/** Remote managers' custom buttons open a web page, call or write (spec 02 §6: remote buttons allow website, dial number and send email). */
export const REMOTE_BUTTON_ACTIONS = ['website', 'call', 'mailto'] as const satisfies readonly ActionKind[];

function schemaOf(target: Target) {
  return businessSchema({
    dollarsEnabled: target.dollarsEnabled,
    allowNoLocation: target.allowNoLocation,
    communityRequired: target.communities.length > 1,
    allowedActions: target.allowedActions,
  });
}

/** The address of the list of a section (the default place to go back to). */
export function sectionListHref(section: DetailSection): string {
  const definition = listContext(section.context);
  if (!definition) return '/';
  const base = `/listnm/${encodeURIComponent(section.context)}`;
  if (section.node === section.context) return base;
  const tab = definition.tabs.find((candidate) => `${section.context}-${candidate.id}` === section.node);
  if (!tab) return base;
  return tab.id === definition.tabs[0]?.id ? base : `${base}/${encodeURIComponent(tab.id)}`;
}

async function findById(services: Services, community: string, section: string, detailId: string): Promise<string | null> {
  if (!isValidKey(detailId)) return null;
  const direct = await readBusiness(services, community, section, detailId);
  if (direct) return detailId;
  const found = (
    await services.db.ref(services.paths.section(community, section)).orderByChild('id').equalTo(detailId).limitToFirst(1).get()
  ).val();
  return found && typeof found === 'object' ? (Object.keys(found)[0] ?? null) : null;
}

/** Staff addresses: `/detail/…` (the session's community) and `/detailUpdate/:communityKey/…`. */
async function staffTarget(request: Request, params: Params, mode: Exclude<BusinessEditorMode, 'remote'>): Promise<Target> {
  const communityKey = params.communityKey;
  if (communityKey !== undefined && !isValidKey(communityKey)) throw notFound();
  const staff = await requireStaff(request, communityKey !== undefined ? { community: communityKey } : {});
  const services = await getServices();
  const type = params.type ?? '';
  const node = params.dbContext ?? '';
  const section =
    type === BUSINESS_DETAIL_SECTION.context
      ? node === BUSINESS_DETAIL_SECTION.node && mode === 'edit'
        ? BUSINESS_DETAIL_SECTION
        : null
      : await findDetailSection(services, staff.community, node);
  if (!section || (section !== BUSINESS_DETAIL_SECTION && detailTypeOf(section.context) !== type)) throw notFound();
  let itemId: string | null = null;
  let stored: Record<string, unknown> | null = null;
  if (mode !== 'add') {
    itemId =
      params.detailId !== undefined ? await findById(services, staff.community, section.node, params.detailId) : (params.itemId ?? null);
    if (!itemId || !isValidKey(itemId)) throw notFound();
    stored = await readBusiness(services, staff.community, section.node, itemId);
    if (!stored) throw notFound();
  }
  const dollarsEnabled = await loadDollarsEnabled(services);
  const admin = staff.access.isResortSystem || isLocationAdmin(staff.access, staff.community);
  return {
    allowNoLocation: await allowNoLocation(services),
    origin: linkOrigin(services.env),
    communities: staff.communities.map((community) => ({ key: community.key, title: community.title })),
    allowedActions: undefined,
    placeSearchUrl: `${PLACE_SEARCH_PATH}?${new URLSearchParams({ community: staff.community })}`,
    services,
    mode,
    community: staff.community,
    section,
    itemId,
    stored,
    staff,
    remote: null,
    rights: editorRights({ kind: 'staff', admin }, { dollarsEnabled }),
    dollarsEnabled,
    here: new URL(request.url).pathname,
    editorPath:
      itemId === null
        ? null
        : [...(communityKey !== undefined ? ['detailUpdate', communityKey] : ['detail']), type, section.node, itemId]
            .map((part, index) => (index === 0 ? `/${part}` : encodeURIComponent(part)))
            .join('/'),
  };
}

/** Remote pages: `/detail/remote/:uuid` (URL grant) and `/detail/remote/id/:detailId` (e-mail grant, signed in). */
async function remoteTarget(request: Request, params: Params): Promise<Target> {
  const lookup = params.uuid !== undefined ? { uuid: params.uuid } : { detailId: params.detailId ?? '' };
  const remote = await requireRemoteGrant(request, lookup, 'editInfo').catch(async (refusal: unknown) => {
    // A grant that only sends notifications opens on the listing's Messaging page.
    if (refusal instanceof Response && refusal.status === 403) {
      const messaging = await requireRemoteGrant(request, lookup, 'sendNotifications').catch(() => null);
      const href = messaging ? remoteMessagingHref(messaging.grant, messaging.user) : null;
      if (href && request.method === 'GET') throw redirect(href);
    }
    throw refusal;
  });
  const services = await getServices();
  const { item, grant } = remote;
  const sections = await detailSections(services, item.community);
  const section = sections.find((candidate) => candidate.node === item.section) ?? {
    node: item.section,
    title: grant.detailTitle || item.section,
    context: 'business',
  };
  const dollarsEnabled = await loadDollarsEnabled(services);
  const record = await loadCommunityRecord(item.community);
  return {
    allowNoLocation: await allowNoLocation(services),
    origin: linkOrigin(services.env),
    communities: [{ key: item.community, title: typeof record.title === 'string' ? record.title : item.community }],
    allowedActions: REMOTE_BUTTON_ACTIONS,
    placeSearchUrl: `${PLACE_SEARCH_PATH}?${new URLSearchParams(params.uuid !== undefined ? { uuid: params.uuid } : { detailId: params.detailId ?? '' })}`,
    services,
    mode: 'remote',
    community: item.community,
    section,
    itemId: item.itemId,
    stored: item.value,
    staff: null,
    remote,
    rights: editorRights({ kind: 'remote', grant }, { dollarsEnabled }),
    dollarsEnabled,
    here: new URL(request.url).pathname,
    editorPath:
      params.uuid !== undefined
        ? `/detail/remote/${encodeURIComponent(params.uuid)}/`
        : `/detail/remote/id/${encodeURIComponent(params.detailId ?? '')}`,
  };
}

const HEADINGS: Record<BusinessEditorMode, string> = {
  add: 'Add Listing',
  edit: 'Edit Listing',
  duplicate: 'Duplicate Listing',
  remote: 'Update Listing',
};

/** Where Save and Cancel go: the posted or asked `returnTo` when it is a page of this site, else the same-site page the person came from, else the list. */
function returnToOf(request: Request, target: Target, posted?: FormDataEntryValue | null): string {
  const asked = sitePath(posted ?? new URL(request.url).searchParams.get(RETURN_TO_FIELD));
  if (asked && !asked.startsWith('/detail/')) return asked;
  const referer = request.headers.get('Referer');
  if (referer && request.method === 'GET') {
    try {
      const from = new URL(referer);
      const path = sitePath(`${from.pathname}${from.search}`);
      if (from.origin === new URL(request.url).origin && path && !path.startsWith('/detail') && !path.startsWith('/login')) return path;
    } catch {
      // no usable referer
    }
  }
  return sectionListHref(target.section);
}

async function qrFor(target: Target, detailId: string | null): Promise<QrImages | null> {
  if (!detailId) return null;
  const record = await loadCommunityRecord(target.community);
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

async function allowNoLocation(services: Services): Promise<boolean> {
  return (await services.db.ref(services.paths.featureFlag('emptyBusinessMap')).get()).val() === true;
}

function storedPreviewExtras(stored: Record<string, unknown> | null): Pick<PreviewSource, 'allowFavorite' | 'detailButtons'> {
  return { allowFavorite: stored?.allowFavorite === true, detailButtons: Array.isArray(stored?.detailButtons) ? stored.detailButtons : [] };
}

export async function loadBusinessEditor(request: Request, params: Params, mode: BusinessEditorMode): Promise<BusinessEditorData> {
  const target = mode === 'remote' ? await remoteTarget(request, params) : await staffTarget(request, params, mode);
  const { services, community, section, stored } = target;
  const startFrom = mode === 'duplicate' && stored ? duplicateOf(stored) : (stored ?? {});
  const defaultValue = businessFormValue(startFrom, community);
  if (mode === 'add' || mode === 'duplicate') defaultValue.contexts = [];
  const itemKey =
    mode === 'add' || mode === 'duplicate' ? services.db.ref(services.paths.section(community, section.node)).push().key! : target.itemId!;
  const detailId = mode === 'edit' || mode === 'remote' ? String(stored?.id ?? target.itemId) : null;
  const [listIcons, sections, dollars, qr, remoteAdmin, audit] = await Promise.all([
    listIconChoices(target),
    target.rights.sections ? detailSections(services, community) : Promise.resolve([]),
    target.dollarsEnabled && detailId ? readDollarsHistory(services, detailId) : Promise.resolve(null),
    qrFor(target, detailId),
    target.rights.remoteAdmin && detailId ? loadRemoteAdmin(services, detailId, stored ?? {}, community) : Promise.resolve(null),
    target.rights.remoteAdmin && detailId ? readRemoteAudit(services, community, detailId) : Promise.resolve([]),
  ]);
  if (remoteAdmin) {
    // Spec 03 §7 getUserData: e-mail entries show their account's e-mail and name when the entry has none.
    for (const entry of remoteAdmin.entries) {
      if (entry.accessType !== 'email' || (entry.email !== '' && entry.name !== '')) continue;
      const account = await services.identity.getUser(entry.uuid).catch(() => null);
      if (!account) continue;
      if (entry.email === '' && account.email) entry.email = account.email;
      if (entry.name === '' && account.displayName) entry.name = account.displayName;
    }
    defaultValue.remote = remoteAdmin;
  }
  if (mode === 'duplicate') defaultValue.remote = { remotelyManaged: false, allowFavorite: false, entries: [] };
  const previewExtras = storedPreviewExtras(mode === 'duplicate' ? duplicateOf(stored ?? {}) : stored);
  const returnTo = returnToOf(request, target);
  const url = new URL(request.url);
  return {
    mode,
    heading: HEADINGS[mode],
    community,
    section: { node: section.node, title: section.title },
    itemKey,
    defaultValue,
    version: mode === 'edit' || mode === 'remote' ? businessVersion(stored ?? {}, community) : null,
    rights: {
      listIcons: target.rights.listIcons && !NO_LIST_ICON_CONTEXTS.has(section.context),
      buttons: target.rights.buttons,
      remoteAdmin: target.rights.remoteAdmin,
      sections: target.rights.sections,
      staff: target.rights.staff,
    },
    dollarsEnabled: target.dollarsEnabled,
    allowNoLocation: target.allowNoLocation,
    placeSearchUrl: target.placeSearchUrl,
    placesOffline: placesProvider(services.env).offline,
    listIcons,
    sections,
    header: headerView(mode === 'duplicate' ? stored?.headerInfo : stored?.headerInfo, imageUrl),
    headerHref:
      (mode === 'edit' || mode === 'remote') && target.editorPath ? `${target.editorPath.replace(/\/$/, '')}/header-images` : null,
    dollars,
    qr,
    preview: previewModel({ ...startFrom, ...previewExtras }),
    previewExtras,
    formAction: `${target.here}${url.search}`,
    returnTo,
    cancelHref: target.rights.staff ? returnTo : null,
    openSection: 'title-location',
    saved: mode === 'remote' && url.searchParams.get('saved') === '1',
    requested: mode === 'remote' && url.searchParams.get('requested') === '1',
    grant: target.remote
      ? {
          title: target.remote.grant.title,
          editInfo: target.remote.grant.editInfo,
          addButtons: target.remote.grant.addButtons,
          sendNotifications: target.remote.grant.sendNotifications,
          origContext: target.remote.grant.origContext,
        }
      : null,
    actionTargets: target.rights.buttons
      ? target.allowedActions
        ? { communities: target.communities, byAction: {} }
        : await loadActionTargets(services, target.communities)
      : { communities: target.communities, byAction: {} },
    allowedActions: target.allowedActions ?? null,
    communityRequired: target.communities.length > 1,
    remoteLinks: remoteAdmin && detailId ? remoteAdminLinks(target.origin, community, detailId, remoteAdmin) : {},
    audit,
    remote: target.remote ? { relationship: target.remote.grant.title, detailTitle: target.remote.grant.detailTitle } : null,
    messagingHref: target.remote ? remoteMessagingHref(target.remote.grant, target.remote.user) : null,
  };
}

/** The preview of a post (valid or not): what was typed, over the stored fields the form does not show. */
function previewOfPost(
  formData: FormData,
  stored: Record<string, unknown> | null,
  output: BusinessFormOutput | null,
  admin: boolean,
): PreviewModel {
  return previewModel({
    ...storedPreviewExtras(stored),
    ...(admin ? { allowFavorite: formData.get('remote.allowFavorite') === 'on' } : {}),
    ...postedPreviewFields(formData),
    hours: output ? hoursRecord(output.hours) : stored?.hours,
  });
}

function reply(body: BusinessEditorActionData, status: number) {
  return answer<BusinessEditorActionData>(body, { status });
}

export async function businessEditorAction(
  request: Request,
  params: Params,
  mode: BusinessEditorMode,
  intents: IntentSchema = BusinessIntent,
) {
  const target = mode === 'remote' ? await remoteTarget(request, params) : await staffTarget(request, params, mode);
  const { services, community, section, stored, rights } = target;
  const schema = schemaOf(target);
  const formData = await readForm(request, { schemas: target.remote ? [schema, remoteRequestSchema] : schema });
  const chosen = parseIntent(formData, intents, { fallback: 'save' }) as { intent: string; argument?: string };
  const intent = chosen.intent;
  if (intent === 'request-update') return remoteRequestAction(request, target, formData);
  if (intent === 'place-search' || intent === 'place-choice') {
    return placeStepAction(target, formData, intent === 'place-choice' ? (chosen.argument ?? '') : null);
  }
  // What the person may not write is not read at all (a post carrying it changes nothing).
  for (const name of [...formData.keys()]) {
    if (!rights.remoteAdmin && name.startsWith('remote.')) formData.delete(name);
    if (!rights.buttons && name.startsWith('detailButtons')) formData.delete(name);
  }
  const version = mode === 'edit' || mode === 'remote' ? postedVersion(formData) : null;
  const submission = parseWithZod(formData, { schema });
  const output = submission.status === 'success' ? submission.value : null;
  const preview = previewOfPost(formData, stored, output, rights.remoteAdmin);

  if (intent === 'preview' || submission.status !== 'success') {
    const failed = submission.status === 'error' && intent !== 'preview';
    const result = submission.reply();
    const errorFields = Object.entries(result.error ?? {})
      .filter(([, messages]) => Boolean(messages?.length))
      .map(([name]) => name);
    return reply(
      {
        result: failed ? result : { ...result, error: {} },
        version,
        conflict: null,
        openSection: (failed && sectionOfErrors(errorFields)) || 'title-location',
        formError: failed ? BUSINESS_TEXTS.formIncomplete : null,
        preview,
      },
      failed ? 400 : 200,
    );
  }

  const isNew = mode === 'add' || mode === 'duplicate';
  const itemId = isNew ? String(formData.get(ITEM_KEY_FIELD) ?? '') : target.itemId!;
  if (!isValidKey(itemId)) {
    return reply(
      {
        result: submission.reply({ formErrors: ['The form is out of date. Reload it and try again.'] }),
        version,
        conflict: null,
        openSection: 'title-location',
        formError: null,
        preview,
      },
      400,
    );
  }
  if (rights.buttons) {
    const targets = target.allowedActions
      ? { communities: target.communities, byAction: {} }
      : await loadActionTargets(services, target.communities);
    const problems: Record<string, string[]> = {};
    submission.value.detailButtons.forEach((button, index) => {
      const problem = actionTargetProblem(targets, button.action);
      if (problem) problems[`detailButtons[${index}].action.key`] = [problem];
    });
    if (Object.keys(problems).length > 0) {
      return reply(
        {
          result: submission.reply({ fieldErrors: problems }),
          version,
          conflict: null,
          openSection: 'buttons',
          formError: BUSINESS_TEXTS.formIncomplete,
          preview,
        },
        400,
      );
    }
  }
  if (rights.listIcons && !NO_LIST_ICON_CONTEXTS.has(section.context)) {
    const carried = Array.isArray(stored?.listIcons) ? stored.listIcons : [];
    const unknown = await unknownListIconKeys(services, community, submission.value.listIcons, carried);
    if (unknown.length > 0) {
      return reply(
        {
          result: submission.reply({ fieldErrors: { listIcons: [LIST_ICON_MESSAGES.unknown(unknown)] } }),
          version,
          conflict: null,
          openSection: 'title-location',
          formError: BUSINESS_TEXTS.formIncomplete,
          preview,
        },
        400,
      );
    }
  }
  const record = businessRecord(submission.value, stored);
  const fields: Record<string, DbValue> = allowedFields(record, rights);
  if (!rights.listIcons || NO_LIST_ICON_CONTEXTS.has(section.context)) delete fields.listIcons;
  if (mode === 'duplicate' && stored) {
    // The copy keeps what the form does not show (header media, buttons, import data aside).
    for (const [field, value] of Object.entries(duplicateOf(stored))) if (!(field in fields)) fields[field] = value as DbValue;
  }
  const value = submission.value;
  if (rights.remoteAdmin) Object.assign(fields, remoteItemFields(value.remote));
  const position = value.location.noLocation ? null : locationPosition(value.location);
  if (rights.fields.includes('distance')) {
    const moved = !stored || stored.latitude !== fields.latitude || stored.longitude !== fields.longitude || stored.distance === undefined;
    if (!position) fields.distance = null;
    else if (moved) {
      const distance = await communityDistanceMiles({ ...services, places: placesProvider(services.env) }, community, position);
      fields.distance = distance ? distance.miles : null;
    }
  }
  const input: SaveBusinessInput = {
    community,
    section: section.node,
    itemId,
    isNew,
    version,
    fields,
    sections: rights.sections ? await allowedSections(services, community, value.contexts) : null,
  };
  let saved: SaveBusinessResult = await planBusinessSave(services, input);
  if (saved.ok) {
    const detailId = String(saved.item.id);
    let invitations: Awaited<ReturnType<typeof planRemoteAdmin>>['invitations'] = [];
    let extra: Record<string, DbValue> = {};
    if (rights.remoteAdmin) {
      const planned = await planRemoteAdmin(services, {
        detailId,
        type: section.context === BUSINESS_DETAIL_SECTION.context ? section.context : (detailTypeOf(section.context) ?? 'business'),
        detailTitle: value.title,
        origContext: formatListingContext(community, section.node),
        contexts: Array.isArray(saved.item.contexts) ? (saved.item.contexts as string[]) : [],
        value: value.remote,
        origin: target.origin,
      });
      extra = planned.updates;
      invitations = planned.invitations;
    }
    saved = await commitBusinessSave(services, input, saved, extra);
    if (saved.ok && invitations.length > 0) await sendRemoteInvitations(services, invitations);
    if (saved.ok && target.remote) {
      const changed = Object.keys(fields).filter(
        (field) => JSON.stringify(stored?.[field] ?? null) !== JSON.stringify(fields[field] ?? null),
      );
      await recordRemoteSave(services, {
        community,
        detailId,
        grant: target.remote.grant,
        user: target.remote.user,
        fields: changed,
        at: Date.now(),
      });
    }
  }
  const returnTo = returnToOf(request, target, formData.get(RETURN_TO_FIELD));
  if (!saved.ok) {
    if (saved.reason !== 'conflict') {
      if (saved.reason === 'exists') {
        // The same form posted twice, and the first post saved it: saved.
        const taken = await readBusiness(services, community, section.node, itemId);
        const shown = (value: Record<string, unknown>) => comparable(businessFormValue(value, community));
        if (taken && conflictRows(CONFLICT_LABELS, shown(taken), shown(record as Record<string, unknown>)).length === 0) {
          return redirectWithToast(request, returnTo, { kind: 'success', message: BUSINESS_TEXTS.saved });
        }
        // Another listing has the key: nothing was written; the form comes back with a fresh key.
        return reply(
          {
            result: submission.reply({ formErrors: [BUSINESS_TEXTS.keyTaken] }),
            version,
            conflict: null,
            openSection: 'title-location',
            formError: BUSINESS_TEXTS.keyTaken,
            preview,
            itemKey: services.db.ref(services.paths.section(community, section.node)).push().key!,
          },
          409,
        );
      }
      return reply(
        {
          result: submission.reply({ formErrors: [BUSINESS_TEXTS.gone] }),
          version,
          conflict: null,
          openSection: 'title-location',
          formError: null,
          preview,
        },
        409,
      );
    }
    const theirs = businessFormValue(saved.stored, community);
    const conflict: Conflict = {
      message: conflictMessage('This listing'),
      version: saved.version,
      theirs: conflictRows(
        CONFLICT_LABELS,
        comparable(theirs),
        comparable(businessFormValue(record as Record<string, unknown>, community)),
      ),
    };
    return reply(
      { result: submission.reply(), version: saved.version, conflict, openSection: 'title-location', formError: null, preview },
      409,
    );
  }
  if (mode === 'remote') {
    const url = new URL(request.url);
    url.searchParams.set('saved', '1');
    return redirect(`${url.pathname}${url.search}`);
  }
  return redirectWithToast(request, returnTo, { kind: 'success', message: BUSINESS_TEXTS.saved });
}

/**
 * The place search of Title/Location (spec 03 §7: autocomplete within 10000 m of the community):
 * `place-search` lists the places matching the query; `place-choice:{placeId}` fills the
 * location fields from the place's details. Neither saves: the form comes back as typed, with
 * the chosen place's address and position.
 */
async function placeStepAction(target: Target, formData: FormData, placeId: string | null) {
  const { services, community, stored } = target;
  const deps = { db: services.db, paths: services.paths, places: placesProvider(services.env) };
  const query = String(formData.get(PLACE_QUERY_FIELD) ?? '').slice(0, 300);
  let placeSearch: BusinessEditorActionData['placeSearch'] = null;
  let status = 200;
  if (placeId === null) {
    placeSearch = { query, ...(await searchPlaces(deps, community, query)) };
  } else {
    const text = (name: string) => String(formData.get(`location.${name}`) ?? '');
    const current: LocationFormValue = {
      noLocation: formData.get('location.noLocation') === 'on',
      title: String(formData.get('title') ?? ''),
      address: text('address'),
      city: text('city'),
      state: text('state'),
      zip: text('zip'),
      latitude: text('latitude'),
      longitude: text('longitude'),
      placeId: text('placeId'),
    };
    try {
      // The item's title is its own field: a place fills the location, never the title.
      const location = await applyPlaceChoice(deps, placeId, current);
      for (const name of ['address', 'city', 'state', 'zip', 'latitude', 'longitude', 'placeId'] as const) {
        formData.set(`location.${name}`, location[name]);
      }
      formData.delete('location.noLocation');
    } catch (error) {
      status = error instanceof PlacesError && error.kind === 'invalid-request' ? 400 : 502;
      placeSearch = { query, suggestions: [], offline: deps.places.offline, error: placeSearchErrorMessage(error) };
    }
  }
  const submission = parseWithZod(formData, { schema: schemaOf(target) });
  const output = submission.status === 'success' ? submission.value : null;
  return reply(
    {
      result: { ...submission.reply(), error: {} },
      version: postedVersion(formData),
      conflict: null,
      openSection: 'title-location',
      formError: null,
      preview: previewOfPost(formData, stored, output, target.rights.remoteAdmin),
      placeSearch,
    },
    status,
  );
}

/** A remote manager's 'Update Permissions' request (spec 03 §6): sent to the administrators, then 'Save Complete'. */
async function remoteRequestAction(request: Request, target: Target, formData: FormData) {
  if (!target.remote) throw new Response('This form cannot do "request-update". Reload the page and try again.', { status: 400 });
  const submission = parseWithZod(formData, { schema: remoteRequestSchema });
  if (submission.status !== 'success') {
    return reply(
      {
        result: { status: undefined, initialValue: null, error: {} } as unknown as SubmissionResult<string[]>,
        version: null,
        conflict: null,
        openSection: 'title-location',
        formError: null,
        preview: null,
        requestResult: submission.reply(),
      },
      400,
    );
  }
  const { services } = target;
  await requestRemoteUpdate(services, {
    grant: target.remote.grant,
    item: target.remote.item,
    request: submission.value,
    origin: target.origin,
    user: target.remote.user,
  });
  const url = new URL(request.url);
  url.searchParams.delete('saved');
  url.searchParams.set('requested', '1');
  return redirect(`${url.pathname}${url.search}`);
}

/** The chosen sections that are detail sections of the community (anything else is ignored). */
async function allowedSections(services: Services, community: string, chosen: readonly string[]): Promise<string[]> {
  const known = new Set((await detailSections(services, community)).map((section) => section.node));
  return chosen.filter((node) => known.has(node));
}

const CONFLICT_LABELS = {
  title: 'Title',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  coordinates: 'Latitude, Longitude',
  description: 'Description',
  phone: 'Phone',
  website: 'Website',
  menu: 'Menu',
  hours: 'Hours',
} as const;

function comparable(value: BusinessFormValue): Record<string, unknown> {
  return {
    ...value,
    address: value.location.address,
    city: value.location.city,
    state: value.location.state,
    zip: value.location.zip,
    coordinates: value.location.latitude || value.location.longitude ? `${value.location.latitude}, ${value.location.longitude}` : '',
    hours: JSON.stringify(value.hours),
  };
}

/**
 * The header editor of a saved item (`…/:itemId/header-images`): the shared header editor,
 * writing the item's own headerInfo, back to the item's editor after Save or Cancel.
 */
export async function businessHeaderTarget(request: Request, params: Params): Promise<{ community: string; target: HeaderTarget }> {
  const target = await staffTarget(request, params, 'edit');
  return {
    community: target.community,
    target: {
      context: target.section.node,
      node: target.services.paths.listItemHeaderInfo(target.community, target.section.node, target.itemId!),
      formAction: target.here,
      // The single business detail's editor is at its short address.
      returnTo:
        target.section === BUSINESS_DETAIL_SECTION ? `/detail/business-detail/${encodeURIComponent(target.itemId!)}` : target.editorPath!,
    },
  };
}

/** The frame of a remote page: the project's brand and a way to leave (no Log Out on remote pages). */
export interface RemoteFrameData {
  appTitle: string;
  logo: string;
  /** The signed-in manager's listings, else the console's front page. */
  leaveHref: string;
  leaveLabel: string;
}

export async function remoteFrame(request: Request, params: Params): Promise<RemoteFrameData> {
  const project = await currentProject(request);
  const signedIn = params.detailId !== undefined;
  return {
    appTitle: project.appTitle,
    logo: project.logo,
    leaveHref: signedIn ? '/detail/remote?all=1' : '/',
    leaveLabel: signedIn ? 'Your remote access' : 'Leave this page',
  };
}

export interface RemoteEditorData extends BusinessEditorData, RemoteFrameData {}

/** A remote page: the editor in remote mode with the project's brand, resolved again from the grant on every load. */
export async function loadRemoteEditor(request: Request, params: Params): Promise<RemoteEditorData> {
  const [data, frame] = await Promise.all([loadBusinessEditor(request, params, 'remote'), remoteFrame(request, params)]);
  return { ...data, ...frame };
}

/**
 * A remote page's Header Image(s)/Video (`/detail/remote/:uuid/header-images`,
 * `/detail/remote/id/:detailId/header-images`): the shared header editor on the grant's item,
 * for a grant with Edit Information, resolved again on every load and post. Uploads carry the
 * grant; AI images are not offered; every save joins the item's remote audit.
 */
export async function remoteHeaderTarget(
  request: Request,
  params: Params,
): Promise<{ community: string; target: HeaderTarget; frame: RemoteFrameData; title: string }> {
  const target = await remoteTarget(request, params);
  const remote = target.remote!;
  const { services, community } = target;
  const detailId = String(target.stored?.id ?? target.itemId);
  return {
    community,
    title: typeof target.stored?.title === 'string' ? target.stored.title : '',
    frame: await remoteFrame(request, params),
    target: {
      context: target.section.node,
      node: services.paths.listItemHeaderInfo(community, target.section.node, target.itemId!),
      formAction: target.here,
      returnTo: target.editorPath!,
      uploadUrl: uploadUrl(HEADER_BUCKET, params.uuid !== undefined ? { uuid: params.uuid } : { detailId: params.detailId ?? '' }),
      aiImages: false,
      afterSave: () =>
        recordRemoteSave(services, { community, detailId, grant: remote.grant, user: remote.user, fields: ['headerInfo'], at: Date.now() }),
      // A link without sign-in: its files count against the link's upload quota, as through /uploads.
      ...(params.uuid !== undefined
        ? { chargeUploads: (files: readonly File[]) => chargeLinkUploads(services.rateLimiter, params.uuid!, files) }
        : {}),
    },
  };
}
