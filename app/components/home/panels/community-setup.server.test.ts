import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiePair } from '@server/auth/session';
import type { Services } from '@server/services';
import { CONVERT_ICONS_TEXT } from '~/lib/icons/icon-sets';
import { PHONE_DIGITS, TIMEZONE_REQUIRED } from '~/schemas/community';
import { demoPerson, installTestServices, sessionCookie } from '../../../../tests/permission-matrix/fixtures';
import { outcome as outcomeOf } from '../../../../tests/setup/outcome';
import { addCommunityPanel, communitySetupPanel, type CommunitySetupActionData, type CommunitySetupData } from './community-setup.server';

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let admin: string;
let system: string;
let editor: string;

beforeAll(async () => {
  ({ services, close } = await installTestServices('community-setup-panel'));
  admin = await sessionCookie(services.sessions, demoPerson('adminA'));
  system = await sessionCookie(services.sessions, demoPerson('system'));
  editor = await sessionCookie(services.sessions, demoPerson('editorA'));
});

afterAll(async () => {
  await close?.();
});

const args = (request: Request, action: string) => ({ request, params: { action }, context: {} });

function get(path: string, cookie: string) {
  return new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

const outcome = (promise: Promise<unknown>) => outcomeOf<CommunitySetupActionData>(promise);

async function toastOf(response: Response | null) {
  const setCookie = response?.headers.get('Set-Cookie');
  if (!setCookie) return null;
  const session = await services.sessions.getSession(cookiePair(setCookie));
  return { toast: session.get('toast'), communityKey: session.get('communityKey') };
}

const record = async (key: string) => (await services.db.ref(services.paths.community(key)).get()).val();

async function formFields(cookie: string): Promise<Record<string, string>> {
  const data = (await communitySetupPanel.loader(args(get('/community-setup', cookie), 'community-setup'))) as CommunitySetupData;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(data.defaultValue)) {
    if (typeof value === 'string') fields[name] = value;
    if (value === true) fields[name] = 'on';
    // Rows post as list[index].field, as conform names them.
    if (Array.isArray(value)) {
      value.forEach((row: Record<string, unknown>, index) => {
        for (const [key, cell] of Object.entries(row)) {
          if (typeof cell === 'string') fields[`${name}[${index}].${key}`] = cell;
          if (cell === true) fields[`${name}[${index}].${key}`] = 'on';
        }
      });
    }
  }
  return fields;
}

describe('permissions', () => {
  it('lets location and system admins open community setup, not editors', async () => {
    expect((await outcome(communitySetupPanel.loader(args(get('/community-setup', admin), 'community-setup')))).status).toBe(200);
    expect((await outcome(communitySetupPanel.loader(args(get('/community-setup', system), 'community-setup')))).status).toBe(200);
    expect((await outcome(communitySetupPanel.loader(args(get('/community-setup', editor), 'community-setup')))).status).toBe(403);
    expect((await outcome(communitySetupPanel.action!(args(post('/community-setup', editor, {}), 'community-setup')))).status).toBe(403);
    expect((await outcome(addCommunityPanel.loader(args(get('/add-community', admin), 'add-community')))).status).toBe(403);
    expect((await outcome(addCommunityPanel.action!(args(post('/add-community', admin, {}), 'add-community')))).status).toBe(403);
  });

  it('shows the listing checkboxes to resort admins only, and the QR code', async () => {
    const forAdmin = (await communitySetupPanel.loader(args(get('/community-setup', admin), 'community-setup'))) as CommunitySetupData;
    const forSystem = (await communitySetupPanel.loader(args(get('/community-setup', system), 'community-setup'))) as CommunitySetupData;
    expect(forAdmin.canSetListing).toBe(false);
    expect(forSystem.canSetListing).toBe(true);
    expect(forAdmin.qr?.target).toBe('https://www.pinehollowrv.example');
    expect(forAdmin.showHomeScreenImage).toBe(true);
    expect(forAdmin.timeZones).toContain('Pacific/Chatham');
    expect(forSystem.pullSources.map((source) => source.key)).toEqual(['demo-town']);
    expect(forAdmin.pullSources).toEqual([]);
  });
});

