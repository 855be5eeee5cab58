import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessVersion } from '@server/business/save';
import type { DbValue } from '@server/db';
import { LIST_ICON_MESSAGES } from '@server/list-icons';
import { remoteGrantKey } from '@server/paths';
import { hugePng } from '@server/pool/hostile';
import { migrateRemoteGrantKeys } from '@server/remote/management';
import { countLinkUpload, TOO_MANY_UPLOADS, UPLOAD_RATE } from '@server/remote/upload-quota';
import type { Services } from '@server/services';
import * as editRoute from '~/routes/_app.detail.$type.$dbContext.$itemId._index';
import * as duplicateRoute from '~/routes/_app.detail.$type.$dbContext.$itemId.duplicate';
import * as headerRoute from '~/routes/_app.detail.$type.$dbContext.$itemId.header-images';
import * as addRoute from '~/routes/_app.detail.$type.$dbContext._index';
import * as businessDetailRoute from '~/routes/_app.detail.business-detail.$record';
import * as updateRoute from '~/routes/_app.detailUpdate.$communityKey.$type.$dbContext.$itemId._index';
import * as updateByIdRoute from '~/routes/_app.detailUpdate.$communityKey.$type.$dbContext.id.$detailId';
import * as remoteByLink from '~/routes/detail.remote.$uuid._index';
import * as remoteHeaderByLink from '~/routes/detail.remote.$uuid.header-images';
import type { RemoteHeaderData } from '~/routes/detail.remote.$uuid.header-images';
import * as remoteById from '~/routes/detail.remote.id.$detailId._index';
import { BUSINESS_TEXTS } from '~/schemas/business';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, routeArgs, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, ownCommunity as ownTestCommunity, sessionCookie } from '../../../tests/setup/services';
import type { BusinessEditorActionData, BusinessEditorData, RemoteEditorData } from './editor.server';

/**
 * The business detail editor's loaders and actions with real requests, sessions and the
 * embedded database: each test makes a community of its own, with its own staff.
 */

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('business-editor'));
});

afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
  uid: string;
}

const ITEM = {
  id: 'grill',
  title: 'Harbor Grill',
  address: '1 Dock Street',
  city: 'Lake Town',
  state: 'NY',
  zip: '12846',
  latitude: '43.1',
  longitude: '-73.2',
  phone: '(518) 555-0100',
  website: 'https://grill.example/',
  description: '<p>Fish and chips.</p>',
  htmlDescription: '<p>Fish and chips.</p>',
  headerInfo: { images: [{ imageURL: '/files/grill.jpg', caption: 'Deck' }], delaySeconds: 5 },
  detailButtons: [{ title: 'View Menu', action: 'website', actionKey: 'https://grill.example/menu' }],
  importId: 'imp-1',
  remotelyManaged: true,
  allowFavorite: true,
  contexts: [] as string[],
  ordinal: 0,
};

async function ownCommunity(role: 'admin' | 'editor' = 'admin', item: Record<string, DbValue> | null = ITEM): Promise<Own> {
  return ownTestCommunity(services, {
    label: `biz-${role}`,
    title: 'Business Test',
    rights: role === 'admin' ? { isEditor: true, isAdmin: true } : { isEditor: true },
    timeZone: 'America/New_York',
    displayName: 'Business Staff',
    records: (community) =>
      item ? { [services.paths.listItem(community, 'dining-resort', 'grill')]: { ...item, contexts: [`${community}/dining-resort`] } } : {},
  });
}

const get = (own: Own, path: string, headers: Record<string, string> = {}) => getRequest(own.cookie, path, headers);
const post = (own: Own, path: string, fields: PostedFields) => postRequest(own.cookie, path, fields);
const args = routeArgs;
const params = (itemId?: string, extra: Record<string, string> = {}) => ({
  type: 'business',
  dbContext: 'dining-resort',
  ...(itemId ? { itemId } : {}),
  ...extra,
});
const read = async (own: Own, section: string, key: string) =>
  (await services.db.ref(services.paths.listItem(own.community, section, key)).get()).val() as Record<string, unknown> | null;

/** A complete, valid post of the form. */
const VALID = {
  intent: 'save',
  title: 'Harbor Grill & Bar',
  'location.address': '2 Dock Street',
  'location.city': 'Lake Town',
  'location.state': 'NY',
  'location.zip': '12846',
  'location.latitude': '43.25',
  'location.longitude': '-73.5',
  description: '<p>Now with <strong>bar</strong><script>alert(1)</script></p>',
  phone: '518-555-0111',
  website: 'https://grill.example/bar',
  'hours.days.Mon[0].open': '11:00',
  'hours.days.Mon[0].close': '21:00',
  specialPopupBehavior: '2',
  'detailButtons[0].title': 'View Menu',
  'detailButtons[0].icon': 'globe',
  'detailButtons[0].action.action': 'website',
  'detailButtons[0].action.key': 'https://grill.example/menu',
};

