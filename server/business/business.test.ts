import { parseWithZod } from '@conform-to/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import type { Services } from '@server/services';
import { businessFormValue } from '~/lib/business';
import { previewModel } from '~/lib/business-preview';
import { BUSINESS_SECTIONS, businessSchema, sectionOfErrors } from '~/schemas/business';
import { dyingAfter } from '../../tests/setup/dying-db';
import { installTestServices } from '../../tests/setup/services';
import { allowedFields, editorRights } from './access';
import { BUSINESS_DOLLARS_TYPE, dollarsHistoryView, readDollarsHistory } from './dollars';
import { businessRecord } from './item';
import { businessVersion, commitBusinessSave, duplicateOf, planBusinessSave, saveBusiness } from './save';
import { detailSections, findDetailSection } from './sections';

/**
 * The business item's rules (spec 03 §3, §4, §5, §7): the form and the record, validation,
 * the one multi-path update of a save, what each role and grant writes, the duplicate, the
 * dollars history and the detail sections.
 */

let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('business-rules', { seed: false }));
});

afterAll(async () => {
  await close?.();
});

const schema = businessSchema({ dollarsEnabled: true, allowNoLocation: true, communityRequired: false });
const parse = (fields: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  return parseWithZod(form, { schema });
};
const BASE = {
  title: ' Pier Cafe ',
  'location.address': '1 Pier',
  'location.latitude': '+43.50',
  'location.longitude': '-73.25',
};

describe('the form and the record', () => {
  it('stores latitude and longitude as strings, sanitizes rich text and clears empty fields', () => {
    const parsed = parse({
      ...BASE,
      description: '<p onclick="x()">Hello <img src=x onerror=alert(1)><strong>there</strong></p>',
      phone: '',
      hasSpecial: 'on',
      specialPopupBehavior: '1',
      specialDescription: '<p>Deal<script>x</script></p>',
      'hours.days.Tue[0].open': '08:30',
      'socialMedia[0].site': 'facebook',
      'socialMedia[0].url': 'https://facebook.com/pier',
    });
    expect(parsed.status).toBe('success');
    if (parsed.status !== 'success') return;
    const record = businessRecord(parsed.value, null);
    expect(record).toMatchObject({
      title: 'Pier Cafe',
      latitude: '43.5',
      longitude: '-73.25',
      phone: null,
      description: '<p>Hello <strong>there</strong></p>',
      htmlDescription: '<p>Hello <strong>there</strong></p>',
      hasSpecial: true,
      specialPopupBehavior: 1,
      specialDescription: '<p>Deal</p>',
      hours: { Tue: [{ open: '8:30 AM', close: '?' }] },
      socialMedia: [{ site: 'facebook', url: 'https://facebook.com/pier' }],
      detailButtons: null,
      noLocation: null,
    });
    expect(typeof record.latitude).toBe('string');
  });

  it('gives the spec messages, and the section of the first error', () => {
    const parsed = parse({ title: '', phone: '12', website: 'nope', 'location.latitude': '43' });
    expect(parsed.status).toBe('error');
    const errors = parsed.reply().error ?? {};
    expect(errors.title).toEqual(['Title is required.']);
    expect(errors.phone).toEqual(['Phone Number needs to have more than seven digits.']);
    expect(errors.website?.[0]).toMatch(/^Valid URL\(e\.g\. .+\) is required\.$/);
    expect(errors['location.longitude']).toEqual(['Longitude is required to map accurately.']);
    expect(sectionOfErrors(Object.keys(errors))).toBe('title-location');
    expect(sectionOfErrors(['phone', 'hours.days.Mon[0].open'])).toBe('hours');
    expect(sectionOfErrors(['remote.entries[0].email', 'contexts'])).toBe('remote');
    expect(BUSINESS_SECTIONS[0].title).toBe('Title/Location');
  });

  it("saves an item without a location when 'Item Does Not Have A Location' is offered and ticked", () => {
    const parsed = parse({ title: 'Food Truck', 'location.noLocation': 'on', 'location.address': 'ignored' });
    expect(parsed.status).toBe('success');
    if (parsed.status !== 'success') return;
    expect(businessRecord(parsed.value, null)).toMatchObject({ noLocation: true, address: null, latitude: null, longitude: null });
    const without = businessSchema({ dollarsEnabled: true, allowNoLocation: false, communityRequired: false });
    const form = new FormData();
    form.append('title', 'Food Truck');
    form.append('location.noLocation', 'on');
    expect(parseWithZod(form, { schema: without }).status).toBe('error');
  });

  it('reads any stored item back as the form shows it', () => {
    const value = businessFormValue(
      {
        title: 'Grill',
        latitude: 43.1,
        longitude: '-73',
        listIcons: { 0: 'pool' },
        contexts: ['c1/dining-resort', 'c1/dining-local', 'c2/eat'],
        specialPopupBehavior: 7,
        remotelyManaged: true,
      },
      'c1',
    );
    expect(value.location).toMatchObject({ latitude: '43.1', longitude: '-73', noLocation: false });
    expect(value.listIcons).toEqual(['pool']);
    expect(value.contexts).toEqual(['dining-resort', 'dining-local']);
    expect(value.specialPopupBehavior).toBe('0');
    expect(value.remote.remotelyManaged).toBe(true);
  });

  it('previews the buttons of spec 03 §2 from the item', () => {
    const model = previewModel({
      title: 'Grill',
      allowFavorite: true,
      dollarsActive: true,
      phone: '5185550100',
      city: 'Lake',
      website: 'https://x.example',
      menu: 'https://x.example/menu',
      hasSpecial: true,
      detailButtons: [{ title: 'Order' }],
      always: true,
      description: '<p>A &amp; B</p><p>Second</p>',
    });
    expect(model.buttons.map((button) => button.label)).toEqual([
      'Messages',
      'Add Favorite',
      'Pay with Dollars',
      'Call',
      'Map',
      'Website',
      'Menu',
      'Special',
      'Order',
    ]);
    expect(model.hours).toEqual([{ day: 'Every day', text: 'Open 24/7' }]);
    expect(model.description).toEqual(['A & B', 'Second']);
  });
});

