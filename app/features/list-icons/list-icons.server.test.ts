import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { LIST_ICON_MESSAGES, listIconVersion } from '@server/list-icons';
import type { Services } from '@server/services';
import * as listRoute from '~/routes/_app.manage-list-icons';
import * as addRoute from '~/routes/_app.manage-list-icons.add';
import * as deleteRoute from '~/routes/_app.manage-list-icons.delete.$iconKey';
import * as editRoute from '~/routes/_app.manage-list-icons.edit.$iconKey';
import { LIST_ICON_TEXTS } from '~/schemas/list-icon';
import { outcome } from '../../../tests/setup/outcome';
import { demoPerson, installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { IconEditorActionData, IconEditorData, ListIconsData } from './list-icons.server';

/**
 * Manage List Icons' loaders and actions with real requests, sessions and the embedded
 * database: each test makes a community of its own, with an editor of its own.
 */

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('list-icons'));
});

afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
}

async function ownCommunity(icons: Record<string, DbValue> = {}): Promise<Own> {
  counter += 1;
  const community = `icons-test-${counter}`;
  const uid = `icons-editor-${counter}`;
  await services.db.ref().update({
    [services.paths.community(community)]: { title: `Icons Test ${counter}`, timeZone: 'America/New_York' },
    [services.paths.listIcons(community)]: icons,
    [services.paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true } } },
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Icons Editor' },
    { communityKey: community },
  );
  return { community, cookie };
}

function pngFile(name = 'pool.png'): File {
  const canvas = createCanvas(300, 200);
  canvas.getContext('2d').fillRect(0, 0, 300, 200);
  return new File([new Uint8Array(canvas.toBuffer('image/png'))], name, { type: 'image/png' });
}

const url = (path = '') => `${ORIGIN}/manage-list-icons${path}`;
const get = (own: Own, path = '') => new Request(url(path), { headers: { Cookie: own.cookie } });
function post(own: Own, path: string, fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(url(path), { method: 'POST', headers: { Cookie: own.cookie, Origin: ORIGIN }, body });
}
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const icons = async (own: Own) =>
  ((await services.db.ref(services.paths.listIcons(own.community)).get()).val() ?? {}) as Record<string, Record<string, unknown>>;
const POOL = { title: 'Pool', active: true, url: '/files/pool.png' };

