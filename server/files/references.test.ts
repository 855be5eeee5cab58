import { describe, expect, it } from 'vitest';
import { fileNameProblem, FILE_NAME_TEXTS, PATH_TEXTS, relativePathProblem } from './names';
import { storagePathsIn, walkReferences } from './references';

describe('storagePathsIn', () => {
  it('finds bucket download URLs, local /files/ URLs, gs:// addresses and bare paths, decoded', () => {
    const bucket =
      'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/pines%2Fimages%2Fheader%2F1%2Flake%20view.png?alt=media&token=t';
    expect(storagePathsIn(bucket)).toEqual(['pines/images/header/1/lake view.png']);
    expect(storagePathsIn('https://console.example/files/pines/images/a%20b.png?v=2')).toEqual(['pines/images/a b.png']);
    expect(storagePathsIn('gs://demo.appspot.com/pines/images/x.png')).toEqual(['pines/images/x.png']);
    expect(storagePathsIn('pines/images/x.png')).toEqual(['pines/images/x.png']);
    expect(storagePathsIn(`<p><img src="/files/pines/images/1/a.png"> and <a href='${bucket}'>menu</a></p>`).sort()).toEqual([
      'pines/images/1/a.png',
      'pines/images/header/1/lake view.png',
    ]);
  });

  it('finds nothing in plain text or in addresses that leave the root', () => {
    expect(storagePathsIn('Pool Hours')).toEqual([]);
    expect(storagePathsIn('/files/../etc/passwd')).toEqual([]);
    expect(storagePathsIn('https://example.com/a.png')).toEqual([]);
  });
});

describe('walkReferences', () => {
  it('labels a use with its section and the nearest title', () => {
    const uses: Array<[string, string]> = [];
    walkReferences({ 'main-menu': [{ title: 'Pool', iconData: { url: '/files/p/images/1/i.png' } }] }, (path, use) =>
      uses.push([path, use.label]),
    );
    expect(uses).toEqual([['p/images/1/i.png', 'main-menu “Pool”']]);
  });
});

describe('names and paths staff post', () => {
  it('refuses names that are empty, have slashes, dots or control characters, or are too long', () => {
    expect(fileNameProblem('lake.png')).toBeNull();
    expect(fileNameProblem('  ')).toBe(FILE_NAME_TEXTS.required);
    expect(fileNameProblem('a/b.png')).toBe(FILE_NAME_TEXTS.slash);
    expect(fileNameProblem('a\\b.png')).toBe(FILE_NAME_TEXTS.slash);
    expect(fileNameProblem('..')).toBe(FILE_NAME_TEXTS.dots);
    expect(fileNameProblem('.hidden')).toBe(FILE_NAME_TEXTS.leadingDot);
    expect(fileNameProblem('a\u0000b')).toBe(FILE_NAME_TEXTS.control);
    expect(fileNameProblem('x'.repeat(201))).toBe(FILE_NAME_TEXTS.tooLong);
  });

  it('refuses paths that leave the community’s folder', () => {
    expect(relativePathProblem('header/1/a.png')).toBeNull();
    expect(relativePathProblem('', { folder: true })).toBeNull();
    expect(relativePathProblem('header/', { folder: true })).toBeNull();
    expect(relativePathProblem('../other/images/a.png')).toBe(PATH_TEXTS.traversal);
    expect(relativePathProblem('header/../../x', { folder: true })).toBe(PATH_TEXTS.traversal);
    expect(relativePathProblem('/etc/passwd')).toBe(PATH_TEXTS.absolute);
    expect(relativePathProblem('C:\\x')).toBe(PATH_TEXTS.absolute);
    expect(relativePathProblem('a\u0007b')).toBe(PATH_TEXTS.control);
    expect(relativePathProblem('a//b')).toBe(PATH_TEXTS.other);
  });
});