describe('who writes what', () => {
  const record: Record<string, DbValue> = {
    title: 'T',
    listIcons: ['a'],
    detailButtons: [],
    dollarsActive: true,
    remotelyManaged: true,
    contexts: [],
  };
  it('lets staff write the item, buttons and icons, never the admin fields directly', () => {
    const rights = editorRights({ kind: 'staff', admin: false }, { dollarsEnabled: true });
    expect(Object.keys(allowedFields(record, rights)).sort()).toEqual(['detailButtons', 'dollarsActive', 'listIcons', 'title']);
    expect(rights).toMatchObject({ remoteAdmin: false, sections: false, staff: true });
    expect(editorRights({ kind: 'staff', admin: true }, { dollarsEnabled: false })).toMatchObject({ remoteAdmin: true, sections: true });
  });

  it('lets a grant write only its information (editInfo) and its buttons (addButtons)', () => {
    const infoOnly = editorRights({ kind: 'remote', grant: { editInfo: true, addButtons: false } }, { dollarsEnabled: true });
    expect(Object.keys(allowedFields(record, infoOnly)).sort()).toEqual(['dollarsActive', 'title']);
    const buttonsOnly = editorRights({ kind: 'remote', grant: { editInfo: false, addButtons: true } }, { dollarsEnabled: true });
    expect(Object.keys(allowedFields(record, buttonsOnly))).toEqual(['detailButtons']);
    expect(infoOnly).toMatchObject({ listIcons: false, remoteAdmin: false, sections: false, staff: false });
  });

  it('duplicates without id, import, place, remote management and sections', () => {
    expect(
      duplicateOf({
        id: 'a',
        title: 'T',
        importId: 'i',
        placeId: 'p',
        remotelyManaged: true,
        allowFavorite: true,
        contexts: ['x'],
        ordinal: 3,
        hours: {},
      }),
    ).toEqual({ title: 'T', hours: {} });
  });
});

