import { describe, expect, it } from 'vitest';
import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import { appChoiceLabel, assetSizeWarning, recommendedHeaderSize } from '~/schemas/app-setup';
import { appListOf, createGetAppList, formValuesOf, imageSize, recordUpdate } from '.';

describe('app record ↔ form values', () => {
  it('shows flags as true/false/unset and numbers as text', () => {
    const values = formValuesOf({
      enableGridMenu: true,
      requestLocation: false,
      resortsBetweenAds: 0,
      deploymentAssets: { appTitle: 'T', appIcon: 'u' },
    });
    expect(values).toMatchObject({
      enableGridMenu: 'true',
      requestLocation: 'false',
      hideESPTitle: '',
      resortsBetweenAds: '0',
      appTitle: 'T',
      appIcon: 'u',
    });
  });

  it('writes unset fields as null, flags as booleans and the deployment texts under deploymentAssets, keeping asset URLs', () => {
    const update = recordUpdate({ appId: 'x', appName: 'A', enableGridMenu: 'false', resortsBetweenAds: 2, appTitle: 'T' });
    expect(update).toMatchObject({
      appName: 'A',
      enableGridMenu: false,
      hideESPTitle: null,
      resortsBetweenAds: 2,
      adStartingPosition: null,
      'deploymentAssets/appTitle': 'T',
    });
    expect(Object.keys(update)).not.toContain('deploymentAssets/appIcon');
    expect(Object.keys(update)).not.toContain('appId');
  });
});

describe('getAppList (spec 01 §3.8, §7.2)', () => {
  it('lists each app-data record as packageName (its id) and displayName (appName, else the id)', () => {
    expect(
      appListOf({
        'pine-hollow': { appName: 'Pine Hollow RV' },
        'com.example.lakes': { appType: 'multi' },
        'blank-name': { appName: '  ' },
        broken: 'not a record',
        'aspen-grove': { appName: 'Aspen Grove' },
      }),
    ).toEqual([
      { packageName: 'aspen-grove', displayName: 'Aspen Grove' },
      { packageName: 'blank-name', displayName: 'blank-name' },
      { packageName: 'broken', displayName: 'broken' },
      { packageName: 'com.example.lakes', displayName: 'com.example.lakes' },
      { packageName: 'pine-hollow', displayName: 'Pine Hollow RV' },
    ]);
    expect(appListOf(null)).toEqual([]);
  });

  it('reads {product}/app-data through the database port', async () => {
    const read: string[] = [];
    const db = {
      ref: (path: string) => ({
        get: async () => {
          read.push(path);
          return { val: () => ({ 'pine-hollow': { appName: 'Pine Hollow RV' } }) };
        },
      }),
    } as unknown as RealtimeDb;
    const paths = { appData: () => 'amc/app-data' } as unknown as Paths;
    expect(await createGetAppList(db, paths)()).toEqual([{ packageName: 'pine-hollow', displayName: 'Pine Hollow RV' }]);
    expect(read).toEqual(['amc/app-data']);
  });

  it("labels a picker choice 'displayName (packageName)'", () => {
    expect(appChoiceLabel({ packageName: 'pine-hollow', displayName: 'Pine Hollow RV' })).toBe('Pine Hollow RV (pine-hollow)');
    expect(appChoiceLabel({ packageName: 'lakes', displayName: 'lakes' })).toBe('lakes');
  });
});

/** A PNG's first bytes with the size in its IHDR chunk. */
function png(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

/** A JPEG's segments up to its frame header: SOI, an APP0, optionally an Exif APP1 with an orientation, SOF0. */
function jpeg(width: number, height: number, orientation?: number): Uint8Array {
  const parts: number[] = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  if (orientation) {
    // 'Exif\0\0', big-endian TIFF header, one IFD entry: 0x0112 SHORT 1 = orientation.
    const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
    const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    parts.push(0xff, 0xe1, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff, ...body);
  }
  parts.push(
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    (height >> 8) & 0xff,
    height & 0xff,
    (width >> 8) & 0xff,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  );
  return new Uint8Array(parts);
}

describe('image sizes of uploads (spec 01 §5 recommended sizes)', () => {
  it('reads the size of a PNG and of a JPEG from their headers', () => {
    expect(imageSize(png(512, 512))).toEqual({ width: 512, height: 512, type: 'png' });
    expect(imageSize(jpeg(1024, 500))).toEqual({ width: 1024, height: 500, type: 'jpeg' });
    // A photo turned a quarter by its EXIF orientation shows the other way round.
    expect(imageSize(jpeg(500, 1024, 6))).toEqual({ width: 1024, height: 500, type: 'jpeg' });
    expect(imageSize(jpeg(500, 1024, 1))).toEqual({ width: 500, height: 1024, type: 'jpeg' });
    expect(imageSize(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(imageSize(png(512, 512).slice(0, 12))).toBeNull();
  });

  it('warns with the actual and the recommended size, and is quiet when they match', () => {
    const icon = { label: 'App icon', width: 512, height: 512 };
    expect(assetSizeWarning(icon, { width: 512, height: 512 })).toBeNull();
    expect(assetSizeWarning(icon, { width: 300, height: 300 })).toBe(
      'The app icon is 300x300 pixels; the recommended size is 512x512 pixels.',
    );
    expect(assetSizeWarning(icon, null)).toBe('The size of the app icon could not be read. The recommended size is 512x512 pixels.');
    expect(recommendedHeaderSize('esp')).toEqual({ width: 1125, height: 450 });
    expect(recommendedHeaderSize('single')).toEqual({ width: 1125, height: 600 });
  });
});
