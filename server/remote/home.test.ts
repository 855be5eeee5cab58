import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAccess } from '@server/authz/access';
import { demoPerson, openDemoDb, type DemoDb } from '../../tests/setup/services';
import { loadRemoteListings, remoteAccessNote, remoteKindLabel } from './home';

let demo: DemoDb;
beforeAll(async () => {
  demo = await openDemoDb('remote-home');
});
afterAll(async () => {
  await demo.db.close();
});

describe("the remote manager's landing page", () => {
  it('lists the listings their remote access covers, with kind, community, relationship and permissions', async () => {
    const access = await loadAccess(demo, demoPerson('remote'));
    expect(await loadRemoteListings(demo, access)).toEqual([
      {
        detailId: 'lakeside-grill',
        title: 'Lakeside Grill',
        kind: 'Business listing',
        community: 'Pine Hollow RV Resort',
        relationship: 'Owner',
        permissions: [
          { id: 'editInfo', label: 'Edit Information', granted: true },
          { id: 'addButtons', label: 'Add Buttons', granted: true },
          { id: 'sendNotifications', label: 'Send Notifications', granted: true },
        ],
        note: "You can change this listing's information and buttons and send notifications to the people who favorited it: open it to do so.",
        href: '/detail/remote/id/lakeside-grill',
      },
    ]);
  });

  it('says what each grant allows, and asks the staff only for what it does not', () => {
    const grant = (editInfo: boolean, addButtons: boolean, sendNotifications: boolean) =>
      remoteAccessNote({ editInfo, addButtons, sendNotifications });
    expect(grant(true, false, false)).toBe(
      "You can change this listing's information: open it to do so. For notifications, write to the staff of its community.",
    );
    expect(grant(false, false, true)).toBe(
      'You can send notifications to the people who favorited it: open it to do so. For other changes, write to the staff of its community.',
    );
    expect(grant(false, false, false)).toBe(
      'Changes to this listing are made by the staff of its community: write to them with what should change.',
    );
  });

  it('copes with entries that name little or a community that is gone', async () => {
    await demo.db.ref(demo.paths.remoteByUid('someone', 'club-1')).set({
      type: 'sports_club',
      contexts: ['gone-community/clubs'],
      title: '',
      editInfo: true,
      accessType: 'email',
      origContext: 'gone-community/clubs',
      detailTitle: '',
    });
    const access = await loadAccess(demo, { uid: 'someone', email: 'someone@example.com' });
    expect(await loadRemoteListings(demo, access)).toMatchObject([
      { detailId: 'club-1', title: 'club-1', kind: 'Sports club', community: null, relationship: null },
    ]);
    expect(remoteKindLabel('')).toBe('Listing');
    expect(remoteKindLabel('calendar')).toBe('Calendar');
  });
});
