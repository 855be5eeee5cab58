import { describe, expect, it } from 'vitest';
import {
  AI_RESPONSE_KEY,
  PATH_SHAPES,
  PRODUCT_COLLECTIONS,
  PathKeyError,
  assertKey,
  calendarIdFromTitle,
  child,
  communityKeyFromTitle,
  createPaths,
  formatEventContext,
  formatListingContext,
  isStudioCommunityKey,
  isValidKey,
  keyProblem,
  parseEventContext,
  parseListingContext,
  parseSectionPath,
  safeFileName,
  shortUrlCacheKey,
  storagePaths,
  type Paths,
} from './paths';

const paths = createPaths('amc');
type PathFunction = (...args: unknown[]) => string;
const fn = (target: Paths, name: keyof Paths) => target[name] as unknown as PathFunction;

/** The argument names of a shape, in order, and whether the last one is optional. */
function shapeArguments(shape: string): { names: string[]; optional: boolean } {
  // The group is not optional: every match has it.
  const names = [...shape.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).filter((name) => name !== 'product');
  return { names, optional: shape.includes('[/') };
}

const names = Object.keys(PATH_SHAPES) as Array<keyof Paths>;

/** Arguments that take several keys ('a/b') rather than one. */
const MULTI_SEGMENT = new Set(['sectionPath']);
/** Arguments that also take a number. */
const NUMERIC = new Set(['index']);

