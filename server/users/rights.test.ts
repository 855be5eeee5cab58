import { describe, expect, it } from 'vitest';
import {
  NO_RIGHTS,
  checkRightsChange,
  offeredRights,
  requestedRights,
  rightsOf,
  rightsStamp,
  type Actor,
  type Right,
  type Rights,
} from './rights';

const rights = (...held: Right[]): Rights => ({ ...NO_RIGHTS, ...Object.fromEntries(held.map((right) => [right, true])) });
const admin: Actor = { uid: 'admin', rights: rights('isEditor', 'isAdmin', 'canNotify'), isSystemAdmin: false };
const adminNoNotifyFlag: Actor = { uid: 'admin2', rights: rights('isAdmin'), isSystemAdmin: false };
const editor: Actor = { uid: 'editor', rights: rights('isEditor'), isSystemAdmin: false };
const system: Actor = { uid: 'system', rights: NO_RIGHTS, isSystemAdmin: true };

describe('checkRightsChange', () => {
  it('lets only admins of the community and resort system admins change rights', () => {
    const change = { target: 'p', before: rights('isEditor'), after: rights('isEditor', 'canNotify'), admins: ['admin'] };
    expect(checkRightsChange({ actor: editor, ...change })).toEqual({ ok: false, reason: 'not-admin' });
    expect(checkRightsChange({ actor: admin, ...change })).toEqual({ ok: true });
    expect(checkRightsChange({ actor: system, ...change })).toEqual({ ok: true });
  });

  it('never raises anyone above the rights of the person making the change', () => {
    // An admin holds editor and notify through admin (spec 01 §4.2), so may grant them…
    expect(
      checkRightsChange({ actor: adminNoNotifyFlag, target: 'p', before: NO_RIGHTS, after: rights('canNotify'), admins: ['admin2'] }).ok,
    ).toBe(true);
    // …but no admin grants the resort system right, and no one a right they lack.
    const lacking: Actor = { uid: 'x', rights: rights('isAdmin'), isSystemAdmin: false };
    expect(checkRightsChange({ actor: lacking, target: 'p', before: NO_RIGHTS, after: rights('isResortSystem'), admins: ['x'] })).toEqual({
      ok: false,
      reason: 'system-only',
    });
  });

  it('keeps people with rights the actor lacks out of their reach', () => {
    const before = rights('isEditor', 'isAdmin', 'isResortSystem');
    const after = rights('isEditor', 'isResortSystem');
    expect(checkRightsChange({ actor: admin, target: 'sys', before, after, admins: ['admin', 'sys'] })).toEqual({
      ok: false,
      reason: 'person-above',
    });
    expect(checkRightsChange({ actor: system, target: 'sys', before, after, admins: ['admin', 'sys'] })).toEqual({ ok: true });
  });

  it('grants and removes the resort system right for resort system admins only', () => {
    expect(
      checkRightsChange({
        actor: admin,
        target: 'p',
        before: rights('isEditor'),
        after: rights('isEditor', 'isResortSystem'),
        admins: ['admin'],
      }),
    ).toEqual({
      ok: false,
      reason: 'system-only',
    });
    expect(
      checkRightsChange({
        actor: system,
        target: 'p',
        before: rights('isEditor'),
        after: rights('isEditor', 'isResortSystem'),
        admins: [],
      }),
    ).toEqual({
      ok: true,
    });
  });

  it('never removes the last admin of a community, even oneself', () => {
    const before = rights('isEditor', 'isAdmin');
    expect(checkRightsChange({ actor: admin, target: 'admin', before, after: rights('isEditor'), admins: ['admin'] })).toEqual({
      ok: false,
      reason: 'last-admin',
    });
    expect(checkRightsChange({ actor: system, target: 'admin', before, after: NO_RIGHTS, admins: ['admin'] })).toEqual({
      ok: false,
      reason: 'last-admin',
    });
    expect(checkRightsChange({ actor: admin, target: 'admin', before, after: rights('isEditor'), admins: ['admin', 'other'] })).toEqual({
      ok: true,
    });
  });

  it('lets an admin lower their own rights when another admin remains', () => {
    expect(checkRightsChange({ actor: admin, target: 'admin', before: admin.rights, after: NO_RIGHTS, admins: ['admin', 'b'] })).toEqual({
      ok: true,
    });
  });
});

describe('requestedRights and offeredRights', () => {
  it('offers the rights the actor holds; resort system only to system admins', () => {
    expect(offeredRights(admin)).toEqual(['isEditor', 'isAdmin', 'canNotify']);
    expect(offeredRights(editor)).toEqual(['isEditor']);
    expect(offeredRights(system)).toEqual(['isEditor', 'isAdmin', 'canNotify', 'isResortSystem']);
  });

  it('keeps a right the form did not offer as stored (a missing checkbox removes nothing)', () => {
    const before = rights('isEditor', 'isResortSystem');
    expect(requestedRights(admin, before, new Set(['isEditor', 'isResortSystem', 'isAdmin']))).toEqual(
      rights('isEditor', 'isAdmin', 'isResortSystem'),
    );
    expect(requestedRights(admin, before, new Set())).toEqual(rights('isResortSystem'));
  });

  it('reads stored records and stamps them', () => {
    expect(rightsOf({ isAdmin: true, isEditor: 'yes' })).toEqual(rights('isAdmin'));
    expect(rightsOf(null)).toEqual(NO_RIGHTS);
    expect(rightsStamp(rights('isEditor', 'canNotify'))).toBe('1010');
  });
});
