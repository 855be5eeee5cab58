import type { SubmissionResult } from '@conform-to/react';
import { allowedFields } from '@server/business/access';
import { changedListingFields } from '@server/business/audit';
import { businessRecord } from '@server/business/item';
import {
  commitBusinessSave,
  duplicateOf,
  planBusinessSave,
  readBusiness,
  type SaveBusinessInput,
  type SaveBusinessResult,
} from '@server/business/save';
import { BUSINESS_DETAIL_SECTION, detailSections, detailTypeOf, NO_LIST_ICON_CONTEXTS } from '@server/business/sections';
import type { DbValue } from '@server/db/types';
import { formatListingContext } from '@server/paths';
import { communityDistanceMiles } from '@server/places/location';
import { placesProvider } from '@server/providers/places';
import {
  planRemoteAdmin,
  recordRemoteSave,
  remoteItemFields,
  sendRemoteInvitations,
  type RemoteInvitation,
} from '@server/remote/management';
import type { Services } from '@server/services';
import type { PreviewModel } from '~/lib/business-preview';
import { locationPosition } from '~/lib/location';
import { BUSINESS_TEXTS, RETURN_TO_FIELD, type BusinessFormOutput } from '~/schemas/business';
import { returnToOf } from './links';
import { conflictReply, editorReply, sameAsShown } from './reply';
import type { EditorAnswer, Target } from './types';

/**
 * Saving a valid post (spec 03 §7 "Business editor" writes; decision 008): the fields the
 * person may write, planned against the stored item, the remote grants planned with it, all of
 * it committed in one guarded update, then the invitations sent and a remote save audited.
 */

export interface ValidPost {
  itemId: string;
  version: string | null;
  value: BusinessFormOutput;
  /** The form as posted, with these errors. */
  reply: (options?: { formErrors?: string[] }) => SubmissionResult<string[]>;
  preview: PreviewModel;
}

/** The chosen sections that are detail sections of the community (anything else is ignored). */
async function allowedSections(services: Services, community: string, chosen: readonly string[]): Promise<string[]> {
  const known = new Set((await detailSections(services, community)).map((section) => section.node));
  return chosen.filter((node) => known.has(node));
}

/** The item fields this person writes: the form's, what a duplicate carries over, remote management and the distance. */
async function fieldsOf(target: Target, value: BusinessFormOutput, record: Record<string, DbValue>): Promise<Record<string, DbValue>> {
  const { rights, stored, services } = target;
  const fields: Record<string, DbValue> = allowedFields(record, rights);
  if (!rights.listIcons || NO_LIST_ICON_CONTEXTS.has(target.section.context)) delete fields.listIcons;
  if (target.mode === 'duplicate') {
    // The copy keeps what the form does not show (header media, buttons, import data aside).
    for (const [field, carried] of Object.entries(duplicateOf(target.stored))) if (!(field in fields)) fields[field] = carried as DbValue;
  }
  if (rights.remoteAdmin) Object.assign(fields, remoteItemFields(value.remote));
  const position = value.location.noLocation ? null : locationPosition(value.location);
  if (rights.fields.includes('distance')) {
    const moved = !stored || stored.latitude !== fields.latitude || stored.longitude !== fields.longitude || stored.distance === undefined;
    if (!position) fields.distance = null;
    else if (moved) {
      const distance = await communityDistanceMiles({ ...services, places: placesProvider(services.env) }, target.community, position);
      fields.distance = distance ? distance.miles : null;
    }
  }
  return fields;
}

/** The remote grants of a location admin's Remote Administration: their updates, and the invitations to send once written. */
async function planGrants(target: Target, value: BusinessFormOutput, item: Record<string, DbValue>) {
  const { section, community } = target;
  if (!target.rights.remoteAdmin) return { updates: {}, invitations: [] as RemoteInvitation[] };
  return planRemoteAdmin(target.services, {
    detailId: String(item.id),
    type: section.context === BUSINESS_DETAIL_SECTION.context ? section.context : (detailTypeOf(section.context) ?? 'business'),
    detailTitle: value.title,
    origContext: formatListingContext(community, section.node),
    contexts: Array.isArray(item.contexts) ? (item.contexts as string[]) : [],
    value: value.remote,
    origin: target.origin,
  });
}

/** A remote manager's save joins the item's remote audit, with the fields it changed. */
async function auditRemoteSave(target: Target, detailId: string, fields: Record<string, DbValue>) {
  if (target.mode !== 'remote') return;
  // Compared as the editor shows them: a field the save only stores in another shape did not change.
  const changed = changedListingFields(target.stored, fields, target.community);
  await recordRemoteSave(target.services, {
    community: target.community,
    detailId,
    grant: target.remote.grant,
    user: target.remote.user,
    fields: changed,
    at: Date.now(),
  });
}

export async function saveListing(target: Target, request: Request, formData: FormData, post: ValidPost): Promise<EditorAnswer> {
  const { services, community, section, rights } = target;
  const { value, version, itemId, preview } = post;
  const record = businessRecord(value, target.stored);
  const fields = await fieldsOf(target, value, record);
  const input: SaveBusinessInput = {
    community,
    section: section.node,
    itemId,
    isNew: target.mode === 'add' || target.mode === 'duplicate',
    version,
    fields,
    sections: rights.sections ? await allowedSections(services, community, value.contexts) : null,
  };
  let saved: SaveBusinessResult = await planBusinessSave(services, input);
  if (saved.ok) {
    const detailId = String(saved.item.id);
    const grants = await planGrants(target, value, saved.item);
    saved = await commitBusinessSave(services, input, saved, grants.updates);
    if (saved.ok && grants.invitations.length > 0) await sendRemoteInvitations(services, grants.invitations);
    if (saved.ok) await auditRemoteSave(target, detailId, fields);
  }
  const returnTo = returnToOf(request, section, formData.get(RETURN_TO_FIELD));
  if (saved.ok) return target.mode === 'remote' ? { kind: 'remote-saved' } : { kind: 'saved', returnTo };
  if (saved.reason === 'conflict') return conflictReply(post.reply(), community, saved, record, preview);
  const form = (message: string, extra: { formError: string | null; itemKey?: string }) =>
    editorReply(
      { result: post.reply({ formErrors: [message] }), version, conflict: null, openSection: 'title-location', preview, ...extra },
      409,
    );
  if (saved.reason === 'gone') return form(BUSINESS_TEXTS.gone, { formError: null });
  // 'exists': the same form posted twice, and the first post saved it: saved.
  const taken = await readBusiness(services, community, section.node, itemId);
  if (taken && sameAsShown(community, taken, record)) return { kind: 'saved', returnTo };
  // Another listing has the key: nothing was written; the form comes back with a fresh key.
  const itemKey = services.db.ref(services.paths.section(community, section.node)).push().key!;
  return form(BUSINESS_TEXTS.keyTaken, { formError: BUSINESS_TEXTS.keyTaken, itemKey });
}
