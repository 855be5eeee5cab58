import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingJobs } from '@jobs/testing/fixtures';
import { createEmbeddedIdentity } from '@server/auth/identity/embedded';
import type { IdentityProvider } from '@server/auth/identity/types';
import type { SessionUser } from '@server/auth/session';
import { remoteGrantFromEntry, type RemoteGrant } from '@server/authz/access';
import type { RemoteItem } from '@server/authz/require';
import type { DbValue } from '@server/db/types';
import { remoteGrantKey } from '@server/paths';
import { MAX_REMOTE_ACCESS, remoteAdminSchema, type RemoteAccessFormEntry, type RemoteAdminFormValue } from '~/schemas/remote-admin';
import { openDemoDb, type DemoDb } from '../../tests/setup/services';
import {
  MAX_REMOTE_AUDIT,
  loadRemoteAdmin,
  planRemoteAdmin,
  readRemoteAudit,
  recordRemoteSave,
  remoteAdminLinks,
  remoteLink,
  requestRemoteUpdate,
  sendRemoteInvitations,
} from './management';

let demo: DemoDb;
let identity: IdentityProvider;
const ORIGIN = 'https://console.example';
const LAKESIDE = 'lakeside-grill';
const COMMUNITY = 'demo-campground';
const CONTEXT = `${COMMUNITY}/dining-resort`;
/** The grant key of an item of the community (docs/decisions/017). */
const K = (detailId: string) => remoteGrantKey(COMMUNITY, detailId);

beforeAll(async () => {
  demo = await openDemoDb('remote-management');
  identity = createEmbeddedIdentity(demo.db.sqlite);
});
afterAll(async () => demo.db.close());

const deps = () => ({ db: demo.db, paths: demo.paths, identity });
const read = async (path: string) => (await demo.db.ref(path).get()).val() as unknown;

function entry(fields: Partial<RemoteAccessFormEntry>): RemoteAccessFormEntry {
  return {
    uuid: '',
    accessType: 'url',
    name: '',
    email: '',
    title: 'Staff',
    editInfo: true,
    addButtons: false,
    sendNotifications: false,
    ...fields,
  };
}

const plan = (detailId: string, value: RemoteAdminFormValue, detailTitle = 'Test Item') =>
  planRemoteAdmin(deps(), { detailId, type: 'business', detailTitle, origContext: CONTEXT, contexts: [CONTEXT], value, origin: ORIGIN });

async function apply(detailId: string, value: RemoteAdminFormValue, detailTitle?: string) {
  const result = await plan(detailId, value, detailTitle);
  await demo.db.ref().update(result.updates);
  return result;
}

describe('remoteLink', () => {
  it('is {origin}/detail/remote/{uuid}', () => {
    expect(remoteLink('https://console.example/', 'abc-123')).toBe('https://console.example/detail/remote/abc-123');
  });
});

describe('loadRemoteAdmin', () => {
  it('reads the seeded e-mail grant of the Lakeside Grill with its name, e-mail and permissions', async () => {
    const value = await loadRemoteAdmin(demo, LAKESIDE, { remotelyManaged: true, allowFavorite: true }, COMMUNITY);
    expect(value.remotelyManaged).toBe(true);
    expect(value.allowFavorite).toBe(true);
    expect(value.entries).toContainEqual(
      expect.objectContaining({
        uuid: 'demo-remote',
        accessType: 'email',
        email: 'remote@demo.example',
        name: 'Rosa Delgado',
        title: 'Owner',
        editInfo: true,
        addButtons: true,
      }),
    );
  });

  it('fills in the address and name of an e-mail entry stored without them from the account', async () => {
    const remote = await identity.getUserByEmail('remote@demo.example');
    const bare = { type: 'business', title: 'Owner', accessType: 'email', uid: remote!.uid, editInfo: true, origContext: CONTEXT };
    await demo.db
      .ref()
      .update({ [demo.paths.remoteByDetail('bare-item', remote!.uid)]: bare, [demo.paths.remoteByUid(remote!.uid, 'bare-item')]: bare });
    expect((await loadRemoteAdmin(demo, 'bare-item', {}, COMMUNITY)).entries[0]).toMatchObject({ email: '', name: '' });
    expect((await loadRemoteAdmin({ ...demo, identity }, 'bare-item', {}, COMMUNITY)).entries[0]).toMatchObject({
      email: 'remote@demo.example',
      name: remote!.displayName,
    });
  });

  it('gives an item without entries an empty list', async () => {
    expect(await loadRemoteAdmin(demo, 'no-such-item', {}, COMMUNITY)).toEqual({
      remotelyManaged: false,
      allowFavorite: false,
      entries: [],
    });
  });
});

