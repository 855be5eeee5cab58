import { describe, expect, it } from 'vitest';
import { auditFieldLabels, changedListingFields, remoteAuditView } from './audit';

const STORED = {
  title: 'Harbor Grill',
  address: '1 Dock Street',
  latitude: 43.1,
  longitude: '-73.2',
  description: '<p>Fish  and chips.</p>',
  hours: { Mon: [{ open: '11:00 AM', close: '9:00 PM' }] },
  phone: '(518) 555-0100',
};

describe('the remote updates log', () => {
  it('names the fields whose value the form shows differently, not those only stored in another shape', () => {
    const saved = {
      title: 'Harbor Grill',
      address: '1 Dock Street',
      latitude: '43.1',
      longitude: '-73.2',
      description: '<p>Fish and chips.</p>',
      htmlDescription: '<p>Fish and chips.</p>',
      always: false,
      hours: { Mon: [{ open: '11:00 AM', close: '9:00 PM' }] },
      phone: '(518) 555-0100',
      website: null,
      hasSpecial: false,
      dollarsActive: false,
      socialMedia: null,
      distance: 12.5,
    };
    expect(changedListingFields(STORED, saved, 'c1')).toEqual([]);
    expect(changedListingFields(STORED, { ...saved, phone: '518-555-0199', always: true, address: '2 Dock Street' }, 'c1')).toEqual([
      'location',
      'always',
      'phone',
    ]);
  });

  it("shows the editor's labels once each, earlier logs' record fields included, and other entries' words as they are", () => {
    expect(auditFieldLabels(['description', 'htmlDescription', 'always', 'hours', 'address', 'latitude', 'distance', 'title'])).toEqual([
      'Title',
      'Location',
      'Description',
      'Open 24/7',
      'Hours',
    ]);
    expect(auditFieldLabels(['notification: deleted'])).toEqual(['notification: deleted']);
  });

  it("dates each entry in the community's zone", () => {
    const at = Date.UTC(2026, 10, 28, 14, 9);
    expect(remoteAuditView([{ at, who: 'Link: Owner', accessType: 'url', uid: null, fields: ['phone'] }], 'America/Chicago')).toEqual([
      { key: `${at}-0`, when: 'Nov 28, 2026, 8:09 AM CST', who: 'Link: Owner', changes: ['Phone'] },
    ]);
  });
});
