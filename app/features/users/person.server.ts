import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data as answer } from '@remix-run/node';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import { communityTimeZone } from '@server/listing';
import { actorName, actorOf, changeRights, invitePerson, loadPerson, removeFromCommunity, setDefaultCommunity } from '@server/users/manage';
import { offeredRights, REFUSAL_TEXTS, RIGHTS, type Right } from '@server/users/rights';
import { parseIntent } from '~/lib/intent';
import { atRow, listUrls } from '~/lib/listing/urls';
import { redirectWithToast } from '~/lib/toast.server';
import { DefaultCommunitySchema, InviteSchema, PersonRightsSchema, RemovePersonSchema, USER_RIGHTS_TEXTS } from '~/schemas/user-rights';
import { getServices } from '~/services.server';
import { InviteIntent, PersonIntent } from './intents';
import { resolveUserManagement, type ResolvedPeople } from './resolve.server';
import { auditTime } from './users.server';

/**
 * A person's rights in User Management (`/listnm/usermgmt/edit/:uid`) and the invitation form
 * (`/listnm/usermgmt/add`): require admin → read the form → intent → server/users/manage use case
 * → redirect with a toast, or the form again with the rules' words (decision 040).
 */

type Params = Record<string, string | undefined>;

export interface RightChoice {
  name: Right;
  label: string;
}

export interface PersonEditorData {
  uid: string;
  name: string;
  email: string;
  was: string;
  rights: Record<Right, boolean>;
  choices: RightChoice[];
  /** Rights the person holds that the form does not offer (kept as they are). */
  kept: string[];
  isSelf: boolean;
  defaultCommunity: string | null;
  communities: Array<{ key: string; title: string }>;
  history: Array<{ key: string; when: string; who: string; summary: string }>;
  closeHref: string;
  /** Remove from Community asked first (no JavaScript: the confirmation is this page). */
  confirmRemove: boolean;
}

export interface PersonActionData {
  result?: SubmissionResult<string[]>;
  /** A refusal of the rules, a conflict, or a confirmation to ask. */
  error?: string;
  confirmRemove?: boolean;
}

const LABELS: Record<Right, string> = {
  isEditor: 'Editor',
  isAdmin: 'Admin',
  canNotify: 'Can Send Notifications',
  isResortSystem: 'Resort System Admin',
};

async function who(list: ResolvedPeople) {
  const services = await getServices();
  const actor = await actorOf(services, list.staff.access, list.staff.community);
  return { services, who: { actor, actorName: actorName(list.staff.user), community: list.staff.community } };
}

export async function loadPersonEditor(request: Request, params: Params): Promise<PersonEditorData> {
  const list = await resolveUserManagement(request);
  const { services, who: by } = await who(list);
  const person = await loadPerson(services, by.actor, list.staff.community, params.uid ?? '');
  if (!person) throw notFound();
  const timeZone = await communityTimeZone(services, list.staff.community);
  const titles = new Map(list.staff.communities.map((community) => [community.key, community.title]));
  const url = new URL(request.url);
  return {
    uid: person.uid,
    name: person.name,
    email: person.email,
    was: person.stamp,
    rights: { ...person.rights },
    choices: person.offered.map((name) => ({ name, label: LABELS[name] })),
    kept: RIGHTS.filter((right) => person.rights[right] && !person.offered.includes(right)).map((right) => LABELS[right]),
    isSelf: person.uid === list.staff.user.uid,
    defaultCommunity: person.editorDefault,
    // The person's communities the actor manages too (a system admin: all of them).
    communities: person.communities
      .filter((key) => by.actor.isSystemAdmin || titles.has(key))
      .map((key) => ({ key, title: titles.get(key) ?? key })),
    history: person.history.map((entry) => ({
      key: entry.key,
      when: auditTime(entry.at, timeZone),
      who: entry.byName,
      summary: entry.summary,
    })),
    closeHref: listUrls(list.location, url.searchParams).list,
    confirmRemove: url.searchParams.get('remove') === '1',
  };
}

const ticked = (value: Partial<Record<Right, boolean | undefined>>): Set<Right> => new Set(RIGHTS.filter((right) => value[right] === true));

const CONFLICT =
  'Someone changed the rights of the people of this community meanwhile. The form now shows their rights as they are: check them and save again.';