describe('the seeded URL grant', () => {
  it('opens the Kayak & Paddleboard Rentals by its link, with Edit Information only', async () => {
    const value = await loadRemoteAdmin(demo, 'kayak-rentals', { remotelyManaged: true }, COMMUNITY);
    expect(value.entries).toEqual([
      {
        uuid: '3f6c1d2a-8b4e-4c7a-9e51-7d2b0a6f4c19',
        accessType: 'url',
        name: 'Riley Brooks',
        email: '',
        title: 'Manager',
        editInfo: true,
        addButtons: false,
        sendNotifications: false,
      },
    ]);
    const stored = await read(demo.paths.remoteByUid('3f6c1d2a-8b4e-4c7a-9e51-7d2b0a6f4c19', 'kayak-rentals'));
    expect(remoteGrantFromEntry('kayak-rentals', stored, 'x')).toMatchObject({
      accessType: 'url',
      origContext: 'demo-campground/recreation-resort',
    });
  });
});

describe('planRemoteAdmin', () => {
  it('writes each entry at both indexes with the spec’s record, in the posted order', async () => {
    const { updates, invitations } = await apply('plan-both', {
      remotelyManaged: true,
      allowFavorite: false,
      entries: [entry({ title: 'Manager', name: 'Dana', sendNotifications: true }), entry({ title: 'Staff', editInfo: false })],
    });
    expect(invitations).toEqual([]);
    const stored = (await read(demo.paths.remoteByDetail(K('plan-both')))) as Record<string, Record<string, DbValue>>;
    const uuids = Object.keys(stored);
    expect(uuids).toHaveLength(2);
    for (const uuid of uuids) {
      expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(updates[demo.paths.remoteByUid(uuid, K('plan-both'))]).toEqual(stored[uuid]);
    }
    const manager = Object.values(stored).find((record) => record.title === 'Manager')!;
    expect(manager).toEqual({
      type: 'business',
      contexts: [CONTEXT],
      origContext: CONTEXT,
      detailTitle: 'Test Item',
      title: 'Manager',
      name: 'Dana',
      accessType: 'url',
      editInfo: true,
      addButtons: false,
      sendNotifications: true,
      uid: manager.uid,
      order: 0,
    });
    // What a link opens with: the authz module reads the entry as a URL grant.
    const grant = remoteGrantFromEntry('plan-both', await read(demo.paths.remoteByUid(String(manager.uid), K('plan-both'))), 'x');
    expect(grant).toMatchObject({ accessType: 'url', title: 'Manager', sendNotifications: true, origContext: CONTEXT });

    // Saved again as loaded: same uuids, same order, nothing removed.
    const loaded = await loadRemoteAdmin(demo, 'plan-both', { remotelyManaged: true }, COMMUNITY);
    expect(loaded.entries.map((e) => e.title)).toEqual(['Manager', 'Staff']);
    const again = await plan('plan-both', loaded);
    expect(Object.values(again.updates).every((value) => value !== null)).toBe(true);
    expect(Object.keys(again.updates).sort()).toEqual(Object.keys(updates).sort());

    // Re-sorted: the order numbers follow.
    const swapped = await apply('plan-both', { ...loaded, entries: [...loaded.entries].reverse() });
    expect(Object.keys(swapped.updates)).toHaveLength(4);
    expect((await loadRemoteAdmin(demo, 'plan-both', {}, COMMUNITY)).entries.map((e) => e.title)).toEqual(['Staff', 'Manager']);
  });

  it('creates the first entry when remote management is switched on with none, and removes all when off', async () => {
    await apply('plan-first', { remotelyManaged: true, allowFavorite: false, entries: [] });
    const first = await loadRemoteAdmin(demo, 'plan-first', { remotelyManaged: true }, COMMUNITY);
    expect(first.entries).toEqual([expect.objectContaining({ accessType: 'url', title: 'Owner', editInfo: true })]);
    const uuid = first.entries[0]!.uuid;

    const off = await apply('plan-first', { remotelyManaged: false, allowFavorite: false, entries: first.entries });
    expect(off.updates).toEqual({
      [demo.paths.remoteByUid(uuid, K('plan-first'))]: null,
      [demo.paths.remoteByDetail(K('plan-first'), uuid)]: null,
    });
    expect(await read(demo.paths.remoteByDetail(K('plan-first')))).toBeNull();
    expect(await read(demo.paths.remoteByUid(uuid))).toBeNull();
  });

  it('removes an entry left out of the form at both indexes and keeps the others', async () => {
    await apply('plan-remove', { remotelyManaged: true, allowFavorite: false, entries: [entry({ title: 'A' }), entry({ title: 'B' })] });
    const loaded = await loadRemoteAdmin(demo, 'plan-remove', {}, COMMUNITY);
    const [a, b] = loaded.entries;
    const { updates } = await apply('plan-remove', { ...loaded, entries: [b!] });
    expect(updates[demo.paths.remoteByUid(a!.uuid, K('plan-remove'))]).toBeNull();
    expect(updates[demo.paths.remoteByDetail(K('plan-remove'), a!.uuid)]).toBeNull();
    expect((await loadRemoteAdmin(demo, 'plan-remove', {}, COMMUNITY)).entries.map((e) => e.uuid)).toEqual([b!.uuid]);
  });

  it('gives e-mail access the account’s uid, creating the account when needed, and invites only new e-mail entries', async () => {
    expect(await identity.getUserByEmail('new.owner@example.com')).toBeNull();
    const first = await apply(
      'plan-email',
      {
        remotelyManaged: true,
        allowFavorite: true,
        entries: [
          entry({ accessType: 'email', email: 'new.owner@example.com', name: 'Nora Owner', title: 'Owner' }),
          entry({ accessType: 'email', email: 'remote@demo.example', name: 'Remy' }),
        ],
      },
      'Pine Cone Bakery',
    );
    const account = await identity.getUserByEmail('new.owner@example.com');
    expect(account).toMatchObject({ displayName: 'Nora Owner', disabled: false });
    const demoRemote = await identity.getUserByEmail('remote@demo.example');
    expect(first.invitations).toEqual([
      {
        uid: account!.uid,
        email: 'new.owner@example.com',
        name: 'Nora Owner',
        detailTitle: 'Pine Cone Bakery',
        link: `${ORIGIN}/detail/remote/id/${K('plan-email')}`,
      },
      {
        uid: demoRemote!.uid,
        email: 'remote@demo.example',
        name: 'Remy',
        detailTitle: 'Pine Cone Bakery',
        link: `${ORIGIN}/detail/remote/id/${K('plan-email')}`,
      },
    ]);
    expect(await read(demo.paths.remoteByUid(account!.uid, K('plan-email')))).toMatchObject({
      accessType: 'email',
      uid: account!.uid,
      email: 'new.owner@example.com',
      name: 'Nora Owner',
    });
    // The demo manager's other grant is untouched.
    expect(await read(demo.paths.remoteByUid(demoRemote!.uid, LAKESIDE))).toMatchObject({ detailTitle: 'Lakeside Grill' });

    // Saved again: no new invitations, no second account.
    const loaded = await loadRemoteAdmin(demo, 'plan-email', { remotelyManaged: true }, COMMUNITY);
    const again = await apply('plan-email', loaded);
    expect(again.invitations).toEqual([]);
    expect((await identity.getUserByEmail('new.owner@example.com'))!.uid).toBe(account!.uid);

    // The e-mail changed: a new account is invited and the old entry goes.
    const changed = await apply('plan-email', {
      ...loaded,
      entries: loaded.entries.map((e) => (e.email === 'new.owner@example.com' ? { ...e, email: 'other.owner@example.com' } : e)),
    });
    expect(changed.invitations.map((i) => i.email)).toEqual(['other.owner@example.com']);
    expect(changed.updates[demo.paths.remoteByDetail(K('plan-email'), account!.uid)]).toBeNull();
  });

  it('leaves the entries of another community’s item with the same id alone: not shown, not kept, not removed', async () => {
    const otherContext = 'demo-lakeview/dining-resort';
    const theirs = await planRemoteAdmin(deps(), {
      detailId: 'plan-shared-id',
      type: 'business',
      detailTitle: 'Their Grill',
      origContext: otherContext,
      contexts: [otherContext],
      value: { remotelyManaged: true, allowFavorite: false, entries: [entry({ title: 'Their link' })] },
      origin: ORIGIN,
    });
    await demo.db.ref().update(theirs.updates);
    const [theirPath] = Object.keys(theirs.updates).filter((path) => path.includes('/detailId/'));

    expect((await loadRemoteAdmin(demo, 'plan-shared-id', {}, COMMUNITY)).entries).toEqual([]);
    const theirUuid = String((theirs.updates[theirPath!] as { uid: string }).uid);
    // Ours: switched on with their uuid posted, then switched off: their entry is never touched.
    const ours = await apply('plan-shared-id', {
      remotelyManaged: true,
      allowFavorite: false,
      entries: [entry({ uuid: theirUuid, title: 'Our link' })],
    });
    expect(Object.keys(ours.updates).some((path) => path.includes(theirUuid))).toBe(false);
    const off = await apply('plan-shared-id', { remotelyManaged: false, allowFavorite: false, entries: [] });
    expect(Object.keys(off.updates).some((path) => path.includes(theirUuid))).toBe(false);
    expect(await read(theirPath!)).toMatchObject({ title: 'Their link', origContext: otherContext });
  });

  it('never lets a posted uuid adopt another item’s grant, an e-mail entry’s uid or a made-up key', async () => {
    await apply('plan-victim', { remotelyManaged: true, allowFavorite: false, entries: [entry({ title: 'Victim link' })] });
    const victim = (await loadRemoteAdmin(demo, 'plan-victim', {}, COMMUNITY)).entries[0]!;
    const demoRemote = await identity.getUserByEmail('remote@demo.example');

    const { updates } = await apply('plan-attacker', {
      remotelyManaged: true,
      allowFavorite: false,
      entries: [
        entry({ uuid: victim.uuid, title: 'Stolen' }),
        entry({ uuid: demoRemote!.uid, title: 'Account as link' }),
        entry({ uuid: 'made-up-uuid', title: 'Made up' }),
      ],
    });
    const written = Object.keys(updates);
    expect(written.some((path) => path.includes(victim.uuid))).toBe(false);
    expect(written.some((path) => path.includes(demoRemote!.uid))).toBe(false);
    expect(written.some((path) => path.includes('made-up-uuid'))).toBe(false);
    expect(written.every((path) => path.includes('plan-attacker'))).toBe(true);
    // The victim's grant is as it was.
    expect(await read(demo.paths.remoteByUid(victim.uuid, K('plan-victim')))).toMatchObject({ title: 'Victim link' });
    expect(await read(demo.paths.remoteByUid(victim.uuid, K('plan-attacker')))).toBeNull();
  });

  it('turns an e-mail entry into a link with a fresh uuid, never the account’s uid', async () => {
    await apply('plan-switch', {
      remotelyManaged: true,
      allowFavorite: false,
      entries: [entry({ accessType: 'email', email: 'switch@example.com', title: 'Owner' })],
    });
    const loaded = await loadRemoteAdmin(demo, 'plan-switch', {}, COMMUNITY);
    const uid = loaded.entries[0]!.uuid;
    const { updates } = await apply('plan-switch', { ...loaded, entries: [{ ...loaded.entries[0]!, accessType: 'url', email: '' }] });
    expect(updates[demo.paths.remoteByUid(uid, K('plan-switch'))]).toBeNull();
    const now = (await loadRemoteAdmin(demo, 'plan-switch', {}, COMMUNITY)).entries;
    expect(now).toEqual([expect.objectContaining({ accessType: 'url', title: 'Owner' })]);
    expect(now[0]!.uuid).not.toBe(uid);
  });

  it('refuses a detail id that is not a key before reading or writing anything', async () => {
    await expect(plan('../../other', { remotelyManaged: true, allowFavorite: false, entries: [] })).rejects.toThrow(/detailId/);
  });

  it(`refuses more than ${MAX_REMOTE_ACCESS} entries even when handed them without the schema`, async () => {
    const entries = Array.from({ length: MAX_REMOTE_ACCESS + 1 }, (_, index) => entry({ title: `Staff ${index}` }));
    await expect(plan('plan-too-many', { remotelyManaged: true, allowFavorite: false, entries })).rejects.toThrow(/At most 25/);
    expect(await read(demo.paths.remoteByDetail(K('plan-too-many')))).toBeNull();
  });

  it('plans what the form schema parses, end to end', async () => {
    const schema = remoteAdminSchema({ dollarsEnabled: true });
    const parsed = schema.parse({
      remotelyManaged: 'on',
      entries: [
        { uuid: '', accessType: 'url', title: 'Staff', editInfo: 'on' },
        { uuid: '', accessType: 'url' },
      ],
    });
    const { updates } = await plan('plan-parsed', parsed);
    expect(Object.keys(updates)).toHaveLength(2);
  });
});

