import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import type { Services } from '@server/services';
import type { BulkActionData, ListScreenData } from '~/lib/listing/screen';
import * as menuListRoute from '~/routes/_app.list.$menuId.$gridMenuKey';
import * as addRoute from '~/routes/_app.list.$menuId.$gridMenuKey.$tab.add';
import * as editRoute from '~/routes/_app.list.$menuId.$gridMenuKey.$tab.edit.$itemId';
import * as sortRoute from '~/routes/_app.list.$menuId.$gridMenuKey.$tab.sort';
import * as listnmRoute from '~/routes/_app.listnm.$context';
import * as remoteRoute from '~/routes/listnm.remote.$context.$uuid';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, routeArgs, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { ItemEditorActionData, ItemEditorData } from './editor.server';

/**
 * The list screen's loaders and actions with real requests, sessions and the embedded database
 * (spec 02 "Listing routes", §4, §5, §8): each test makes a community of its own with its own
 * list, reached through a menu item of its own main menu.
 */

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('list-screen'));
});

afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
  path: (...parts: string[]) => string;
}

/** A community with an editor of its own and a FAQ list `faqs` on its main menu. */
async function ownList(items: Record<string, DbValue>, options: { tabs?: boolean } = {}): Promise<Own> {
  counter += 1;
  const community = `list-test-${counter}`;
  const uid = `list-editor-${counter}`;
  const menu = [
    { id: 'faqs', uniqueId: 'faqs', name: 'Questions', type: 'faqs' },
    {
      id: 'contacts',
      uniqueId: 'contacts',
      name: 'Contacts',
      type: 'contacts',
      tabs: [
        { id: 'offices', title: 'Offices' },
        { id: 'emergency', title: 'Emergency' },
      ],
    },
  ];
  const data = options.tabs
    ? { 'contacts-offices': items, 'contacts-emergency': { e1: { name: 'Sheriff', phone: '5550100999' } } }
    : { faqs: items };
  await services.db.ref().update({
    [services.paths.community(community)]: { title: `List Test ${counter}`, timeZone: 'America/New_York' },
    [services.paths.menu(community, 'main-menu')]: menu,
    ...Object.fromEntries(Object.entries(data).map(([node, value]) => [services.paths.section(community, node), value])),
    [services.paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true } } },
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'List Editor' },
    { communityKey: community },
  );
  return { community, cookie, path: (...parts) => `${ORIGIN}/list/main-menu/${parts.join('/')}` };
}

const faq = (title: string, ordinal: number, extra: Record<string, DbValue> = {}) => ({
  title,
  htmlDescription: `<p>${title}</p>`,
  description: title,
  ordinal,
  ...extra,
});

const get = (own: Own, url: string) => getRequest(own.cookie, url);
const post = (own: Own, url: string, fields: PostedFields) => postRequest(own.cookie, url, fields);
const args = routeArgs;
const stored = async (own: Own, node = 'faqs') =>
  ((await services.db.ref(services.paths.section(own.community, node)).get()).val() ?? {}) as Record<string, Record<string, unknown>>;

