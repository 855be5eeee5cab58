import { data, redirect } from '@remix-run/node';
import { notInThisCommunity, requireRemoteGrant, requireStaff } from '@server/authz';
import { answerEditorPost, type EditorIntent } from '@server/business/editor/post';
import { editorSchema, remoteTarget, staffTarget } from '@server/business/editor/target';
import type { BusinessEditorActionData, EditorAnswer, RemoteTarget, Target } from '@server/business/editor/types';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import { remoteMessagingHref } from '@server/messages/remote';
import { isValidKey } from '@server/paths';
import { remoteRequestSchema } from '@server/remote/management';
import { parseIntent, type IntentSchema } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import { BUSINESS_TEXTS } from '~/schemas/business';
import { getServices } from '~/services.server';

/**
 * What the business editor's modes share (spec 03 §2 "Business detail editor"): who is asking
 * (staff of the community, or the remote grant of a link or signed-in manager), resolved again
 * on every load and post, and a post read, answered by server/business/editor and turned into a
 * response. The modes: edit.server.ts, add.server.ts, remote.server.ts.
 */

export type {
  BusinessEditorActionData,
  BusinessEditorData,
  BusinessEditorMode,
  ListIconChoice,
  RemoteEditorData,
} from '@server/business/editor/types';

export type Params = Record<string, string | undefined>;

/** Staff addresses: `/detail/…` (the session's community) and `/detailUpdate/:communityKey/…`. */
export async function requireStaffTarget(request: Request, params: Params, mode: 'add' | 'edit' | 'duplicate'): Promise<Target> {
  const communityKey = params.communityKey;
  if (communityKey !== undefined && !isValidKey(communityKey)) throw notFound();
  const staff = await requireStaff(request, communityKey !== undefined ? { community: communityKey } : {});
  const services = await getServices();
  const target = await staffTarget(services, staff, request, params, mode);
  if (target) return target;
  // A listing of another of the person's communities: the page says whose it is (and offers to switch).
  const { dbContext: node = '', itemId = '' } = params;
  if (communityKey === undefined && mode !== 'add' && isValidKey(node) && isValidKey(itemId)) {
    throw await notInThisCommunity(services.db, staff, 'listing', (community) => services.paths.listItem(community, node, itemId));
  }
  throw notFound();
}

/** Remote pages: `/detail/remote/:uuid` (URL grant) and `/detail/remote/id/:detailId` (e-mail grant, signed in), with Edit Information. */
export async function requireRemoteTarget(request: Request, params: Params): Promise<RemoteTarget> {
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
  return remoteTarget(await getServices(), remote, request, params);
}

/** A post of the editor, its asker resolved: the form read, its intent, the server's answer as a response. */
export async function editorPost(request: Request, target: Target, intents: IntentSchema) {
  const schema = editorSchema(target);
  const formData = await readForm(request, { schemas: target.mode === 'remote' ? [schema, remoteRequestSchema] : schema });
  const chosen = parseIntent(formData, intents, { fallback: 'save' }) as EditorIntent;
  return respond(request, await answerEditorPost(target, request, formData, chosen));
}

function respond(request: Request, answer: EditorAnswer) {
  if (answer.kind === 'form') return data<BusinessEditorActionData>(answer.body, { status: answer.status });
  if (answer.kind === 'saved') return redirectWithToast(request, answer.returnTo, { kind: 'success', message: BUSINESS_TEXTS.saved });
  // Remote pages stay where they are: 'Save Complete', or the request sent.
  const url = new URL(request.url);
  if (answer.kind === 'requested') {
    url.searchParams.delete('saved');
    url.searchParams.set('requested', '1');
  } else {
    url.searchParams.set('saved', '1');
  }
  return redirect(`${url.pathname}${url.search}`);
}
