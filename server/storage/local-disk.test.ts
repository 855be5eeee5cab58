import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/setup/tmp';
import { createLocalDiskStorage } from './local-disk';
import { StorageError, type FileStorage } from './types';

const text = (value: string) => new TextEncoder().encode(value);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

let root: string;
let storage: FileStorage;

beforeEach(() => {
  root = makeTempDir('local-disk');
  storage = createLocalDiskStorage({ root });
});

describe('local disk layout', () => {
  it('keeps the bytes under objects/ and the content type in a sidecar under meta/', async () => {
    await storage.put('c1/images/header/1717200000000/photo_blur', text('blur'), { contentType: 'image/jpeg', cacheControl: 'no-cache' });
    expect(await readFile(join(root, 'objects/c1/images/header/1717200000000/photo_blur'), 'utf8')).toBe('blur');
    expect(JSON.parse(await readFile(join(root, 'meta/c1/images/header/1717200000000/photo_blur'), 'utf8'))).toEqual({
      contentType: 'image/jpeg',
      cacheControl: 'no-cache',
    });
  });

  it('leaves no partial files behind', async () => {
    await storage.put('c1/a.png', text('a'), { contentType: 'image/png' });
    await storage.put('c1/a.png', Readable.from([Buffer.from('b')]), { contentType: 'image/png' });
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  it('types a file without a sidecar by its extension, else as application/octet-stream', async () => {
    await mkdir(join(root, 'objects/seed'), { recursive: true });
    await writeFile(join(root, 'objects/seed/icon.svg'), '<svg/>');
    await writeFile(join(root, 'objects/seed/blob'), 'x');
    expect((await storage.get('seed/icon.svg'))!.contentType).toBe('image/svg+xml');
    expect((await storage.get('seed/blob'))!.contentType).toBe('application/octet-stream');
    expect((await storage.list('seed')).map((entry) => entry.contentType)).toEqual(['application/octet-stream', 'image/svg+xml']);
  });

  it('makes root-relative URLs, or absolute ones under baseUrl', async () => {
    const stored = await storage.put('app-icons/pine hollow/app-icon.png', text('x'), { contentType: 'image/png' });
    expect(stored.url).toBe('/files/app-icons/pine%20hollow/app-icon.png');
    const public_ = createLocalDiskStorage({ root, baseUrl: 'https://console.example.com/' });
    expect(await public_.url('app-icons/pine hollow/app-icon.png')).toBe(
      'https://console.example.com/files/app-icons/pine%20hollow/app-icon.png',
    );
  });
});

describe('local disk writes', () => {
  it('keeps the old file when a write fails half-way', async () => {
    await storage.put('c1/report.pdf', text('old report'), { contentType: 'application/pdf' });
    const failing = new Readable({
      read() {
        this.push(Buffer.from('new rep'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put('c1/report.pdf', failing, { contentType: 'text/plain' })).rejects.toThrow(StorageError);
    const object = await storage.get('c1/report.pdf');
    expect(decode(await object!.bytes())).toBe('old report');
    expect(object!.contentType).toBe('application/pdf');
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  it('does not leave an empty folder after a failed first write', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(storage.put('c9/images/x.png', failing, { contentType: 'image/png' })).rejects.toThrow(StorageError);
    expect(existsSync(join(root, 'objects/c9'))).toBe(false);
  });

  it('answers conflict when a file and a folder would share a name', async () => {
    await storage.put('c1/a', text('file'), { contentType: 'text/plain' });
    await expect(storage.put('c1/a/b.png', text('x'), { contentType: 'image/png' })).rejects.toMatchObject({ code: 'conflict' });
    await storage.put('c2/a/b.png', text('x'), { contentType: 'image/png' });
    await expect(storage.put('c2/a', text('file'), { contentType: 'text/plain' })).rejects.toMatchObject({ code: 'conflict' });
    expect(decode(await (await storage.get('c1/a'))!.bytes())).toBe('file');
    expect(await storage.list('c2')).toHaveLength(1);
  });

  it('serialises concurrent writes to one path: content and type always belong together', async () => {
    const writes = Array.from({ length: 12 }, (_, i) =>
      storage.put('c1/logo', text(i % 2 ? `png ${i}` : `jpeg ${i}`), { contentType: i % 2 ? 'image/png' : 'image/jpeg' }),
    );
    await Promise.all(writes);
    const object = await storage.get('c1/logo');
    expect(decode(await object!.bytes())).toBe('png 11');
    expect(object!.contentType).toBe('image/png');
  });

  it('removes folders a delete leaves empty, in both trees', async () => {
    await storage.put('c1/images/header/1/a.png', text('a'), { contentType: 'image/png' });
    await storage.put('c1/keep.png', text('k'), { contentType: 'image/png' });
    await storage.delete('c1/images/header/1/a.png');
    expect(existsSync(join(root, 'objects/c1/images'))).toBe(false);
    expect(existsSync(join(root, 'meta/c1/images'))).toBe(false);
    expect(existsSync(join(root, 'objects/c1/keep.png'))).toBe(true);
    expect((await storage.listFolder('c1')).folders).toEqual([]);
  });
});

describe('local disk confinement', () => {
  it('never reads through a symbolic link that leads out of the root', async () => {
    const outside = makeTempDir('outside');
    await writeFile(join(outside, 'secret.txt'), 'secret');
    await mkdir(join(root, 'objects/c1'), { recursive: true });
    await symlink(outside, join(root, 'objects/c1/link'));
    await symlink(join(outside, 'secret.txt'), join(root, 'objects/c1/secret.txt'));
    expect(await storage.get('c1/link/secret.txt')).toBeNull();
    expect(await storage.get('c1/secret.txt')).toBeNull();
    expect(await storage.exists('c1/link/secret.txt')).toBe(false);
    await expect(storage.url('c1/secret.txt')).rejects.toMatchObject({ code: 'not-found' });
    expect(await storage.list('c1')).toEqual([]);
  });

  it('cannot reach sidecars or partial writes through object paths', async () => {
    await storage.put('c1/a.png', text('a'), { contentType: 'image/png' });
    expect(await storage.get('meta/c1/a.png')).toBeNull();
    expect(await storage.get('../meta/c1/a.png').catch((error: StorageError) => error.code)).toBe('invalid-path');
    expect((await storage.list('')).map((entry) => entry.path)).toEqual(['c1/a.png']);
  });
});