describe('the save', () => {
  async function community(items: Record<string, DbValue> = {}) {
    counter += 1;
    const key = `rules-${counter}`;
    await services.db.ref().update({
      [services.paths.community(key)]: { title: `Rules ${counter}` },
      ...Object.fromEntries(Object.entries(items).map(([path, value]) => [`${services.paths.locationData(key)}/${path}`, value])),
    });
    return key;
  }

  it('plans one update: the item, its copies, removal from deselected sections and the extra paths', async () => {
    const key = await community({
      'dining-resort/grill': { id: 'grill', title: 'Old', ordinal: 4, contexts: [] },
      'dining-local/first': { title: 'First', ordinal: 2 },
      'recreation-resort/pushed': { id: 'grill', title: 'Old copy' },
    });
    await services.db.ref(services.paths.listItem(key, 'dining-resort', 'grill')).update({
      contexts: [`${key}/dining-resort`, `${key}/recreation-resort`, 'other/eat'],
    });
    const planned = await planBusinessSave(services, {
      community: key,
      section: 'dining-resort',
      itemId: 'grill',
      isNew: false,
      version: null,
      fields: { title: 'New', phone: null },
      sections: ['dining-local'],
      extra: { [services.paths.remoteByDetail('grill')]: null },
    });
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    expect(planned.updates[services.paths.listItem(key, 'dining-resort', 'grill')]).toMatchObject({
      title: 'New',
      ordinal: 4,
      contexts: [`${key}/dining-resort`, `${key}/dining-local`, 'other/eat'],
    });
    expect(planned.updates[services.paths.listItem(key, 'dining-local', 'grill')]).toMatchObject({ title: 'New', id: 'grill', ordinal: 1 });
    expect(planned.updates[services.paths.listItem(key, 'recreation-resort', 'pushed')]).toBeNull();
    expect(planned.updates[services.paths.remoteByDetail('grill')]).toBeNull();
    expect(Object.keys(planned.updates)).toHaveLength(4);
    // Nothing is written by the plan.
    expect((await services.db.ref(services.paths.listItem(key, 'dining-resort', 'grill')).get()).val()).toMatchObject({ title: 'Old' });
  });

  it('refuses a changed item (conflict), a taken new key and a vanished item', async () => {
    const key = await community({ 'dining-resort/grill': { id: 'grill', title: 'Theirs' } });
    const base = { community: key, section: 'dining-resort', fields: { title: 'Mine' }, sections: null };
    const stale = await planBusinessSave(services, { ...base, itemId: 'grill', isNew: false, version: 'stale' });
    expect(stale).toMatchObject({ ok: false, reason: 'conflict' });
    const stored = (await services.db.ref(services.paths.listItem(key, 'dining-resort', 'grill')).get()).val() as Record<string, unknown>;
    const fresh = await planBusinessSave(services, { ...base, itemId: 'grill', isNew: false, version: businessVersion(stored, key) });
    expect(fresh.ok).toBe(true);
    expect(await planBusinessSave(services, { ...base, itemId: 'grill', isNew: true, version: null })).toEqual({
      ok: false,
      reason: 'exists',
    });
    expect(await planBusinessSave(services, { ...base, itemId: 'gone', isNew: false, version: null })).toEqual({
      ok: false,
      reason: 'gone',
    });
  });

  it('writes nothing when another save lands between the version check and the write', async () => {
    const key = await community({ 'dining-resort/grill': { id: 'grill', title: 'Before' }, 'dining-nearby': {} });
    const itemPath = services.paths.listItem(key, 'dining-resort', 'grill');
    const stored = (await services.db.ref(itemPath).get()).val() as Record<string, unknown>;
    const input = {
      community: key,
      section: 'dining-resort',
      itemId: 'grill',
      isNew: false,
      version: businessVersion(stored, key),
      fields: { title: 'Mine' },
      sections: ['dining-nearby'],
    };
    const planned = await planBusinessSave(services, input);
    if (!planned.ok) throw new Error('the plan should succeed');
    // Someone else saves now.
    await services.db.ref(`${itemPath}/title`).set('Theirs');
    const committed = await commitBusinessSave(services, input, planned, { [services.paths.remoteByDetail('grill', 'someone')]: 'x' });
    expect(committed).toMatchObject({ ok: false, reason: 'conflict', stored: { title: 'Theirs' } });
    expect((await services.db.ref(itemPath).get()).val()).toMatchObject({ title: 'Theirs' });
    expect((await services.db.ref(services.paths.listItem(key, 'dining-nearby', 'grill')).get()).val()).toBeNull();
    expect((await services.db.ref(services.paths.remoteByDetail('grill', 'someone')).get()).val()).toBeNull();

    // Planned again from what is stored now, it goes through: the item and its copy.
    const again = await saveBusiness(services, { ...input, version: businessVersion({ ...stored, title: 'Theirs' }, key) });
    expect(again.ok).toBe(true);
    expect((await services.db.ref(itemPath).get()).val()).toMatchObject({ title: 'Mine' });
    expect((await services.db.ref(services.paths.listItem(key, 'dining-nearby', 'grill')).get()).val()).toMatchObject({ title: 'Mine' });
  });

  it('a save that dies half-way leaves the item and its copies as they were or as saved', async () => {
    const key = await community({ 'dining-resort/grill': { id: 'grill', title: 'Before' }, 'dining-nearby': {} });
    const itemPath = services.paths.listItem(key, 'dining-resort', 'grill');
    const stored = (await services.db.ref(itemPath).get()).val() as Record<string, unknown>;
    const input = {
      community: key,
      section: 'dining-resort',
      itemId: 'grill',
      isNew: false,
      version: businessVersion(stored, key),
      fields: { title: 'Mine' },
      sections: ['dining-nearby'],
    };
    await saveBusiness(dyingAfter({ db: services.db, paths: services.paths }), input).catch(() => null);
    const item = (await services.db.ref(itemPath).get()).val() as Record<string, unknown>;
    const copy = (await services.db.ref(services.paths.listItem(key, 'dining-nearby', 'grill')).get()).val() as Record<
      string,
      unknown
    > | null;
    expect(item.title === 'Mine', 'the copy exists exactly when the item was saved').toBe(copy?.title === 'Mine');
  });
});