describe('createPaths', () => {
  it('has a documented shape for every function and a function for every shape', () => {
    expect(Object.keys(PATH_SHAPES).sort()).toEqual(Object.keys(paths).sort());
  });

  it.each(names)('%s builds exactly its shape', (name) => {
    const shape = PATH_SHAPES[name];
    const { names: argumentNames, optional } = shapeArguments(shape);
    const shaped = createPaths('{product}');
    // Response keys must be 20 characters; every other argument takes its own placeholder.
    const responseKey = 'responseKey-20-chars';
    const placeholders = argumentNames.map((argument) => (argument === 'responseKey' ? responseKey : `{${argument}}`));
    const expected = shape.replace('{responseKey}', responseKey);
    expect(fn(shaped, name)(...placeholders)).toBe(expected.replace('[', '').replace(']', ''));
    if (optional) {
      expect(fn(shaped, name)(...placeholders.slice(0, -1))).toBe(expected.replace(/\[.*\]$/, ''));
    }
  });

  it.each(names)('%s rejects a bad key in every argument, naming the argument', (name) => {
    const { names: argumentNames, optional } = shapeArguments(PATH_SHAPES[name]);
    const good = argumentNames.map((argument) => (argument === 'responseKey' ? 'abcdefghij0123456789' : 'ok-key'));
    argumentNames.forEach((argument, position) => {
      const bad: unknown[] = ['', 'a.b', 'a$b', 'a#b', 'a[0]', 'a]', 'tab\tkey', null, undefined, {}];
      if (!MULTI_SEGMENT.has(argument)) bad.push('a/b', '../etc');
      if (!NUMERIC.has(argument)) bad.push(3);
      // An optional last argument may be left out; anything else given must be a key.
      const values = optional && position === argumentNames.length - 1 ? bad.filter((value) => value !== undefined) : bad;
      for (const value of values) {
        const args: unknown[] = [...good];
        args[position] = value;
        let thrown: unknown;
        try {
          fn(paths, name)(...args);
        } catch (error) {
          thrown = error;
        }
        expect(thrown, `${name}: ${argument} = ${JSON.stringify(value)}`).toBeInstanceOf(PathKeyError);
        expect((thrown as PathKeyError).argument).toBe(argument);
        expect((thrown as PathKeyError).message).toContain(argument);
      }
    });
  });

  it('builds the spec shapes with a real product', () => {
    expect(paths.product()).toBe('amc');
    expect(paths.userAuthorization('u1')).toBe('user-authorization/users/u1');
    expect(paths.userEditorDefault('u1')).toBe('user-authorization/users/u1/editorDefault');
    expect(paths.community('demo-campground')).toBe('amc/campground-locations/demo-campground');
    expect(paths.communityIconSet('-studio-park')).toBe('amc/campground-locations/-studio-park/iconSet');
    expect(paths.headerInfo('demo-campground', 'main-menu')).toBe('amc/location-data/demo-campground/header-info/main-menu');
    expect(paths.menu('demo-campground', 'main-menu')).toBe('amc/location-data/demo-campground/main-menu');
    expect(paths.menuItem('demo-campground', 'main-menu', 0)).toBe('amc/location-data/demo-campground/main-menu/0');
    expect(paths.menuItemIconData('demo-campground', 'main-menu', 12)).toBe('amc/location-data/demo-campground/main-menu/12/iconData');
    expect(paths.calendarConfig('demo-campground', 'activities')).toBe('amc/location-data/demo-campground/amc-events/config/activities');
    expect(paths.calendarEvent('demo-campground', 'activities', '-Nabc')).toBe(
      'amc/location-data/demo-campground/amc-events/calendars/activities/events/-Nabc',
    );
    expect(paths.calendarRecurrence('demo-campground', 'kids-club', 'r1')).toBe(
      'amc/location-data/demo-campground/amc-events/calendars/kids-club/recurrenceInfo/r1',
    );
    expect(paths.scheduledMessage('demo-town', 'm1')).toBe('amc/location-data/demo-town/messages-scheduled/m1');
    expect(paths.systemTopics()).toBe('amc/system-data/messages-config/topics');
    expect(paths.systemAppStyle()).toBe('amc/system-data/config/app/style');
    expect(paths.entry('demo-campground', 'custom-forms', 'visitor-registration', 'e1')).toBe(
      'amc/user-written/demo-campground/custom-forms/visitor-registration/e1',
    );
    expect(paths.entryStepScored('demo-campground', 'hunts', 'h1', 'e1', 'step-1')).toBe(
      'amc/user-written/demo-campground/hunts/h1/e1/step-1/scored',
    );
    expect(paths.personalMessages('demo-campground', 'from', 'to')).toBe('amc/user-written/demo-campground/messages/from/to');
    expect(paths.listIcon('demo-campground', 'pet-friendly')).toBe(
      'amc/location-data/demo-campground/config/business/listIcons/pet-friendly',
    );
    expect(paths.remoteByUid('u1')).toBe('amc/remote-management/uid/u1');
    expect(paths.remoteByUid('u1', 'd1')).toBe('amc/remote-management/uid/u1/d1');
    expect(paths.remoteByDetail('d1')).toBe('amc/remote-management/detailId/d1');
    expect(paths.remoteByDetail('d1', 'u1')).toBe('amc/remote-management/detailId/d1/u1');
    expect(paths.appData()).toBe('amc/app-data');
    expect(paths.appData('pine-hollow')).toBe('amc/app-data/pine-hollow');
    expect(paths.pmsConfig('demo-campground')).toBe('amc/integrations/pmsConfig/demo-campground');
    expect(paths.mapConfig('demo-campground')).toBe('amc/integrations/mapConfig/demo-campground');
    expect(paths.dollarsEnabled()).toBe('amc/amc-dollars/config/enabled');
    expect(paths.dollarsRecord('businesses', 'lakeside-grill')).toBe('amc/amc-dollars/businesses/lakeside-grill');
    expect(paths.aiPrompt('u1', 'demo-campground', 'events', '-Nprompt')).toBe(
      'amc/users/u1/campground-locations/demo-campground/ai/events/-Nprompt',
    );
    expect(paths.emailQueue()).toBe('amc/email-queue');
    expect(paths.emailQueue('-Nq')).toBe('amc/email-queue/-Nq');
    expect(paths.outbox()).toBe('amc/dev-outbox');
    expect(paths.outbox('abc')).toBe('amc/dev-outbox/abc');
    expect(paths.studioActivity('-maple-falls')).toBe('amc/studio-activity/-maple-falls');
    expect(paths.legacyEvent('demo-campground', 'events-resort', '1718900000000')).toBe(
      'amc/location-data/demo-campground/events-resort/1718900000000',
    );
    expect(paths.systemData('messages-config/topics')).toBe('amc/system-data/messages-config/topics');
  });

  it('takes a multi-key section path and checks each key', () => {
    expect(paths.section('demo-campground', 'main-menu/3/iconData')).toBe('amc/location-data/demo-campground/main-menu/3/iconData');
    expect(paths.section('demo-campground', 'searchablemap-detail/-Nmap')).toBe(
      'amc/location-data/demo-campground/searchablemap-detail/-Nmap',
    );
    expect(paths.listItem('demo-campground', 'dining-resort', 'lakeside-grill')).toBe(
      'amc/location-data/demo-campground/dining-resort/lakeside-grill',
    );
    for (const bad of ['a//b', '/a', 'a/', 'a/.b', 'a/b$']) {
      expect(() => paths.section('demo-campground', bad)).toThrow(/sectionPath/);
    }
    expect(parseSectionPath('main-menu/3')).toEqual(['main-menu', '3']);
  });

  it('rejects negative or fractional menu indexes', () => {
    expect(() => paths.menuItem('c', 'main-menu', -1)).toThrow(PathKeyError);
    expect(() => paths.menuItem('c', 'main-menu', 1.5)).toThrow(/index/);
  });

  it('rejects a bad product', () => {
    for (const bad of ['', 'a/b', 'a.b', '$product']) {
      expect(() => createPaths(bad)).toThrow(/product/);
    }
  });

  it('keeps the dollars containers out of the record types', () => {
    expect(() => paths.dollarsRecords('config')).toThrow(/type/);
    expect(() => paths.dollarsRecord('participants', 'x')).toThrow(/type/);
  });

  it('accepts only 20-character AI response keys', () => {
    expect(paths.aiResponse('u', 'c', 'events', 'p', 'AbC_-0123456789xyzQW')).toBe(
      'amc/users/u/campground-locations/c/ai/events/p/responses/AbC_-0123456789xyzQW',
    );
    expect(AI_RESPONSE_KEY.test('short')).toBe(false);
    expect(() => paths.aiResponse('u', 'c', 'events', 'p', 'short')).toThrow(/responseKey/);
    expect(() => paths.aiResponse('u', 'c', 'events', 'p', 'AbC_-0123456789xyzQW!')).toThrow(/responseKey/);
  });

  it('lists the collections under the product', () => {
    for (const collection of [
      'campground-locations',
      'location-data',
      'user-written',
      'system-data',
      'remote-management',
      'amc-dollars',
      'app-data',
      'integrations',
      'feature-availability',
      'studio-activity',
      'email-queue',
      'dev-outbox',
      'users',
      'config',
      'location-import',
    ]) {
      expect(PRODUCT_COLLECTIONS).toContain(collection);
    }
    expect(PRODUCT_COLLECTIONS).not.toContain('user-authorization');
  });
});

