import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import type { Services } from '@server/services';
import { packageNamesFromForm, PackageFormSchema } from '~/schemas/marketing';
import { installTestServices } from '../../tests/setup/services';
import {
  changedPackageFields,
  effectivePackageNames,
  packageNamesOf,
  packageNamesVersion,
  packageWrites,
  readPackageNames,
  savePackageNames,
} from './package-names';

const PATHS = {
  communityPackageNames: (community: string) => `amc/campground-locations/${community}/packageNames`,
  systemPackageNames: () => 'amc/system-data/config/packageNames',
};

describe('the package form rules (spec 03 §4)', () => {
  it('reads only the form fields, iosId as a number, blanks as absent', () => {
    expect(packageNamesOf({ android: ' com.a ', ios: '', iosId: '6450012345', oneLink: 7, other: 'x', tableId: null })).toEqual({
      android: 'com.a',
      iosId: 6450012345,
      oneLink: '7',
    });
    expect(packageNamesOf({ iosId: 'id123' })).toEqual({});
    expect(packageNamesOf('not a record')).toEqual({});
  });

  it("shows the community's value of each field, else the system-wide one", () => {
    expect(effectivePackageNames({ community: { android: 'com.c' }, system: { android: 'com.s', ios: 'com.s.ios' } })).toEqual({
      android: 'com.c',
      ios: 'com.s.ios',
    });
  });

  it('sends only the changed fields; an emptied field becomes null', () => {
    const shown = { android: 'com.a', ios: 'com.i', iosId: 1, oneLink: 'https://a.example' };
    expect(changedPackageFields(shown, { ...shown })).toEqual({});
    expect(changedPackageFields(shown, { android: 'com.b', ios: 'com.i', iosId: 1 })).toEqual({ android: 'com.b', oneLink: null });
    expect(changedPackageFields({}, { tableId: 't1' })).toEqual({ tableId: 't1' });
  });

  it('the form value: empty fields absent, the iOS ID a number', () => {
    const parsed = PackageFormSchema.parse({ android: 'com.a', iosId: '6450012345' });
    expect(packageNamesFromForm(parsed)).toEqual({ android: 'com.a', iosId: 6450012345 });
  });

  it('the one-link URL must be a URL and the iOS ID a number, with the messages the form shows', () => {
    const result = PackageFormSchema.safeParse({ oneLink: 'pinehollow app', iosId: '64500x', adjustLinkPrefix: 'ftp:x' });
    expect(result.success).toBe(false);
    const errors = result.success ? {} : result.error.flatten().fieldErrors;
    expect(errors.oneLink).toEqual(['Valid URL(e.g. https://example.com) is required.']);
    expect(errors.iosId).toEqual(['iOS ID must be a number.']);
    expect(errors.adjustLinkPrefix).toBeDefined();
    expect(PackageFormSchema.safeParse({ phoneOnlyImage: 'javascript:alert(1)' }).success).toBe(false);
    expect(PackageFormSchema.safeParse({ phoneOnlyImage: '/files/c/images/marketing/1/p_crop.png' }).success).toBe(true);
  });

  it('Update Community Only writes the changed fields at community level', () => {
    expect(packageWrites(PATHS, 'c1', 'community', { android: 'com.b', oneLink: null })).toEqual({
      'amc/campground-locations/c1/packageNames/android': 'com.b',
      'amc/campground-locations/c1/packageNames/oneLink': null,
    });
  });

  it('Update System writes them system-wide and clears them at community level', () => {
    expect(packageWrites(PATHS, 'c1', 'system', { android: 'com.b', oneLink: null })).toEqual({
      'amc/system-data/config/packageNames/android': 'com.b',
      'amc/system-data/config/packageNames/oneLink': null,
      'amc/campground-locations/c1/packageNames/android': null,
      'amc/campground-locations/c1/packageNames/oneLink': null,
    });
  });
});