describe('the list screen', () => {
  it('shows the first rows in order, filters over the whole list and counts every match for select-all', async () => {
    const items = Object.fromEntries(
      Array.from({ length: 70 }, (_, index) => [`q${String(index).padStart(2, '0')}`, faq(`Question ${index}`, index)]),
    );
    const own = await ownList(items);
    const params = { menuId: 'main-menu', gridMenuKey: 'faqs' };
    const page = (await menuListRoute.loader(args(get(own, own.path('faqs')), params))) as ListScreenData;
    expect(page.title).toBe('Questions');
    expect(page.rows).toHaveLength(50);
    expect(page.rows[0]?.title).toBe('Question 0');
    expect(page.next).not.toBeNull();
    // Without JavaScript "More" adds a page of the first chunk's size and leads to its first row.
    expect(page.moreHref).toBe('/list/main-menu/faqs?more=1#more-1');
    expect(page.rows.some((row) => row.anchor)).toBe(false);
    expect(page.rows[0]?.editHref).toBe('/list/main-menu/faqs/all/edit/q00#editor');

    const more = (await menuListRoute.loader(args(get(own, `${own.path('faqs')}?more=1`), params))) as ListScreenData;
    expect(more.rows).toHaveLength(70);
    expect(more.rows.filter((row) => row.anchor).map((row) => [row.title, row.anchor])).toEqual([['Question 50', 'more-1']]);
    expect(more.moreHref).toBeNull();
    // The reader's "More" travels with the row's form, and the form returns to the longer list.
    expect(more.rows[55]?.editHref).toBe('/list/main-menu/faqs/all/edit/q55?more=1#editor');

    // "Question 6" and "Question 60" … "Question 69": matches beyond the first chunk.
    const filtered = (await menuListRoute.loader(args(get(own, `${own.path('faqs')}?q=question%206&all=1`), params))) as ListScreenData;
    expect(filtered.rows.map((row) => row.title)).toEqual([
      'Question 6',
      ...Array.from({ length: 10 }, (_, index) => `Question ${60 + index}`),
    ]);
    expect(filtered.selectAll).toMatchObject({ count: 11, truncated: false });
    expect(filtered.filters).toMatchObject({ q: 'question 6', active: true, clearHref: '/list/main-menu/faqs' });
    expect(filtered.rows[0]?.editHref).toBe('/list/main-menu/faqs/all/edit/q06?q=question+6#editor');
  });

  it('answers 404 for unknown lists, menu items and tabs', async () => {
    const own = await ownList({}, { tabs: true });
    const status = async (params: Record<string, string>, url: string) =>
      (await outcome(menuListRoute.loader(args(get(own, url), params)))).status;
    expect(await status({ menuId: 'main-menu', gridMenuKey: 'nope' }, own.path('nope'))).toBe(404);
    expect(await status({ menuId: 'no-menu', gridMenuKey: 'faqs' }, `${ORIGIN}/list/no-menu/faqs`)).toBe(404);
    expect(await status({ menuId: 'main-menu', gridMenuKey: 'contacts', tab: 'nope' }, own.path('contacts', 'nope'))).toBe(404);
    expect(await status({ menuId: 'main-menu', gridMenuKey: 'faqs', tab: 'offices' }, own.path('faqs', 'offices'))).toBe(404);
    expect((await outcome(listnmRoute.loader(args(get(own, `${ORIGIN}/listnm/nope`), { context: 'nope' })))).status).toBe(404);
    // System-wide topics are for system admins.
    expect(
      (await outcome(listnmRoute.loader(args(get(own, `${ORIGIN}/listnm/systemwide-category`), { context: 'systemwide-category' }))))
        .status,
    ).toBe(403);

    const tabbed = (await menuListRoute.loader(
      args(get(own, own.path('contacts', 'emergency')), { menuId: 'main-menu', gridMenuKey: 'contacts', tab: 'emergency' }),
    )) as ListScreenData;
    expect(tabbed.tabs.map((tab) => [tab.title, tab.current, tab.href])).toEqual([
      ['Offices', false, '/list/main-menu/contacts/offices'],
      ['Emergency', true, '/list/main-menu/contacts/emergency'],
    ]);
    expect(tabbed.rows.map((row) => row.title)).toEqual(['Sheriff']);
  });

  it('deletes the selected rows after the confirmation, and every match of a filter in one go', async () => {
    const own = await ownList({ a: faq('Alpha', 0), b: faq('Bravo', 1), c: faq('Charlie', 2), d: faq('Delta', 3) });
    const params = { menuId: 'main-menu', gridMenuKey: 'faqs' };
    const asked = await outcome<BulkActionData>(
      menuListRoute.action(
        args(
          post(own, own.path('faqs'), [
            ['intent', 'delete-selected'],
            ['key', 'a'],
          ]),
          params,
        ),
      ),
    );
    expect(asked.status).toBe(200);
    expect(asked.data?.confirm).toMatchObject({ text: 'Are you certain you want to delete all selected items?', count: 1, keys: ['a'] });
    expect(Object.keys(await stored(own))).toHaveLength(4);

    const done = await outcome(
      menuListRoute.action(
        args(
          post(own, own.path('faqs'), [
            ['intent', 'delete-selected'],
            ['key', 'a'],
            ['confirmed', '1'],
          ]),
          params,
        ),
      ),
    );
    expect(done.status).toBe(302);
    expect(done.response?.headers.get('Location')).toBe('/list/main-menu/faqs');
    expect(Object.keys(await stored(own)).sort()).toEqual(['b', 'c', 'd']);

    // Select-all of the filter "ar": only Charlie matches, though it is not among the posted keys.
    const all = await outcome(
      menuListRoute.action(
        args(
          post(own, `${own.path('faqs')}?q=ar`, [
            ['intent', 'delete-selected'],
            ['all', '1'],
            ['confirmed', '1'],
          ]),
          params,
        ),
      ),
    );
    expect(all.status).toBe(302);
    expect(Object.keys(await stored(own)).sort()).toEqual(['b', 'd']);

    const bad = await outcome(
      menuListRoute.action(
        args(
          post(own, own.path('faqs'), [
            ['intent', 'delete-selected'],
            ['key', 'a/b'],
          ]),
          params,
        ),
      ),
    );
    expect(bad.status).toBe(400);
  });
});