export async function personAction(request: Request, params: Params) {
  const list = await resolveUserManagement(request);
  const uid = params.uid ?? '';
  const form = await readForm(request, { schemas: [PersonRightsSchema, RemovePersonSchema, DefaultCommunitySchema] });
  const posted = parseIntent(form, PersonIntent);
  const { services, who: by } = await who(list);
  if (!(await loadPerson(services, by.actor, list.staff.community, uid))) throw notFound();
  const back = atRow(listUrls(list.location, new URL(request.url).searchParams).list, uid);

  if (posted.intent === 'save') {
    const submission = parseWithZod(form, { schema: PersonRightsSchema });
    if (submission.status !== 'success') return answer<PersonActionData>({ result: submission.reply() }, { status: 400 });
    const result = await changeRights(services, by, { uid, ticked: ticked(submission.value), was: submission.value.was });
    switch (result.kind) {
      case 'saved':
        return redirectWithToast(request, back, { kind: 'success', message: `Rights saved: ${result.summary}.` });
      case 'unchanged':
        return redirectWithToast(request, back, { kind: 'success', message: 'Nothing to change.' });
      case 'not-found':
        throw notFound();
      case 'conflict':
        return answer<PersonActionData>({ result: submission.reply(), error: CONFLICT }, { status: 409 });
      case 'refused':
        return answer<PersonActionData>({ result: submission.reply(), error: REFUSAL_TEXTS[result.reason] }, { status: 403 });
    }
  }

  if (posted.intent === 'remove') {
    const submission = parseWithZod(form, { schema: RemovePersonSchema });
    if (submission.status !== 'success') return answer<PersonActionData>({ error: USER_RIGHTS_TEXTS.stale }, { status: 400 });
    if (submission.value.confirmed !== '1') return answer<PersonActionData>({ confirmRemove: true });
    const result = await removeFromCommunity(services, by, { uid, was: submission.value.was });
    switch (result.kind) {
      case 'saved':
      case 'unchanged':
        return redirectWithToast(request, listUrls(list.location, new URL(request.url).searchParams).list, {
          kind: 'success',
          message: 'Removed from this community.',
        });
      case 'not-found':
        throw notFound();
      case 'conflict':
        return answer<PersonActionData>({ error: CONFLICT }, { status: 409 });
      case 'refused':
        return answer<PersonActionData>({ error: REFUSAL_TEXTS[result.reason] }, { status: 403 });
    }
  }

  const submission = parseWithZod(form, { schema: DefaultCommunitySchema });
  if (submission.status !== 'success') return answer<PersonActionData>({ result: submission.reply() }, { status: 400 });
  const result = await setDefaultCommunity(
    services,
    { ...by, actorCommunities: list.staff.communities.map((community) => community.key) },
    { uid, target: submission.value.community },
  );
  switch (result.kind) {
    case 'saved':
    case 'unchanged':
      return redirectWithToast(request, back, { kind: 'success', message: 'Default community saved.' });
    case 'not-found':
      return answer<PersonActionData>(
        { result: submission.reply({ fieldErrors: { community: [USER_RIGHTS_TEXTS.communityRequired] } }) },
        { status: 400 },
      );
    case 'refused':
      return answer<PersonActionData>({ result: submission.reply(), error: REFUSAL_TEXTS[result.reason] }, { status: 403 });
  }
}

export interface InviteData {
  choices: RightChoice[];
  closeHref: string;
  communityTitle: string;
}

export interface InviteActionData {
  result: SubmissionResult<string[]>;
  error?: string;
}

export async function loadInvite(request: Request): Promise<InviteData> {
  const list = await resolveUserManagement(request);
  const { who: by } = await who(list);
  const summary = list.staff.communities.find((community) => community.key === list.staff.community);
  return {
    choices: offeredRights(by.actor).map((name) => ({ name, label: LABELS[name] })),
    closeHref: listUrls(list.location, new URL(request.url).searchParams).list,
    communityTitle: summary?.displayName ?? summary?.title ?? list.staff.community,
  };
}

export async function inviteAction(request: Request) {
  const list = await resolveUserManagement(request);
  const form = await readForm(request, { schemas: InviteSchema });
  parseIntent(form, InviteIntent);
  const submission = parseWithZod(form, { schema: InviteSchema });
  if (submission.status !== 'success') return answer<InviteActionData>({ result: submission.reply() }, { status: 400 });
  const { services, who: by } = await who(list);
  const summary = list.staff.communities.find((community) => community.key === list.staff.community);
  const communityTitle = summary?.displayName ?? summary?.title ?? list.staff.community;
  const result = await invitePerson(
    services,
    { ...by, communityTitle },
    { email: submission.value.email, name: submission.value.name ?? '', ticked: ticked(submission.value) },
  );
  const url = new URL(request.url);
  switch (result.kind) {
    case 'invited':
      return redirectWithToast(request, atRow(listUrls(list.location, url.searchParams).list, result.uid), {
        kind: 'success',
        message: result.queued
          ? `Invitation sent to ${submission.value.email}.`
          : `Invitation saved for ${submission.value.email}: it is sent as soon as the mail queue runs.`,
      });
    case 'already':
      return answer<InviteActionData>(
        {
          result: submission.reply({
            fieldErrors: { email: ['This person already has rights in this community: change them in their row.'] },
          }),
        },
        { status: 400 },
      );
    case 'invalid-email':
      return answer<InviteActionData>(
        { result: submission.reply({ fieldErrors: { email: [USER_RIGHTS_TEXTS.emailInvalid] } }) },
        { status: 400 },
      );
    case 'no-rights':
      return answer<InviteActionData>({ result: submission.reply({ formErrors: [USER_RIGHTS_TEXTS.chooseRight] }) }, { status: 400 });
    case 'conflict':
      return answer<InviteActionData>({ result: submission.reply(), error: CONFLICT }, { status: 409 });
    case 'refused':
      return answer<InviteActionData>({ result: submission.reply(), error: REFUSAL_TEXTS[result.reason] }, { status: 403 });
  }
}
