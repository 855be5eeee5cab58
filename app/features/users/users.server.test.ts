import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '@server/services';
import { changeRights } from '@server/users/manage';
import type { ListScreenData } from '~/lib/listing/screen';
import * as usermgmtRoute from '~/routes/_app.listnm.usermgmt';
import * as inviteRoute from '~/routes/_app.listnm.usermgmt.add';
import * as personRoute from '~/routes/_app.listnm.usermgmt.edit.$uid';
import * as usersRoute from '~/routes/_app.listnm.users';
import * as userRoute from '~/routes/_app.listnm.users.edit.$uid';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { PersonActionData, PersonEditorData } from './person.server';
import type { PeopleScreenData, UserManagementScreenData, UserViewData } from './users.server';

/**
 * The users lists and user management with real requests, sessions, the embedded database and
 * the embedded identity provider (spec 02 §6 user lists, §8 'No User ID' / 'Anonymous through
 * Apple'; spec 01 §3.7; decision 040). Each test makes a community of its own.
 */

let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('users-lists', { seed: false }));
});

afterAll(async () => {
  await close?.();
});

type Flags = Partial<Record<'isEditor' | 'isAdmin' | 'canNotify' | 'isResortSystem', boolean>>;

interface Community {
  key: string;
  /** uid → cookie of its people. */
  cookie: (uid: string) => Promise<string>;
  uid: (name: string) => string;
}

/** A community with people: each has an account (unless `noAccount`) and rights (unless none). */
async function community(
  people: Record<string, { rights?: Flags; name?: string; noAccount?: boolean; other?: Record<string, Flags> }>,
): Promise<Community> {
  counter += 1;
  const key = `people-${counter}`;
  const uid = (name: string) => `${key}-${name}`;
  const { paths } = services;
  const update: Record<string, unknown> = { [paths.community(key)]: { title: `People Test ${counter}`, timeZone: 'America/Chicago' } };
  for (const [name, person] of Object.entries(people)) {
    if (!person.noAccount) {
      await services.identity.createUser({
        uid: uid(name),
        email: `${uid(name)}@test.example`,
        password: 'test-password-1',
        displayName: person.name ?? name,
      });
    }
    if (person.rights) {
      update[paths.userAuthorization(uid(name))] = { editorDefault: key, communities: { [key]: person.rights, ...(person.other ?? {}) } };
    }
  }
  await services.db.ref().update(update as never);
  return {
    key,
    uid,
    cookie: (id: string) =>
      sessionCookie(services.sessions, { uid: id, email: `${id}@test.example`, displayName: id }, { communityKey: key }),
  };
}

const ADMIN: Flags = { isEditor: true, isAdmin: true, canNotify: true };
const EDITOR: Flags = { isEditor: true };
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const stored = async (path: string) => (await services.db.ref(path).get()).val() as Record<string, unknown> | null;

async function usersPage(cookie: string, query = '') {
  return outcome<PeopleScreenData>(usersRoute.loader(args(getRequest(cookie, `/listnm/users${query}`))));
}
async function person(cookie: string, uid: string) {
  return outcome<PersonEditorData>(personRoute.loader(args(getRequest(cookie, `/listnm/usermgmt/edit/${uid}`), { uid })));
}
async function post(cookie: string, uid: string, fields: PostedFields) {
  return outcome<PersonActionData>(personRoute.action(args(postRequest(cookie, `/listnm/usermgmt/edit/${uid}`, fields), { uid })));
}

