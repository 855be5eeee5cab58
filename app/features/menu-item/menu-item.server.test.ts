import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_ITEM_MESSAGES } from '@server/menu/items';
import type { Services } from '@server/services';
import { AUTH_REQUIRED_MESSAGE, MISSING_UNIQUE_ID_MESSAGE } from '~/lib/catalogues/auth-groups';
import { conflictMessage } from '~/lib/conflict';
import { INVALID_SVG_MESSAGE, SVG_WITH_IMAGE_MESSAGE } from '~/lib/icons/sanitize';
import { action as indexAction } from '~/routes/_app._home._index';
import { action as addAction, loader as addLoader } from '~/routes/_app._home.add';
import { action as editAction, loader as editLoader } from '~/routes/_app._home.home.edit.$itemId';
import { ICON_REQUIRED, INVALID_URL, TITLE_REQUIRED, URL_REQUIRED } from '~/schemas/menu-item';
import { outcome as outcomeOf } from '../../../tests/setup/outcome';
import { COMMUNITY_A, demoPerson, installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { MenuItemActionData, MenuItemEditorData } from './menu-item.server';

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let editor: string;
let system: string;
let outsider: string;
let seededMenu: unknown;

beforeAll(async () => {
  ({ services, close } = await installTestServices('menu-item-panel'));
  editor = await sessionCookie(services.sessions, demoPerson('editorA'));
  system = await sessionCookie(services.sessions, demoPerson('system'), { communityKey: COMMUNITY_A });
  outsider = await sessionCookie(services.sessions, demoPerson('remote'));
  seededMenu = (await services.db.ref(menuPath()).get()).val();
});

afterAll(async () => {
  await close?.();
});

beforeEach(async () => {
  await services.db.ref(menuPath()).set(seededMenu as never);
  await services.db.ref(services.paths.community(COMMUNITY_A)).update({ protectFirstMainMenuItems: null });
});

function menuPath(menuId = 'main-menu') {
  return services.paths.menu(COMMUNITY_A, menuId);
}
/** A stored menu item as these tests read it. */
interface StoredItem {
  [field: string]: unknown;
  uniqueId?: string;
  name?: string;
  iconData?: Record<string, unknown>;
  tabs?: Array<Record<string, string>>;
}
const menu = async (menuId = 'main-menu') => ((await services.db.ref(menuPath(menuId)).get()).val() ?? []) as StoredItem[];

type Mode = { action: 'add' } | { action: 'edit'; itemId?: string };
const params = (mode: Mode) => ('itemId' in mode && mode.itemId ? { itemId: mode.itemId } : {});
const pathOf = (mode: Mode) => (mode.action === 'add' ? '/add' : 'itemId' in mode && mode.itemId ? `/home/edit/${mode.itemId}` : '/edit');

const load = (cookie: string, mode: Mode, query = '') =>
  (mode.action === 'add' ? addLoader : editLoader)({
    request: new Request(`${ORIGIN}${pathOf(mode)}${query}`, { headers: { Cookie: cookie } }),
    params: params(mode),
    context: {},
  }) as Promise<MenuItemEditorData>;

function post(cookie: string, mode: Mode, fields: Record<string, string | string[] | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  const request = new Request(`${ORIGIN}${pathOf(mode)}`, { method: 'POST', headers: { Cookie: cookie }, body });
  return outcome((mode.action === 'add' ? addAction : editAction)({ request, params: params(mode), context: {} }));
}

const outcome = (promise: Promise<unknown>) => outcomeOf<MenuItemActionData>(promise);

const errorsOf = (data: MenuItemActionData | null) => (data?.result.error ?? {}) as Record<string, string[] | null>;

const base = { menuId: 'ignored', typeId: 'website', name: 'Park Website', icon: 'globe', url: 'https://pine.example', intent: 'save' };

describe('menu item editor: access', () => {
  it('lets staff of the community in and sends others away', async () => {
    expect((await load(editor, { action: 'add' })).mode).toBe('add');
    expect((await outcome(load('', { action: 'add' }))).status).toBe(302);
    expect((await outcome(load(outsider, { action: 'add' }))).status).toBe(302);
    expect((await post(outsider, { action: 'add' }, base)).status).toBe(302);
    expect((await post('', { action: 'add' }, base)).status).toBe(302);
  });

  it('/edit without an item goes home; an unknown item goes home with a message', async () => {
    const bare = await outcome(load(editor, { action: 'edit' }));
    expect(bare.status).toBe(302);
    expect(bare.response!.headers.get('Location')).toBe('/');
    const gone = await outcome(load(editor, { action: 'edit', itemId: 'no-such-item' }));
    expect(gone.status).toBe(302);
  });
});

describe('menu item editor: adding', () => {
  it('starts with the Select Menu Type picker; a chosen type gives its defaults', async () => {
    const picking = await load(editor, { action: 'add' });
    expect(picking.picker.open).toBe(true);
    expect(picking.defaultValue).toBeNull();
    expect(picking.heading).toBe('Add Menu Item');

    const scan = await load(editor, { action: 'add' }, '?type=rewards-scan-store');
    expect(scan.picker.open).toBe(false);
    expect(scan.defaultValue).toMatchObject({
      typeId: 'rewards-scan-store',
      icon: 'barcode',
      // The form's defaults: a checked checkbox is 'on'.
      isRestricted: 'on',
      auth: ['canScan', 'isAdmin'],
      menuId: 'main-menu',
    });
    expect(scan.choices.form?.map((choice) => choice.value)).toContain('visitor-registration');
    expect(scan.authGroups.map((group) => group.title)).toEqual(
      expect.arrayContaining(['App Admin', 'Current Guests', 'All Users', 'App Editor', 'User is NOT logged in']),
    );
  });

  it('shows every rule of spec 02 §5 with its message and keeps what was typed', async () => {
    const empty = await post(editor, { action: 'add' }, { typeId: 'website', name: '', icon: '', url: '', intent: 'save' });
    expect(empty.status).toBe(400);
    expect(errorsOf(empty.data)).toMatchObject({ name: [TITLE_REQUIRED], icon: [ICON_REQUIRED], url: [URL_REQUIRED] });

    const badUrl = await post(editor, { action: 'add' }, { ...base, url: 'pine hollow' });
    expect(errorsOf(badUrl.data).url).toEqual([INVALID_URL]);
    expect(badUrl.data!.result.initialValue).toMatchObject({ name: 'Park Website', url: 'pine hollow' });

    const form = await post(editor, { action: 'add' }, { ...base, typeId: 'form', url: '' });
    expect(errorsOf(form.data).existingId).toEqual(['Form is required.']);

    const calendar = await post(editor, { action: 'add' }, { ...base, typeId: 'amc-events', source: 'existing' });
    expect(errorsOf(calendar.data).existingId).toEqual(['Calendar is required.']);
    const map = await post(editor, { action: 'add' }, { ...base, typeId: 'searchablemap-detail', source: 'existing' });
    expect(errorsOf(map.data).existingId).toEqual(['Map is required.']);

    const restricted = await post(editor, { action: 'add' }, { ...base, isRestricted: 'on' });
    expect(errorsOf(restricted.data).auth).toEqual([AUTH_REQUIRED_MESSAGE]);
    expect(await menu()).toEqual(seededMenu);
  });

  it('adds a website at the end of the menu with a generated uniqueId', async () => {
    const saved = await post(editor, { action: 'add' }, { ...base, useWebView: 'on', description: 'Our site' });
    expect(saved.status).toBe(302);
    const items = await menu();
    const added = items.at(-1)!;
    expect(added).toMatchObject({
      name: 'Park Website',
      type: 'website',
      url: 'https://pine.example',
      useWebView: true,
      uniqueId: 'park-website',
      id: 'park-website',
      icon: 'globe',
      description: 'Our site',
    });
    expect(added.iconData).toMatchObject({
      iconSet: 'svg_round',
      title: 'globe',
      colorIconShape: '#FFFFFF',
      colorIconBackground: '#2E6B4F',
    });
    expect(added.iconData?.svg).toMatch(/^<svg/);
    expect(added).not.toHaveProperty('isRestricted');
  });

  it('suffixes a generated uniqueId that is reserved or already used', async () => {
    await post(editor, { action: 'add' }, { ...base, name: 'Messages' });
    await post(editor, { action: 'add' }, { ...base, name: 'Activities' });
    const [reserved, used] = (await menu()).slice(-2);
    expect(reserved?.uniqueId).toMatch(/^messages-\d{13}$/);
    expect(used?.uniqueId).toMatch(/^activities-\d{13}$/);
  });

  it('saves a file as a website with fromFile, storing an uploaded file', async () => {
    const pdf = new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'Park Map.pdf', { type: 'application/pdf' });
    const uploaded = await post(
      editor,
      { action: 'add' },
      { ...base, typeId: 'file', name: 'Park Map', icon: 'file', url: '', file: pdf, intent: 'upload-file' },
    );
    expect(uploaded.status).toBe(200);
    const url = String((uploaded.data!.result.initialValue as Record<string, string>).url);
    expect(url).toMatch(/\/demo-campground\/images\/files\/\d+\/Park-Map\.pdf$/);
    const saved = await post(editor, { action: 'add' }, { ...base, typeId: 'file', name: 'Park Map', icon: 'file', url });
    expect(saved.status).toBe(302);
    expect((await menu()).at(-1)).toMatchObject({ type: 'website', fromFile: true, url });
  });

  it('saves the purchase scans as rewards-scan with uniqueId store or reservation, restricted to scanners', async () => {
    await post(
      editor,
      { action: 'add' },
      {
        ...base,
        typeId: 'rewards-scan-store',
        name: 'Scan Store',
        icon: 'barcode',
        url: '',
        isRestricted: 'on',
        auth: ['canScan', 'isAdmin'],
      },
    );
    await post(
      editor,
      { action: 'add' },
      { ...base, typeId: 'rewards-scan-reservation', name: 'Scan Stay', icon: 'scan-qr', url: '', isRestricted: 'on', auth: ['canScan'] },
    );
    const [store, reservation] = (await menu()).slice(-2);
    expect(store).toMatchObject({ type: 'rewards-scan', uniqueId: 'store', isRestricted: true, auth: ['canScan', 'isAdmin'], url: '' });
    expect(reservation).toMatchObject({ type: 'rewards-scan', uniqueId: 'reservation', auth: ['canScan'] });
  });

  it('makes a new calendar or uses an existing one for Activities', async () => {
    await post(
      editor,
      { action: 'add' },
      { ...base, typeId: 'amc-events', name: 'Pool Schedule', icon: 'calendar', url: '', source: 'new' },
    );
    const made = (await menu()).at(-1)!;
    expect(made).toMatchObject({ type: 'amc-events', uniqueId: 'pool-schedule' });
    expect((await services.db.ref(services.paths.calendarConfig(COMMUNITY_A, 'pool-schedule')).get()).val()).toMatchObject({
      title: 'Pool Schedule',
      allowUserCreated: false,
      priorNotificationTime: 15,
    });
    await post(
      editor,
      { action: 'add' },
      { ...base, typeId: 'amc-events', name: 'Kids', icon: 'calendar', url: '', source: 'existing', existingId: 'kids-club' },
    );
    expect((await menu()).at(-1)).toMatchObject({ uniqueId: 'kids-club' });
  });

  it('makes a new map with its title (spec 02 §7)', async () => {
    await post(
      editor,
      { action: 'add' },
      { ...base, typeId: 'searchablemap-detail', name: 'Trail Map', icon: 'map-pin', url: '', source: 'new' },
    );
    const item = (await menu()).at(-1)!;
    expect(item.type).toBe('searchablemap-detail');
    expect((await services.db.ref(services.paths.mapTitle(COMMUNITY_A, String(item.uniqueId))).get()).val()).toBe('Trail Map');
  });

  it('stores tabs with ids from their titles', async () => {
    await post(
      editor,
      { action: 'add' },
      { ...base, typeId: 'business', name: 'Shops', icon: 'store', url: '', 'tabs[0].title': 'On Site', 'tabs[1].title': 'In Town' },
    );
    expect((await menu()).at(-1)).toMatchObject({
      type: 'business',
      uniqueId: 'shops',
      tabs: [
        { id: 'on-site', title: 'On Site' },
        { id: 'in-town', title: 'In Town' },
      ],
    });
  });

  it('takes an uploaded svg icon and refuses svgs with images or other files', async () => {
    const svg = (text: string, name = 'leaf.svg') => new File([text], name, { type: 'image/svg+xml' });
    const good = await post(
      editor,
      { action: 'add' },
      {
        ...base,
        iconFile: svg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2h20v20z"/><script>alert(1)</script></svg>'),
        intent: 'upload-svg',
      },
    );
    expect(good.status).toBe(200);
    const initial = good.data!.result.initialValue as Record<string, string>;
    expect(initial.icon ?? '').toBe('');
    expect(initial.iconSvg).toContain('<path');
    expect(initial.iconSvg).not.toContain('script');

    const withImage = await post(
      editor,
      { action: 'add' },
      { ...base, iconFile: svg('<svg xmlns="http://www.w3.org/2000/svg"><image href="x.png"/></svg>'), intent: 'upload-svg' },
    );
    expect(errorsOf(withImage.data).icon).toEqual([SVG_WITH_IMAGE_MESSAGE]);
    const notSvg = await post(editor, { action: 'add' }, { ...base, iconFile: svg('hello', 'leaf.txt'), intent: 'upload-svg' });
    expect(errorsOf(notSvg.data).icon?.[0]).toMatch(/correct type|valid \.svg/);
    expect([INVALID_SVG_MESSAGE, expect.stringMatching(/correct type/)]).toContainEqual(errorsOf(notSvg.data).icon?.[0]);

    await post(editor, { action: 'add' }, { ...base, icon: '', iconSvg: String(initial.iconSvg) });
    const saved = (await menu()).at(-1)!;
    expect(saved.icon).toBe('custom');
    expect(saved.iconData).toMatchObject({ isCustom: true, title: 'custom' });
    expect(saved.iconData?.svg).toContain('<path');
  });

  it('applies the chosen type without JavaScript (change-type), keeping the title', async () => {
    const changed = await post(
      editor,
      { action: 'add' },
      { ...base, previousTypeId: 'website', typeId: 'send-notification', intent: 'change-type' },
    );
    expect(changed.status).toBe(200);
    expect(changed.data!.result.error).toBeUndefined();
    expect(changed.data!.result.initialValue).toMatchObject({
      typeId: 'send-notification',
      name: 'Park Website',
      icon: 'send',
      isRestricted: 'on',
      auth: ['canNotify', 'isAdmin'],
      url: '',
    });
  });
});