describe('remoteAdminLinks', () => {
  it('links URL entries to their uuid and e-mail entries to the item’s sign-in page', () => {
    expect(
      remoteAdminLinks(ORIGIN, COMMUNITY, 'item-1', {
        remotelyManaged: true,
        allowFavorite: false,
        entries: [entry({ uuid: 'u-1' }), entry({ uuid: 'acct', accessType: 'email', email: 'a@example.com' }), entry({ uuid: '' })],
      }),
    ).toEqual({ 'u-1': `${ORIGIN}/detail/remote/u-1`, acct: `${ORIGIN}/detail/remote/id/${COMMUNITY}~item-1` });
  });
});

describe('sendRemoteInvitations', () => {
  it('queues one invitation e-mail per new e-mail access, with the link and the item’s title escaped', async () => {
    const jobs = recordingJobs();
    await sendRemoteInvitations({ db: demo.db, paths: demo.paths, jobs }, [
      { uid: 'u1', email: 'nora@example.com', name: 'Nora', detailTitle: 'Fish & <Chips>', link: `${ORIGIN}/detail/remote/id/fish` },
    ]);
    const queue = (await read(demo.paths.emailQueue())) as Record<
      string,
      { email: string; subject: string; body: string; emailType: number }
    >;
    const items = Object.values(queue).filter((item) => item.email === 'nora@example.com');
    expect(items).toHaveLength(1);
    expect(items[0]!.emailType).toBe(3);
    expect(items[0]!.subject).toBe('You can now update Fish & <Chips>');
    expect(items[0]!.body).toContain(`href="${ORIGIN}/detail/remote/id/fish"`);
    expect(items[0]!.body).toContain('Fish &#38; &#60;Chips&#62;');
    expect(items[0]!.body).toContain(`href="${ORIGIN}/login?mode=forgot"`);
    expect(jobs.added).toHaveLength(1);
  });
});

