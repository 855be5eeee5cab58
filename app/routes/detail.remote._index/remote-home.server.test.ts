import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import type { Services } from '@server/services';
import { outcome } from '../../../tests/setup/outcome';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { RemoteHomeData } from './remote-home.server';
import * as landing from './route';

/**
 * The remote manager's landing page (spec 01 §2.1 `/detail/remote`) with real sessions and the
 * embedded database: the calendars a person's grants reach, beside their business listings, and
 * straight to the one thing they manage when they have exactly one grant.
 */

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('remote-landing'));
});
afterAll(async () => {
  await close?.();
});

type Grant = 'calendar' | 'stale-calendar' | 'business';

/** A community with the calendar Activities (remote key `rk-…`) and a business; a person holding the grants given. */
async function person(grants: Grant[]): Promise<{ cookie: string; remoteKey: string }> {
  counter += 1;
  const community = `remote-landing-${counter}`;
  const uid = `remote-person-${counter}`;
  const remoteKey = `rk-${counter}`;
  const { paths } = services;
  const entries: Record<string, Record<string, DbValue>> = {};
  const base = { accessType: 'email', title: 'Organizer', editInfo: true, addButtons: false, sendNotifications: false, uid };
  if (grants.includes('calendar'))
    entries[remoteKey] = {
      ...base,
      type: 'calendar',
      origContext: `${community}/amc-events`,
      contexts: [`${community}/amc-events/calendars/activities`],
      detailTitle: 'Activities',
    };
  if (grants.includes('stale-calendar'))
    entries[`old-${counter}`] = {
      ...base,
      type: 'calendar',
      origContext: `${community}/amc-events`,
      contexts: [`${community}/amc-events/calendars/activities`],
      detailTitle: 'Old Activities',
    };
  if (grants.includes('business'))
    entries[`biz-${counter}`] = {
      ...base,
      type: 'business',
      origContext: `${community}/business`,
      contexts: [`${community}/business/biz-${counter}`],
      detailTitle: 'Bait Shop',
    };
  await services.db.ref().update({
    [paths.community(community)]: { title: `Landing ${counter}`, timeZone: 'America/New_York' },
    [paths.calendarConfig(community, 'activities')]: { title: 'Activities', audiences: ['Family'], remoteKey },
    [`${paths.locationData(community)}/business/biz-${counter}`]: { title: 'Bait Shop' },
    ...Object.fromEntries(Object.entries(entries).map(([detailId, entry]) => [paths.remoteByUid(uid, detailId), entry])),
    ...Object.fromEntries(Object.entries(entries).map(([detailId, entry]) => [paths.remoteByDetail(detailId, uid), entry])),
  });
  return { cookie: await sessionCookie(services.sessions, { uid, email: `${uid}@test.example`, displayName: 'Remote' }), remoteKey };
}

const open = (cookie: string, query = '') =>
  outcome<RemoteHomeData>(
    landing.loader({ request: new Request(`${ORIGIN}/detail/remote${query}`, { headers: { Cookie: cookie } }), params: {}, context: {} }),
  );

describe('the remote landing page', () => {
  it('lists the calendars the grants reach, with their remote calendars, beside the business listings', async () => {
    const { cookie, remoteKey } = await person(['calendar', 'stale-calendar', 'business']);
    const page = await open(cookie);
    expect(page.status).toBe(200);
    // The stale grant (its calendar carries another key now) reaches no calendar.
    expect(page.data!.calendars).toEqual([
      {
        detailId: remoteKey,
        title: 'Activities',
        community: expect.stringMatching(/^Landing /),
        href: `/amc-calendar/remote/id/${remoteKey}/`,
      },
    ]);
    expect(page.data!.listings.map((listing) => [listing.title, listing.kind])).toEqual([['Bait Shop', 'Business listing']]);
  });

  it('goes straight to the one calendar of a person with exactly one grant, unless asked for the page', async () => {
    const { cookie, remoteKey } = await person(['calendar']);
    const straight = await open(cookie);
    expect(straight.status).toBe(302);
    expect(straight.response?.headers.get('Location')).toBe(`/amc-calendar/remote/id/${remoteKey}/`);
    const all = await open(cookie, '?all=1');
    expect(all.status).toBe(200);
    expect(all.data!.calendars.map((calendar) => calendar.title)).toEqual(['Activities']);
  });

  it('goes straight to the one business as before; a lone grant that reaches nothing shows the page', async () => {
    const business = await person(['business']);
    const straight = await open(business.cookie);
    expect(straight.status).toBe(302);
    expect(straight.response?.headers.get('Location')).toMatch(/^\/detail\/remote\/id\/biz-\d+$/);
    const stale = await person(['stale-calendar']);
    const page = await open(stale.cookie);
    expect(page.status).toBe(200);
    expect(page.data!.calendars).toEqual([]);
    expect(page.data!.listings).toEqual([]);
  });
});