describe('manage list icons', () => {
  it('lists the icons of the current community only, for its staff', async () => {
    const own = await ownCommunity({ pool: POOL, spa: { title: 'Spa', active: false, url: '/files/spa.png' } });
    const data = (await listRoute.loader(args(get(own)))) as ListIconsData;
    expect(data.icons.map((icon) => [icon.title, icon.active])).toEqual([
      ['Pool', true],
      ['Spa', false],
    ]);
    expect((await outcome(listRoute.loader(args(get({ ...own, cookie: '' }))))).status).toBe(302);
    const remote = await sessionCookie(services.sessions, demoPerson('remote'));
    expect((await outcome(addRoute.action(args(post({ ...own, cookie: remote }, '/add', { intent: 'save', title: 'X' }))))).status).toBe(
      302,
    );
  });

  it('adds an icon keyed by its trimmed title, with its image stored as a small PNG', async () => {
    const own = await ownCommunity();
    const answer = await outcome(
      addRoute.action(args(post(own, '/add', { intent: 'save', title: '  Pet Friendly ', active: 'on', image: pngFile() }))),
    );
    expect(answer.response?.headers.get('Location')).toBe('/manage-list-icons');
    const stored = await icons(own);
    expect(Object.keys(stored)).toEqual(['pet-friendly']);
    expect(stored['pet-friendly']).toMatchObject({ title: 'Pet Friendly', active: true });
    expect(String(stored['pet-friendly']!.url)).toMatch(new RegExp(`${own.community}/images/list-icons/\\d+/pet-friendly\\.png$`));
  });

  it("refuses an empty title with 'Title is required.' and a missing image with the Error dialog", async () => {
    const own = await ownCommunity();
    const untitled = await outcome<IconEditorActionData>(
      addRoute.action(args(post(own, '/add', { intent: 'save', title: '  ', image: pngFile() }))),
    );
    expect(untitled.status).toBe(400);
    expect(untitled.data?.result.error?.title).toEqual([LIST_ICON_TEXTS.titleRequired]);

    const imageless = await outcome<IconEditorActionData>(addRoute.action(args(post(own, '/add', { intent: 'save', title: 'Pool' }))));
    expect(imageless.status).toBe(400);
    expect(imageless.data?.dialog).toEqual({ title: 'Error', message: 'Please upload an icon image.' });

    const dismissed = await outcome<IconEditorActionData>(addRoute.action(args(post(own, '/add', { intent: 'dismiss', title: 'Pool' }))));
    expect(dismissed.status).toBe(200);
    expect(dismissed.data?.dialog).toBeUndefined();
    expect(dismissed.data?.result.initialValue).toMatchObject({ title: 'Pool' });
    expect(await icons(own)).toEqual({});
  });

  it("refuses a title whose key exists, and a file that is not png or jpeg with the 'Incorrect Type' dialog", async () => {
    const own = await ownCommunity({ pool: POOL });
    const taken = await outcome<IconEditorActionData>(
      addRoute.action(args(post(own, '/add', { intent: 'save', title: 'POOL', image: pngFile() }))),
    );
    expect(taken.status).toBe(400);
    expect(taken.data?.result.error?.title).toEqual([LIST_ICON_MESSAGES.exists('POOL')]);

    const gif = new File([new Uint8Array([71, 73, 70])], 'pool.gif', { type: 'image/gif' });
    const wrongType = await outcome<IconEditorActionData>(
      addRoute.action(args(post(own, '/add', { intent: 'save', title: 'Slide', image: gif }))),
    );
    expect(wrongType.status).toBe(400);
    // The spec's dialog (spec 03 §5 Uploader), and its words beside the field.
    expect(wrongType.data?.dialog).toEqual({
      title: 'Incorrect Type',
      message: 'Please upload files with the correct type: image/png, image/jpeg',
    });
    expect(wrongType.data?.result.error?.image).toEqual(['Please upload files with the correct type: image/png, image/jpeg']);
    // OK closes the dialog; the file still chosen keeps its words beside the field.
    const dismissed = await outcome<IconEditorActionData>(
      addRoute.action(args(post(own, '/add', { intent: 'dismiss', title: 'Slide', image: gif }))),
    );
    expect(dismissed.status).toBe(200);
    expect(dismissed.data?.dialog ?? null).toBeNull();
    expect(dismissed.data?.result.error?.image).toEqual(['Please upload files with the correct type: image/png, image/jpeg']);
    expect(Object.keys(await icons(own))).toEqual(['pool']);
  });

  it('edits Active with the title locked, and keeps the image', async () => {
    const own = await ownCommunity({ pool: POOL });
    const editor = (await editRoute.loader(args(get(own, '/edit/pool'), { iconKey: 'pool' }))) as IconEditorData;
    expect(editor).toMatchObject({ mode: 'edit', icon: { title: 'Pool', active: true } });
    const saved = await outcome(
      editRoute.action(args(post(own, '/edit/pool', { intent: 'save', title: 'Renamed', version: editor.version! }), { iconKey: 'pool' })),
    );
    expect(saved.status).toBe(302);
    expect((await icons(own)).pool).toEqual({ title: 'Pool', active: false, url: '/files/pool.png' });
  });

  it('removes the image only with a new one: Update without one shows the Error dialog', async () => {
    const own = await ownCommunity({ pool: POOL });
    const removed = await outcome<IconEditorActionData>(
      editRoute.action(args(post(own, '/edit/pool', { intent: 'remove-image', title: 'Pool', active: 'on' }), { iconKey: 'pool' })),
    );
    expect(removed.data?.imageRemoved).toBe(true);
    const update = await outcome<IconEditorActionData>(
      editRoute.action(
        args(post(own, '/edit/pool', { intent: 'save', title: 'Pool', active: 'on', removeImage: 'on' }), { iconKey: 'pool' }),
      ),
    );
    expect(update.status).toBe(400);
    expect(update.data?.dialog?.message).toBe(LIST_ICON_TEXTS.imageRequired);
    expect((await icons(own)).pool).toEqual(POOL);

    const replaced = await outcome(
      editRoute.action(
        args(post(own, '/edit/pool', { intent: 'save', title: 'Pool', active: 'on', removeImage: 'on', image: pngFile() }), {
          iconKey: 'pool',
        }),
      ),
    );
    expect(replaced.status).toBe(302);
    expect(String((await icons(own)).pool!.url)).toMatch(/\/images\/list-icons\/\d+\/pool\.png$/);
  });

  it('answers 409 with their version when the icon changed since the form was shown', async () => {
    const own = await ownCommunity({ pool: POOL });
    const shown = listIconVersion({ ...POOL });
    await services.db.ref(services.paths.listIcon(own.community, 'pool')).update({ active: false });
    const stale = await outcome<IconEditorActionData>(
      editRoute.action(args(post(own, '/edit/pool', { intent: 'save', title: 'Pool', active: 'on', version: shown }), { iconKey: 'pool' })),
    );
    expect(stale.status).toBe(409);
    expect(stale.data?.conflict?.theirs).toEqual([{ label: 'Active', value: 'No' }]);
    expect(stale.data?.version).toBe(listIconVersion({ ...POOL, active: false }));
    expect((await icons(own)).pool!.active).toBe(false);
  });

  it("deletes an icon after 'Delete Icon', and answers 404 for an icon that is not there", async () => {
    const own = await ownCommunity({ pool: POOL });
    expect(await deleteRoute.loader(args(get(own, '/delete/pool'), { iconKey: 'pool' }))).toMatchObject({ icon: { title: 'Pool' } });
    const deleted = await outcome(deleteRoute.action(args(post(own, '/delete/pool', { intent: 'delete' }), { iconKey: 'pool' })));
    expect(deleted.status).toBe(302);
    expect(await icons(own)).toEqual({});
    expect((await outcome(deleteRoute.loader(args(get(own, '/delete/pool'), { iconKey: 'pool' })))).status).toBe(404);
    expect((await outcome(editRoute.loader(args(get(own, '/edit/pool'), { iconKey: 'pool' })))).status).toBe(404);
  });
});