describe('business detail editor: loading', () => {
  it('opens an item of a detail section for staff, Title/Location open, with its preview', async () => {
    const own = await ownCommunity('editor');
    const data = (await editRoute.loader(args(get(own, '/detail/business/dining-resort/grill'), params('grill')))) as BusinessEditorData;
    expect(data.mode).toBe('edit');
    expect(data.defaultValue.title).toBe('Harbor Grill');
    expect(data.defaultValue.location).toMatchObject({ latitude: '43.1', longitude: '-73.2', address: '1 Dock Street', noLocation: false });
    expect(data.openSection).toBe('title-location');
    expect(data.rights).toMatchObject({ remoteAdmin: false, sections: false, staff: true });
    expect(data.preview.buttons.map((button) => button.label)).toEqual(
      expect.arrayContaining(['Messages', 'Add Favorite', 'Call', 'Map', 'Website', 'View Menu']),
    );
    expect(data.header.slides).toHaveLength(1);
    expect(data.returnTo).toBe('/listnm/dining');
    expect(data.cancelHref).toBe('/listnm/dining');
    expect(data.version).toBe(businessVersion((await read(own, 'dining-resort', 'grill'))!, own.community));
    // The place picker asks around this community, as its staff.
    expect(data.placeSearchUrl).toBe(`/places/search?community=${own.community}`);
    expect(data.placesOffline).toBe(true);
  });

  it('goes back to where the person came from on this site (returnTo, else the referring page), never elsewhere', async () => {
    const own = await ownCommunity('editor');
    const withReturn = (await editRoute.loader(
      args(get(own, '/detail/business/dining-resort/grill?returnTo=%2Flistnm%2Fdining%2Flocal'), params('grill')),
    )) as BusinessEditorData;
    expect(withReturn.returnTo).toBe('/listnm/dining/local');
    const referred = (await editRoute.loader(
      args(
        get(own, '/detail/business/dining-resort/grill', { Referer: `${ORIGIN}/list/main-menu/dining/resort?q=grill` }),
        params('grill'),
      ),
    )) as BusinessEditorData;
    expect(referred.returnTo).toBe('/list/main-menu/dining/resort?q=grill');
    const foreign = (await editRoute.loader(
      args(
        get(own, '/detail/business/dining-resort/grill?returnTo=https%3A%2F%2Fevil.example%2F', { Referer: 'https://evil.example/' }),
        params('grill'),
      ),
    )) as BusinessEditorData;
    expect(foreign.returnTo).toBe('/listnm/dining');
  });

  it('answers 404 for an unknown type, section or item, and for the reserved searchable-map addresses', async () => {
    const own = await ownCommunity('editor');
    const status = async (p: Record<string, string>) => (await outcome(editRoute.loader(args(get(own, '/detail/x'), p)))).status;
    expect(await status({ type: 'events', dbContext: 'dining-resort', itemId: 'grill' })).toBe(404);
    expect(await status({ type: 'business', dbContext: 'faqs', itemId: 'grill' })).toBe(404);
    expect(await status({ type: 'business', dbContext: 'dining-resort', itemId: 'nope' })).toBe(404);
    expect(await status({ type: 'business', dbContext: 'dining-resort', itemId: 'a.b' })).toBe(404);
    expect(await status({ type: 'searchablemap', dbContext: 'searchablemap-detail', itemId: 'map-1' })).toBe(404);
  });

  it('shows location admins Remote Administration and the Associated Listing Sections', async () => {
    const own = await ownCommunity('admin');
    const data = (await editRoute.loader(args(get(own, '/detail/business/dining-resort/grill'), params('grill')))) as BusinessEditorData;
    expect(data.rights).toMatchObject({ remoteAdmin: true, sections: true });
    expect(data.sections.map((section) => section.node)).toEqual(
      expect.arrayContaining(['dining-resort', 'dining-local', 'recreation-resort', 'business']),
    );
  });

  it("says whose a listing of another of the person's communities is, instead of a bare 404", async () => {
    const holder = await ownCommunity('admin');
    const own = await ownCommunity('admin', null);
    // The staff member of `own` is an admin of the holder's community too.
    await services.db
      .ref(`${services.paths.userAuthorization(own.uid)}/communities/${holder.community}`)
      .set({ isEditor: true, isAdmin: true });
    const answer = await outcome(editRoute.loader(args(get(own, '/detail/business/dining-resort/grill'), params('grill'))));
    expect(answer.status).toBe(404);
    const body = await answer.response!.json();
    const holderName = (await services.db.ref(`${services.paths.community(holder.community)}/title`).get()).val() as string;
    const ownName = (await services.db.ref(`${services.paths.community(own.community)}/title`).get()).val() as string;
    expect(body).toEqual({
      reason: 'other-community',
      title: `This listing belongs to ${holderName}`,
      text: `It is not in ${ownName}, the community selected now. Switch community to ${holderName} to open it.`,
      community: { key: holder.community, name: holderName },
      canSwitch: true,
    });
    // Someone who is not staff there hears the plain 404: nothing of that community is told.
    const stranger = await ownCommunity('admin', null);
    const plain = await outcome(editRoute.loader(args(get(stranger, '/detail/business/dining-resort/grill'), params('grill'))));
    expect(plain.status).toBe(404);
    expect(await plain.response!.text()).toBe('Not Found');
  });

  it('opens the item of another community by its address only for people who may edit that community', async () => {
    const own = await ownCommunity('editor');
    const other = await ownCommunity('editor');
    const path = `/detailUpdate/${own.community}/business/dining-resort/grill`;
    const data = (await updateRoute.loader(args(get(own, path), params('grill', { communityKey: own.community })))) as BusinessEditorData;
    expect(data.community).toBe(own.community);
    const byId = (await updateByIdRoute.loader(
      args(get(own, `/detailUpdate/${own.community}/business/dining-resort/id/grill`), {
        ...params(),
        communityKey: own.community,
        detailId: 'grill',
      }),
    )) as BusinessEditorData;
    expect(byId.itemKey).toBe('grill');
    expect((await outcome(updateRoute.loader(args(get(other, path), params('grill', { communityKey: own.community }))))).status).toBe(403);
  });
});