describe('menu item editor: values checked on save, whatever the browser sent', () => {
  const HOSTILE_SVG =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script>' +
    '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(3)"/></body></foreignObject>' +
    '<a href="javascript:alert(4)"><path d="M0 0h10v10z" onclick="alert(5)" fill="url(https://evil.example/#x)"/></a>' +
    '<use href="https://evil.example/sprite.svg#i"/><circle cx="5" cy="5" r="4" fill="#fff"/></svg>';

  it('sanitizes a raw iconSvg posted in the hidden field before storing it', async () => {
    const saved = await post(editor, { action: 'add' }, { ...base, name: 'Raw Svg', icon: '', iconSvg: HOSTILE_SVG });
    expect(saved.status).toBe(302);
    const stored = (await menu()).at(-1)!;
    expect(stored).toMatchObject({ name: 'Raw Svg', icon: 'custom' });
    const svg = String(stored.iconData?.svg);
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('<circle cx="5" cy="5" r="4" fill="#fff"/>');
    for (const bad of ['script', 'onload', 'onerror', 'onclick', 'foreignObject', 'javascript:', 'evil.example', '<img', '<body']) {
      expect(svg, bad).not.toContain(bad);
    }
  });

  it('sanitizes a raw iconSvg on edit too, and answers the form again with the cleaned one', async () => {
    const again = await post(
      editor,
      { action: 'edit', itemId: 'faqs' },
      { ...base, name: 'FAQs', icon: '', iconSvg: HOSTILE_SVG, intent: 'search-icons' },
    );
    expect(again.status).toBe(200);
    expect(String((again.data!.result.initialValue as Record<string, string>).iconSvg)).not.toContain('script');
    const saved = await post(editor, { action: 'edit', itemId: 'faqs' }, { ...base, name: 'FAQs', icon: '', iconSvg: HOSTILE_SVG });
    expect(saved.status).toBe(302);
    const faqs = (await menu()).find((item) => item.id === 'faqs')!;
    expect(String(faqs.iconData?.svg)).not.toMatch(/script|onload|foreignObject/);
  });

  it("refuses an iconSvg that holds no drawing with the spec's svg message", async () => {
    const refused = await post(editor, { action: 'add' }, { ...base, name: 'No Svg', icon: '', iconSvg: '<script>alert(1)</script>' });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.data).icon).toEqual([INVALID_SVG_MESSAGE]);
    expect(await menu()).toEqual(seededMenu);
  });

  it('refuses record keys that are not database keys, keeping what was typed', async () => {
    for (const existingId of ['a/b/../../../x', '.$#[]']) {
      const form = await post(editor, { action: 'add' }, { ...base, typeId: 'form', name: 'Survey', icon: 'globe', url: '', existingId });
      expect(form.status, existingId).toBe(400);
      expect(errorsOf(form.data).existingId).toEqual(['Form is required.']);
      expect(form.data!.result.initialValue).toMatchObject({ name: 'Survey', existingId });
      const calendar = await post(
        editor,
        { action: 'add' },
        { ...base, typeId: 'amc-events', name: 'Kids', icon: 'calendar', url: '', source: 'existing', existingId },
      );
      expect(calendar.status, existingId).toBe(400);
      expect(errorsOf(calendar.data).existingId).toEqual(['Calendar is required.']);
    }
    expect(await menu()).toEqual(seededMenu);
  });

  it('refuses a file address that is neither http(s) nor a stored file', async () => {
    for (const url of ['javascript:alert(1)', '/files/../../admin']) {
      const refused = await post(editor, { action: 'add' }, { ...base, typeId: 'file', name: 'Map', icon: 'file', url });
      expect(refused.status, url).toBe(400);
      expect(errorsOf(refused.data).url).toEqual([INVALID_URL]);
    }
    expect(await menu()).toEqual(seededMenu);
  });
});