describe('the audit of remote saves', () => {
  const grant = (fields: Partial<RemoteGrant> = {}): RemoteGrant => ({
    detailId: 'audited',
    itemId: 'audited',
    community: COMMUNITY,
    uid: 'link-uuid',
    accessType: 'url',
    type: 'business',
    title: 'Manager',
    detailTitle: 'Audited',
    origContext: CONTEXT,
    contexts: [CONTEXT],
    editInfo: true,
    addButtons: false,
    sendNotifications: false,
    ...fields,
  });
  const user: SessionUser = {
    uid: 'demo-remote',
    email: 'remote@demo.example',
    displayName: 'Remy Remote',
    method: 'password',
    persistent: false,
    communityKey: null,
  };

  it('records who, when and which fields, and reads them newest first', async () => {
    await recordRemoteSave(demo, {
      community: 'demo-campground',
      detailId: 'audited',
      grant: grant(),
      user: null,
      fields: ['hours', 'phone'],
      at: 1000,
    });
    await recordRemoteSave(demo, {
      community: 'demo-campground',
      detailId: 'audited',
      grant: grant({ accessType: 'email', uid: 'demo-remote' }),
      user,
      fields: ['description', 'description', ''],
      at: 2000,
    });
    expect(await readRemoteAudit(demo, 'demo-campground', 'audited')).toEqual([
      { at: 2000, who: 'Remy Remote (remote@demo.example)', accessType: 'email', uid: 'demo-remote', fields: ['description'] },
      { at: 1000, who: 'Link: Manager', accessType: 'url', uid: null, fields: ['hours', 'phone'] },
    ]);
    expect(await readRemoteAudit(demo, 'demo-campground', 'audited', 1)).toHaveLength(1);
    expect(await readRemoteAudit(demo, 'demo-town', 'audited')).toEqual([]);
  });

  it(`keeps the newest ${MAX_REMOTE_AUDIT} records`, async () => {
    for (let at = 1; at <= MAX_REMOTE_AUDIT + 3; at += 1) {
      await recordRemoteSave(demo, {
        community: 'demo-campground',
        detailId: 'bounded',
        grant: grant(),
        user: null,
        fields: ['title'],
        at,
      });
    }
    const stored = (await read(demo.paths.remoteAudit('demo-campground', 'bounded'))) as Record<string, unknown>;
    expect(Object.keys(stored)).toHaveLength(MAX_REMOTE_AUDIT);
    const all = await readRemoteAudit(demo, 'demo-campground', 'bounded', 1000);
    expect(all).toHaveLength(MAX_REMOTE_AUDIT);
    expect(all[0]!.at).toBe(MAX_REMOTE_AUDIT + 3);
    expect(all.at(-1)!.at).toBe(4);
  });
});