describe('the users list', () => {
  it("shows the staff with their rights, admins first, named from identity; 'No User ID' when the lookup fails", async () => {
    const c = await community({
      ann: { rights: ADMIN, name: 'Ann Admin' },
      bob: { rights: EDITOR, name: 'Bob Editor' },
      ghost: { rights: EDITOR, noAccount: true },
    });
    const { status, data } = await usersPage(await c.cookie(c.uid('ann')));
    expect(status).toBe(200);
    expect(data!.title).toBe('Users');
    expect(data!.rows.map((row) => row.title)).toEqual(['Ann Admin', 'Bob Editor', 'No User ID']);
    expect(data!.rows[0]).toMatchObject({
      subtitle: `${c.uid('ann')}@test.example · ${c.uid('ann')}`,
      notes: [{ text: 'Editor · Admin · Can Send Notifications', tone: 'good' }],
      editHref: `/listnm/users/edit/${c.uid('ann')}#editor`,
      deleteHref: null,
    });
    expect(data!.everyone).toBe(false);
    expect(data!.toggleHref).toBe('/listnm/users?show=all');
  });

  it("adds the logged-in app users when 'Show all logged in users' is ticked, never anonymous ones; relay addresses say 'Anonymous through Apple'", async () => {
    const c = await community({ ann: { rights: ADMIN, name: 'Ann Admin' } });
    await services.db.ref().update({
      [services.paths.appUser(`${c.key}-guest`)]: { name: 'Gus Guest', email: 'gus@mail.example', communityId: c.key },
      [services.paths.appUser(`${c.key}-relay`)]: { email: 'abc123@privaterelay.appleid.com', communityId: c.key },
      [services.paths.appUser(`${c.key}-anon`)]: { isAnonymous: true, communityId: c.key },
      [services.paths.appUser(`${c.key}-out`)]: { name: 'Logged Out', loggedIn: false, communityId: c.key },
      [services.paths.appUser(`${c.key}-elsewhere`)]: { name: 'Elsewhere', communityId: 'another-community' },
    });
    const cookie = await c.cookie(c.uid('ann'));
    expect((await usersPage(cookie)).data!.rows.map((row) => row.title)).toEqual(['Ann Admin']);
    const all = (await usersPage(cookie, '?show=all')).data!;
    expect(all.rows.map((row) => row.title)).toEqual(['Ann Admin', 'Anonymous through Apple', 'Gus Guest']);
    expect(all.rows[2]!.notes).toEqual([{ text: 'App user', tone: 'plain' }]);
    expect(all.filters.keep).toEqual([{ name: 'show', value: 'all' }]);
    // The person filter: name, e-mail or id, case-insensitive; the tick stays.
    expect((await usersPage(cookie, '?show=all&who=GUS@')).data!.rows.map((row) => row.title)).toEqual(['Gus Guest']);
    expect((await usersPage(cookie, `?who=${c.uid('ann')}`)).data!.rows).toHaveLength(1);
    const view = await outcome<UserViewData>(
      userRoute.loader(args(getRequest(cookie, `/listnm/users/edit/${c.key}-guest?show=all`), { uid: `${c.key}-guest` })),
    );
    expect(view.data).toMatchObject({ name: 'Gus Guest', roles: ['App user'], manageHref: null, closeHref: '/listnm/users?show=all' });
  });

  it('is for admins of the community: an editor is refused', async () => {
    const c = await community({ ann: { rights: ADMIN }, bob: { rights: EDITOR } });
    expect((await usersPage(await c.cookie(c.uid('bob')))).status).toBe(403);
  });
});

