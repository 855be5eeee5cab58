import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '@server/services';
import * as detailsRoute from '~/routes/places.details';
import * as searchRoute from '~/routes/places.search';
import { outcome } from '../../../tests/setup/outcome';
import { demoPerson, installTestServices, sessionCookie } from '../../../tests/setup/services';
import { PLACE_ROUTE_TEXTS, PLACE_SEARCH_LIMIT, type PlaceDetailsData, type PlaceSearchData } from './place-search.server';

/**
 * The place picker's JSON routes with real sessions against the embedded database (offline
 * places default: no GOOGLE_MAPS_API_KEY). Each test signs in a person of its own.
 */

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('place-search'));
});
afterAll(async () => {
  await close?.();
});

/** An editor of a new community at `position`. */
async function ownEditor(position: { latitude: number; longitude: number } | null): Promise<{ community: string; cookie: string }> {
  counter += 1;
  const community = `place-search-${counter}`;
  const uid = `place-search-editor-${counter}`;
  await services.db.ref().update({
    [services.paths.community(community)]: { title: `Places ${counter}`, timeZone: 'America/Chicago', ...(position ?? {}) },
    [services.paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true } } },
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Editor' },
    { communityKey: community },
  );
  return { community, cookie };
}

const get = (path: string, cookie?: string) => new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const args = (request: Request) => ({ request, params: {}, context: {} });
async function json<T>(promise: Promise<unknown>): Promise<{ status: number; body: T }> {
  const result = await outcome<unknown>(promise);
  return { status: result.status, body: (await result.response!.json()) as T };
}

describe('/places/search', () => {
  it("answers the sample places around the caller's community, saying the service is offline", async () => {
    const own = await ownEditor({ latitude: 43.9853, longitude: -90.5021 });
    const { status, body } = await json<PlaceSearchData>(searchRoute.loader(args(get('/places/search?q=coffee', own.cookie))));
    expect(status).toBe(200);
    expect(body.suggestions).toEqual([
      { placeId: 'offline-falls-creek-coffee', title: 'Falls Creek Coffee', subtitle: '12 River Street, Maple Falls, WI, USA' },
    ]);
    expect(body.offline).toBe(true);
    expect(body.notice).toMatch(/offline/);
    expect(body.error).toBeNull();
  });

  it('explains a community without a position, and refuses a text over 120 characters', async () => {
    const own = await ownEditor(null);
    const nowhere = await json<PlaceSearchData>(searchRoute.loader(args(get('/places/search?q=coffee', own.cookie))));
    expect(nowhere.body.error).toMatch(/no latitude and longitude/);
    const long = await json<PlaceSearchData>(searchRoute.loader(args(get(`/places/search?q=${'a'.repeat(121)}`, own.cookie))));
    expect(long.status).toBe(400);
  });

  it('limits each person to 60 searches a minute', async () => {
    const own = await ownEditor({ latitude: 43.9853, longitude: -90.5021 });
    for (let index = 0; index < PLACE_SEARCH_LIMIT.limit; index += 1) {
      expect((await outcome(searchRoute.loader(args(get(`/places/search?q=c${index}`, own.cookie))))).status).toBe(200);
    }
    const refused = await json<PlaceSearchData>(searchRoute.loader(args(get('/places/search?q=coffee', own.cookie))));
    expect(refused).toMatchObject({ status: 429, body: { error: PLACE_ROUTE_TEXTS.busy } });
  });

  it("searches around the remote manager's item community, for an e-mail grant with editInfo", async () => {
    const cookie = await sessionCookie(services.sessions, demoPerson('remote'));
    const { status, body } = await json<PlaceSearchData>(
      searchRoute.loader(args(get('/places/search?q=diner&detailId=lakeside-grill', cookie))),
    );
    expect(status).toBe(200);
    expect(body.suggestions.map((suggestion) => suggestion.title)).toEqual(['Lakeshore Diner']);
  });
});

describe('/places/details', () => {
  it("answers the chosen place's address and position, or why not", async () => {
    const own = await ownEditor({ latitude: 43.3123, longitude: -73.8351 });
    const found = await json<PlaceDetailsData>(
      detailsRoute.loader(args(get('/places/details?placeId=offline-luzerne-marina', own.cookie))),
    );
    expect(found.body.details).toMatchObject({ title: 'Luzerne Marina', address: '15 Bay Road', city: 'Lake Luzerne', latitude: 43.3241 });
    const missing = await json<PlaceDetailsData>(detailsRoute.loader(args(get('/places/details', own.cookie))));
    expect(missing).toMatchObject({ status: 400, body: { error: PLACE_ROUTE_TEXTS.noPlace } });
    const unknown = await json<PlaceDetailsData>(detailsRoute.loader(args(get('/places/details?placeId=offline-nothing', own.cookie))));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/does not know that place/);
  });

  it('sends anonymous people to sign in', async () => {
    const result = await outcome(detailsRoute.loader(args(get('/places/details?placeId=offline-luzerne-marina'))));
    expect(result.status).toBe(302);
    expect(result.response!.headers.get('Location')).toMatch(/^\/login/);
  });
});