describe('menu item editor: More menu types… keeps what was typed', () => {
  const typed = { ...base, description: 'Where to find us', previousTypeId: 'website' };

  it('opens the picker over the form with the typed title and description (no JavaScript)', async () => {
    const opened = await post(editor, { action: 'add' }, { ...typed, intent: 'pick-type' });
    expect(opened.status).toBe(200);
    expect(opened.data!.picker).toEqual({ query: '' });
    expect(opened.data!.result.error).toBeUndefined();
    expect(opened.data!.result.initialValue).toMatchObject({ typeId: 'website', name: 'Park Website', description: 'Where to find us' });

    const filtered = await post(editor, { action: 'add' }, { ...typed, intent: 'pick-type', typeQuery: 'calendar' });
    expect(filtered.data!.picker).toEqual({ query: 'calendar' });
    expect(filtered.data!.result.initialValue).toMatchObject({ name: 'Park Website', description: 'Where to find us' });
  });

  it('applies the type chosen in the picker to the typed form, and Cancel closes it', async () => {
    const chosen = await post(editor, { action: 'add' }, { ...typed, intent: 'choose-type:send-notification' });
    expect(chosen.status).toBe(200);
    expect(chosen.data!.picker).toBeUndefined();
    expect(chosen.data!.result.initialValue).toMatchObject({
      typeId: 'send-notification',
      name: 'Park Website',
      description: 'Where to find us',
      icon: 'send',
      url: '',
    });
    const closed = await post(editor, { action: 'add' }, { ...typed, intent: 'close-picker' });
    expect(closed.status).toBe(200);
    expect(closed.data!.picker).toBeUndefined();
    expect(closed.data!.result.initialValue).toMatchObject({ typeId: 'website', name: 'Park Website', description: 'Where to find us' });
    // Nothing was saved on the way.
    expect((await menu()).some((item) => item.name === 'Park Website')).toBe(false);
  });

  it('keeps the typed values when editing too', async () => {
    const chosen = await post(
      editor,
      { action: 'edit', itemId: 'activities' },
      { ...typed, typeId: 'amc-events', previousTypeId: 'amc-events', name: 'Fun Things', intent: 'choose-type:website' },
    );
    expect(chosen.data!.result.initialValue).toMatchObject({ typeId: 'website', name: 'Fun Things', description: 'Where to find us' });
  });

  it('answers 400 to an intent the screen does not have', async () => {
    expect((await post(editor, { action: 'add' }, { ...typed, intent: 'delete' })).status).toBe(400);
    expect((await post(editor, { action: 'add' }, { ...typed, intent: 'choose-type:' })).status).toBe(400);
    expect((await post(editor, { action: 'edit', itemId: 'activities' }, { ...typed, intent: 'publish' })).status).toBe(400);
  });
});

