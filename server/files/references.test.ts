import { describe, expect, it } from 'vitest';
import { fileNameProblem, FILE_NAME_TEXTS, PATH_TEXTS, relativePathProblem } from './names';
import { replaceStoragePath, storagePathsIn, walkReferences } from './references';

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

describe('replaceStoragePath', () => {
  const from = 'pines/images/maps/pool map.png';
  const to = 'pines/images/maps/lake view.png';
  const bucket = (path: string) =>
    `https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/${encodeURIComponent(path)}?alt=media&token=tok-1`;

  it('rewrites a bucket download URL, keeping its bucket and token, the new name encoded', () => {
    expect(replaceStoragePath(bucket(from), from, to)).toBe(
      'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/pines%2Fimages%2Fmaps%2Flake%20view.png?alt=media&token=tok-1',
    );
  });

  it('rewrites a local /files/ URL, keeping its site and query', () => {
    expect(replaceStoragePath('https://console.example/files/pines/images/maps/pool%20map.png?v=2', from, to)).toBe(
      'https://console.example/files/pines/images/maps/lake%20view.png?v=2',
    );
    expect(replaceStoragePath('/files/pines/images/maps/pool%20map.png', from, to)).toBe('/files/pines/images/maps/lake%20view.png');
  });

  it('rewrites gs:// addresses and bare paths as they are written', () => {
    expect(replaceStoragePath('gs://demo.appspot.com/pines/images/x.png', 'pines/images/x.png', 'pines/images/y.png')).toBe(
      'gs://demo.appspot.com/pines/images/y.png',
    );
    expect(replaceStoragePath(' pines/images/x.png\n', 'pines/images/x.png', 'pines/images/y.png')).toBe(' pines/images/y.png\n');
  });

  it('rewrites inside rich text, only the renamed file of two', () => {
    const other = bucket('pines/images/maps/trail.png');
    const html = `<p><img src="${bucket(from)}"> <img src='/files/pines/images/maps/pool%20map.png'> <a href="${other}">Trail</a></p>`;
    const rewritten = replaceStoragePath(html, from, to);
    expect(rewritten).toBe(
      `<p><img src="${bucket(to)}"> <img src='/files/pines/images/maps/lake%20view.png'> <a href="${other}">Trail</a></p>`,
    );
    expect(storagePathsIn(rewritten).sort()).toEqual(['pines/images/maps/lake view.png', 'pines/images/maps/trail.png']);
  });

  it('leaves other files, longer names and plain text alone', () => {
    expect(replaceStoragePath(bucket('pines/images/maps/pool map.png.bak'), from, to)).toBe(bucket('pines/images/maps/pool map.png.bak'));
    expect(replaceStoragePath('/files/pines/images/maps/pool%20map.png2', from, to)).toBe('/files/pines/images/maps/pool%20map.png2');
    expect(replaceStoragePath('See pines/images/x.png', 'pines/images/x.png', 'pines/images/y.png')).toBe('See pines/images/x.png');
    expect(replaceStoragePath('Pool Hours', from, to)).toBe('Pool Hours');
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
