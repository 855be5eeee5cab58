import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedIdentity } from '@server/auth/identity/embedded';
import type { IdentityProvider } from '@server/auth/identity/types';
import { createDb } from '@server/db';
import type { RealtimeDb } from '@server/db/types';
import { PATH_SHAPES, PRODUCT_COLLECTIONS, createPaths, parseEventContext, parseListingContext } from '@server/paths';
import { LIST_CONTEXTS, LIST_CONTEXT_KEYS } from '~/lib/listing/contexts';
import type { ListContextDefinition } from '~/lib/listing/types';
import { makeTempDir } from '../../tests/setup/tmp';
import { consistencyProblems } from './consistency';
import {
  DEMO_COMMUNITIES,
  DEMO_PASSWORD,
  SeedDataError,
  isDatabaseEmpty,
  loadDemoData,
  loadDemoUsers,
  resolveDemoData,
  seedDemoData,
  seedFilesDir,
  STORAGE_ONLY_SEED_FILES,
  UserAuthorizationSchema,
  type SeedFileStorage,
} from './index';
import { isPlainObject, referencedFiles, resolveDemoTree, type Json } from './resolve';
import { collectWrites, shapeRegExp, structuralProblems } from './validate';

// Wednesday 11 June 2025, 11:00 in New York.
const NOW = Date.UTC(2025, 5, 11, 15, 0, 0, 0);
const PRODUCT = 'amc';
const paths = createPaths(PRODUCT);

type Tree = { [key: string]: Json };
const obj = (value: Json | undefined): Tree => (isPlainObject(value) ? value : {});
const list = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);
const at = (tree: Json, path: string): Json | undefined =>
  path.split('/').reduce<Json | undefined>((node, key) => (Array.isArray(node) ? node[Number(key)] : obj(node)[key]), tree);

class MemoryStorage implements SeedFileStorage {
  readonly files = new Map<string, { data: Uint8Array; contentType: string }>();
  async put(path: string, data: Uint8Array, options: { contentType: string }) {
    this.files.set(path, { data, contentType: options.contentType });
    return { path, url: `/files/${path}`, size: data.length, contentType: options.contentType };
  }
}