describe('menu item editor: the File upload hint', () => {
  it('says what may be uploaded and the limit, never the too-large error', async () => {
    const data = await load(editor, { action: 'add' }, '?type=file');
    expect(data.fileHint).toBe('PDF, PNG or JPEG, up to 100 MB.');
    expect(data.fileHint).not.toContain(data.tooLargeMessage);
    expect(data.fileHint).not.toMatch(/larger than/);
  });
});

describe('menu item editor: the community icon set', () => {
  it('is named as staff read it, not by its id', async () => {
    await services.db.ref(services.paths.community(COMMUNITY_A)).update({ iconSet: 'parks_color' });
    try {
      const data = await load(editor, { action: 'add' }, '?type=website');
      expect(data.community.iconSet).toBe('parks_color');
      expect(data.community.iconSetName).toBe('Parks in colour (old style)');
    } finally {
      await services.db.ref(services.paths.community(COMMUNITY_A)).update({ iconSet: 'svg_round' });
    }
  });
});

describe('menu item editor: editing and deleting', () => {
  it('opens an item with its values; a title change keeps its uniqueId', async () => {
    const data = await load(editor, { action: 'edit', itemId: 'activities' });
    expect(data.heading).toBe('Edit Menu Item');
    expect(data.defaultValue).toMatchObject({
      typeId: 'amc-events',
      name: 'Activities',
      icon: 'calendar',
      source: 'existing',
      existingId: 'activities',
      itemKey: 'activities',
    });
    const saved = await post(
      editor,
      { action: 'edit', itemId: 'activities' },
      { ...base, typeId: 'amc-events', name: 'Things To Do', icon: 'calendar', url: '', source: 'existing', existingId: 'activities' },
    );
    expect(saved.status).toBe(302);
    const first = (await menu())[0]!;
    expect(first).toMatchObject({ name: 'Things To Do', uniqueId: 'activities', id: 'activities', type: 'amc-events' });
    expect(first).not.toHaveProperty('description');
    expect((await menu()).length).toBe((seededMenu as unknown[]).length);
  });

  it('keeps a listing section type (dining) while its picker type is unchanged', async () => {
    const data = await load(editor, { action: 'edit', itemId: 'dining' });
    expect(data.defaultValue).toMatchObject({ typeId: 'business', tabs: [{ id: 'resort' }, { id: 'delivery' }, { id: 'local' }] });
    await post(
      editor,
      { action: 'edit', itemId: 'dining' },
      { ...base, typeId: 'business', name: 'Food', icon: 'dining', url: '', 'tabs[0].id': 'resort', 'tabs[0].title': 'Resort' },
    );
    const dining = (await menu()).find((item) => item.uniqueId === 'dining')!;
    expect(dining).toMatchObject({ type: 'dining', name: 'Food', tabs: [{ id: 'resort', title: 'Resort' }] });
  });

  it('changing the type resets the uniqueId and applies the type (spec 02 §4)', async () => {
    const opened = await load(editor, { action: 'edit', itemId: 'faqs' }, '?type=categorygrid');
    expect(opened.defaultValue).toMatchObject({ typeId: 'categorygrid', name: 'FAQs', existingId: '' });
    await post(editor, { action: 'edit', itemId: 'faqs' }, { ...base, typeId: 'categorygrid', name: 'More', icon: 'grid', url: '' });
    const item = (await menu()).find((entry) => entry.name === 'More')!;
    expect(item.type).toBe('categorygrid');
    expect(item.uniqueId).toBe('more');
    expect(item.id).toBe('faqs');
  });

  it("answers 'no longer exists' when the item went while the form was open", async () => {
    const items = await menu();
    const result = await outcome(
      (async () => {
        const request = new Request(`${ORIGIN}/home/edit/faqs`, {
          method: 'POST',
          headers: { Cookie: editor },
          body: new URLSearchParams({ ...base }),
        });
        await services.db.ref(menuPath()).set(items.filter((item) => item.uniqueId !== 'faqs') as never);
        return editAction({ request, params: { itemId: 'faqs' }, context: {} });
      })(),
    );
    expect(result.status).toBe(302);
    expect(result.response!.headers.get('Location')).toBe('/');
  });

  it("deletes after the 'Delete Item' confirmation; the first six are kept for resort admins where the project says so", async () => {
    expect((await load(editor, { action: 'edit', itemId: 'faqs' }, '?delete')).confirmDelete).toBe(true);
    expect((await post(editor, { action: 'edit', itemId: 'faqs' }, { intent: 'delete' })).status).toBe(302);
    expect((await menu()).some((item) => item.uniqueId === 'faqs')).toBe(false);

    await services.db.ref(services.paths.community(COMMUNITY_A)).update({ protectFirstMainMenuItems: true });
    const blocked = await load(editor, { action: 'edit', itemId: 'activities' }, '?delete');
    expect(blocked.canDelete).toBe(false);
    expect(blocked.confirmDelete).toBe(false);
    expect(blocked.deleteBlocked).toBe(MENU_ITEM_MESSAGES.protectedDelete);
    const refused = await post(editor, { action: 'edit', itemId: 'activities' }, { intent: 'delete' });
    expect(refused.status).toBe(302);
    expect((await menu())[0]!.uniqueId).toBe('activities');
    // Items from the seventh on, and resort system admins, are not restricted.
    expect((await load(editor, { action: 'edit', itemId: 'regulations' })).canDelete).toBe(true);
    expect((await post(system, { action: 'edit', itemId: 'activities' }, { intent: 'delete' })).status).toBe(302);
    expect((await menu())[0]!.uniqueId).not.toBe('activities');
  });

  it('flags an item that has no identifier (spec 02 §8)', async () => {
    const items = await menu();
    items.push({ name: 'Old List', type: 'simple', icon: 'list' });
    await services.db.ref(menuPath()).set(items as never);
    const key = String(items.length - 1);
    expect((await load(editor, { action: 'edit', itemId: key })).missingUniqueId).toBe(MISSING_UNIQUE_ID_MESSAGE);
  });
});