describe('keys', () => {
  it('names the problem with a key', () => {
    expect(keyProblem('ok')).toBeNull();
    expect(keyProblem('')).toMatch(/empty/);
    expect(keyProblem('a.b')).toMatch(/"\."/);
    expect(keyProblem('x'.repeat(769))).toMatch(/768/);
    expect(isValidKey('-NxYz_09')).toBe(true);
    expect(() => assertKey('uid', 'a/b')).toThrow('Invalid uid "a/b": a key cannot contain "/" (none of . $ # [ ] /).');
  });

  it('appends checked keys with child()', () => {
    expect(child(paths.community('demo-campground'), 'packageNames', 'ios')).toBe(
      'amc/campground-locations/demo-campground/packageNames/ios',
    );
    expect(child(paths.menu('c', 'main-menu'), 4, 'iconData')).toBe('amc/location-data/c/main-menu/4/iconData');
    expect(() => child(paths.community('c'), 'a.b')).toThrow(/key 1/);
    expect(() => child('', 'a')).toThrow(/base/);
  });
});

describe('context paths', () => {
  it('formats and parses listing contexts', () => {
    expect(formatListingContext('demo-campground', 'dining-resort')).toBe('demo-campground/dining-resort');
    expect(parseListingContext('demo-campground/dining-resort')).toEqual({ community: 'demo-campground', section: 'dining-resort' });
    for (const bad of ['demo-campground', 'a/b/c', 'a/', '/b', 'a/b.c']) {
      expect(() => parseListingContext(bad)).toThrow(/listingContext/);
    }
    expect(() => formatListingContext('a/b', 'c')).toThrow(/community/);
  });

  it('formats and parses event contexts', () => {
    const context = formatEventContext('demo-campground', 'kids-club');
    expect(context).toBe('demo-campground/amc-events/calendars/kids-club');
    expect(parseEventContext(context)).toEqual({ community: 'demo-campground', calendarId: 'kids-club' });
    const { community, calendarId } = parseEventContext(context);
    expect(paths.calendarEvents(community, calendarId)).toBe('amc/location-data/demo-campground/amc-events/calendars/kids-club/events');
    for (const bad of ['demo-campground/amc-events/config/kids-club', 'demo-campground/kids-club', 'a/amc-events/calendars/b/c', '']) {
      expect(() => parseEventContext(bad)).toThrow(/eventContext/);
    }
    expect(() => formatEventContext('c', 'a.b')).toThrow(/calendarId/);
  });
});