describe('business detail editor: saving', () => {
  it('saves every field of the form, keeps what the form does not show, and goes back to the list', async () => {
    const own = await ownCommunity('editor');
    // The distance from the community is computed on save (offline: in a straight line).
    await services.db.ref(services.paths.community(own.community)).update({ latitude: 43.3129, longitude: -73.8339 });
    const answer = await outcome(
      editRoute.action(
        args(
          post(own, '/detail/business/dining-resort/grill', { ...VALID, hasSpecial: 'on', specialDescription: '<p>Half off</p>' }),
          params('grill'),
        ),
      ),
    );
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get('Location')).toBe('/listnm/dining');
    const stored = (await read(own, 'dining-resort', 'grill'))!;
    expect(stored).toMatchObject({
      title: 'Harbor Grill & Bar',
      distance: expect.any(Number),
      address: '2 Dock Street',
      latitude: '43.25',
      longitude: '-73.5',
      phone: '518-555-0111',
      hours: { Mon: [{ open: '11:00 AM', close: '9:00 PM' }] },
      hasSpecial: true,
      specialPopupBehavior: 2,
      specialDescription: '<p>Half off</p>',
      importId: 'imp-1',
      headerInfo: ITEM.headerInfo,
      detailButtons: [{ title: 'View Menu', icon: 'globe', action: 'website', actionKey: 'https://grill.example/menu' }],
      id: 'grill',
    });
    expect(stored.description).toBe('<p>Now with <strong>bar</strong></p>');
    expect(stored.htmlDescription).toBe(stored.description);
    expect(stored.website).toBe('https://grill.example/bar');
  });

  it('answers a form with errors 400 with the spec messages, the input kept and the section with the first error open', async () => {
    const own = await ownCommunity('editor');
    const answer = await outcome<BusinessEditorActionData>(
      editRoute.action(
        args(post(own, '/detail/business/dining-resort/grill', { ...VALID, phone: '555-12', website: 'not a url' }), params('grill')),
      ),
    );
    expect(answer.status).toBe(400);
    expect(answer.data?.formError).toBe(BUSINESS_TEXTS.formIncomplete);
    expect(answer.data?.openSection).toBe('buttons');
    expect(answer.data?.result.error?.phone).toEqual(['Phone Number needs to have more than seven digits.']);
    expect(answer.data?.result.error?.website?.[0]).toMatch(/^Valid URL\(e\.g\. .+\) is required\.$/);
    expect(answer.data?.result.initialValue).toMatchObject({ phone: '555-12', title: 'Harbor Grill & Bar' });
    const noTitle = await outcome<BusinessEditorActionData>(
      editRoute.action(
        args(post(own, '/detail/business/dining-resort/grill', { ...VALID, title: ' ', 'location.latitude': '' }), params('grill')),
      ),
    );
    expect(noTitle.data?.openSection).toBe('title-location');
    expect(noTitle.data?.result.error?.title).toEqual(['Title is required.']);
    expect(noTitle.data?.result.error?.['location.latitude']).toEqual(['Latitude is required to map accurately.']);
    expect((await read(own, 'dining-resort', 'grill'))!.title).toBe('Harbor Grill');
  });

  it('keeps the return address through a refused save: the fixed save goes back to the page the editor was opened from', async () => {
    const own = await ownCommunity('editor');
    const path = '/detail/business/dining-resort/grill';
    const opened = (await editRoute.loader(
      args(get(own, path, { Referer: `${ORIGIN}/list/main-menu/dining` }), params('grill')),
    )) as BusinessEditorData;
    expect(opened.returnTo).toBe('/list/main-menu/dining');
    // The refused post's answer carries the address it was posted with …
    const refused = await outcome<BusinessEditorActionData>(
      editRoute.action(args(post(own, path, { ...VALID, phone: '555-12', returnTo: opened.returnTo }), params('grill'))),
    );
    expect(refused.status).toBe(400);
    expect(refused.data?.returnTo).toBe('/list/main-menu/dining');
    // … which the reloaded page, referred by the editor itself, could not tell.
    const reloaded = (await editRoute.loader(args(get(own, path, { Referer: `${ORIGIN}${path}` }), params('grill')))) as BusinessEditorData;
    expect(reloaded.returnTo).toBe('/listnm/dining');
    const saved = await outcome(editRoute.action(args(post(own, path, { ...VALID, returnTo: refused.data!.returnTo! }), params('grill'))));
    expect(saved.response?.headers.get('Location')).toBe('/list/main-menu/dining');
  });

  it("refuses list icon keys that name none of the community's icons with 400 and the reason, keeping what was typed", async () => {
    const own = await ownCommunity('editor');
    await services.db.ref(services.paths.listIcon(own.community, 'pool')).set({ title: 'Pool', active: true, url: '' });
    const path = '/detail/business/dining-resort/grill';
    const refused = await outcome<BusinessEditorActionData>(
      editRoute.action(args(post(own, path, { ...VALID, listIcons: ['pool', 'x2'] }), params('grill'))),
    );
    expect(refused.status).toBe(400);
    expect(refused.data?.result.error?.listIcons).toEqual([LIST_ICON_MESSAGES.unknown(['x2'])]);
    expect(LIST_ICON_MESSAGES.unknown(['x2'])).toBe('Choose list icons from the ones shown: "x2" is not a list icon of this community.');
    expect(refused.data?.openSection).toBe('title-location');
    expect(refused.data?.result.initialValue).toMatchObject({ title: 'Harbor Grill & Bar', listIcons: ['pool', 'x2'] });
    expect((await read(own, 'dining-resort', 'grill'))!).toMatchObject({ title: 'Harbor Grill' });
    expect((await read(own, 'dining-resort', 'grill'))!.listIcons).toBeUndefined();

    const saved = await outcome(editRoute.action(args(post(own, path, { ...VALID, listIcons: ['pool'] }), params('grill'))));
    expect(saved.status).toBe(302);
    expect((await read(own, 'dining-resort', 'grill'))!.listIcons).toEqual(['pool']);
  });

  it('refuses a save against a changed item with the conflict, writing nothing', async () => {
    const own = await ownCommunity('editor');
    const data = (await editRoute.loader(args(get(own, '/detail/business/dining-resort/grill'), params('grill')))) as BusinessEditorData;
    await services.db.ref(services.paths.listItem(own.community, 'dining-resort', 'grill')).update({ title: 'Their Grill' });
    const answer = await outcome<BusinessEditorActionData>(
      editRoute.action(args(post(own, '/detail/business/dining-resort/grill', { ...VALID, version: data.version! }), params('grill'))),
    );
    expect(answer.status).toBe(409);
    expect(answer.data?.conflict?.theirs).toEqual(expect.arrayContaining([{ label: 'Title', value: 'Their Grill' }]));
    expect((await read(own, 'dining-resort', 'grill'))!.title).toBe('Their Grill');
    const again = await outcome(
      editRoute.action(
        args(post(own, '/detail/business/dining-resort/grill', { ...VALID, version: answer.data!.version! }), params('grill')),
      ),
    );
    expect(again.status).toBe(302);
  });

  it('adds a new item on top of its list with its key as id; an editor cannot choose sections', async () => {
    const own = await ownCommunity('editor');
    const data = (await addRoute.loader(args(get(own, '/detail/business/dining-resort'), params()))) as BusinessEditorData;
    expect(data.mode).toBe('add');
    const answer = await outcome(
      addRoute.action(
        args(post(own, '/detail/business/dining-resort', { ...VALID, itemKey: data.itemKey, contexts: ['dining-local'] }), params()),
      ),
    );
    expect(answer.status).toBe(302);
    const stored = (await read(own, 'dining-resort', data.itemKey))!;
    expect(stored).toMatchObject({ id: data.itemKey, ordinal: -1, contexts: [`${own.community}/dining-resort`] });
    expect(await read(own, 'dining-local', data.itemKey)).toBeNull();
    // The same form posted twice saves once.
    const twice = await outcome(
      addRoute.action(args(post(own, '/detail/business/dining-resort', { ...VALID, itemKey: data.itemKey }), params())),
    );
    expect(twice.status).toBe(302);
  });

  it('an add whose key another listing has writes nothing, says so, keeps what was typed and offers a fresh key', async () => {
    const own = await ownCommunity('editor');
    const before = await read(own, 'dining-resort', 'grill');
    const taken = await outcome<BusinessEditorActionData>(
      addRoute.action(args(post(own, '/detail/business/dining-resort', { ...VALID, itemKey: 'grill' }), params())),
    );
    expect(taken.status).toBe(409);
    expect(taken.data?.formError).toBe(BUSINESS_TEXTS.keyTaken);
    expect(taken.data?.result.initialValue).toMatchObject({ title: VALID.title });
    expect(await read(own, 'dining-resort', 'grill')).toEqual(before);
    const fresh = taken.data?.itemKey;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe('grill');

    const again = await outcome(
      addRoute.action(args(post(own, '/detail/business/dining-resort', { ...VALID, itemKey: fresh! }), params())),
    );
    expect(again.status).toBe(302);
    expect(await read(own, 'dining-resort', fresh!)).toMatchObject({ id: fresh, title: VALID.title });
    expect(await read(own, 'dining-resort', 'grill')).toEqual(before);
  });

  it('copies the item to the sections a location admin selects and removes it from those deselected, in one update', async () => {
    const own = await ownCommunity('admin');
    const path = '/detail/business/dining-resort/grill';
    expect(
      (
        await outcome(
          editRoute.action(
            args(post(own, path, { ...VALID, contexts: ['dining-local', 'recreation-resort', 'not-a-section'] }), params('grill')),
          ),
        )
      ).status,
    ).toBe(302);
    expect((await read(own, 'dining-resort', 'grill'))!.contexts).toEqual([
      `${own.community}/dining-resort`,
      `${own.community}/dining-local`,
      `${own.community}/recreation-resort`,
    ]);
    expect(await read(own, 'dining-local', 'grill')).toMatchObject({ id: 'grill', title: 'Harbor Grill & Bar' });
    expect(await read(own, 'recreation-resort', 'grill')).toMatchObject({ id: 'grill' });
    expect(await read(own, 'not-a-section', 'grill')).toBeNull();
    expect((await outcome(editRoute.action(args(post(own, path, { ...VALID, contexts: ['dining-local'] }), params('grill'))))).status).toBe(
      302,
    );
    expect(await read(own, 'recreation-resort', 'grill')).toBeNull();
    expect(await read(own, 'dining-local', 'grill')).toMatchObject({ id: 'grill' });
  });

  it('duplicates an item without its id, import data, remote management and sections', async () => {
    const own = await ownCommunity('editor');
    const data = (await duplicateRoute.loader(
      args(get(own, '/detail/business/dining-resort/grill/duplicate'), params('grill')),
    )) as BusinessEditorData;
    expect(data.mode).toBe('duplicate');
    expect(data.itemKey).not.toBe('grill');
    expect(data.defaultValue.title).toBe('Harbor Grill');
    const answer = await outcome(
      duplicateRoute.action(
        args(post(own, '/detail/business/dining-resort/grill/duplicate', { ...VALID, itemKey: data.itemKey }), params('grill')),
      ),
    );
    expect(answer.status).toBe(302);
    const copy = (await read(own, 'dining-resort', data.itemKey))!;
    expect(copy.id).toBe(data.itemKey);
    expect(copy.importId).toBeUndefined();
    expect(copy.remotelyManaged).toBeUndefined();
    expect(copy.allowFavorite).toBeUndefined();
    expect(copy.detailButtons).toMatchObject(ITEM.detailButtons);
    expect(copy.headerInfo).toEqual(ITEM.headerInfo);
  });

  it('finds places near the community and fills the location from the chosen one, without saving', async () => {
    const own = await ownCommunity('editor');
    await services.db.ref(services.paths.community(own.community)).update({ latitude: 43.3129, longitude: -73.8339 });
    const path = '/detail/business/dining-resort/grill';
    const found = await outcome<BusinessEditorActionData>(
      editRoute.action(args(post(own, path, { ...VALID, intent: 'place-search', 'location.query': 'lakeshore diner' }), params('grill'))),
    );
    expect(found.status).toBe(200);
    expect(found.data?.placeSearch?.suggestions.map((place) => place.title)).toEqual(['Lakeshore Diner']);
    expect(found.data?.placeSearch?.offline).toBe(true);
    const placeId = found.data!.placeSearch!.suggestions[0]!.placeId;
    const chosen = await outcome<BusinessEditorActionData>(
      editRoute.action(args(post(own, path, { ...VALID, intent: `place-choice:${placeId}` }), params('grill'))),
    );
    expect(chosen.status).toBe(200);
    expect(chosen.data?.result.initialValue).toMatchObject({
      location: { address: '212 Lakeshore Road', city: 'Lake Luzerne', latitude: '43.3188', longitude: '-73.8302', placeId },
    });
    expect((await read(own, 'dining-resort', 'grill'))!.address).toBe('1 Dock Street');
    const bad = await outcome<BusinessEditorActionData>(
      editRoute.action(args(post(own, path, { ...VALID, intent: 'place-choice:not a place!' }), params('grill'))),
    );
    expect(bad.status).toBe(400);
    expect(bad.data?.placeSearch?.error).toBeTruthy();
  });

  it('edits the header media of the item itself with the shared header editor', async () => {
    const own = await ownCommunity('editor');
    const path = '/detail/business/dining-resort/grill/header-images';
    const data = await headerRoute.loader(args(get(own, path), params('grill')));
    expect(data.returnTo).toBe('/detail/business/dining-resort/grill');
    expect(data.defaultValue.images.map((image) => image.imageURL)).toEqual(['/files/grill.jpg']);
    const body = new FormData();
    for (const [name, value] of Object.entries({
      intent: 'save',
      version: data.version,
      headerType: 'video',
      videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      delaySeconds: '5',
    }))
      body.append(name, value);
    const answer = await outcome(
      headerRoute.action(
        args(new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { Cookie: own.cookie, Origin: ORIGIN }, body }), params('grill')),
      ),
    );
    expect(answer.status).toBe(302);
    const stored = (await read(own, 'dining-resort', 'grill'))!;
    expect(stored.headerInfo).toMatchObject({ videoURL: 'dQw4w9WgXcQ' });
    expect(stored.title).toBe('Harbor Grill');
    const header = (await services.db.ref(services.paths.headerInfo(own.community, 'dining-resort')).get()).val();
    expect(header).toBeNull();
  });
});