describe('requestRemoteUpdate', () => {
  it('stores the request with the grant’s own context and e-mails the community’s location admins', async () => {
    const jobs = recordingJobs();
    const stored = await read(demo.paths.remoteByUid('demo-remote', LAKESIDE));
    const grant = remoteGrantFromEntry(LAKESIDE, stored, 'demo-remote')!;
    const item: RemoteItem = {
      community: 'demo-campground',
      section: 'dining-resort',
      itemId: LAKESIDE,
      path: demo.paths.listItem('demo-campground', 'dining-resort', LAKESIDE),
      value: { title: 'Lakeside Grill' },
    };
    const before = Object.keys(((await read(demo.paths.emailQueue())) as Record<string, unknown> | null) ?? {});
    const result = await requestRemoteUpdate(
      { db: demo.db, paths: demo.paths, jobs, identity },
      {
        grant,
        item,
        origin: ORIGIN,
        at: 5000,
        request: {
          action: 'modify',
          remoteInfo: { title: 'Owner', editInfo: true, addButtons: true, sendNotifications: false, origContext: 'demo-town/dining' },
          message: 'Please <b>remove</b> notifications.',
        },
      },
    );
    // Every location admin of demo-campground (the editor is none; the town's people are not asked).
    const admins = ['admin@demo.example', 'super@demo.example', 'system@demo.example'];
    expect(result.sentTo).toEqual(admins);
    expect(await read(demo.paths.remoteRequests('demo-campground', result.requestId))).toEqual({
      at: 5000,
      detailId: LAKESIDE,
      detailTitle: 'Lakeside Grill',
      action: 'modify',
      remoteInfo: { title: 'Owner', editInfo: true, addButtons: true, sendNotifications: false, origContext: CONTEXT },
      message: 'Please <b>remove</b> notifications.',
      accessType: 'email',
      from: 'E-mail access: Owner',
      sentTo: admins,
    });
    const queue = (await read(demo.paths.emailQueue())) as Record<string, { email: string; subject: string; body: string }>;
    const added = Object.entries(queue)
      .filter(([key]) => !before.includes(key))
      .map(([, value]) => value);
    expect(added.map((mail) => mail.email).sort()).toEqual(admins);
    expect(added[0]!.subject).toBe('Update Permissions: Lakeside Grill');
    expect(added[0]!.body).toContain('Please &#60;b&#62;remove&#60;/b&#62; notifications.');
    expect(added[0]!.body).toContain(`${ORIGIN}/detailUpdate/demo-campground/business/dining-resort/${LAKESIDE}`);
  });
});