describe('keys derived from titles', () => {
  it('makes community keys as the spec says', () => {
    expect(communityKeyFromTitle('Pine Hollow RV Resort')).toBe('pine-hollow-rv-resort');
    expect(communityKeyFromTitle("Bob's Lakeside Campground")).toBe('bobs-lakeside-campground');
    expect(communityKeyFromTitle('Bob’s Place')).toBe('bobs-place');
    expect(communityKeyFromTitle('St. Theodore School')).toBe('st-theodore-school');
    expect(communityKeyFromTitle('Lake  &  Pines / Marina')).toBe('lake-pines-marina');
    expect(communityKeyFromTitle('Maple_Falls 2')).toBe('maple_falls-2');
    expect(communityKeyFromTitle('Camp Fun!')).toBe('camp-fun-');
    expect(communityKeyFromTitle('Visit the Parkland', { studio: true })).toBe('-visit-the-parkland');
    expect(isStudioCommunityKey('-visit-the-parkland')).toBe(true);
    expect(isStudioCommunityKey('visit-the-parkland')).toBe(false);
    expect(() => communityKeyFromTitle('  ')).toThrow(/title/);
    expect(() => communityKeyFromTitle('!!!')).toThrow(/title/);
  });

  it('makes calendar ids as the spec says', () => {
    expect(calendarIdFromTitle('Activities')).toBe('activities');
    expect(calendarIdFromTitle('Kids Club')).toBe('kids-club');
    expect(calendarIdFromTitle('Pool/Spa Hours')).toBe('pool-spa-hours');
    expect(calendarIdFromTitle('St. Patrick’s Day, 2025')).toBe('st--patrick’s-day--2025');
    expect(calendarIdFromTitle('Events #1 [Main]')).toBe('events--1--main-');
    expect(() => calendarIdFromTitle('')).toThrow('Calendar title is required.');
  });

  it('makes short-URL cache keys that are valid keys', () => {
    const key = shortUrlCacheKey('https://pinehollowrv.example/app?x=1&y=/a/b~');
    expect(isValidKey(key)).toBe(true);
    expect(Buffer.from(key, 'base64url').toString('utf8')).toBe('https://pinehollowrv.example/app?x=1&y=/a/b~');
    expect(paths.shortUrl(key)).toBe(`amc/config/shortURLs/${key}`);
    expect(() => shortUrlCacheKey('')).toThrow(/url/);
  });
});