describe('the single business detail (/detail/business-detail/:record)', () => {
  it('edits the record a business-detail menu item opens, without listing icons, and goes home after saving', async () => {
    const own = await ownCommunity('admin', null);
    await services.db.ref(services.paths.listItem(own.community, 'business-detail', 'store')).set({ ...ITEM, id: 'store', title: 'Store' });
    const path = '/detail/business-detail/store';
    const answer = await outcome<BusinessEditorData>(businessDetailRoute.loader(args(get(own, path), { record: 'store' })));
    expect(answer.status).toBe(200);
    const data = answer.data!;
    expect(data.defaultValue.title).toBe('Store');
    expect(data.rights.listIcons).toBe(false);
    expect(data.headerHref).toBe('/detail/business-detail/business-detail/store/header-images');
    const saved = await outcome(
      businessDetailRoute.action(args(post(own, path, { ...VALID, version: data.version!, listIcons: 'pool' }), { record: 'store' })),
    );
    expect(saved.status).toBe(302);
    expect(saved.response?.headers.get('Location')).toBe('/');
    const stored = (await read(own, 'business-detail', 'store'))!;
    expect(stored.title).toBe('Harbor Grill & Bar');
    expect(stored.listIcons).toBeUndefined();
    const header = await headerRoute.loader(
      args(get(own, `${data.headerHref}`), { type: 'business-detail', dbContext: 'business-detail', itemId: 'store' }),
    );
    expect(header.returnTo).toBe('/detail/business-detail/store');
    expect((await outcome(businessDetailRoute.loader(args(get(own, '/detail/business-detail/none'), { record: 'none' })))).status).toBe(
      404,
    );
    const add = await outcome(
      addRoute.loader(args(get(own, '/detail/business-detail/business-detail'), { type: 'business-detail', dbContext: 'business-detail' })),
    );
    expect(add.status).toBe(404);
  });
});