describe('menu item editor: two people editing the same item', () => {
  const faqsForm = (fields: Record<string, string>) => ({
    ...base,
    typeId: 'simple',
    name: 'FAQs',
    icon: 'help',
    url: '',
    ...fields,
  });
  const storedFaqs = async () => (await menu()).find((item) => item.id === 'faqs')!;

  it("answers a stale save with 409, their values and a new version, keeping A's change and everything B typed", async () => {
    const opened = await load(editor, { action: 'edit', itemId: 'faqs' });
    expect(opened.version).toMatch(/^[\w-]{22}$/);
    const typeId = String(opened.defaultValue!.typeId);
    const icon = String(opened.defaultValue!.icon);
    // A and B opened the same item; A saves a new description first.
    const a = await post(
      editor,
      { action: 'edit', itemId: 'faqs' },
      faqsForm({ typeId, icon, description: 'From A', version: opened.version! }),
    );
    expect(a.status).toBe(302);
    expect((await storedFaqs()).description).toBe('From A');

    // B's form still carries the version it was opened with.
    const b = await post(
      editor,
      { action: 'edit', itemId: 'faqs' },
      faqsForm({ typeId, icon, name: 'Questions', description: 'From B', version: opened.version! }),
    );
    expect(b.status).toBe(409);
    expect((await storedFaqs()).description).toBe('From A');
    expect((await storedFaqs()).name).toBe('FAQs');
    const conflict = b.data!.conflict!;
    expect(conflict.message).toBe(conflictMessage('This menu item'));
    expect(conflict.theirs).toEqual(
      expect.arrayContaining([
        { label: 'Title', value: 'FAQs' },
        { label: 'Description', value: 'From A' },
      ]),
    );
    expect(b.data!.result.initialValue).toMatchObject({ name: 'Questions', description: 'From B' });
    expect(b.data!.version).toBe(conflict.version);
    expect(conflict.version).not.toBe(opened.version);
    expect((await load(editor, { action: 'edit', itemId: 'faqs' })).version).toBe(conflict.version);

    // A step that is not a save (Search icons) keeps the version the form holds.
    const step = await post(
      editor,
      { action: 'edit', itemId: 'faqs' },
      faqsForm({ typeId, icon, intent: 'search-icons', version: opened.version! }),
    );
    expect(step.data!.version).toBe(opened.version);

    // B saves again with the new version: B's values replace A's, deliberately.
    const again = await post(
      editor,
      { action: 'edit', itemId: 'faqs' },
      faqsForm({ typeId, icon, name: 'Questions', description: 'From B', version: conflict.version }),
    );
    expect(again.status).toBe(302);
    expect(await storedFaqs()).toMatchObject({ name: 'Questions', description: 'From B' });
  });

  it('compares inside the write: a change between reading and writing is a conflict too', async () => {
    const opened = await load(editor, { action: 'edit', itemId: 'faqs' });
    const typeId = String(opened.defaultValue!.typeId);
    const icon = String(opened.defaultValue!.icon);
    const items = await menu();
    const at = items.findIndex((item) => item.id === 'faqs');
    // Someone else's write lands just before this save's guarded write.
    const realRef = services.db.ref.bind(services.db);
    let sneaked = false;
    const spy = vi.spyOn(services.db, 'ref').mockImplementation((path?: string) => {
      const ref = realRef(path);
      if (path !== undefined && path !== '') return ref;
      const guardedUpdate = ref.guardedUpdate.bind(ref);
      ref.guardedUpdate = async (...args) => {
        if (!sneaked) await realRef(`${menuPath()}/${at}`).update({ description: 'Sneaked in' });
        sneaked = true;
        return guardedUpdate(...args);
      };
      return ref;
    });
    try {
      const b = await post(
        editor,
        { action: 'edit', itemId: 'faqs' },
        faqsForm({ typeId, icon, description: 'Mine', version: opened.version! }),
      );
      expect(b.status).toBe(409);
    } finally {
      spy.mockRestore();
    }
    expect((await storedFaqs()).description).toBe('Sneaked in');
  });
});