describe('the demo data', () => {
  const tree = resolveDemoData({ product: PRODUCT, now: NOW });
  const product = obj(obj(tree)[PRODUCT]);

  it('keeps every node under a path shape of server/paths.ts', () => {
    expect(structuralProblems(tree, PRODUCT)).toEqual([]);
    expect(Object.keys(obj(tree)).sort()).toEqual([PRODUCT, 'user-authorization']);
    for (const key of Object.keys(product)) expect(PRODUCT_COLLECTIONS).toContain(key);
    // Every write root is exactly one of the shapes.
    const shapes = Object.values(PATH_SHAPES).flatMap((shape) => [
      shapeRegExp(shape, PRODUCT, 'full'),
      shapeRegExp(shape, PRODUCT, 'short'),
    ]);
    const { writes, problems } = collectWrites(tree, PRODUCT);
    expect(problems).toEqual([]);
    for (const path of [...writes.owned.keys(), ...writes.defaults.keys()]) {
      expect(
        shapes.some((shape) => shape.test(path)),
        path,
      ).toBe(true);
    }
    expect([...writes.defaults.keys()].sort()).toEqual([
      paths.dollarsEnabled(),
      paths.featureFlag('allowNotificationButtons'),
      paths.featureFlag('allowPersonal'),
      paths.featureFlag('emptyBusinessMap'),
      paths.systemAppStyle(),
      paths.systemAppType(),
      paths.systemTopic('all'),
      paths.systemTopic('announcements'),
    ]);
  });

  it('has rows in every list context of the listing framework (but submenus)', () => {
    const locationData = obj(product['location-data']);
    const systemData = obj(product['system-data']);
    const childrenAt = (node: Json | undefined, path: readonly string[]): Json[] =>
      Object.values(obj(path.reduce<Json | undefined>((value, key) => obj(value)[key], node)));
    const rows = (definition: ListContextDefinition, key: string): Json[] =>
      Object.values(locationData).flatMap((data) => {
        const { source } = definition;
        if (source.kind === 'section') {
          const bases = [
            key,
            ...list(obj(data)['main-menu'])
              .map(obj)
              .filter((item) => definition.menuTypes.includes(String(item.type)))
              .map((item) => String(item.uniqueId)),
          ];
          const sections = bases.flatMap((base) => [base, ...definition.tabs.map((tab) => `${base}-${tab.id}`)]);
          return sections.flatMap((section) => Object.values(obj(obj(data)[section])));
        }
        if (source.kind === 'calendar')
          return childrenAt(data, ['amc-events', 'calendars']).flatMap((calendar) => Object.values(obj(obj(calendar).events)));
        if (source.kind === 'adapter') return [];
        const items = childrenAt(source.kind === 'system' ? systemData : data, source.node);
        return source.where ? items.filter((item) => obj(item)[source.where!.child] === source.where!.equals) : items;
      });
    const empty = LIST_CONTEXT_KEYS.filter((key) => rows(LIST_CONTEXTS[key], key).length === 0);
    // A submenu's rows are menu items of a categorygrid tile: the demo menus (spec 03 §9 defaults) have none.
    expect(empty).toEqual(['categorygrid']);
  });

  it('follows the spec rules (menus, events, recurrences, entries, grants, authorization)', () => {
    expect(consistencyProblems(tree, { product: PRODUCT, now: NOW, users: loadDemoUsers() })).toEqual([]);
  });

  it('gives every community its default main menu (the resort a Camp Store after it)', () => {
    for (const community of DEMO_COMMUNITIES) {
      const menu = (at(tree, paths.menu(community, 'main-menu')) as Json[]).map(obj);
      const kind = obj(at(tree, paths.community(community))).communityType;
      const names = menu.map((item) => item.name);
      expect(names).toEqual([
        'Activities',
        'Reservations',
        'Explore',
        'Messages',
        kind === 'resort' ? 'Recreation' : 'Services',
        'Dining',
        'Maps',
        'Regulations',
        'Contacts',
        'FAQs',
        'Visitor Registration',
        'Report an Issue',
        'Feedback',
        ...(community === 'demo-campground' ? ['Camp Store'] : []),
      ]);
      const tabs = (name: string) => (menu.find((item) => item.name === name)!.tabs as Json[]).map((tab) => obj(tab).title);
      expect(tabs('Reservations')).toEqual(['Lodging', 'Miscellaneous']);
      expect(tabs('Dining')).toEqual(['Resort', 'Delivery', 'Local']);
      expect(tabs('Contacts')).toEqual(['Offices', 'Emergency']);
      for (const item of menu) {
        expect(item).toMatchObject({
          name: expect.any(String),
          type: expect.any(String),
          icon: expect.any(String),
          uniqueId: expect.any(String),
        });
        expect(obj(item.iconData)).toMatchObject({
          svg: expect.stringMatching(/^<svg .*<\/svg>$/),
          colorIconShape: expect.any(String),
          colorIconBackground: expect.any(String),
        });
      }
      const header = obj(at(tree, paths.headerInfo(community, 'main-menu')));
      expect(header.delaySeconds).toBe(5);
      expect((header.images as Json[]).length).toBeGreaterThanOrEqual(2);
    }
    const campground = obj(at(tree, paths.community('demo-campground')));
    expect(campground).toMatchObject({ communityType: 'resort', timeZone: 'America/New_York', iconSet: 'svg_round', listed: true });
    expect(obj(at(tree, paths.community('demo-town')))).toMatchObject({ communityType: 'municipality', timeZone: 'America/Chicago' });
  });

  it('keeps the weekly recurrence in step with its events', () => {
    const recurrence = obj(at(tree, paths.calendarRecurrence('demo-campground', 'activities', 'rec-sunrise-yoga')));
    const events = obj(at(tree, paths.calendarEvents('demo-campground', 'activities')));
    const keys = Object.entries(obj(recurrence.eventKeys));
    expect(keys).toHaveLength(6);
    for (const [eventId, startDate] of keys) {
      expect(obj(events[eventId]).startDate).toBe(startDate);
      expect(obj(events[eventId]).recurrenceId).toBe('rec-sunrise-yoga');
    }
    const starts = keys.map(([, start]) => start as number).sort((a, b) => a - b);
    expect(starts.length).toBeGreaterThan(1);
    for (let index = 1; index < starts.length; index += 1) {
      expect(starts[index]! - starts[index - 1]!).toBe(7 * 86_400_000);
    }
    const last = starts.at(-1)!;
    expect(starts[0]).toBeLessThan(NOW);
    expect(last).toBeGreaterThan(NOW);
    expect(recurrence.validDays).toEqual([false, false, false, false, false, true, false]);
    expect(recurrence.recurrenceEndDate).toBeGreaterThanOrEqual(last);
  });

  it('dates events relative to the seeding moment: some past, some upcoming, one all day', () => {
    for (const [community, calendarId] of [
      ['demo-campground', 'activities'],
      ['demo-campground', 'kids-club'],
      ['demo-town', 'community-events'],
    ] as const) {
      const events = Object.values(obj(at(tree, paths.calendarEvents(community, calendarId)))).map(obj);
      expect(
        events.some((event) => (event.endDate as number) < NOW),
        `${calendarId} has past events`,
      ).toBe(true);
      expect(
        events.some((event) => (event.startDate as number) > NOW),
        `${calendarId} has upcoming events`,
      ).toBe(true);
    }
    const festival = obj(at(tree, paths.calendarEvent('demo-campground', 'activities', 'ev-harvest-festival')));
    expect(festival).toMatchObject({ allDay: true, endDateDuration: 86_399_999 });
    expect((festival.endDate as number) - (festival.startDate as number)).toBe(86_399_999);

    const later = resolveDemoData({ product: PRODUCT, now: NOW + 30 * 86_400_000 });
    const laterFestival = obj(at(later, paths.calendarEvent('demo-campground', 'activities', 'ev-harvest-festival')));
    expect(laterFestival.startDate).toBe((festival.startDate as number) + 30 * 86_400_000);
  });

  it('points the remote grant at an existing, remotely managed business', () => {
    const grant = obj(at(tree, paths.remoteByUid('demo-remote', 'lakeside-grill')));
    expect(grant).toEqual(obj(at(tree, paths.remoteByDetail('lakeside-grill', 'demo-remote'))));
    expect(grant).toMatchObject({
      editInfo: true,
      addButtons: true,
      sendNotifications: true,
      accessType: 'email',
      detailTitle: 'Lakeside Grill',
    });
    const { community, section } = parseListingContext(grant.origContext as string);
    const business = obj(at(tree, paths.listItem(community, section, 'lakeside-grill')));
    expect(business).toMatchObject({ id: 'lakeside-grill', title: 'Lakeside Grill', remotelyManaged: true });
    expect(Object.keys(obj(business.hours))).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(obj(business.hours).Fri).toEqual([{ open: '11:00 AM', close: '9:30 PM' }]);
  });

  it('links entries to what they answer', () => {
    const rsvps = Object.values(obj(at(tree, paths.entries('demo-campground', 'custom-forms', 'rsvp-standard')))).map(obj);
    expect(rsvps.length).toBeGreaterThan(1);
    for (const rsvp of rsvps) {
      const { community, calendarId } = parseEventContext(rsvp.eventContext as string);
      const event = obj(at(tree, paths.calendarEvent(community, calendarId, rsvp.eventId as string)));
      expect(event).toMatchObject({
        rsvpRequest: true,
        rsvpFormKey: 'rsvp-standard',
        title: rsvp.eventTitle,
        startDate: rsvp.eventStartDate,
      });
      expect(obj(obj(rsvp.answers)['rsvp-attending']).value).toMatch(/^(Yes|No)$/);
    }
    const form = obj(at(tree, paths.customForm('demo-campground', 'rsvp-standard')));
    expect(form).toMatchObject({ type: 'rsvp', standard: true });
    const completions = Object.values(obj(at(tree, paths.entries('demo-campground', 'custom-forms', 'visitor-registration')))).map(
      (entry) => obj(entry).completed ?? 0,
    );
    expect(new Set(completions)).toEqual(new Set([0, 1, 2]));

    const hunt = obj(at(tree, paths.hunt('demo-campground', 'nature-trail-hunt')));
    expect((hunt.steps as Json[]).map((step) => obj(step).type)).toEqual(['photo', 'answer', 'multiple_choice_single', 'golf']);
    const scored = obj(at(tree, paths.entry('demo-campground', 'hunts', 'nature-trail-hunt', 'hunt-ellis')));
    expect(obj(scored['creek-bridges']).scored).toBe(1);
    expect(obj(scored['trail-bird']).scored).toBe(0);

    const order = obj(at(tree, paths.order('demo-campground', 'order-1042')));
    for (const item of order.cartItems as Json[])
      expect(at(tree, paths.storeItem('demo-campground', obj(item).storeItemKey as string))).toBeDefined();
  });

  it('splits messages into active, archived and scheduled', () => {
    const messages = Object.values(obj(at(tree, paths.messages('demo-campground')))).map(obj);
    expect(messages.some((m) => m.endTime === 0 || (m.endTime as number) > NOW)).toBe(true);
    expect(messages.some((m) => m.endTime !== 0 && (m.endTime as number) < NOW)).toBe(true);
    const scheduled = Object.values(obj(at(tree, paths.scheduledMessages('demo-campground')))).map(obj);
    expect(scheduled.every((m) => (m.deliveryTime as number) > NOW)).toBe(true);
    const recurring = scheduled.find((m) => m.recurrenceInfo);
    expect(recurring?.nextScheduledRun).toBe(recurring?.deliveryTime);
    const topics = Object.values(obj(at(tree, paths.topics('demo-campground')))).map((t) => obj(t).type);
    expect(new Set(topics)).toEqual(new Set(['user-group', 'category']));
  });

  it('has app users for personal notifications: named ones with devices, an Apple relay address and an anonymous one', () => {
    const users = Object.values(obj(at(tree, paths.appUsers())))
      .map(obj)
      .filter((user) => user.communityId === 'demo-campground');
    expect(users.filter((user) => user.name && obj(user['device-tokens'])).length).toBeGreaterThanOrEqual(2);
    expect(users.some((user) => String(user.email).endsWith('@privaterelay.appleid.com'))).toBe(true);
    expect(users.some((user) => user.isAnonymous === true)).toBe(true);
  });

  it('gives the demo accounts the documented rights', () => {
    const rights = (uid: string) => UserAuthorizationSchema.parse(at(tree, paths.userAuthorization(uid)));
    expect(rights('demo-system').communities).toEqual({
      'demo-campground': { isEditor: true, isAdmin: true, canNotify: true, isResortSystem: true },
      'demo-town': { isEditor: true, isAdmin: true, canNotify: true, isResortSystem: true },
    });
    expect(rights('demo-super').communities?.['demo-campground']).toMatchObject({ isAdmin: true });
    expect(rights('demo-admin')).toEqual({
      editorDefault: 'demo-campground',
      communities: { 'demo-campground': { isEditor: true, isAdmin: true, canNotify: true, isResortSystem: false } },
    });
    expect(rights('demo-editor').communities).toEqual({
      'demo-campground': { isEditor: true, isAdmin: false, canNotify: false, isResortSystem: false },
    });
    expect(rights('demo-town-editor')).toMatchObject({
      editorDefault: 'demo-town',
      communities: { 'demo-town': { isEditor: true, isAdmin: false } },
    });
    expect(at(tree, paths.userAuthorization('demo-remote'))).toBeUndefined();
    expect(loadDemoUsers().map((user) => user.email)).toEqual([
      'system@demo.example',
      'super@demo.example',
      'admin@demo.example',
      'editor@demo.example',
      'town-editor@demo.example',
      'remote@demo.example',
    ]);
    expect(loadDemoUsers().every((user) => user.password === DEMO_PASSWORD)).toBe(true);
  });

  it('ships every image it references, and only those, as real pictures', async () => {
    const dir = seedFilesDir();
    const listed: string[] = [];
    const walk = (folder: string) => {
      for (const name of readdirSync(folder)) {
        const full = join(folder, name);
        if (statSync(full).isDirectory()) walk(full);
        else listed.push(relative(dir, full).split('\\').join('/'));
      }
    };
    walk(dir);
    const referenced = [...referencedFiles(loadDemoData()), ...STORAGE_ONLY_SEED_FILES];
    expect(listed.sort()).toEqual([...referenced].sort());
    for (const path of referenced) {
      const image = await loadImage(readFileSync(join(dir, path)));
      if (path.includes('/header/')) expect([image.width, image.height], path).toEqual([1125, 450]);
      expect(image.width).toBeGreaterThan(0);
    }
  });

  it('reports what is wrong with bad data', () => {
    const raw = loadDemoData() as Tree;
    const productNode = obj(raw.$product);
    productNode['unknown-collection'] = { a: 1 };
    obj(obj(productNode['location-data'])['demo-campground'])['stray-section'] = { item: { title: 'Lost' } };
    const activities = obj(obj(obj(obj(obj(productNode['location-data'])['demo-campground'])['amc-events']).calendars).activities);
    delete obj(activities.events)['ev-yoga-3'];
    obj(obj(productNode['remote-management']).uid)['demo-remote'] = {
      'no-such-business': { ...obj(obj(obj(obj(productNode['remote-management']).uid)['demo-remote'])['lakeside-grill']) },
    };
    const menu = obj(obj(productNode['location-data'])['demo-town'])['main-menu'] as Json[];
    menu.splice(1, 1);
    obj(obj(menu[0]).iconData).svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><image href="x.png"/></svg>';
    obj(obj(activities.events)['ev-movie-night']).endDateDuration = 1;
    const grill = obj(obj(obj(obj(productNode['location-data'])['demo-campground'])['dining-resort'])['lakeside-grill']);
    obj(grill.hours).Mon = [{ open: '11 AM', close: '20:00' }];
    // A list reached without a menu item (/listnm/attractions) is checked like the menu's lists.
    const falls = obj(obj(obj(obj(productNode['location-data'])['demo-town']).attractions)['maple-river-falls']);
    falls.phone = '555';
    const rsvp = obj(obj(obj(obj(obj(productNode['user-written'])['demo-campground'])['custom-forms'])['rsvp-standard'])['rsvp-ellis']);
    obj(rsvp.answers).shoeSize = { value: 9 };
    raw['stray-root'] = { value: true };

    const tree = resolveDemoTree(raw, { product: PRODUCT, now: NOW });
    const problems = [
      ...structuralProblems(tree, PRODUCT),
      ...consistencyProblems(tree, { product: PRODUCT, now: NOW, users: loadDemoUsers() }),
    ].join('\n');
    expect(problems).toContain('stray-root: the only top-level keys');
    expect(problems).toContain('amc/unknown-collection: not a collection');
    expect(problems).toContain('amc/location-data/demo-campground/stray-section: neither a fixed node nor a section');
    expect(problems).toContain('eventKeys names a missing event "ev-yoga-3"');
    expect(problems).toContain('no item "no-such-business"');
    expect(problems).toContain('the default menu item "Reservations" (reservations) is missing');
    expect(problems).toContain('amc/location-data/demo-town/main-menu/0/iconData: the svg holds an <image> tag');
    expect(problems).toContain('ev-movie-night: endDate - startDate must equal endDateDuration');
    expect(problems).toContain("lakeside-grill/hours/Mon: times are 'h:mm AM/PM'");
    expect(problems).toContain('demo-town/attractions/maple-river-falls: phone needs at least 7 digits');
    expect(problems).toContain('rsvp-ellis: "shoeSize" is not a data field of the form');

    expect(() =>
      resolveDemoTree({ $product: { 'feature-availability': { flag: '$time:someday' } } }, { product: PRODUCT, now: NOW }),
    ).toThrow(SeedDataError);
  });
});