describe('business detail editor: remote management by location admins', () => {
  it('grants URL access in the same save, and shows the link and the audit', async () => {
    const own = await ownCommunity('admin');
    const path = '/detail/business/dining-resort/grill';
    const answer = await outcome(
      editRoute.action(
        args(
          post(own, path, {
            ...VALID,
            'remote.remotelyManaged': 'on',
            'remote.allowFavorite': 'on',
            'remote.entries[0].accessType': 'url',
            'remote.entries[0].title': 'Owner',
            'remote.entries[0].editInfo': 'on',
          }),
          params('grill'),
        ),
      ),
    );
    expect(answer.status).toBe(302);
    const key = remoteGrantKey(own.community, 'grill');
    const byDetail = (await services.db.ref(services.paths.remoteByDetail(key)).get()).val() as Record<string, Record<string, unknown>>;
    const [uuid, entry] = Object.entries(byDetail)[0]!;
    expect(entry).toMatchObject({ accessType: 'url', title: 'Owner', editInfo: true, origContext: `${own.community}/dining-resort` });
    expect((await services.db.ref(services.paths.remoteByUid(uuid, key)).get()).val()).toMatchObject({ title: 'Owner' });
    expect(await read(own, 'dining-resort', 'grill')).toMatchObject({ remotelyManaged: true, allowFavorite: true });
    const data = (await editRoute.loader(args(get(own, path), params('grill')))) as BusinessEditorData;
    expect(data.defaultValue.remote.entries).toEqual([expect.objectContaining({ uuid, accessType: 'url', title: 'Owner' })]);
    expect(data.remoteLinks[uuid]).toBe(`${ORIGIN}/detail/remote/${uuid}`);
    await services.db.ref().update({
      [services.paths.remoteByUid(uuid)]: null,
      [services.paths.remoteByDetail(key)]: null,
    });
  });

  it('ignores Remote Administration and section fields posted by an editor who is not a location admin', async () => {
    const own = await ownCommunity('editor');
    await outcome(
      editRoute.action(
        args(
          post(own, '/detail/business/dining-resort/grill', {
            ...VALID,
            'remote.remotelyManaged': 'on',
            'remote.entries[0].accessType': 'url',
            'remote.entries[0].title': 'Sneaky',
            contexts: 'dining-local',
          }),
          params('grill'),
        ),
      ),
    );
    expect((await services.db.ref(services.paths.remoteByDetail('grill')).get()).val()).toBeNull();
    expect(await read(own, 'dining-local', 'grill')).toBeNull();
    expect((await read(own, 'dining-resort', 'grill'))!.remotelyManaged).toBe(true);
  });
});