describe('saving package names (embedded database)', () => {
  let services: Services;
  let close: () => Promise<void>;
  let counter = 0;
  beforeAll(async () => {
    ({ services, close } = await installTestServices('marketing-package-names'));
  });
  afterAll(async () => {
    await close?.();
  });

  async function community(packageNames: Record<string, DbValue>) {
    counter += 1;
    const key = `pkg-test-${counter}`;
    await services.db.ref(services.paths.community(key)).set({ title: `Package ${counter}`, packageNames });
    return key;
  }
  const stored = async (key: string) => (await services.db.ref(services.paths.communityPackageNames(key)).get()).val() as unknown;

  it('writes nothing when nothing changed', async () => {
    const key = await community({ android: 'com.a', legacy: 'kept' });
    const before = await readPackageNames(services, key);
    const result = await savePackageNames(services, {
      community: key,
      scope: 'community',
      posted: { ...effectivePackageNames(before) },
      version: packageNamesVersion(before),
    });
    expect(result).toMatchObject({ ok: true, written: false });
    expect(await stored(key)).toEqual({ android: 'com.a', legacy: 'kept' });
  });

  it('keeps fields the form does not show, and removes an emptied field', async () => {
    const key = await community({ android: 'com.a', ios: 'com.i', adjustSecret: 'kept' });
    const before = await readPackageNames(services, key);
    const result = await savePackageNames(services, {
      community: key,
      scope: 'community',
      posted: { android: 'com.b' },
      version: packageNamesVersion(before),
    });
    expect(result).toMatchObject({ ok: true, written: true, changes: { android: 'com.b', ios: null } });
    expect(await stored(key)).toEqual({ android: 'com.b', adjustSecret: 'kept' });
  });

  it('two people saving from the same form: the second gets a conflict and nothing of theirs is lost', async () => {
    const key = await community({ android: 'com.a', oneLink: 'https://one.example' });
    const shown = await readPackageNames(services, key);
    const version = packageNamesVersion(shown);
    const first = await savePackageNames(services, {
      community: key,
      scope: 'community',
      posted: { android: 'com.first', oneLink: 'https://one.example' },
      version,
    });
    expect(first).toMatchObject({ ok: true, written: true });
    const second = await savePackageNames(services, {
      community: key,
      scope: 'community',
      posted: { android: 'com.a', oneLink: 'https://second.example' },
      version,
    });
    expect(second).toMatchObject({ ok: false, reason: 'conflict' });
    expect(await stored(key)).toEqual({ android: 'com.first', oneLink: 'https://one.example' });
    // Saving again with the version the conflict answered replaces theirs on purpose.
    if (second.ok) throw new Error('expected a conflict');
    const again = await savePackageNames(services, {
      community: key,
      scope: 'community',
      posted: { android: 'com.first', oneLink: 'https://second.example' },
      version: second.version,
    });
    expect(again).toMatchObject({ ok: true, written: true, changes: { oneLink: 'https://second.example' } });
  });

  it('a racing write between the read and the guarded write is caught by the guard', async () => {
    const key = await community({ android: 'com.a' });
    const shown = await readPackageNames(services, key);
    const version = packageNamesVersion(shown);
    // The other save lands after this save's read: simulated by a db whose guardedUpdate writes first.
    const racing = {
      ...services,
      db: {
        ref: (path?: string) => {
          const ref = services.db.ref(path);
          if (path !== undefined) return ref;
          return {
            guardedUpdate: async (...args: Parameters<typeof ref.guardedUpdate>) => {
              await services.db.ref(services.paths.communityPackageNames(key)).update({ ios: 'com.other' });
              return ref.guardedUpdate(...args);
            },
          };
        },
      },
    } as unknown as Services;
    const result = await savePackageNames(racing, { community: key, scope: 'community', posted: { android: 'com.mine' }, version });
    expect(result).toMatchObject({ ok: false, reason: 'conflict' });
    expect(await stored(key)).toEqual({ android: 'com.a', ios: 'com.other' });
  });

  it('Update System sets the system-wide record and clears the changed fields of the community', async () => {
    const key = await community({ android: 'com.community', ios: 'com.i' });
    await services.db.ref(services.paths.systemPackageNames()).set({ tableId: 'system-table' });
    const before = await readPackageNames(services, key);
    const result = await savePackageNames(services, {
      community: key,
      scope: 'system',
      posted: { ...effectivePackageNames(before), android: 'com.system' },
      version: packageNamesVersion(before),
    });
    expect(result).toMatchObject({ ok: true, written: true, changes: { android: 'com.system' } });
    expect(await stored(key)).toEqual({ ios: 'com.i' });
    expect((await services.db.ref(services.paths.systemPackageNames()).get()).val()).toEqual({
      tableId: 'system-table',
      android: 'com.system',
    });
    expect(effectivePackageNames(await readPackageNames(services, key))).toEqual({
      android: 'com.system',
      ios: 'com.i',
      tableId: 'system-table',
    });
    await services.db.ref(services.paths.systemPackageNames()).remove();
  });
});