describe('seedDemoData', () => {
  let db: RealtimeDb;
  let identity: IdentityProvider;
  let sqlite: Database.Database;

  beforeEach(() => {
    db = createDb({ engine: 'embedded', file: join(makeTempDir('seed'), 'rtdb.sqlite') });
    sqlite = new Database(':memory:');
    identity = createEmbeddedIdentity(sqlite);
  });
  afterEach(async () => {
    await db.close();
    sqlite.close();
  });

  it('loads the demo data, accounts and images into an empty database', async () => {
    expect(await isDatabaseEmpty(db)).toBe(true);
    expect(await isDatabaseEmpty(db, PRODUCT)).toBe(true);
    const storage = new MemoryStorage();
    const result = await seedDemoData({ db, identity, storage, product: PRODUCT, now: NOW });

    expect(result).toMatchObject({
      product: PRODUCT,
      now: NOW,
      communities: ['demo-campground', 'demo-town'],
      removed: 0,
      keptDefaults: [],
    });
    expect(result.users.every((user) => user.created)).toBe(true);
    expect(result.files).toBe(referencedFiles(loadDemoData()).length + STORAGE_ONLY_SEED_FILES.length);
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(await isDatabaseEmpty(db, PRODUCT)).toBe(false);

    expect(storage.files.get('demo-campground/images/header/1717200000000/lakeside-sunrise.jpg')?.contentType).toBe('image/jpeg');
    expect(storage.files.get('demo-campground/images/maps/1717200000000/resort-map.png')?.contentType).toBe('image/png');
    const header = (await db.ref(paths.headerInfo('demo-campground', 'main-menu')).get()).val();
    expect(header.images[0]).toEqual({
      imageURL: '/files/demo-campground/images/header/1717200000000/lakeside-sunrise.jpg',
      caption: 'Sunrise over Pine Hollow Lake',
    });

    expect((await db.ref(paths.community('demo-campground')).child('title').get()).val()).toBe('Pine Hollow RV Resort');
    const menu = (await db.ref(paths.menu('demo-town', 'main-menu')).get()).val();
    expect(Array.isArray(menu)).toBe(true);
    expect(menu[4]).toMatchObject({
      name: 'Services',
      tabs: [
        { id: 'resort', title: 'Resort' },
        { id: 'local', title: 'Local' },
      ],
    });

    // The ordered queries of the spec work on the seeded data.
    const upcoming = await db
      .ref(paths.calendarEvents('demo-campground', 'activities'))
      .orderByChild('startDate')
      .startAt(NOW)
      .limitToFirst(3)
      .get();
    const firstStarts: number[] = [];
    upcoming.forEach((child) => {
      firstStarts.push(child.val().startDate);
    });
    expect(firstStarts).toHaveLength(3);
    expect(firstStarts.every((start) => start >= NOW)).toBe(true);
    expect([...firstStarts].sort((a, b) => a - b)).toEqual(firstStarts);
    const yoga = await db
      .ref(paths.calendarEvents('demo-campground', 'activities'))
      .orderByChild('recurrenceId')
      .equalTo('rec-sunrise-yoga')
      .get();
    expect(yoga.numChildren()).toBe(6);
    const messagesItem = await db.ref(paths.menu('demo-campground', 'main-menu')).orderByChild('uniqueId').equalTo('messages').get();
    expect(messagesItem.numChildren()).toBe(1);

    expect((await db.ref(paths.userAuthorization('demo-admin')).get()).val()).toEqual({
      editorDefault: 'demo-campground',
      communities: { 'demo-campground': { isEditor: true, isAdmin: true, canNotify: true, isResortSystem: false } },
    });
    expect((await db.ref(paths.dollarsEnabled()).get()).val()).toBe(true);
    expect((await db.ref(paths.featureFlag('allowPersonal')).get()).val()).toBe(true);
    expect((await db.ref(paths.pmsConfig('demo-campground')).get()).val()).toMatchObject({ pmsSystem: 'newbook' });
  });

  it('lets every demo account sign in with the demo password', async () => {
    await seedDemoData({ db, identity, product: PRODUCT, now: NOW });
    for (const user of loadDemoUsers()) {
      const signedIn = await identity.verifyPassword(user.email, DEMO_PASSWORD);
      expect(signedIn).toMatchObject({ uid: user.uid, email: user.email, displayName: user.displayName, disabled: false });
    }
    await expect(identity.verifyPassword('admin@demo.example', 'wrong-password')).rejects.toMatchObject({ code: 'wrong-password' });
  });

  it('keeps storage paths as image URLs without a storage port, or uses fileUrl', async () => {
    await seedDemoData({ db, identity, product: PRODUCT, now: NOW });
    expect((await db.ref(paths.community('demo-town')).child('drawable').get()).val()).toBe(
      'demo-town/images/header/1717200000000/main-street.jpg',
    );
    await seedDemoData({ db, identity, product: PRODUCT, now: NOW, fileUrl: (path) => `https://cdn.example/${path}` });
    expect((await db.ref(paths.community('demo-town')).child('drawable').get()).val()).toBe(
      'https://cdn.example/demo-town/images/header/1717200000000/main-street.jpg',
    );
  });

  it('seeds again without reset: accounts kept, stored defaults left alone', async () => {
    await seedDemoData({ db, identity, product: PRODUCT, now: NOW });
    await db.ref(paths.featureFlag('allowPersonal')).set(false);
    const again = await seedDemoData({ db, identity, product: PRODUCT, now: NOW + 86_400_000 });
    expect(again.users.every((user) => !user.created)).toBe(true);
    expect(again.keptDefaults).toContain(paths.featureFlag('allowPersonal'));
    expect((await db.ref(paths.featureFlag('allowPersonal')).get()).val()).toBe(false);
    const festival = (await db.ref(paths.calendarEvent('demo-campground', 'activities', 'ev-harvest-festival')).get()).val();
    expect(festival.startDate).toBe(resolveRelativeStart(NOW + 86_400_000));
  });

  it('refuses to take over an e-mail that belongs to another account unless reset', async () => {
    await identity.createUser({ email: 'admin@demo.example', password: 'someone-else-1' });
    await expect(seedDemoData({ db, identity, product: PRODUCT, now: NOW })).rejects.toThrow(/--reset/);
    const result = await seedDemoData({ db, identity, product: PRODUCT, now: NOW, reset: true });
    expect(result.users.every((user) => user.created)).toBe(true);
    expect((await identity.verifyPassword('admin@demo.example', DEMO_PASSWORD)).uid).toBe('demo-admin');
  });

  it('resets only the demo data and accounts', async () => {
    await seedDemoData({ db, identity, product: PRODUCT, now: NOW });
    // Changes inside the demo …
    const added = await db.ref(paths.messages('demo-campground')).push({ title: 'Added by staff', description: 'x', endTime: 0 });
    await db.ref(paths.studioActivity('demo-town')).set({ step: 3, uid: 'demo-town-editor' });
    await db.ref(paths.userCommunityRights('demo-editor', 'demo-town')).set({ isEditor: true });
    await identity.setPassword('demo-admin', 'changed-password');
    // … and outside it.
    await db.ref(paths.community('lakeview-park')).set({ title: 'Lakeview Park', communityKey: 'lakeview-park' });
    await db
      .ref(paths.userAuthorization('staff-1'))
      .set({ editorDefault: 'lakeview-park', communities: { 'lakeview-park': { isEditor: true } } });
    await db.ref(paths.featureFlag('allowPersonal')).set(false);
    await db.ref('other-product/campground-locations/x').set({ title: 'Other' });

    const result = await seedDemoData({ db, identity, product: PRODUCT, now: NOW, reset: true });
    expect(result.removed).toBeGreaterThan(0);
    expect(result.users.every((user) => user.created)).toBe(true);

    expect((await db.ref(paths.message('demo-campground', added.key!)).get()).exists()).toBe(false);
    expect((await db.ref(paths.studioActivity('demo-town')).get()).exists()).toBe(false);
    expect((await db.ref(paths.userCommunityRights('demo-editor', 'demo-town')).get()).exists()).toBe(false);
    expect((await db.ref(paths.message('demo-campground', 'msg-welcome')).get()).exists()).toBe(true);
    expect((await identity.verifyPassword('admin@demo.example', DEMO_PASSWORD)).uid).toBe('demo-admin');

    expect((await db.ref(paths.community('lakeview-park')).child('title').get()).val()).toBe('Lakeview Park');
    expect((await db.ref(paths.userAuthorization('staff-1')).get()).exists()).toBe(true);
    expect((await db.ref(paths.featureFlag('allowPersonal')).get()).val()).toBe(false);
    expect((await db.ref('other-product/campground-locations/x/title').get()).val()).toBe('Other');
  });

  it('says a database with only another product is not empty, but has no demo product data', async () => {
    await db.ref('other-product/campground-locations/x').set({ title: 'Other' });
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(await isDatabaseEmpty(db, PRODUCT)).toBe(true);
  });

  it('rejects a bad product before writing anything', async () => {
    await expect(seedDemoData({ db, identity, product: 'a/b', now: NOW })).rejects.toThrow(/product/);
    expect(await isDatabaseEmpty(db)).toBe(true);
    expect(await identity.getUserByEmail('admin@demo.example')).toBeNull();
  });

  it('finds the seed images in the checkout', () => {
    expect(existsSync(join(seedFilesDir(), 'demo-town/images/header/1717200000000/river-falls.jpg'))).toBe(true);
    expect(() => seedFilesDir(join(makeTempDir('seed-files'), 'missing'))).toThrow(/seed images were not found/);
  });
});

/** The harvest festival's start for a seeding moment: ten days later at midnight in New York. */
function resolveRelativeStart(now: number): number {
  const tree = resolveDemoData({ product: PRODUCT, now });
  return obj(at(tree, paths.calendarEvent('demo-campground', 'activities', 'ev-harvest-festival'))).startDate as number;
}