describe('remote pages', () => {
  interface Grant {
    own: Own;
    uuid: string;
    detailId: string;
  }
  /** A community with an item and a URL access entry for it. */
  async function urlGrant(permissions: { editInfo: boolean; addButtons: boolean } = { editInfo: true, addButtons: false }): Promise<Grant> {
    const own = await ownCommunity('editor');
    counter += 1;
    const uuid = `link-${counter}`;
    const detailId = `grill-${counter}`;
    const entry = {
      type: 'business',
      accessType: 'url',
      title: 'Owner',
      ...permissions,
      sendNotifications: false,
      origContext: `${own.community}/dining-resort`,
      contexts: [`${own.community}/dining-resort`],
      detailTitle: 'Harbor Grill',
      uid: uuid,
    };
    await services.db.ref().update({
      [services.paths.listItem(own.community, 'dining-resort', detailId)]: {
        ...ITEM,
        id: detailId,
        contexts: [`${own.community}/dining-resort`],
        listIcons: ['pool'],
      },
      [services.paths.remoteByUid(uuid, detailId)]: entry,
      [services.paths.remoteByDetail(detailId, uuid)]: entry,
    });
    return { own, uuid, detailId };
  }
  const anonymousGet = (path: string) => getRequest(null, path);
  const anonymousPost = (path: string, fields: PostedFields) => postRequest(null, path, fields);

  it('opens the item of a URL grant without signing in, in remote mode', async () => {
    const { uuid } = await urlGrant();
    const answer = await outcome<RemoteEditorData>(remoteByLink.loader(args(anonymousGet(`/detail/remote/${uuid}/`), { uuid })));
    expect(answer.status).toBe(200);
    const data = answer.data!;
    expect(data.mode).toBe('remote');
    expect(data.rights).toEqual({ listIcons: false, buttons: false, remoteAdmin: false, sections: false, staff: false });
    expect(data.cancelHref).toBeNull();
    expect(data.defaultValue.title).toBe('Harbor Grill');
    expect(data.leaveHref).toBe('/remote/left');
    // The place picker asks with the link's grant.
    expect(data.placeSearchUrl).toBe(`/places/search?uuid=${uuid}`);
  });

  it('writes only the fields the grant allows and records who saved what', async () => {
    const { own, uuid, detailId } = await urlGrant();
    const answer = await outcome(
      remoteByLink.action(
        args(
          anonymousPost(`/detail/remote/${uuid}/`, {
            ...VALID,
            listIcons: ['spa'],
            contexts: ['dining-local'],
            'remote.remotelyManaged': 'on',
            'remote.entries[0].accessType': 'url',
            'remote.entries[0].title': 'Taken over',
          }),
          { uuid },
        ),
      ),
    );
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get('Location')).toBe(`/detail/remote/${uuid}/?saved=1`);
    const stored = (await read(own, 'dining-resort', detailId))!;
    expect(stored.title).toBe('Harbor Grill & Bar');
    expect(stored.listIcons).toEqual(['pool']);
    expect(stored.contexts).toEqual([`${own.community}/dining-resort`]);
    // The grant has no Add Buttons: the posted buttons are not read, the stored ones stay.
    expect(stored.detailButtons).toEqual(ITEM.detailButtons);
    expect(await read(own, 'dining-local', detailId)).toBeNull();
    const entries = (await services.db.ref(services.paths.remoteByDetail(detailId)).get()).val() as Record<string, unknown>;
    expect(Object.keys(entries)).toEqual([uuid]);
    const audit = (await services.db.ref(services.paths.remoteAudit(own.community, detailId)).get()).val() as Record<
      string,
      { fields: string[]; who: string }
    >;
    const [record] = Object.values(audit);
    expect(record!.who).toBe('Link: Owner');
    expect(record!.fields).toEqual(['title', 'location', 'description', 'hours', 'phone', 'website']);
    const saved = (await remoteByLink.loader(args(anonymousGet(`/detail/remote/${uuid}/?saved=1`), { uuid }))) as unknown as {
      data: RemoteEditorData;
    };
    expect(saved.data.saved).toBe(true);
  });

  it("logs only what the remote manager changed, by the editor's labels, in the community's time zone", async () => {
    const { own, uuid, detailId } = await urlGrant();
    // The form as the page shows the stored item, the phone changed.
    const answer = await outcome(
      remoteByLink.action(
        args(
          anonymousPost(`/detail/remote/${uuid}/`, {
            intent: 'save',
            title: 'Harbor Grill',
            'location.address': '1 Dock Street',
            'location.city': 'Lake Town',
            'location.state': 'NY',
            'location.zip': '12846',
            'location.latitude': '43.1',
            'location.longitude': '-73.2',
            description: '<p>Fish and chips.</p>',
            phone: '518-555-0199',
            website: 'https://grill.example/',
          }),
          { uuid },
        ),
      ),
    );
    expect(answer.status).toBe(302);
    const audit = (await services.db.ref(services.paths.remoteAudit(own.community, detailId)).get()).val() as Record<
      string,
      { fields: string[]; at: number }
    >;
    const [record] = Object.values(audit);
    expect(record!.fields).toEqual(['phone']);
    // A location admin of the community reads it in the editor.
    const adminUid = `biz-audit-admin-${own.community}`;
    await services.db
      .ref(services.paths.userAuthorization(adminUid))
      .set({ editorDefault: own.community, communities: { [own.community]: { isEditor: true, isAdmin: true } } });
    const cookie = await sessionCookie(
      services.sessions,
      { uid: adminUid, email: `${adminUid}@test.example`, displayName: 'Admin' },
      { communityKey: own.community },
    );
    const admin = { ...own, cookie, uid: adminUid };
    const data = (await editRoute.loader(
      args(get(admin, `/detail/business/dining-resort/${detailId}`), params(detailId)),
    )) as BusinessEditorData;
    const zoned = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }).format(record!.at);
    expect(data.audit).toEqual([
      {
        key: expect.any(String),
        when: expect.stringMatching(new RegExp(`, ${zoned.replace(/\s/g, '\\s')} E[SD]T$`)),
        who: 'Link: Owner',
        changes: ['Phone'],
      },
    ]);
  });

  it("edits the header media of the grant's item, its uploads carrying the grant, without AI images, and records the save", async () => {
    const { own, uuid, detailId } = await urlGrant();
    const path = `/detail/remote/${uuid}/header-images`;
    const editor = await outcome<RemoteEditorData>(remoteByLink.loader(args(anonymousGet(`/detail/remote/${uuid}/`), { uuid })));
    expect(editor.data!.headerHref).toBe(path);
    const data = (await outcome<RemoteHeaderData>(remoteHeaderByLink.loader(args(anonymousGet(path), { uuid })))).data!;
    expect(data.uploadUrl).toBe(`/uploads?bucket=header&remote=${uuid}`);
    expect(data.aiImages).toBe(false);
    expect(data.returnTo).toBe(`/detail/remote/${uuid}/`);
    expect(data.frame.leaveLabel).toBe('Leave this page');
    const multipart = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { Origin: ORIGIN }, body });
    };
    const ai = await outcome(remoteHeaderByLink.action(args(multipart({ intent: 'ai-generate', aiPrompt: 'a lake' }), { uuid })));
    expect(ai.status).toBe(403);
    const saved = await outcome(
      remoteHeaderByLink.action(
        args(
          multipart({
            intent: 'save',
            version: data.version,
            headerType: 'video',
            videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            delaySeconds: '5',
          }),
          { uuid },
        ),
      ),
    );
    expect(saved.status).toBe(302);
    expect(saved.response?.headers.get('Location')).toBe(`/detail/remote/${uuid}/`);
    expect((await read(own, 'dining-resort', detailId))!.headerInfo).toMatchObject({ videoURL: 'dQw4w9WgXcQ' });
    const audit = (await services.db.ref(services.paths.remoteAudit(own.community, detailId)).get()).val() as Record<
      string,
      { fields: string[]; who: string }
    >;
    expect(Object.values(audit).map((record) => record.fields)).toEqual([['headerInfo']]);
    const other = await ownCommunity('editor');
    const elsewhere = `/detail/remote/${uuid}/header-images`;
    expect((await outcome(remoteHeaderByLink.loader(args(get(other, elsewhere), { uuid: 'nobody' })))).status).toBe(404);
  });

  it("counts the header editor's files posted through a link against the link's upload quota, storing nothing past it", async () => {
    const { own, uuid, detailId } = await urlGrant();
    const path = `/detail/remote/${uuid}/header-images`;
    const data = (await outcome<RemoteHeaderData>(remoteHeaderByLink.loader(args(anonymousGet(path), { uuid })))).data!;
    for (let index = 0; index < UPLOAD_RATE.limit; index += 1) await countLinkUpload(services.rateLimiter, uuid);
    const body = new FormData();
    for (const [name, value] of Object.entries({ intent: 'save', version: data.version ?? '', headerType: 'images', delaySeconds: '5' }))
      body.append(name, value);
    body.append('image', new File([hugePng(10, 10)], 'lake.png', { type: 'image/png' }));
    const stored = (await services.storage.list(`${own.community}/images`)).length;
    const header = (await read(own, 'dining-resort', detailId))!.headerInfo;
    const refused = await outcome<{ result: { error?: Record<string, string[]> } }>(
      remoteHeaderByLink.action(args(new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { Origin: ORIGIN }, body }), { uuid })),
    );
    expect(refused.status).toBe(429);
    expect(refused.data!.result.error?.image).toEqual([TOO_MANY_UPLOADS]);
    expect((await services.storage.list(`${own.community}/images`)).length).toBe(stored);
    expect((await read(own, 'dining-resort', detailId))!.headerInfo).toEqual(header);
  });

  it('answers 404 for an unknown uuid, an e-mail grant used as a link, and 403 for a grant without Edit Information', async () => {
    const { uuid } = await urlGrant({ editInfo: false, addButtons: true });
    expect((await outcome(remoteByLink.loader(args(anonymousGet('/detail/remote/nobody/'), { uuid: 'nobody' })))).status).toBe(404);
    expect((await outcome(remoteByLink.loader(args(anonymousGet('/detail/remote/demo-remote/'), { uuid: 'demo-remote' })))).status).toBe(
      404,
    );
    expect((await outcome(remoteByLink.loader(args(anonymousGet(`/detail/remote/${uuid}/`), { uuid })))).status).toBe(403);
    expect((await outcome(remoteByLink.action(args(anonymousPost(`/detail/remote/${uuid}/`, VALID), { uuid })))).status).toBe(403);
  });

  it('opens an e-mail grant only for its signed-in holder, and only its own item', async () => {
    const signIn = await outcome(remoteById.loader(args(anonymousGet('/detail/remote/id/lakeside-grill'), { detailId: 'lakeside-grill' })));
    expect(signIn.status).toBe(302);
    expect(signIn.response?.headers.get('Location')).toMatch(/^\/login\?redirectTo=/);
    const cookie = await sessionCookie(services.sessions, { uid: 'demo-remote', email: 'remote@demo.example', displayName: 'Remote' });
    const remote = { community: 'demo-campground', cookie, uid: 'demo-remote' };
    const data = (await remoteById.loader(
      args(get(remote, '/detail/remote/id/lakeside-grill'), { detailId: 'lakeside-grill' }),
    )) as unknown as {
      data: RemoteEditorData;
    };
    expect(data.data.defaultValue.title).toBe('Lakeside Grill');
    expect(data.data.rights.buttons).toBe(true);
    expect(data.data.leaveHref).toBe('/detail/remote?all=1');
    const { detailId } = await urlGrant();
    expect((await outcome(remoteById.loader(args(get(remote, `/detail/remote/id/${detailId}`), { detailId })))).status).toBe(404);
  });

  it("keeps each community's grant for the same listing key and person apart: neither overwrites nor opens the other's", async () => {
    // Two communities with a listing under the same key ('grill'), as a copied community and its original have.
    const a = await ownCommunity('admin');
    const b = await ownCommunity('admin');
    const manager = `manager-${a.community}@example.com`;
    const grantTo = (own: Own, permissions: Record<string, string>) =>
      outcome(
        editRoute.action(
          args(
            post(own, '/detail/business/dining-resort/grill', {
              ...VALID,
              title: `Grill of ${own.community}`,
              'remote.remotelyManaged': 'on',
              'remote.entries[0].accessType': 'email',
              'remote.entries[0].email': manager,
              'remote.entries[0].name': 'Morgan',
              'remote.entries[0].title': 'Manager',
              ...permissions,
            }),
            params('grill'),
          ),
        ),
      );
    expect((await grantTo(a, { 'remote.entries[0].editInfo': 'on', 'remote.entries[0].sendNotifications': 'on' })).status).toBe(302);
    expect((await grantTo(b, { 'remote.entries[0].editInfo': 'on' })).status).toBe(302);

    const account = (await services.identity.getUserByEmail(manager))!;
    const keyA = remoteGrantKey(a.community, 'grill');
    const keyB = remoteGrantKey(b.community, 'grill');
    const byUid = (await services.db.ref(services.paths.remoteByUid(account.uid)).get()).val() as Record<string, Record<string, unknown>>;
    expect(Object.keys(byUid).sort()).toEqual([keyA, keyB].sort());
    // A's grant is A's as A saved it, Messaging included.
    expect(byUid[keyA]).toMatchObject({ origContext: `${a.community}/dining-resort`, sendNotifications: true, editInfo: true });
    expect(byUid[keyB]).toMatchObject({ origContext: `${b.community}/dining-resort`, sendNotifications: false });
    // Each editor shows its own entry only.
    const editorA = (await editRoute.loader(args(get(a, '/detail/business/dining-resort/grill'), params('grill')))) as BusinessEditorData;
    expect(editorA.defaultValue.remote.entries).toEqual([expect.objectContaining({ email: manager, sendNotifications: true })]);

    // The manager opens each community's listing by its own grant.
    const cookie = await sessionCookie(services.sessions, { uid: account.uid, email: manager, displayName: 'Morgan' });
    const manager_ = { community: a.community, cookie, uid: account.uid };
    const open = async (detailId: string) =>
      outcome<RemoteEditorData>(remoteById.loader(args(get(manager_, `/detail/remote/id/${detailId}`), { detailId })));
    expect((await open(keyA)).data?.defaultValue.title).toBe(`Grill of ${a.community}`);
    expect((await open(keyB)).data?.defaultValue.title).toBe(`Grill of ${b.community}`);
    // The item's id alone names two grants: it opens neither.
    expect((await open('grill')).status).toBe(404);

    // B switching remote management off removes B's grant only.
    expect((await outcome(editRoute.action(args(post(b, '/detail/business/dining-resort/grill', VALID), params('grill'))))).status).toBe(
      302,
    );
    const after = (await services.db.ref(services.paths.remoteByUid(account.uid)).get()).val() as Record<string, unknown>;
    expect(Object.keys(after)).toEqual([keyA]);
  });

  it('moves grants stored under the item id alone to their community and item, once; the editor reads and moves them too', async () => {
    const a = await ownCommunity('admin');
    const b = await ownCommunity('admin');
    counter += 1;
    const legacyId = `legacy-${counter}`;
    const entry = (community: string, uid: string) => ({
      type: 'business',
      accessType: 'url',
      title: 'Owner',
      editInfo: true,
      addButtons: false,
      sendNotifications: false,
      origContext: `${community}/dining-resort`,
      contexts: [`${community}/dining-resort`],
      detailTitle: 'Harbor Grill',
      uid,
    });
    const { paths } = services;
    const [linkA, linkB, orphan] = [`${legacyId}-a`, `${legacyId}-b`, `${legacyId}-orphan`];
    await services.db.ref().update({
      [paths.listItem(a.community, 'dining-resort', legacyId)]: { ...ITEM, id: legacyId, contexts: [`${a.community}/dining-resort`] },
      [paths.listItem(b.community, 'dining-resort', legacyId)]: { ...ITEM, id: legacyId, contexts: [`${b.community}/dining-resort`] },
      [paths.remoteByUid(linkA, legacyId)]: entry(a.community, linkA),
      [paths.remoteByDetail(legacyId, linkA)]: entry(a.community, linkA),
      [paths.remoteByUid(linkB, legacyId)]: entry(b.community, linkB),
      [paths.remoteByDetail(legacyId, linkB)]: entry(b.community, linkB),
      [paths.remoteByUid(orphan, legacyId)]: { type: 'business', accessType: 'url', title: 'Nobody' },
    });
    // Before the move, each community's editor reads only its own legacy entry, and the link opens.
    const editorA = (await editRoute.loader(
      args(get(a, `/detail/business/dining-resort/${legacyId}`), params(legacyId)),
    )) as BusinessEditorData;
    expect(editorA.defaultValue.remote.entries.map((row) => row.uuid)).toEqual([linkA]);
    expect((await outcome(remoteByLink.loader(args(anonymousGet(`/detail/remote/${linkB}/`), { uuid: linkB })))).status).toBe(200);

    // Ours and the demo data's (seeded under item ids).
    expect(await migrateRemoteGrantKeys(services)).toBeGreaterThanOrEqual(2);
    const keyA = remoteGrantKey(a.community, legacyId);
    const keyB = remoteGrantKey(b.community, legacyId);
    expect((await services.db.ref(paths.remoteByDetail(legacyId)).get()).val()).toBeNull();
    expect((await services.db.ref(paths.remoteByUid(linkA)).get()).val()).toEqual({ [keyA]: entry(a.community, linkA) });
    expect((await services.db.ref(paths.remoteByDetail(keyB)).get()).val()).toEqual({ [linkB]: entry(b.community, linkB) });
    // An entry naming no community stays where it is; nobody reads it as theirs.
    expect((await services.db.ref(paths.remoteByUid(orphan, legacyId)).get()).val()).toMatchObject({ title: 'Nobody' });
    expect(await migrateRemoteGrantKeys(services)).toBe(0);
    expect((await outcome(remoteByLink.loader(args(anonymousGet(`/detail/remote/${linkB}/`), { uuid: linkB })))).status).toBe(200);
    // Written under the bare id again since (a reset of the demo data): that one replaces the moved entry.
    const again = { ...entry(a.community, linkA), title: 'Owner again' };
    await services.db.ref().update({ [paths.remoteByUid(linkA, legacyId)]: again, [paths.remoteByDetail(legacyId, linkA)]: again });
    expect(await migrateRemoteGrantKeys(services)).toBe(1);
    expect((await services.db.ref(paths.remoteByUid(linkA)).get()).val()).toEqual({ [keyA]: again });
  });

  it('sends an Update Permissions request to the administrators', async () => {
    const { own, uuid, detailId } = await urlGrant();
    const answer = await outcome(
      remoteByLink.action(
        args(
          anonymousPost(`/detail/remote/${uuid}/`, {
            intent: 'request-update',
            action: 'modify',
            'remoteInfo.addButtons': 'on',
            message: 'Please',
          }),
          {
            uuid,
          },
        ),
      ),
    );
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get('Location')).toBe(`/detail/remote/${uuid}/?requested=1`);
    const requests = (await services.db.ref(services.paths.remoteRequests(own.community)).get()).val() as Record<
      string,
      Record<string, unknown>
    >;
    expect(Object.values(requests)[0]).toMatchObject({ detailId, action: 'modify', message: 'Please' });
    const bad = await outcome<BusinessEditorActionData>(
      remoteByLink.action(args(anonymousPost(`/detail/remote/${uuid}/`, { intent: 'request-update', action: 'add' }), { uuid })),
    );
    expect(bad.status).toBe(400);
    expect(bad.data?.requestResult?.error?.message).toBeTruthy();
  });
});
