import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteContext } from '@server/authz';
import { remoteGrantFromEntry } from '@server/authz/access';
import { openDemoDb, COMMUNITY_A, type DemoDb } from '../../tests/setup/services';
import { deleteRemoteMessage, findMessagingGrant, listingAction, remoteMessaging, REMOTE_MESSAGE_TEXTS, savedText } from './remote-screen';

/** A remote manager's Messaging: which grant an address opens, its addresses, its answers (spec 02 §2, §7; spec 03 §6). */

let demo: DemoDb;
const deps = () => ({ db: demo.db, paths: demo.paths });

beforeAll(async () => {
  demo = await openDemoDb('message-remote-screen');
  await demo.db.ref(demo.paths.remoteByUid('link-1')).set({
    [`${COMMUNITY_A}~biz-1`]: { accessType: 'url', type: 'business', origContext: `${COMMUNITY_A}/shops`, sendNotifications: true },
    [`${COMMUNITY_A}~biz-2`]: { accessType: 'url', type: 'business', origContext: `${COMMUNITY_A}/shops`, sendNotifications: false },
  });
  await demo.db.ref(demo.paths.remoteByUid('person-1')).set({
    [`${COMMUNITY_A}~biz-1`]: { accessType: 'email', type: 'business', origContext: `${COMMUNITY_A}/shops`, sendNotifications: true },
    [`${COMMUNITY_A}~biz-3`]: { accessType: 'email', type: 'business', origContext: `${COMMUNITY_A}/shops`, sendNotifications: true },
  });
});
afterAll(async () => {
  await demo.db.close();
});

describe('findMessagingGrant', () => {
  it('opens the one grant with sendNotifications, by link', async () => {
    expect(await findMessagingGrant(deps(), 'link-1', null)).toEqual({
      kind: 'found',
      byLink: true,
      chosen: { detailId: `${COMMUNITY_A}~biz-1`, itemId: 'biz-1' },
    });
    expect(await findMessagingGrant(deps(), 'link-1', `${COMMUNITY_A}~biz-2`)).toEqual({ kind: 'found', byLink: true, chosen: null });
  });

  it('asks `?detail=` to choose among several e-mail grants', async () => {
    expect(await findMessagingGrant(deps(), 'person-1', null)).toEqual({ kind: 'found', byLink: false, chosen: null });
    expect(await findMessagingGrant(deps(), 'person-1', `${COMMUNITY_A}~biz-3`)).toMatchObject({ chosen: { itemId: 'biz-3' } });
  });

  it('finds nothing for an unknown or invalid uuid', async () => {
    expect(await findMessagingGrant(deps(), 'nobody', null)).toEqual({ kind: 'not-found' });
    expect(await findMessagingGrant(deps(), 'a/b', null)).toEqual({ kind: 'not-found' });
    expect(await findMessagingGrant(deps(), 'link-1', 'a#b')).toEqual({ kind: 'not-found' });
  });
});

describe('the messaging of a grant', () => {
  const grant = remoteGrantFromEntry(
    `${COMMUNITY_A}~biz 1`,
    { accessType: 'url', type: '', origContext: `${COMMUNITY_A}/shops` },
    'link 1',
  )!;
  const remote: RemoteContext = {
    user: null,
    grant,
    item: { community: COMMUNITY_A, section: 'shops', itemId: 'biz 1', path: '', value: { title: 'Bait Shop' } },
  };

  it('stores business-detail for a business, the item type otherwise', () => {
    expect(listingAction({ type: '' })).toBe('business-detail');
    expect(listingAction({ type: 'business' })).toBe('business-detail');
    expect(listingAction({ type: 'events' })).toBe('events');
  });

  it('names its pages with the grant’s key, and its notifications with the listing’s id', () => {
    const byLink = remoteMessaging(remote, { uuid: 'link 1', byLink: true, detailId: grant.detailId, itemId: 'biz 1' });
    expect(byLink.listHref).toBe(`/listnm/remote/remote-messages-scheduled/link%201?detail=${COMMUNITY_A}~biz%201`);
    expect(byLink.sendHref).toBe(`/listnm/remote/send-detail-notification/link%201?detail=${COMMUNITY_A}~biz%201`);
    expect(byLink.listingHref).toBe('/detail/remote/link%201/');
    expect(byLink.listing).toEqual({
      action: 'business-detail',
      actionKey: 'biz 1',
      actionCommunityKey: COMMUNITY_A,
      actionParams: `${COMMUNITY_A}/shops`,
    });
    const byEmail = remoteMessaging(remote, { uuid: 'person-1', byLink: false, detailId: grant.detailId, itemId: 'biz 1' });
    expect(byEmail.listingHref).toBe(`/detail/remote/id/${COMMUNITY_A}~biz%201`);
  });

  it('reads `?saved=` as the answer of the last save or delete', () => {
    expect(savedText('deleted')).toBe(REMOTE_MESSAGE_TEXTS.deleted);
    expect(savedText('sent')).toBe('Notification sent.');
    expect(savedText('other')).toBeNull();
    expect(savedText(null)).toBeNull();
  });

  it('deletes only the listing’s own notifications', async () => {
    const messaging = remoteMessaging(remote, { uuid: 'link 1', byLink: true, detailId: grant.detailId, itemId: 'biz 1' });
    await demo.db
      .ref(demo.paths.scheduledMessage(COMMUNITY_A, 'theirs'))
      .set({ title: 'Other', actionKey: 'biz-9', actionCommunityKey: COMMUNITY_A });
    const chosen = { list: 'scheduled' as const, key: 'theirs', recurring: false };
    expect(await deleteRemoteMessage(deps(), messaging, chosen, Date.now())).toEqual({ kind: 'not-found' });
    await demo.db
      .ref(demo.paths.scheduledMessage(COMMUNITY_A, 'own'))
      .set({ title: 'Own', actionKey: 'biz 1', actionCommunityKey: COMMUNITY_A });
    expect(await deleteRemoteMessage(deps(), messaging, { ...chosen, key: 'own' }, Date.now())).toEqual({
      kind: 'deleted',
      to: `${messaging.listHref}&saved=deleted`,
    });
    expect((await demo.db.ref(demo.paths.scheduledMessage(COMMUNITY_A, 'own')).get()).val()).toBeNull();
  });
});