describe('sections and dollars', () => {
  it("lists the community's detail sections: its menus' first, then the plain lists", async () => {
    counter += 1;
    const key = `sections-${counter}`;
    await services.db.ref(services.paths.menu(key, 'main-menu')).set([
      { name: 'Eat', type: 'dining', uniqueId: 'eat', tabs: [{ id: 'here', title: 'Here' }] },
      { name: 'Shops', type: 'business', uniqueId: 'shops', dbContext: 'shop-list' },
      { name: 'FAQs', type: 'faqs', uniqueId: 'faqs' },
    ]);
    const sections = await detailSections(services, key);
    expect(sections.slice(0, 2)).toEqual([
      { node: 'eat-here', title: 'Eat: Here', context: 'dining' },
      { node: 'shop-list', title: 'Shops', context: 'business' },
    ]);
    expect(sections.map((section) => section.node)).toContain('dining-resort');
    expect(sections.map((section) => section.node)).not.toContain('faqs');
    expect(await findDetailSection(services, key, 'faqs')).toBeNull();
    expect(await findDetailSection(services, key, 'a/b')).toBeNull();
  });

  it('reads the dollars history newest first, empty when there is none', async () => {
    await services.db.ref(services.paths.dollarsRecord(BUSINESS_DOLLARS_TYPE, 'cafe')).set({
      currentDollars: 12,
      history: { a: { type: 'purchase', amount: 5, transferDate: 1000 }, b: { type: 'bought', amount: 7, transferDate: 2000 } },
    });
    const history = await readDollarsHistory(services, 'cafe');
    expect(history.currentDollars).toBe(12);
    expect(history.entries.map((entry) => entry.key)).toEqual(['b', 'a']);
    expect(await readDollarsHistory(services, 'nobody')).toEqual({ currentDollars: 0, entries: [] });
  });

  it('shows the history as the dollars history display does: dollars and cents, community-zone times', () => {
    const view = dollarsHistoryView(
      {
        currentDollars: 84,
        entries: [
          { key: 'h', type: 'purchase', amount: 18.3, from: 'Site 51', to: 'Grill', notes: 'Lunch', by: 'desk', at: 1_700_000_000_000 },
        ],
      },
      'America/Chicago',
    );
    expect(view).toEqual({
      balance: '$84.00',
      rows: [
        {
          key: 'h',
          when: 'Nov 14, 2023 4:13 PM',
          type: 'purchase',
          amount: '$18.30',
          from: 'Site 51',
          to: 'Grill',
          by: 'desk',
          notes: 'Lunch',
        },
      ],
    });
  });
});
