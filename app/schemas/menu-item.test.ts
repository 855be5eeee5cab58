import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_MESSAGE } from '~/lib/catalogues/auth-groups';
import { getMenuButtonType } from '~/lib/catalogues/menu-buttons';
import { INVALID_SVG_MESSAGE } from '~/lib/icons/sanitize';
import {
  ICON_REQUIRED,
  INVALID_AUTH_GROUP,
  INVALID_URL,
  MenuItemSchema,
  TITLE_REQUIRED,
  TYPE_REQUIRED,
  URL_REQUIRED,
  applyTypeChange,
  hasTabs,
  isStoredFileUrl,
  newItemDefaults,
  recordSourceOf,
  requiredMessage,
} from './menu-item';

function errors(fields: Record<string, string | string[]>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries({ menuId: 'main-menu', ...fields })) {
    for (const one of Array.isArray(value) ? value : [value]) formData.append(name, one);
  }
  const submission = parseWithZod(formData, { schema: MenuItemSchema });
  return submission.status === 'success' ? {} : (submission.reply().error ?? {});
}

describe('menu item rules (spec 02 §5)', () => {
  it('needs a type and a title, reported together', () => {
    expect(errors({ typeId: '', name: '' })).toMatchObject({ typeId: [TYPE_REQUIRED], name: [TITLE_REQUIRED] });
    expect(errors({ typeId: 'nope', name: 'A', icon: 'globe' })).toMatchObject({ typeId: [TYPE_REQUIRED] });
  });

  it('needs an icon or an svg', () => {
    expect(errors({ typeId: 'messages', name: 'News' })).toMatchObject({ icon: [ICON_REQUIRED] });
    expect(errors({ typeId: 'messages', name: 'News', iconSvg: '<svg/>' })).toEqual({});
    expect(errors({ typeId: 'messages', name: 'News', icon: 'chat' })).toEqual({});
  });

  it('needs a valid url for website and file items; a stored file counts for a file', () => {
    expect(errors({ typeId: 'website', name: 'W', icon: 'globe' })).toMatchObject({ url: [URL_REQUIRED] });
    expect(errors({ typeId: 'website', name: 'W', icon: 'globe', url: 'ftp://x.example' })).toMatchObject({ url: [INVALID_URL] });
    expect(errors({ typeId: 'website', name: 'W', icon: 'globe', url: '/files/a/b.pdf' })).toMatchObject({ url: [INVALID_URL] });
    expect(errors({ typeId: 'file', name: 'F', icon: 'file', url: '/files/a/b.pdf' })).toEqual({});
    expect(errors({ typeId: 'categorygrid', name: 'S', icon: 'grid', url: 'not a url' })).toEqual({});
    expect(isStoredFileUrl('/files/demo/images/files/1/map.pdf')).toBe(true);
    expect(isStoredFileUrl('/elsewhere/map.pdf')).toBe(false);
  });

  it("needs the record of form, hunt, store item and booking items, and an existing calendar or map when chosen ('{label} is required.')", () => {
    for (const [typeId, label] of [
      ['form', 'Form'],
      ['hunts', 'Scavenger Hunt'],
      ['store-detail', 'Store Item'],
      ['booking', 'Booking'],
    ]) {
      expect(errors({ typeId: typeId!, name: 'X', icon: 'globe' })).toMatchObject({ existingId: [requiredMessage(label!)] });
    }
    expect(errors({ typeId: 'amc-events', name: 'X', icon: 'calendar', source: 'new' })).toEqual({});
    expect(errors({ typeId: 'amc-events', name: 'X', icon: 'calendar', source: 'existing' })).toMatchObject({
      existingId: ['Calendar is required.'],
    });
    expect(errors({ typeId: 'searchablemap-detail', name: 'X', icon: 'map', source: 'existing' })).toMatchObject({
      existingId: ['Map is required.'],
    });
    expect(errors({ typeId: 'business-detail', name: 'X', icon: 'store', source: 'existing', existingId: 'b1' })).toEqual({});
  });

  it('needs a user group when restricted', () => {
    expect(errors({ typeId: 'messages', name: 'N', icon: 'chat', isRestricted: 'on' })).toMatchObject({ auth: [AUTH_REQUIRED_MESSAGE] });
    expect(errors({ typeId: 'messages', name: 'N', icon: 'chat', isRestricted: 'on', auth: ['isAdmin', 'seasonalCampers'] })).toEqual({});
  });

  it('keeps record keys to the database key rule (the chosen key becomes the uniqueId)', () => {
    for (const existingId of ['a/b/../../../x', '.$#[]', 'a.b', 'tab\tkey']) {
      expect(errors({ typeId: 'form', name: 'X', icon: 'globe', existingId }), existingId).toMatchObject({
        existingId: ['Form is required.'],
      });
      expect(errors({ typeId: 'amc-events', name: 'X', icon: 'calendar', source: 'existing', existingId }), existingId).toMatchObject({
        existingId: ['Calendar is required.'],
      });
    }
    expect(errors({ typeId: 'form', name: 'X', icon: 'globe', existingId: '-NxForm_1' })).toEqual({});
    // A new calendar ignores the select.
    expect(errors({ typeId: 'amc-events', name: 'X', icon: 'calendar', source: 'new', existingId: 'a/b' })).toEqual({});
  });

  it('keeps user groups to database keys', () => {
    expect(errors({ typeId: 'messages', name: 'N', icon: 'chat', isRestricted: 'on', auth: ['isAdmin', 'a/b'] })).toMatchObject({
      auth: [INVALID_AUTH_GROUP],
    });
  });

  it('refuses a custom icon that holds no svg drawing', () => {
    expect(errors({ typeId: 'messages', name: 'N', iconSvg: '<script>alert(1)</script>' })).toMatchObject({ icon: [INVALID_SVG_MESSAGE] });
    expect(errors({ typeId: 'messages', name: 'N', iconSvg: 'not an svg' })).toMatchObject({ icon: [INVALID_SVG_MESSAGE] });
    // A library icon wins: the hidden svg is ignored.
    expect(errors({ typeId: 'messages', name: 'N', icon: 'chat', iconSvg: 'not an svg' })).toEqual({});
  });

  it('counts only plain /files/ paths as stored files', () => {
    expect(isStoredFileUrl('/files/../../etc/passwd')).toBe(false);
    expect(isStoredFileUrl('/files/a b.pdf')).toBe(false);
    expect(errors({ typeId: 'file', name: 'F', icon: 'file', url: '/files/a/../../x.pdf' })).toMatchObject({ url: [INVALID_URL] });
    expect(errors({ typeId: 'file', name: 'F', icon: 'file', url: 'javascript:alert(1)' })).toMatchObject({ url: [INVALID_URL] });
  });

  it('needs a title on each tab', () => {
    expect(errors({ typeId: 'business', name: 'Shops', icon: 'store', 'tabs[0].title': '' })).toMatchObject({
      'tabs[0].title': [TITLE_REQUIRED],
    });
  });
});