describe('storagePaths', () => {
  it('builds the spec storage shapes', () => {
    expect(storagePaths.appIcon('pine-hollow', 'app-icon', 'PNG')).toBe('app-icons/pine-hollow/app-icon.png');
    expect(storagePaths.appIcon('pine-hollow', 'notification-icon', 'png')).toBe('app-icons/pine-hollow/notification-icon.png');
    expect(storagePaths.appIcon('pine-hollow', 'featured-image', 'jpg')).toBe('app-icons/pine-hollow/featured-image.jpg');
    expect(storagePaths.communityImages('demo-campground')).toBe('demo-campground/images');
    const upload = storagePaths.upload('demo-campground', 'header', 1717200000000, 'lake view.jpg');
    expect(upload).toBe('demo-campground/images/header/1717200000000/lake view.jpg');
    expect(storagePaths.uploadVariant(upload, 'blur')).toBe('demo-campground/images/header/1717200000000/lake view_blur.jpg');
    expect(storagePaths.uploadVariant(upload, 'crop')).toBe('demo-campground/images/header/1717200000000/lake view_crop.jpg');
    expect(storagePaths.uploadVariant('c/images/b/1/photo', 'blur')).toBe('c/images/b/1/photo_blur');
    expect(storagePaths.formPdf('visitor-registration', 'e1.pdf')).toBe('forms/completed/visitor-registration/e1.pdf');
    expect(storagePaths.entryImage('demo-campground', 'report-an-issue', 'e1', 'photo')).toBe(
      'user-written/demo-campground/forms/report-an-issue/e1/photo.jpg',
    );
    expect(storagePaths.flyerImage('demo-campground', '1717200000000', 'bg.png')).toBe(
      'demo-campground/images/flyers/1717200000000/bg.png',
    );
    expect(storagePaths.marketingImage('introducing', null)).toBe('images/marketing/social_marketing_introducing.png');
    expect(storagePaths.marketingImage('downloaded', 'demo-campground')).toBe('demo-campground/images/social_marketing_downloaded.png');
    expect(storagePaths.marketingAssetEditorFile('demo-campground', 'bg', 'jpg')).toBe(
      'demo-campground/images/marketing_asset_editor/bg.jpg',
    );
    expect(storagePaths.calendarIcs('demo-campground', 'activities')).toBe('demo-campground/amc-events/activities-calendar.ics');
  });

  it('rejects segments that could leave their folder', () => {
    expect(() => storagePaths.upload('..', 'header', 1, 'a.jpg')).toThrow(/community/);
    expect(() => storagePaths.upload('c', 'a/b', 1, 'a.jpg')).toThrow(/bucket/);
    expect(() => storagePaths.upload('c', 'b', 1, '')).toThrow(/fileName/);
    expect(() => storagePaths.formPdf('item', 'a\\b.pdf')).toThrow(/fileName/);
    expect(() => storagePaths.entryImage('c', 'i', 'e', 'x\u0000')).toThrow(/name/);
    expect(() => storagePaths.appIcon('a', 'banner' as never, 'png')).toThrow(/kind/);
    expect(() => storagePaths.appIcon('a', 'app-icon', '.png')).toThrow(/extension/);
    expect(() => storagePaths.marketingAssetEditorFile('c', 'bg', 'p/g')).toThrow(/extension/);
    expect(() => storagePaths.marketingImage('other' as never, null)).toThrow(/kind/);
    expect(() => storagePaths.uploadVariant('c//x.jpg', 'blur')).toThrow(/uploadPath/);
    expect(() => storagePaths.calendarIcs('c', '.')).toThrow(/calendarId/);
  });

  it('makes file names safe', () => {
    expect(safeFileName('Lake View (1).JPG')).toBe('Lake-View-1.JPG');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\photos\\café.png')).toBe('cafe.png');
    expect(safeFileName('...')).toBe('file');
    expect(safeFileName('')).toBe('file');
  });
});
