import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodeDataUrl } from '@server/qr';
import { CommunitySchema, type CommunityForm } from '~/schemas/community';
import { dyingAfter } from '../../tests/setup/dying-db';
import { openDemoDb, type DemoDb } from '../../tests/setup/services';
import { communityFormValue } from './form';
import {
  PULL_COLORS_FAILED,
  addCommunity,
  communityExistsMessage,
  communityVersion,
  readPullColors,
  qrTarget,
  readCommunity,
  saveCommunity,
  showsHomeScreenImage,
} from './setup';
import { resolveTimeZone, timeZoneAt } from './timezone';

let demo: DemoDb;

beforeAll(async () => {
  demo = await openDemoDb('community-setup');
});

afterAll(async () => {
  await demo?.db.close();
});

const form = (fields: Record<string, unknown>): CommunityForm => CommunitySchema.parse({ timeZone: 'America/New_York', ...fields });
const OPTIONS = { canSetListing: false, drawableShown: false, businessOnly: false };

describe('time zone from the position (spec 01 §4.4)', () => {
  it('looks the zone up offline', () => {
    expect(timeZoneAt(43.3123, -73.8351)).toBe('America/New_York');
    expect(timeZoneAt('43.9853', '-90.5021')).toBe('America/Chicago');
    expect(timeZoneAt(-33.86, 151.2)).toBe('Australia/Sydney');
    expect(timeZoneAt(95, 0)).toBeNull();
    expect(timeZoneAt('', '')).toBeNull();
  });

  it('follows moved coordinates unless another zone was chosen', () => {
    const stored = { stored: 'America/New_York', storedLatitude: 43.3, storedLongitude: -73.8 };
    expect(resolveTimeZone({ ...stored, chosen: 'America/New_York', latitude: 43.98, longitude: -90.5 })).toBe('America/Chicago');
    expect(resolveTimeZone({ ...stored, chosen: 'America/Denver', latitude: 43.98, longitude: -90.5 })).toBe('America/Denver');
    expect(resolveTimeZone({ ...stored, chosen: '', latitude: 43.3, longitude: -73.8 })).toBe('America/New_York');
  });
});

describe('saving the community (spec 01 §2.7)', () => {
  it('writes only the form fields, deleting cleared optional ones', async () => {
    const before = (await readCommunity(demo, 'demo-campground'))!;
    const value = communityFormValue(before);
    await saveCommunity(
      demo,
      'demo-campground',
      form({
        ...value,
        latitude: Number(value.latitude),
        longitude: Number(value.longitude),
        htmlDescription: '<p>Lakeside <strong>fun</strong><script>alert(1)</script></p>',
        regulationsURL: undefined,
        listed: true,
      }),
      OPTIONS,
    );
    const after = (await readCommunity(demo, 'demo-campground'))!;
    // The rich text is stored sanitized, with its plain text beside it (spec 01 §3.1).
    expect(after.htmlDescription).toBe('<p>Lakeside <strong>fun</strong></p>');
    expect(after.description).toBe('Lakeside fun');
    expect(after.regulationsURL).toBeUndefined();
    // Untouched fields stay; the listing flags need a resort admin.
    expect(after.packageNames).toEqual(before.packageNames);
    expect(after.pinned).toBe(true);
    expect(after.listed).toBe(true);
    expect(after.colorBackground).toBe('#1F4D3A');
    expect(after.socialMedia).toEqual(before.socialMedia);
  });

  it('a save that dies half-way writes the record and the paths outside it together, or neither', async () => {
    const added = await addCommunity(demo, form({ title: 'Half Way Camp' }), { ...OPTIONS, mainMenu: [] });
    if (!added.ok) throw new Error(added.message);
    const before = (await readCommunity(demo, added.key))!;
    const outside = `${demo.paths.locationData(added.key)}/icon-colors-check`;
    await saveCommunity(
      dyingAfter(demo),
      added.key,
      form({ ...communityFormValue(before), title: 'Half Way Camp (renamed)' }),
      OPTIONS,
      { [outside]: 'written' },
      communityVersion(before),
    ).catch(() => null);
    const renamed = (await readCommunity(demo, added.key))!.title === 'Half Way Camp (renamed)';
    expect((await demo.db.ref(outside).get()).val() === 'written', 'the outside path is written exactly when the record is').toBe(renamed);
  });

  it('lets a resort admin clear business-only with listed off', async () => {
    const value = communityFormValue((await readCommunity(demo, 'demo-town'))!);
    await saveCommunity(demo, 'demo-town', form({ ...value, latitude: 43.98, longitude: -90.5, listed: false, isBusinessOnly: true }), {
      ...OPTIONS,
      canSetListing: true,
    });
    const after = (await readCommunity(demo, 'demo-town'))!;
    expect(after.listed).toBe(false);
    expect(after.isBusinessOnly).toBe(false);
  });

  it('shows the Home Screen Image for listed communities and studio keys', () => {
    expect(showsHomeScreenImage('demo-campground', { listed: true })).toBe(true);
    expect(showsHomeScreenImage('demo-campground', { listed: false })).toBe(false);
    expect(showsHomeScreenImage('-studio-camp', {})).toBe(true);
  });
});

