import { describe, expect, it } from 'vitest';
import { AUTH_TAGS, authGroupOptions, FIXED_AUTH_GROUPS, isReservedUniqueId, RESERVED_UNIQUE_IDS, uniqueIdFor } from './auth-groups';

describe('auth groups (spec 02 §6)', () => {
  it('names the fixed groups and tags', () => {
    expect(AUTH_TAGS).toEqual(['canNotify', 'canScan', 'isAdmin', 'isEditor', 'isLoggedIn', 'isLoggedOut']);
    expect(FIXED_AUTH_GROUPS.map((group) => [group.title, group.tag])).toEqual([
      ['App Admin', 'isAdmin'],
      ['App Editor', 'isEditor'],
      ['Can Scan Rewards', 'canScan'],
      ['Can Send Notifications', 'canNotify'],
      ['User is logged in', 'isLoggedIn'],
      ['User is NOT logged in', 'isLoggedOut'],
    ]);
  });

  it("lists App Admin, the location's and the systemwide groups, then the other fixed groups", () => {
    const options = authGroupOptions([{ key: 'seasonal', title: 'Seasonal Guests' }], [{ key: 'all', title: 'All Users' }]);
    expect(options.map((option) => option.title)).toEqual([
      'App Admin',
      'Seasonal Guests',
      'All Users',
      'App Editor',
      'Can Scan Rewards',
      'Can Send Notifications',
      'User is logged in',
      'User is NOT logged in',
    ]);
    expect(options[1]).toEqual({ value: 'seasonal', title: 'Seasonal Guests', kind: 'location' });
    expect(options[2]?.kind).toBe('systemwide');
  });
});

describe('uniqueIdFor (spec 02 §5)', () => {
  const now = 1_763_700_000_000;

  it('knows the reserved names', () => {
    expect(RESERVED_UNIQUE_IDS).toHaveLength(13);
    for (const id of [
      'ads',
      'audience',
      'business-detail',
      'config',
      'custom-forms',
      'event-printout',
      'hunts',
      'main-menu',
      'searchablemap-detail',
      'messages',
      'messages-config',
      'rewards',
      'store',
    ]) {
      expect(isReservedUniqueId(id), id).toBe(true);
    }
    expect(isReservedUniqueId('dining')).toBe(false);
  });

  it('uses the slug of the title when it is free', () => {
    expect(uniqueIdFor("Joe's Pool & Spa", ['dining'], now)).toBe('joes-pool-spa');
  });

  it('adds the timestamp suffix to a reserved name', () => {
    expect(uniqueIdFor('Messages', [], now)).toBe(`messages-${now}`);
    expect(uniqueIdFor('Store', [], now)).toBe(`store-${now}`);
    expect(uniqueIdFor('Main Menu', [], now)).toBe(`main-menu-${now}`);
  });

  it('adds the timestamp suffix when another item has the id', () => {
    expect(uniqueIdFor('Dining', ['dining', 'maps'], now)).toBe(`dining-${now}`);
  });

  it('falls back to the timestamp for a title without letters or digits', () => {
    expect(uniqueIdFor('!!!', [], now)).toBe(String(now));
  });
});