describe('the item editor', () => {
  const params = { menuId: 'main-menu', gridMenuKey: 'faqs', tab: 'all' };

  it('adds a new item on top with a sanitized description, once however often the form is posted', async () => {
    const own = await ownList({ a: faq('Alpha', 0), b: faq('Bravo', 1) });
    const form = (await addRoute.loader(args(get(own, own.path('faqs', 'all', 'add')), params))) as ItemEditorData;
    expect(form.heading).toBe('Add FAQ');
    const fields: Array<[string, string]> = [
      ['intent', 'save'],
      ['itemKey', form.itemKey],
      ['title', 'Where is the ice?'],
      ['htmlDescription', '<p>At the <b>store</b><script>alert(1)</script></p>'],
    ];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const saved = await outcome(addRoute.action(args(post(own, own.path('faqs', 'all', 'add'), fields), params)));
      expect(saved.status).toBe(302);
      // Back to the list at the new row.
      expect(saved.response?.headers.get('Location')).toBe(`/list/main-menu/faqs#row-${form.itemKey}`);
    }
    const items = await stored(own);
    expect(Object.keys(items)).toHaveLength(3);
    expect(items[form.itemKey]).toMatchObject({
      title: 'Where is the ice?',
      htmlDescription: '<p>At the <b>store</b></p>',
      description: 'At the store',
    });
    expect(Number(items[form.itemKey]?.ordinal)).toBeLessThan(0);

    const empty = await outcome<ItemEditorActionData>(
      addRoute.action(
        args(
          post(own, own.path('faqs', 'all', 'add'), [
            ['intent', 'save'],
            ['itemKey', 'x1'],
          ]),
          params,
        ),
      ),
    );
    expect(empty.status).toBe(400);
    expect(empty.data?.result.error?.title).toEqual(['Title is required.']);
  });

  it('an add whose key another item has writes nothing, says so, keeps what was typed and offers a fresh key', async () => {
    const own = await ownList({ a: faq('Alpha', 0), b: faq('Bravo', 1) });
    // A form posting the key of an existing item (two forms given the same key, or a tampered one).
    const fields: Array<[string, string]> = [
      ['intent', 'save'],
      ['itemKey', 'a'],
      ['title', 'Where is the ice?'],
    ];
    const taken = await outcome<ItemEditorActionData>(addRoute.action(args(post(own, own.path('faqs', 'all', 'add'), fields), params)));
    expect(taken.status).toBe(409);
    expect(taken.data?.result.error?.['']).toEqual([
      "Another FAQ already has this item's key, so nothing was saved. What you typed is still in the form: submit it again to add it as a new FAQ.",
    ]);
    expect(taken.data?.result.initialValue).toMatchObject({ title: 'Where is the ice?' });
    const fresh = taken.data?.itemKey;
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe('a');
    expect((await stored(own)).a).toMatchObject({ title: 'Alpha' });
    expect(Object.keys(await stored(own))).toHaveLength(2);

    // Submitted again with the fresh key, it is added.
    const again = await outcome(
      addRoute.action(
        args(post(own, own.path('faqs', 'all', 'add'), [...fields.filter(([name]) => name !== 'itemKey'), ['itemKey', fresh!]]), params),
      ),
    );
    expect(again.status).toBe(302);
    expect((await stored(own))[fresh!]).toMatchObject({ title: 'Where is the ice?' });
    expect((await stored(own)).a).toMatchObject({ title: 'Alpha' });
  });

  it("says whose an item of another of the person's communities is, instead of a bare 404", async () => {
    const holder = await ownList({ z: faq('Zulu', 0) });
    const own = await ownList({ a: faq('Alpha', 0) });
    const uid = `list-editor-${counter}`;
    await services.db.ref(`${services.paths.userAuthorization(uid)}/communities/${holder.community}`).set({ isEditor: true });
    const answer = await outcome(editRoute.loader(args(get(own, own.path('faqs', 'all', 'edit', 'z')), { ...params, itemId: 'z' })));
    expect(answer.status).toBe(404);
    // An editor may not switch communities (spec 03 §6): the page says whom to ask.
    expect(await answer.response!.json()).toMatchObject({
      reason: 'other-community',
      title: `This listing belongs to List Test ${counter - 1}`,
      community: { key: holder.community },
      canSwitch: false,
    });
    const none = await outcome(editRoute.loader(args(get(own, own.path('faqs', 'all', 'edit', 'nope')), { ...params, itemId: 'nope' })));
    expect(await none.response!.text()).not.toContain('other-community');
  });

  it("keeps both people's work when two edit the same item", async () => {
    const own = await ownList({ a: faq('Alpha', 0) });
    const editParams = { ...params, itemId: 'a' };
    const url = own.path('faqs', 'all', 'edit', 'a');
    const shown = (await editRoute.loader(args(get(own, url), editParams))) as ItemEditorData;
    expect(shown.version).toBeTruthy();
    // Someone else saves first.
    await services.db.ref(services.paths.listItem(own.community, 'faqs', 'a')).update({ title: 'Alpha (theirs)' });
    const mine: Array<[string, string]> = [
      ['intent', 'save'],
      ['version', shown.version ?? ''],
      ['title', 'Alpha (mine)'],
      ['htmlDescription', '<p>Mine</p>'],
    ];
    const refused = await outcome<ItemEditorActionData>(editRoute.action(args(post(own, url, mine), editParams)));
    expect(refused.status).toBe(409);
    expect(refused.data?.conflict?.theirs).toContainEqual({ label: 'Title', value: 'Alpha (theirs)' });
    expect((await stored(own)).a?.title).toBe('Alpha (theirs)');

    const again = await outcome(
      editRoute.action(
        args(post(own, url, [...mine.filter(([name]) => name !== 'version'), ['version', refused.data?.version ?? '']]), editParams),
      ),
    );
    expect(again.status).toBe(302);
    expect((await stored(own)).a).toMatchObject({ title: 'Alpha (mine)', ordinal: 0 });
  });
});