describe('adding a community', () => {
  it('creates the record and its main menu together, under the key from the title', async () => {
    const menu = [{ id: 'activities', name: 'Activities', type: 'amc-events', uniqueId: 'activities' }];
    const result = await addCommunity(demo, form({ title: "Bob's Lake Camp", colorPrimary: '#173972' }), { ...OPTIONS, mainMenu: menu });
    expect(result).toEqual({ ok: true, key: 'bobs-lake-camp' });
    const record = (await readCommunity(demo, 'bobs-lake-camp'))!;
    expect(record).toMatchObject({ title: "Bob's Lake Camp", communityKey: 'bobs-lake-camp', active: true, colorPrimary: '#173972' });
    expect(record.colorBackground).toBe('#FFFFFF');
    expect((await demo.db.ref(demo.paths.menu('bobs-lake-camp', 'main-menu')).get()).val()).toEqual(menu);
  });

  it('refuses a key that exists', async () => {
    const result = await addCommunity(demo, form({ title: 'Demo Campground' }), { ...OPTIONS, mainMenu: [] });
    expect(result).toEqual({ ok: false, field: 'title', message: communityExistsMessage('demo-campground') });
    const bad = await addCommunity(demo, form({ title: '!!!' }), { ...OPTIONS, mainMenu: [] });
    expect(bad.ok).toBe(false);
  });
});

describe('pull colours (spec 01 §4.4)', () => {
  it('reads the colour fields of a community the person may edit, writing nothing', async () => {
    const before = await readCommunity(demo, 'bobs-lake-camp');
    const result = await readPullColors(demo, 'bobs-lake-camp', 'demo-town', ['demo-town', 'bobs-lake-camp']);
    expect(result.ok && result.title).toBe('Maple Falls');
    expect(result.ok && result.colors).toMatchObject({ colorBackground: '#7A2E1D', colorIconBackground: '#B5472A' });
    expect(await readCommunity(demo, 'bobs-lake-camp')).toEqual(before);
  });

  it('fails with the spec toast for a community outside the list or missing', async () => {
    expect(await readPullColors(demo, 'bobs-lake-camp', 'demo-campground', ['demo-town'])).toEqual({
      ok: false,
      message: PULL_COLORS_FAILED,
    });
    expect(await readPullColors(demo, 'bobs-lake-camp', 'nope', ['nope'])).toEqual({ ok: false, message: PULL_COLORS_FAILED });
    expect(PULL_COLORS_FAILED).toBe('Error pulling colors from campground location');
  });
});