describe('user management', () => {
  it('grants a right, writes the audit trail with who and when, and the person has it on their next request', async () => {
    const c = await community({ ann: { rights: ADMIN, name: 'Ann Admin' }, bob: { rights: EDITOR, name: 'Bob Editor' } });
    const ann = await c.cookie(c.uid('ann'));
    const bob = await c.cookie(c.uid('bob'));
    // Bob's session is minted before the change: his rights are read anew on each request.
    expect((await usersPage(bob)).status).toBe(403);
    const form = (await person(ann, c.uid('bob'))).data!;
    expect(form.choices.map((choice) => choice.name)).toEqual(['isEditor', 'isAdmin', 'canNotify']);
    expect(form.was).toBe('1000');
    const before = Date.now();
    const saved = await post(ann, c.uid('bob'), { intent: 'save', was: '1000', isEditor: 'on', isAdmin: 'on' });
    expect(saved.status).toBe(302);
    expect(saved.response!.headers.get('Location')).toBe(`/listnm/usermgmt#row-${c.uid('bob')}`);
    expect(await stored(services.paths.userCommunityRights(c.uid('bob'), c.key))).toEqual({
      isEditor: true,
      isAdmin: true,
      canNotify: false,
      isResortSystem: false,
    });
    const audit = Object.values((await stored(services.paths.userRightsAudit(c.key))) ?? {}) as Array<Record<string, unknown>>;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      by: c.uid('ann'),
      byName: `${c.uid('ann')} (${c.uid('ann')}@test.example)`,
      target: c.uid('bob'),
      action: 'rights',
      summary: 'Granted Admin',
    });
    expect(audit[0]!.at).toBeGreaterThanOrEqual(before);
    expect((await usersPage(bob)).status).toBe(200);
    const screen = (await outcome<UserManagementScreenData>(usermgmtRoute.loader(args(getRequest(ann, '/listnm/usermgmt'))))).data!;
    expect(screen.recent.map((entry) => entry.summary)).toEqual(['Granted Admin']);
    // Removing the right takes it away on the next request too.
    expect((await post(ann, c.uid('bob'), { intent: 'save', was: '1100', isEditor: 'on' })).status).toBe(302);
    expect((await usersPage(bob)).status).toBe(403);
  });

  it('refuses a form made from rights that changed since (409), writing nothing', async () => {
    const c = await community({ ann: { rights: ADMIN }, bob: { rights: EDITOR } });
    const ann = await c.cookie(c.uid('ann'));
    const refused = await post(ann, c.uid('bob'), { intent: 'save', was: '1010', isEditor: 'on', isAdmin: 'on' });
    expect(refused.status).toBe(409);
    expect(refused.data!.error).toMatch(/changed the rights/);
    expect(await stored(services.paths.userCommunityRights(c.uid('bob'), c.key))).toEqual({ isEditor: true });
  });

  it('never removes the last admin, and an admin cannot touch a resort system admin nor grant that right', async () => {
    const c = await community({
      ann: { rights: ADMIN },
      sys: { rights: { isEditor: true, isAdmin: true, isResortSystem: true } },
      bob: { rights: EDITOR },
    });
    const ann = await c.cookie(c.uid('ann'));
    const above = await post(ann, c.uid('sys'), { intent: 'save', was: '1101', isEditor: 'on' });
    expect(above.status).toBe(403);
    expect(above.data!.error).toBe('This person has rights you do not have: only someone with those rights can change theirs.');
    // A resort system checkbox is not offered to an admin: posted anyway, it changes nothing.
    const sneaky = await post(ann, c.uid('bob'), { intent: 'save', was: '1000', isEditor: 'on', isResortSystem: 'on' });
    expect(sneaky.status).toBe(302);
    expect(await stored(services.paths.userCommunityRights(c.uid('bob'), c.key))).toEqual({ isEditor: true });

    const d = await community({ solo: { rights: ADMIN }, bob: { rights: EDITOR } });
    const solo = await d.cookie(d.uid('solo'));
    const last = await post(solo, d.uid('solo'), { intent: 'save', was: '1110', isEditor: 'on' });
    expect(last.status).toBe(403);
    expect(last.data!.error).toBe('This is the last admin of the community. Make someone else an admin first.');
    const ask = await post(solo, d.uid('solo'), { intent: 'remove', was: '1110' });
    expect(ask.data!.confirmRemove).toBe(true);
    expect((await post(solo, d.uid('solo'), { intent: 'remove', was: '1110', confirmed: '1' })).status).toBe(403);
    expect(await stored(services.paths.userCommunityRights(d.uid('solo'), d.key))).toMatchObject({ isAdmin: true });
  });

  it('lets a resort system admin grant the resort system right', async () => {
    const c = await community({ sys: { rights: { isEditor: true, isAdmin: true, isResortSystem: true } }, bob: { rights: EDITOR } });
    const sys = await c.cookie(c.uid('sys'));
    expect((await person(sys, c.uid('bob'))).data!.choices.map((choice) => choice.name)).toContain('isResortSystem');
    expect((await post(sys, c.uid('bob'), { intent: 'save', was: '1000', isEditor: 'on', isResortSystem: 'on' })).status).toBe(302);
    expect(await stored(services.paths.userCommunityRights(c.uid('bob'), c.key))).toMatchObject({ isResortSystem: true });
  });

  it('of two admins demoting each other at once, one is refused: the community keeps an admin', async () => {
    const c = await community({ ann: { rights: ADMIN }, cat: { rights: ADMIN } });
    const actor = (uid: string) => ({
      actor: { uid, rights: { isEditor: true, isAdmin: true, canNotify: true, isResortSystem: false }, isSystemAdmin: false },
      actorName: uid,
      community: c.key,
    });
    const results = await Promise.all([
      changeRights(services, actor(c.uid('ann')), { uid: c.uid('cat'), ticked: new Set(['isEditor']), was: '1110' }),
      changeRights(services, actor(c.uid('cat')), { uid: c.uid('ann'), ticked: new Set(['isEditor']), was: '1110' }),
    ]);
    expect(results.map((result) => result.kind).sort()).toEqual(['conflict', 'saved']);
    const admins = await Promise.all(
      ['ann', 'cat'].map(async (name) => (await stored(services.paths.userCommunityRights(c.uid(name), c.key)))?.isAdmin),
    );
    expect(admins.filter(Boolean)).toHaveLength(1);
  });

  it('removes a person from the community after asking', async () => {
    const c = await community({ ann: { rights: ADMIN }, bob: { rights: EDITOR } });
    const ann = await c.cookie(c.uid('ann'));
    const removed = await post(ann, c.uid('bob'), { intent: 'remove', was: '1000', confirmed: '1' });
    expect(removed.status).toBe(302);
    expect(await stored(services.paths.userCommunityRights(c.uid('bob'), c.key))).toBeNull();
    expect((await person(ann, c.uid('bob'))).status).toBe(404);
  });

  it("sets a person's default community among their communities the admin manages", async () => {
    counter += 1;
    const other = `people-other-${counter}`;
    await services.db.ref(services.paths.community(other)).set({ title: 'Other Place' });
    const c = await community({ ann: { rights: ADMIN, other: { [other]: ADMIN } }, bob: { rights: EDITOR, other: { [other]: EDITOR } } });
    const ann = await c.cookie(c.uid('ann'));
    const form = (await person(ann, c.uid('bob'))).data!;
    expect(form.communities.map((community) => community.key).sort()).toEqual([c.key, other].sort());
    expect((await post(ann, c.uid('bob'), { intent: 'set-default', community: other })).status).toBe(302);
    expect(await stored(services.paths.userEditorDefault(c.uid('bob')))).toBe(other);
    expect((await post(ann, c.uid('bob'), { intent: 'set-default', community: 'not-his' })).status).toBe(400);
  });

  it('invites a new person by e-mail: an account, their rights, the invitation with a sign-in link through the e-mail queue', async () => {
    const c = await community({ ann: { rights: ADMIN } });
    const ann = await c.cookie(c.uid('ann'));
    const email = `new-${c.key}@mail.example`;
    const invite = (fields: PostedFields) => outcome(inviteRoute.action(args(postRequest(ann, '/listnm/usermgmt/add', fields))));
    expect((await invite({ intent: 'invite', email: 'not-an-email', isEditor: 'on' })).status).toBe(400);
    expect((await invite({ intent: 'invite', email })).status).toBe(400);
    const sent = await invite({ intent: 'invite', email, name: 'New Person', isEditor: 'on' });
    expect(sent.status).toBe(302);
    const account = await services.identity.getUserByEmail(email);
    expect(account).toMatchObject({ email, displayName: 'New Person' });
    expect(await stored(services.paths.userAuthorization(account!.uid))).toEqual({
      editorDefault: c.key,
      communities: { [c.key]: { isEditor: true, isAdmin: false, canNotify: false, isResortSystem: false } },
    });
    const queue = Object.values((await stored(services.paths.emailQueue())) ?? {}) as Array<{
      email: string;
      subject: string;
      body: string;
    }>;
    const mail = queue.find((item) => item.email === email);
    expect(mail?.subject).toBe(`You have been invited to manage People Test ${counter}`);
    // The link signs the invited person in (the e-mail link sign-in of spec 01 §4.1).
    const token = /\/login\?mode=email-link&#38;token=([\w.-]+)"/.exec(mail?.body ?? '')?.[1];
    expect(token).toBeDefined();
    const check = await services.auth.tokens.inspect(token!, 'email-link');
    expect(check.ok && check.record.uid).toBe(account!.uid);
    const again = await invite({ intent: 'invite', email, isEditor: 'on' });
    expect(again.status).toBe(400);
  });
});

describe('the studio project', () => {
  it("opens 'Feature Unavailable' instead of User Management", async () => {
    const c = await community({ ann: { rights: ADMIN } });
    const request = getRequest(await c.cookie(c.uid('ann')), '/listnm/usermgmt', { host: 'studio.localhost:3000' });
    const answer = await outcome<ListScreenData>(usermgmtRoute.loader(args(request)));
    expect(answer.status).toBe(302);
    expect(answer.response!.headers.get('Location')).toBe('/?unavailable=user-management');
  });
});