describe('the remote listing link', () => {
  it('opens the remote pages for a uuid with a URL grant, and is 404 otherwise', async () => {
    const uuid = `remote-link-${++counter}`;
    await services.db.ref(services.paths.remoteByUid(uuid, 'lakeside-grill')).set({
      type: 'business',
      contexts: ['demo-campground/dining-resort'],
      title: 'Owner',
      editInfo: true,
      accessType: 'url',
      origContext: 'demo-campground/dining-resort',
      uid: uuid,
    });
    const request = (context: string, id: string) => new Request(`${ORIGIN}/listnm/remote/${context}/${id}`);
    const opened = await outcome(remoteRoute.loader(args(request('dining', uuid), { context: 'dining', uuid })));
    expect(opened.status).toBe(302);
    expect(opened.response?.headers.get('Location')).toBe(`/detail/remote/${uuid}`);
    expect((await outcome(remoteRoute.loader(args(request('nope', uuid), { context: 'nope', uuid })))).status).toBe(404);
    expect((await outcome(remoteRoute.loader(args(request('dining', 'nobody'), { context: 'dining', uuid: 'nobody' })))).status).toBe(404);
  });
});

describe('sort mode', () => {
  const params = { menuId: 'main-menu', gridMenuKey: 'faqs', tab: 'all' };

  it('moves a row down, sorts alphabetically after the confirmation, and refuses what it cannot read', async () => {
    const own = await ownList({ c: faq('charlie', 0), a: faq('Alpha', 1), b: faq('bravo', 2) });
    const url = own.path('faqs', 'all', 'sort');
    const order = async () =>
      Object.entries(await stored(own))
        .sort(([, x], [, y]) => Number(x.ordinal) - Number(y.ordinal))
        .map(([key]) => key);

    const moved = await outcome(
      sortRoute.action(
        args(
          post(own, url, [
            ['intent', 'move-down'],
            ['key', 'c'],
          ]),
          params,
        ),
      ),
    );
    expect(moved.status).toBe(302);
    expect(await order()).toEqual(['a', 'c', 'b']);

    const asked = await outcome(sortRoute.action(args(post(own, url, [['intent', 'sort-alpha']]), params)));
    expect(asked.data).toEqual({ confirmAlpha: true, error: null });
    expect(await order()).toEqual(['a', 'c', 'b']);
    await sortRoute.action(args(post(own, url, [['intent', 'sort-alpha-confirmed']]), params)).catch((error: unknown) => error);
    expect(await order()).toEqual(['a', 'b', 'c']);

    expect(
      (
        await outcome(
          sortRoute.action(
            args(
              post(own, url, [
                ['intent', 'reorder'],
                ['order', '{'],
              ]),
              params,
            ),
          ),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await outcome(
          sortRoute.action(
            args(
              post(own, url, [
                ['intent', 'move-up'],
                ['key', 'a'],
              ]),
              params,
            ),
          ),
        )
      ).status,
    ).toBe(400);
  });
});