describe('menu item editor: QR code', () => {
  async function decode(dataUrl: string) {
    const image = await loadImage(Buffer.from(dataUrl.split(',')[1]!, 'base64'));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    return jsQR(new Uint8ClampedArray(data), image.width, image.height)?.data ?? null;
  }

  it('is offered for tracked Activities, Submenu and Business Listing items, as a decodable tracked link', async () => {
    const seeded = (await services.db.ref(services.paths.appData('pine-hollow')).get()).val();
    await services.db.ref(services.paths.appData('pine-hollow')).update({ adjustToken: null, adjustLinkPrefix: null });
    expect((await load(editor, { action: 'edit', itemId: 'activities' })).qr).toBeNull();
    await services.db
      .ref(services.paths.appData('pine-hollow'))
      .update({ adjustToken: 'abc123', adjustLinkPrefix: 'https://pinehollow.go.link/' });
    try {
      const qr = (await load(editor, { action: 'edit', itemId: 'activities' })).qr!;
      expect(qr.target).toBe(
        'https://pinehollow.go.link/?adj_t=abc123&communityKey=demo-campground&action=amc-events&actionKey=activities&skipSplashScreen=true',
      );
      expect(await decode(qr.png)).toBe(qr.target);
      expect((await load(editor, { action: 'edit', itemId: 'visitor-registration' })).qr).toBeNull();
    } finally {
      await services.db
        .ref(services.paths.appData('pine-hollow'))
        .update({ adjustToken: seeded.adjustToken, adjustLinkPrefix: seeded.adjustLinkPrefix });
    }
  });
});

describe('menu sections', () => {
  it('remembers the chosen submenu; adding then goes into it', async () => {
    await post(editor, { action: 'add' }, { ...base, typeId: 'categorygrid', name: 'Extras', icon: 'grid', url: '' });
    const choose = (menuId: string) =>
      indexAction({
        request: new Request(`${ORIGIN}/?index`, {
          method: 'POST',
          headers: { Cookie: editor },
          body: new URLSearchParams({ intent: 'choose-section', menuId }),
        }),
        params: {},
        context: {},
      });
    expect((await outcome(choose('nope'))).status).toBe(400);
    const chosen = await outcome(choose('extras'));
    expect(chosen.status).toBe(302);
    const data = await load(editor, { action: 'add' }, '?type=website');
    expect(data.section).toEqual({ id: 'extras', title: 'Extras' });
    await post(editor, { action: 'add' }, { ...base, name: 'Inside' });
    expect(await menu('extras')).toEqual([expect.objectContaining({ name: 'Inside' })]);
    await outcome(choose('main-menu'));
    expect((await load(editor, { action: 'add' })).section.id).toBe('main-menu');
  });
});