describe('saving', () => {
  it('answers 400 with the schema messages and the typed values', async () => {
    const fields = { ...(await formFields(admin)), phone: '12-34', timeZone: '', latitude: '', longitude: '', intent: 'save' };
    const result = await outcome(communitySetupPanel.action!(args(post('/community-setup', admin, fields), 'community-setup')));
    expect(result.status).toBe(400);
    expect(result.data?.result.error?.phone).toEqual([PHONE_DIGITS]);
    expect(result.data?.result.error?.timeZone).toEqual([TIMEZONE_REQUIRED]);
    expect((result.data?.result.initialValue as Record<string, unknown>).phone).toBe('12-34');
  });

  it('saves, deriving the zone from moved coordinates, and redirects home with a toast', async () => {
    const fields = {
      ...(await formFields(admin)),
      latitude: '43.9853',
      longitude: '-90.5021',
      htmlDescription: '<p>Updated <strong>today</strong></p>',
      intent: 'save',
    };
    const result = await outcome(communitySetupPanel.action!(args(post('/community-setup', admin, fields), 'community-setup')));
    expect(result.status).toBe(302);
    expect(result.response?.headers.get('Location')).toBe('/');
    expect((await toastOf(result.response))?.toast).toEqual({ kind: 'success', message: 'Community information saved.' });
    const saved = await record('demo-campground');
    expect(saved).toMatchObject({
      description: 'Updated today',
      htmlDescription: '<p>Updated <strong>today</strong></p>',
      latitude: 43.9853,
      timeZone: 'America/Chicago',
      pinned: true,
    });
    // The social links that were posted stay.
    expect(saved.socialMedia).toHaveLength(3);
  });

  it('looks the zone up without JavaScript', async () => {
    const fields = { ...(await formFields(admin)), latitude: '-33.86', longitude: '151.2', intent: 'lookup-timezone' };
    const result = await outcome(communitySetupPanel.action!(args(post('/community-setup', admin, fields), 'community-setup')));
    expect(result.status).toBe(200);
    expect(result.data?.lookedUp).toBe('Australia/Sydney');
    expect((result.data?.result.initialValue as Record<string, unknown>).timeZone).toBe('Australia/Sydney');
  });

  it('adds and removes rows without JavaScript, keeping everything typed and saving nothing', async () => {
    const before = await record('demo-campground');
    const typed = { ...(await formFields(admin)), city: 'Typed City', 'socialMedia[1].url': 'https://www.instagram.com/typed' };
    const insert = JSON.stringify({ type: 'insert', payload: { name: 'socialMedia' } });
    const added = await outcome(
      communitySetupPanel.action!(args(post('/community-setup', admin, { ...typed, __intent__: insert }), 'community-setup')),
    );
    expect(added.status).toBe(200);
    const value = added.data?.result.initialValue as { city: string; socialMedia: Array<Record<string, string> | null> };
    expect(value.city).toBe('Typed City');
    expect(value.socialMedia).toHaveLength(4);
    expect(value.socialMedia[1]).toEqual({ site: 'instagram', url: 'https://www.instagram.com/typed' });
    // The reply is an intent's, not a submission's: the form shows the new row's errors only after Submit.
    expect(added.data?.result.intent).toEqual({ type: 'insert', payload: { name: 'socialMedia' } });
    expect(added.data?.result.status).toBeUndefined();

    const remove = JSON.stringify({ type: 'remove', payload: { name: 'socialMedia', index: 0 } });
    const removed = await outcome(
      communitySetupPanel.action!(args(post('/community-setup', admin, { ...typed, __intent__: remove }), 'community-setup')),
    );
    const after = removed.data?.result.initialValue as { socialMedia: Array<Record<string, string>> };
    expect(after.socialMedia.map((link) => link.site)).toEqual(['instagram', 'tripadvisor']);
    expect(await record('demo-campground')).toEqual(before);

    // A field's validation that reached the server (it can, while the page is still loading) gets the form back.
    const validate = JSON.stringify({ type: 'validate', payload: { name: 'htmlDescription' } });
    const validated = await outcome(
      communitySetupPanel.action!(args(post('/community-setup', admin, { ...typed, __intent__: validate }), 'community-setup')),
    );
    expect(validated.status).toBe(200);
    expect((validated.data?.result.initialValue as { city: string }).city).toBe('Typed City');

    // Anything else is refused.
    const reset = JSON.stringify({ type: 'reset', payload: {} });
    expect(
      (
        await outcome(
          communitySetupPanel.action!(args(post('/community-setup', admin, { ...typed, __intent__: reset }), 'community-setup')),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await outcome(
          communitySetupPanel.action!(args(post('/community-setup', admin, { ...typed, __intent__: '{nope' }), 'community-setup')),
        )
      ).status,
    ).toBe(400);
  });

  it('refuses a social link without a site or a valid URL (spec 02 §5)', async () => {
    const fields = { ...(await formFields(admin)), 'socialMedia[3].site': '', 'socialMedia[3].url': 'facebook', intent: 'save' };
    const result = await outcome(communitySetupPanel.action!(args(post('/community-setup', admin, fields), 'community-setup')));
    expect(result.status).toBe(400);
    expect(result.data?.result.error?.['socialMedia[3].site']).toEqual(['Site is required.']);
    expect(result.data?.result.error?.['socialMedia[3].url']).toEqual(['Please enter a valid URL (https://…).']);
  });

  it('saves the additional buttons of a business-only community', async () => {
    await services.db.ref(services.paths.community('demo-town')).update({ isBusinessOnly: true });
    try {
      const town = await sessionCookie(services.sessions, demoPerson('system'), { communityKey: 'demo-town' });
      const data = (await communitySetupPanel.loader(args(get('/community-setup', town), 'community-setup'))) as CommunitySetupData;
      expect(data.isBusinessOnly).toBe(true);
      const fields = {
        ...(await formFields(town)),
        'detailButtons[0].title': 'Write to us',
        'detailButtons[0].icon': 'mail',
        'detailButtons[0].action': 'mailto',
        'detailButtons[0].actionKey': 'hello@maplefalls.example',
        intent: 'save',
      };
      const result = await outcome(communitySetupPanel.action!(args(post('/community-setup', town, fields), 'community-setup')));
      expect(result.status).toBe(302);
      expect((await record('demo-town')).detailButtons).toEqual([
        expect.objectContaining({ title: 'Write to us', icon: 'mail', action: 'website', actionKey: 'mailto:hello@maplefalls.example' }),
      ]);
      const again = (await communitySetupPanel.loader(args(get('/community-setup', town), 'community-setup'))) as CommunitySetupData;
      expect(again.defaultValue.detailButtons).toEqual([
        { title: 'Write to us', icon: 'mail', action: 'mailto', actionKey: 'hello@maplefalls.example', webview: false },
      ]);
    } finally {
      await services.db.ref(services.paths.community('demo-town')).update({ isBusinessOnly: false, detailButtons: null });
    }
  });

  it('refuses an unknown intent', async () => {
    expect(
      (await outcome(communitySetupPanel.action!(args(post('/community-setup', admin, { intent: 'drop' }), 'community-setup')))).status,
    ).toBe(400);
  });
});

describe('pull colours', () => {
  it('copies colours from another community the person may edit, with the spec toasts', async () => {
    const ok = await outcome(
      communitySetupPanel.action!(
        args(post('/community-setup', system, { intent: 'pull-colors', sourceKey: 'demo-town' }), 'community-setup'),
      ),
    );
    expect((await toastOf(ok.response))?.toast).toEqual({ kind: 'success', message: 'Colors pulled from Maple Falls' });
    expect((await record('demo-campground')).colorBackground).toBe('#7A2E1D');
    const refused = await outcome(
      communitySetupPanel.action!(
        args(post('/community-setup', admin, { intent: 'pull-colors', sourceKey: 'demo-town' }), 'community-setup'),
      ),
    );
    expect((await toastOf(refused.response))?.toast).toEqual({ kind: 'error', message: 'Error pulling colors from campground location' });
  });
});

describe('icon changes (spec 01 §4.4)', () => {
  it("asks 'Convert Icons' before leaving a legacy set, then converts the set and each menu item", async () => {
    await services.db.ref(services.paths.communityIconSet('demo-campground')).set('round_color');
    const fields = { ...(await formFields(admin)), iconSet: 'svg_round' };
    const asked = await outcome(
      communitySetupPanel.action!(args(post('/community-setup', admin, { ...fields, intent: 'save' }), 'community-setup')),
    );
    expect(asked.data?.confirm).toEqual({ kind: 'convert-icons' });
    expect(CONVERT_ICONS_TEXT).toContain('Switching to new icons is irreversible.');
    expect((await record('demo-campground')).iconSet).toBe('round_color');

    const done = await outcome(
      communitySetupPanel.action!(args(post('/community-setup', admin, { ...fields, intent: 'convert-icons' }), 'community-setup')),
    );
    expect(done.status).toBe(302);
    const saved = await record('demo-campground');
    expect(saved.iconSet).toBe('svg_round');
    expect(saved.colorIconBackgroundRandom).toBe(true);
    const menu = (await services.db.ref(services.paths.menu('demo-campground', 'main-menu')).get()).val() as Array<{
      iconData: { iconSet: string };
    }>;
    expect(menu.every((item) => item.iconData.iconSet === 'svg_round')).toBe(true);
  });

  it("shows 'Select Menu Type' when a random mode changes; per-item regeneration; OK writes the colours", async () => {
    const fields = { ...(await formFields(admin)) };
    delete fields.colorIconBackgroundRandom;
    fields.colorIconShapeRandom = 'on';
    const asked = await outcome(
      communitySetupPanel.action!(args(post('/community-setup', admin, { ...fields, intent: 'save' }), 'community-setup')),
    );
    const confirm = asked.data?.confirm;
    expect(confirm?.kind).toBe('select-menu-type');
    if (confirm?.kind !== 'select-menu-type') return;
    expect(confirm.items.length).toBeGreaterThan(3);
    expect(decodeURIComponent(confirm.sample)).toContain('#173972');

    const carried: Record<string, string> = {};
    for (const item of confirm.items) {
      carried[`menuColor.${item.index}.shape`] = item.colorIconShape;
      carried[`menuColor.${item.index}.background`] = item.colorIconBackground;
    }
    carried['menuColor.0.shape'] = '#123456';
    const again = await outcome(
      communitySetupPanel.action!(
        args(post('/community-setup', admin, { ...fields, ...carried, intent: 'regenerate-item:1' }), 'community-setup'),
      ),
    );
    const second = again.data?.confirm;
    if (second?.kind !== 'select-menu-type') throw new Error('no dialog');
    expect(second.items[0].colorIconShape).toBe('#123456');

    const done = await outcome(
      communitySetupPanel.action!(
        args(post('/community-setup', admin, { ...fields, ...carried, intent: 'apply-colors' }), 'community-setup'),
      ),
    );
    expect(done.status).toBe(302);
    const menu = (await services.db.ref(services.paths.menu('demo-campground', 'main-menu')).get()).val() as Array<{
      iconData: { colorIconShape: string };
    }>;
    expect(menu[0].iconData.colorIconShape).toBe('#123456');
    expect((await record('demo-campground')).colorIconShapeRandom).toBe(true);
  });
});

describe('add community', () => {
  it('creates the community with its default menu and switches the session to it', async () => {
    const fields = { title: 'Cedar Bend Campground', timeZone: 'America/Denver', communityType: 'municipality', intent: 'save' };
    const result = await outcome(addCommunityPanel.action!(args(post('/add-community', system, fields), 'add-community')));
    expect(result.status).toBe(302);
    const after = await toastOf(result.response);
    expect(after).toEqual({
      toast: { kind: 'success', message: 'Cedar Bend Campground was added.' },
      communityKey: 'cedar-bend-campground',
    });
    expect(await record('cedar-bend-campground')).toMatchObject({
      title: 'Cedar Bend Campground',
      communityType: 'municipality',
      active: true,
    });
    const menu = (await services.db.ref(services.paths.menu('cedar-bend-campground', 'main-menu')).get()).val() as Array<{ id: string }>;
    expect(menu.map((item) => item.id)).toContain('services');

    const again = await outcome(
      addCommunityPanel.action!(args(post('/add-community', system, { ...fields, city: 'Cedar' }), 'add-community')),
    );
    expect(again.status).toBe(400);
    expect(again.data?.result.error?.title?.[0]).toMatch(/already exists/);
    expect((again.data?.result.initialValue as Record<string, unknown>).city).toBe('Cedar');
  });
});