describe('type defaults (spec 02 §4)', () => {
  it('starts a new item with its type’s icon and restriction', () => {
    expect(newItemDefaults(getMenuButtonType('logout')!, 'main-menu')).toMatchObject({
      icon: 'logout',
      isRestricted: true,
      auth: ['isLoggedIn'],
    });
    expect(newItemDefaults(getMenuButtonType('amc-events')!, 'sub')).toMatchObject({ menuId: 'sub', source: 'new', isRestricted: false });
  });

  it('changing the type resets the record choice and applies the new defaults, keeping the title and a chosen icon', () => {
    const website = {
      typeId: 'website',
      name: 'Shop',
      icon: 'globe',
      url: 'https://x.example',
      existingId: '',
      isRestricted: false,
      auth: [],
    };
    expect(applyTypeChange(website, 'hunt-grading')).toMatchObject({
      typeId: 'hunt-grading',
      name: 'Shop',
      icon: 'clipboard-check',
      url: '',
      isRestricted: true,
      auth: ['isEditor', 'isAdmin'],
    });
    expect(applyTypeChange({ ...website, icon: 'store' }, 'form')).toMatchObject({ icon: 'store', existingId: '', source: undefined });
    const scan = applyTypeChange(website, 'rewards-scan-store');
    expect(applyTypeChange(scan, 'website')).toMatchObject({ isRestricted: false, auth: [] });
    expect(applyTypeChange({ ...website, typeId: 'form', existingId: 'survey' }, 'amc-events')).toMatchObject({
      existingId: '',
      source: 'new',
    });
    expect(applyTypeChange({ ...website, icon: '', iconSvg: '<svg/>' }, 'form')).toMatchObject({ icon: '', iconSvg: '<svg/>' });
    expect(applyTypeChange(website, 'nope')).toBe(website);
  });

  it('knows which types have tabs and records', () => {
    expect(hasTabs('business')).toBe(true);
    expect(hasTabs('website')).toBe(false);
    expect(recordSourceOf('form')?.mode).toBe('choose');
    expect(recordSourceOf('searchablemap-detail')?.mode).toBe('new-or-existing');
    expect(recordSourceOf('website')).toBeUndefined();
  });
});