describe('QR code', () => {
  it('encodes the one-link, else the website', async () => {
    expect(qrTarget({ website: 'https://a.example', packageNames: { oneLink: 'https://app.example/x' } })).toBe('https://app.example/x');
    expect(qrTarget({ website: 'https://a.example' })).toBe('https://a.example');
    expect(qrTarget({})).toBeNull();
    const url = await qrCodeDataUrl('https://a.example');
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(url.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
  });
});

describe('business-only communities', () => {
  it('store Additional Buttons instead of social links: mailto as website, web view as a suffix, the icon glyph', async () => {
    const { communityRecordFields } = await import('./form');
    const fields = communityRecordFields(
      form({
        title: 'Corner Cafe',
        detailButtons: [
          { title: 'Menu', icon: 'dining', action: 'website', actionKey: 'https://cafe.example/menu', webview: 'on' },
          { title: 'Write to us', icon: 'mail', action: 'mailto', actionKey: 'hello@cafe.example' },
          { title: 'Call', icon: 'phone', action: 'call', actionKey: '(518) 555-0100' },
          { title: 'Rooms', icon: 'custom-bed', action: 'booking', actionKey: 'rooms' },
        ],
        socialMedia: [{ site: 'facebook', url: 'https://facebook.com/cafe' }],
      }),
      { ...OPTIONS, businessOnly: true, storedButtons: [{ icon: 'custom-bed', iconData: { svg: '<svg/>' } }] },
    );
    const buttons = fields.detailButtons as Array<Record<string, unknown>>;
    expect(buttons.map(({ title, icon, action, actionKey }) => ({ title, icon, action, actionKey }))).toEqual([
      { title: 'Menu', icon: 'dining', action: 'website-webview', actionKey: 'https://cafe.example/menu' },
      { title: 'Write to us', icon: 'mail', action: 'website', actionKey: 'mailto:hello@cafe.example' },
      { title: 'Call', icon: 'phone', action: 'call', actionKey: '(518) 555-0100' },
      { title: 'Rooms', icon: 'custom-bed', action: 'booking', actionKey: 'rooms' },
    ]);
    expect((buttons[1]?.iconData as { svg: string } | undefined)?.svg).toContain('<svg');
    // An icon outside the library keeps its stored glyph.
    expect(buttons[3]?.iconData).toEqual({ svg: '<svg/>' });
    expect('socialMedia' in fields).toBe(false);
  });

  it('shows stored buttons the way the form edits them', async () => {
    const { detailButtonFormValue } = await import('./form');
    expect(detailButtonFormValue({ title: 'Mail', action: 'website', actionKey: 'mailto:a@b.example' })).toEqual({
      title: 'Mail',
      icon: undefined,
      action: 'mailto',
      actionKey: 'a@b.example',
      webview: false,
    });
    expect(
      detailButtonFormValue({ title: 'Menu', icon: 'dining', action: 'file-webview', actionKey: 'https://x.example/m.pdf' }),
    ).toMatchObject({
      action: 'file',
      webview: true,
    });
    expect(detailButtonFormValue({ title: 'Old', action: 'phone', actionKey: '555' }).action).toBe('call');
  });

  it('clears the list when every row is removed', async () => {
    const { communityRecordFields } = await import('./form');
    expect(communityRecordFields(form({ title: 'Corner Cafe' }), { ...OPTIONS, businessOnly: true }).detailButtons).toBeNull();
    expect(communityRecordFields(form({ title: 'Corner Cafe' }), OPTIONS).socialMedia).toBeNull();
  });
});

describe('the description (spec 01 §3.1 description and htmlDescription)', () => {
  it('derives plain text from the rich text and paragraphs from plain text', async () => {
    const { descriptionFields, htmlFromPlainText, plainTextOf } = await import('./description');
    expect(plainTextOf('<p>Lake &amp; <em>beach</em></p><ul><li><p>Pool</p></li><li><p>Cabins</p></li></ul><p>Open<br>daily</p>')).toBe(
      'Lake & beach\n• Pool\n• Cabins\n\nOpen\ndaily',
    );
    expect(htmlFromPlainText('Sites & cabins\n\nOpen <daily>')).toBe('<p>Sites &amp; cabins</p><p>Open &lt;daily&gt;</p>');
    expect(descriptionFields('<p></p>')).toEqual({ htmlDescription: null, description: null });
    // The editor's trailing empty paragraph after a list is not kept.
    expect(descriptionFields('<ul><li><p>Pool</p></li></ul><p></p>').htmlDescription).toBe('<ul><li><p>Pool</p></li></ul>');
    expect(descriptionFields('<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p>')).toEqual({
      htmlDescription: '<p>Hi <a rel="noopener noreferrer" target="_blank">there</a></p>',
      description: 'Hi there',
    });
  });
});
