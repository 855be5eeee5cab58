import { describe, expect, it } from 'vitest';
import { errorsOf, valueOf } from '~/schemas/listing/testing';
import { MAX_REMOTE_ACCESS, REMOTE_ADMIN_TEXTS, REMOTE_REQUEST_TEXTS, remoteAdminSchema, remoteRequestSchema } from './remote-admin';

const withDollars = remoteAdminSchema({ dollarsEnabled: true });
const noDollars = remoteAdminSchema({ dollarsEnabled: false });

/** One posted entry's fields, as the section names them. */
function entry(index: number, fields: Record<string, string>): Array<[string, string]> {
  return Object.entries(fields).map(([name, value]) => [`entries[${index}].${name}`, value]);
}

describe('remoteAdminSchema', () => {
  it('reads the flags and the entries with their permissions, dropping the blank row', () => {
    const value = valueOf(withDollars, [
      ['remotelyManaged', 'on'],
      ['allowFavorite', 'on'],
      ...entry(0, { uuid: 'link-1', accessType: 'url', name: 'Dana', title: 'Manager', editInfo: 'on', sendNotifications: 'on' }),
      ...entry(1, { uuid: '', accessType: 'email', name: 'Ann', email: ' Ann@Example.COM ', title: 'Owner', addButtons: 'on' }),
      ...entry(2, { uuid: '', accessType: 'url' }),
    ]);
    expect(value).toEqual({
      remotelyManaged: true,
      allowFavorite: true,
      entries: [
        {
          uuid: 'link-1',
          accessType: 'url',
          name: 'Dana',
          email: '',
          title: 'Manager',
          editInfo: true,
          addButtons: false,
          sendNotifications: true,
        },
        {
          uuid: '',
          accessType: 'email',
          name: 'Ann',
          email: 'ann@example.com',
          title: 'Owner',
          editInfo: false,
          addButtons: true,
          sendNotifications: false,
        },
      ],
    });
  });

  it('orders the entries by their Order numbers and drops the ones ticked Remove', () => {
    const value = valueOf(noDollars, [
      ['remotelyManaged', 'on'],
      ...entry(0, { uuid: 'a', title: 'First', order: '3' }),
      ...entry(1, { uuid: 'b', title: 'Second', order: '1' }),
      ...entry(2, { uuid: 'c', title: 'Third', order: '2', remove: 'on' }),
    ]);
    expect(value.entries.map((e) => e.uuid)).toEqual(['b', 'a']);
  });

  it('keeps no entries when remote management is off, without checking them', () => {
    const value = valueOf(noDollars, [['allowFavorite', 'on'], ...entry(0, { uuid: 'a', accessType: 'email', email: 'nonsense' })]);
    expect(value).toEqual({ remotelyManaged: false, allowFavorite: true, entries: [] });
  });

  it('asks for a valid e-mail on e-mail access and a relationship on URL access', () => {
    const errors = errorsOf(withDollars, [
      ['remotelyManaged', 'on'],
      ...entry(0, { accessType: 'email', name: 'Ann', email: 'ann@' }),
      ...entry(1, { accessType: 'url', name: 'Bob' }),
    ]);
    expect(errors['entries[0].email']).toEqual([REMOTE_ADMIN_TEXTS.emailInvalid]);
    expect(errors['entries[1].title']).toEqual([REMOTE_ADMIN_TEXTS.titleRequired]);
  });

  it('offers Email Login for new entries only when dollars are enabled; existing e-mail entries keep it', () => {
    const post: Array<[string, string]> = [
      ['remotelyManaged', 'on'],
      ...entry(0, { accessType: 'email', email: 'new@example.com' }),
      ...entry(1, { uuid: 'existing-uid', accessType: 'email', email: 'old@example.com' }),
    ];
    expect(errorsOf(noDollars, post)).toEqual({ 'entries[0].accessType': [REMOTE_ADMIN_TEXTS.emailLoginUnavailable] });
    expect(errorsOf(withDollars, post)).toEqual({});
  });

  it('refuses uuids that are not keys, the same uuid twice and the same e-mail twice', () => {
    const errors = errorsOf(withDollars, [
      ['remotelyManaged', 'on'],
      ...entry(0, { uuid: '../other/item', title: 'Owner' }),
      ...entry(1, { uuid: 'same', title: 'Owner' }),
      ...entry(2, { uuid: 'same', title: 'Staff' }),
      ...entry(3, { accessType: 'email', email: 'ann@example.com' }),
      ...entry(4, { accessType: 'email', email: 'ANN@example.com' }),
    ]);
    expect(errors['entries[0].uuid']).toEqual([REMOTE_ADMIN_TEXTS.badEntry]);
    expect(errors['entries[2].uuid']).toEqual([REMOTE_ADMIN_TEXTS.badEntry]);
    expect(errors['entries[4].email']).toEqual([REMOTE_ADMIN_TEXTS.duplicateEmail]);
    expect(errors['entries[1].uuid']).toBeUndefined();
  });

  it(`holds at most ${MAX_REMOTE_ACCESS} entries (plus the blank row)`, () => {
    const rows = (count: number) => Array.from({ length: count }, (_, index) => entry(index, { title: `Staff ${index}` })).flat();
    expect(errorsOf(noDollars, [['remotelyManaged', 'on'], ...rows(MAX_REMOTE_ACCESS), ...entry(MAX_REMOTE_ACCESS, {})])).toEqual({});
    expect(errorsOf(noDollars, [['remotelyManaged', 'on'], ...rows(MAX_REMOTE_ACCESS + 1)]).entries).toEqual([REMOTE_ADMIN_TEXTS.tooMany]);
    expect(errorsOf(noDollars, [['remotelyManaged', 'on'], ...rows(MAX_REMOTE_ACCESS + 5)]).entries).toEqual([REMOTE_ADMIN_TEXTS.tooMany]);
  });

  it('refuses an unknown access type and over-long text', () => {
    const errors = errorsOf(noDollars, [['remotelyManaged', 'on'], ...entry(0, { accessType: 'admin', title: 'x'.repeat(101) })]);
    expect(Object.keys(errors).sort()).toEqual(['entries[0].accessType', 'entries[0].title']);
  });
});

