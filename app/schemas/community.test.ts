import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import {
  ACTION_REQUIRED,
  BUTTON_TITLE_REQUIRED,
  CommunitySchema,
  ICON_REQUIRED,
  INPUT_REQUIRED,
  INVALID_ACTION_KEY,
  INVALID_EMAIL,
  INVALID_LATITUDE,
  INVALID_LOCATION,
  INVALID_LONGITUDE,
  INVALID_URL,
  PHONE_DIGITS,
  SETUP_DEFAULT_COLOR,
  SITE_REQUIRED,
  TIMEZONE_REQUIRED,
  TITLE_REQUIRED,
  URL_REQUIRED,
} from './community';

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema: CommunitySchema });
}

const VALID = { title: 'Pine Hollow RV Resort', timeZone: 'America/New_York' };

function errors(fields: Record<string, string>) {
  const submission = parse(fields);
  return submission.status === 'error' ? (submission.error ?? {}) : {};
}

describe('CommunitySchema (spec 01 §5)', () => {
  it('accepts the minimum and fills the colours with white (spec 01 §3.1)', () => {
    const submission = parse(VALID);
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value.colorBackground).toBe(SETUP_DEFAULT_COLOR);
    expect(submission.value.colorIconBackground).toBe(SETUP_DEFAULT_COLOR);
    expect(submission.value.communityType).toBe('resort');
    expect(submission.value.listed).toBe(false);
  });

  it('requires the title and the time zone, with the spec text', () => {
    const result = errors({});
    expect(result.title).toEqual([TITLE_REQUIRED]);
    expect(result.timeZone).toEqual([TIMEZONE_REQUIRED]);
    expect(TIMEZONE_REQUIRED).toBe('Timezone is required.');
    expect(errors({ ...VALID, timeZone: 'Nowhere/Land' }).timeZone).toEqual([TIMEZONE_REQUIRED]);
  });

  it('checks website and reservationURL as URLs', () => {
    const result = errors({ ...VALID, website: 'not a url', reservationURL: 'www' });
    expect(result.website).toEqual([INVALID_URL]);
    expect(result.reservationURL).toEqual([INVALID_URL]);
    expect(parse({ ...VALID, website: 'https://example.com', reservationURL: 'https://example.com/book' }).status).toBe('success');
  });

  it('counts the digits of the phone number: at least 7', () => {
    expect(errors({ ...VALID, phone: '555-01' }).phone).toEqual([PHONE_DIGITS]);
    expect(errors({ ...VALID, phone: 'call us' }).phone).toEqual([PHONE_DIGITS]);
    expect(errors({ ...VALID, phone: '555-014' }).phone).toEqual([PHONE_DIGITS]);
    // Exactly seven digits is enough, and the message says so (spec 01 §5: at least 7).
    expect(parse({ ...VALID, phone: '555-0147' }).status).toBe('success');
    expect(PHONE_DIGITS).toBe('Phone Number needs to have at least seven digits.');
    expect(parse({ ...VALID, phone: '(518) 555-0147' }).status).toBe('success');
  });

  it('keeps latitude and longitude numeric and in range, and refuses half a position', () => {
    expect(errors({ ...VALID, latitude: '91', longitude: '0' }).latitude).toEqual([INVALID_LATITUDE]);
    expect(errors({ ...VALID, latitude: '10', longitude: '-181' }).longitude).toEqual([INVALID_LONGITUDE]);
    expect(errors({ ...VALID, latitude: 'north', longitude: '2' }).latitude).toEqual([INVALID_LATITUDE]);
    expect(errors({ ...VALID, latitude: '43.3' }).longitude).toEqual([INVALID_LOCATION]);
    const ok = parse({ ...VALID, latitude: '43.3123', longitude: '-73.8351' });
    expect(ok.status === 'success' && ok.value.latitude).toBe(43.3123);
  });

  it('checks colours, social links and checkboxes', () => {
    expect(errors({ ...VALID, colorPrimary: 'blue' }).colorPrimary).toBeDefined();
    expect(errors({ ...VALID, 'socialMedia[0].url': 'https://facebook.com/x' })['socialMedia[0].site']).toEqual([SITE_REQUIRED]);
    const ok = parse({ ...VALID, 'socialMedia[0].site': 'facebook', 'socialMedia[0].url': 'https://facebook.com/x', listed: 'on' });
    expect(ok.status).toBe('success');
    if (ok.status === 'success') {
      expect(ok.value.listed).toBe(true);
      expect(ok.value.socialMedia?.[0]).toEqual({ site: 'facebook', url: 'https://facebook.com/x' });
    }
  });

  it('requires a valid URL and a site on every social link row (spec 02 §5)', () => {
    expect(SITE_REQUIRED).toBe('Site is required.');
    const empty = errors({ ...VALID, 'socialMedia[0].site': '', 'socialMedia[0].url': '' });
    expect(empty['socialMedia[0].site']).toEqual([SITE_REQUIRED]);
    expect(empty['socialMedia[0].url']).toEqual([URL_REQUIRED]);
    expect(errors({ ...VALID, 'socialMedia[0].site': 'youtube', 'socialMedia[0].url': 'youtube' })['socialMedia[0].url']).toEqual([
      INVALID_URL,
    ]);
  });

  it("checks additional buttons with the spec's messages (spec 02 §5, spec 03 §5)", () => {
    expect([BUTTON_TITLE_REQUIRED, ACTION_REQUIRED, ICON_REQUIRED]).toEqual([
      'Title is required.',
      'Action is required.',
      'Icon is required.',
    ]);
    const empty = errors({ ...VALID, 'detailButtons[0].title': '' });
    expect(empty['detailButtons[0].title']).toEqual([BUTTON_TITLE_REQUIRED]);
    expect(empty['detailButtons[0].action']).toEqual([ACTION_REQUIRED]);
    expect(empty['detailButtons[0].icon']).toEqual([ICON_REQUIRED]);
    const button = (action: string, actionKey: string) =>
      errors({
        ...VALID,
        'detailButtons[0].title': 'Go',
        'detailButtons[0].icon': 'globe',
        'detailButtons[0].action': action,
        'detailButtons[0].actionKey': actionKey,
      })['detailButtons[0].actionKey'];
    expect(button('website', 'not a url')).toEqual([INVALID_URL]);
    expect(button('mailto', 'nobody')).toEqual([INVALID_EMAIL]);
    expect(INVALID_EMAIL).toBe('You must provide a valid email address.');
    expect(button('call', '555-12')).toEqual([PHONE_DIGITS]);
    expect(button('store', '')).toEqual([INPUT_REQUIRED]);
    expect(button('website', 'https://cafe.example')).toBeUndefined();
    expect(button('mailto', 'hello@cafe.example')).toBeUndefined();
    expect(button('amc-events', 'summer')).toBeUndefined();
    expect(errors({ ...VALID, 'detailButtons[0].title': 'Go', 'detailButtons[0].action': 'teleport' })['detailButtons[0].action']).toEqual([
      ACTION_REQUIRED,
    ]);
  });

  it('keeps the keys of record actions to database keys', () => {
    const key = (action: string, actionKey: string) =>
      errors({
        ...VALID,
        'detailButtons[0].title': 'Go',
        'detailButtons[0].icon': 'globe',
        'detailButtons[0].action': action,
        'detailButtons[0].actionKey': actionKey,
      })['detailButtons[0].actionKey'];
    for (const action of ['store', 'form', 'mainMenu', 'searchablemap', 'booking', 'hunt', 'amc-events']) {
      expect(key(action, 'a/b/../../../x'), action).toEqual([INVALID_ACTION_KEY]);
      expect(key(action, '.$#[]'), action).toEqual([INVALID_ACTION_KEY]);
      expect(key(action, '-NxKey_1'), action).toBeUndefined();
    }
  });

  it('takes the home screen image as an http(s) address or a stored file, never another scheme', () => {
    for (const drawable of ['https://cdn.example/a.png', '/files/demo/images/a.png', 'demo-campground/images/header/1/a.jpg']) {
      expect(errors({ ...VALID, drawable }).drawable, drawable).toBeUndefined();
    }
    for (const drawable of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.png', '../../x.png', '/etc/passwd']) {
      expect(errors({ ...VALID, drawable }).drawable, drawable).toEqual([INVALID_URL]);
    }
  });
});
