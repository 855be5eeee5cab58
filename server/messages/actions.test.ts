import { describe, expect, it } from 'vitest';
import type { Access } from '@server/authz/access';
import { messagesTopics } from './actions';

/** The messages list's topics buttons (spec 02 "Messages", §3 topics): system-wide ones, a location admin's, or none. */

const access = (adminLocations: string[]): Access => ({
  uid: 'u1',
  email: 'u1@example.com',
  isSuperAdmin: false,
  isResortSystem: false,
  adminLocations,
  editLocations: adminLocations,
  canNotifyLocations: ['c1'],
  editorDefault: null,
  remoteGrants: [],
});

describe('messagesTopics', () => {
  it('offers the system-wide topics in the system-wide area', () => {
    expect(messagesTopics('systemwide-notification', access([]), 'c1')).toEqual([
      { label: 'Systemwide Categories', href: '/listnm/systemwide-category' },
      { label: 'Systemwide User Groups', href: '/listnm/systemwide-user-group' },
    ]);
  });

  it('offers the community’s topics to its location admins only', () => {
    expect(messagesTopics('messages', access(['c1']), 'c1')).toEqual([
      { label: 'Categories', href: '/listnm/category' },
      { label: 'User Groups', href: '/listnm/user-group' },
    ]);
    expect(messagesTopics('messages', access(['c2']), 'c1')).toEqual([]);
  });
});
