import { describe, expect, it } from 'vitest';
import { contentTypeFromExtension, essenceOf, extensionOf } from './content-type';
import {
  checkByteRange,
  encodeStoragePath,
  isValidContentType,
  isValidStoragePath,
  normalizeStoragePrefix,
  StorageError,
  storagePathProblem,
  validateStoragePath,
} from './types';

describe('storage paths', () => {
  it.each([
    'app-icons/pine-hollow/app-icon.png',
    'demo-campground/images/header/1717200000000/lake view.jpg',
    'demo-campground/images/header/1717200000000/lake view_blur',
    'forms/completed/visitor-registration/e1.pdf',
    'user-written/loc/forms/item/entry/photo.jpg',
    'images/marketing/social_marketing_introducing.png',
    'c1/amc-events/activities-calendar.ics',
    'c1/.well-known',
    'c1/..hidden',
    'c1/café/🏕️.png',
    'c1/a#b?c%20d.png',
    'single',
  ])('accepts %j', (path) => {
    expect(storagePathProblem(path)).toBeNull();
    expect(validateStoragePath(path)).toBe(path);
  });

  it.each([
    ['', /empty/],
    ['/etc/passwd', /relative/],
    ['//server/share', /relative/],
    ['C:/Windows', /drive letter/],
    ['c:evil', /drive letter/],
    ['..', /"\."/],
    ['../x', /"\."/],
    ['a/../../x', /"\."/],
    ['a/..', /"\."/],
    ['./a', /"\."/],
    ['a/./b', /"\."/],
    ['a//b', /empty segments/],
    ['a/', /trailing/],
    ['a\\b', /backslash/],
    ['..\\..\\windows', /backslash/],
    ['a\u0000b', /control/],
    ['a\rb', /control/],
    ['a\u007fb', /control/],
    ['a\u0085b', /control/],
    ['a\ud800b', /Unicode/],
    ['x'.repeat(1025), /1024 bytes/],
    ['é'.repeat(513), /1024 bytes/],
  ])('refuses %j', (path, reason) => {
    expect(storagePathProblem(path)).toMatch(reason);
    expect(isValidStoragePath(path)).toBe(false);
    expect(() => validateStoragePath(path)).toThrow(StorageError);
    try {
      validateStoragePath(path);
    } catch (error) {
      expect((error as StorageError).code).toBe('invalid-path');
    }
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, {}, ['a']]) expect(isValidStoragePath(value)).toBe(false);
  });

  it('accepts a path of exactly 1024 bytes', () => {
    expect(isValidStoragePath('x'.repeat(1024))).toBe(true);
  });
});

describe('folder prefixes', () => {
  it('normalises to "" or a folder ending in "/"', () => {
    expect(normalizeStoragePrefix('')).toBe('');
    expect(normalizeStoragePrefix('/')).toBe('');
    expect(normalizeStoragePrefix('c1')).toBe('c1/');
    expect(normalizeStoragePrefix('c1/images/')).toBe('c1/images/');
  });

  it('refuses prefixes that are not folders', () => {
    for (const prefix of ['..', '../', '/etc', 'a//', 'a//b', 'a\\b']) {
      expect(() => normalizeStoragePrefix(prefix)).toThrow(StorageError);
    }
  });
});

describe('helpers', () => {
  it('encodes each segment, keeping the slashes', () => {
    expect(encodeStoragePath('c1/images/lake view #1?.jpg')).toBe('c1/images/lake%20view%20%231%3F.jpg');
    expect(encodeStoragePath('c1/café.png')).toBe('c1/caf%C3%A9.png');
  });

  it('checks content types', () => {
    expect(isValidContentType('image/png')).toBe(true);
    expect(isValidContentType('text/calendar; charset=utf-8')).toBe(true);
    expect(isValidContentType('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(true);
    expect(isValidContentType('png')).toBe(false);
    expect(isValidContentType('image/png\nx')).toBe(false);
    expect(isValidContentType('')).toBe(false);
  });

  it('checks byte ranges', () => {
    expect(() => checkByteRange({ start: 0, end: 9 }, 10)).not.toThrow();
    expect(() => checkByteRange({ start: 0, end: 10 }, 10)).toThrow(StorageError);
    expect(() => checkByteRange({ start: -1, end: 2 }, 10)).toThrow(StorageError);
    expect(() => checkByteRange({ start: 3, end: 2 }, 10)).toThrow(StorageError);
    expect(() => checkByteRange({ start: 0.5, end: 2 }, 10)).toThrow(StorageError);
  });

  it('knows content types by extension', () => {
    expect(contentTypeFromExtension('a/b/Photo.JPG')).toBe('image/jpeg');
    expect(contentTypeFromExtension('a/b.svg')).toBe('image/svg+xml');
    expect(contentTypeFromExtension('a/b.ics')).toBe('text/calendar');
    expect(contentTypeFromExtension('a/photo_blur')).toBeNull();
    expect(contentTypeFromExtension('a/.png')).toBeNull();
    expect(contentTypeFromExtension('a.b/c')).toBeNull();
    expect(extensionOf('a/b.tar.gz')).toBe('gz');
    expect(essenceOf('Image/JPG; q=1')).toBe('image/jpeg');
  });
});