describe('remoteRequestSchema', () => {
  it('reads the action, the requested permissions and the message', () => {
    const value = valueOf(remoteRequestSchema, {
      action: 'modify',
      'remoteInfo.title': 'Manager',
      'remoteInfo.editInfo': 'on',
      'remoteInfo.sendNotifications': 'on',
      'remoteInfo.origContext': 'other-community/dining',
      message: ' Please let me send notifications. ',
    });
    expect(value).toEqual({
      action: 'modify',
      remoteInfo: { title: 'Manager', editInfo: true, addButtons: false, sendNotifications: true, origContext: 'other-community/dining' },
      message: 'Please let me send notifications.',
    });
  });

  it('needs an action, and a message for adding or replacing a person', () => {
    expect(errorsOf(remoteRequestSchema, {}).action).toEqual([REMOTE_REQUEST_TEXTS.actionRequired]);
    expect(errorsOf(remoteRequestSchema, { action: 'drop-tables' }).action).toEqual([REMOTE_REQUEST_TEXTS.actionRequired]);
    expect(errorsOf(remoteRequestSchema, { action: 'add' }).message).toEqual([REMOTE_REQUEST_TEXTS.messageRequired]);
    expect(errorsOf(remoteRequestSchema, { action: 'revoke' })).toEqual({});
    expect(errorsOf(remoteRequestSchema, { action: 'revoke', message: 'x'.repeat(2001) }).message).toEqual([REMOTE_REQUEST_TEXTS.tooLong]);
  });
});
