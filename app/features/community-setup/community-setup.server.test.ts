import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiePair } from '@server/auth/session';
import type { Services } from '@server/services';
import { CONVERT_ICONS_TEXT } from '~/lib/icons/icon-sets';
import { PHONE_DIGITS, TIMEZONE_REQUIRED } from '~/schemas/community';
import { outcome as outcomeOf } from '../../../tests/setup/outcome';
import { demoPerson, installTestServices, sessionCookie } from '../../../tests/setup/services';
import {
  addCommunityAction,
  addCommunityLoader,
  communitySetupAction,
  communitySetupLoader,
  type CommunitySetupActionData,
} from './community-setup.server';

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
  return posted((await communitySetupLoader(get('/community-setup', cookie))).defaultValue);
}

/** A form value as the browser posts it: checkboxes 'on', rows as list[index].field. */
function posted(form: object): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(form)) {
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
  it('lets any staff member of the community open and save community setup (spec 03 §6 Quick Access)', async () => {
    expect((await outcome(communitySetupLoader(get('/community-setup', admin)))).status).toBe(200);
    expect((await outcome(communitySetupLoader(get('/community-setup', system)))).status).toBe(200);
    expect((await outcome(communitySetupLoader(get('/community-setup', editor)))).status).toBe(200);
    expect((await outcome(communitySetupAction(post('/community-setup', editor, { intent: 'save' })))).status).toBe(400);
    expect((await outcome(addCommunityLoader(get('/add-community', admin)))).status).toBe(403);
    expect((await outcome(addCommunityAction(post('/add-community', admin, {})))).status).toBe(403);
  });

  it('shows the listing checkboxes to resort admins only, and the QR code', async () => {
    const forAdmin = await communitySetupLoader(get('/community-setup', admin));
    const forSystem = await communitySetupLoader(get('/community-setup', system));
    expect(forAdmin.canSetListing).toBe(false);
    expect(forSystem.canSetListing).toBe(true);
    // The community's one-link when it has one (the demo resort does), else its website.
    expect(forAdmin.qr?.target).toBe('https://pinehollow.go.link/app');
    expect(forAdmin.showHomeScreenImage).toBe(true);
    expect(forAdmin.timeZones).toContain('Pacific/Chatham');
    expect(forSystem.pullSources.map((source) => source.key)).toEqual(['demo-town']);
    expect(forAdmin.pullSources).toEqual([]);
  });
});

describe('editors', () => {
  it('do not see the listing flags, and a posted flag is ignored', async () => {
    const data = await communitySetupLoader(get('/community-setup', editor));
    expect(data.canSetListing).toBe(false);
    const before = await record('demo-campground');
    const fields: Record<string, string> = {
      ...(await formFields(editor)),
      city: 'Editor City',
      listed: 'on',
      isBusinessOnly: 'on',
      inProgress: 'on',
      intent: 'save',
    };
    if (before.listed === true) delete fields.listed;
    const result = await outcome(communitySetupAction(post('/community-setup', editor, fields)));
    expect(result.status).toBe(302);
    const after = await record('demo-campground');
    expect(after.city).toBe('Editor City');
    expect([after.listed, after.isBusinessOnly, after.inProgress]).toEqual([before.listed, before.isBusinessOnly, before.inProgress]);
    await services.db.ref(services.paths.community('demo-campground')).set(before);
  });
});

describe('saving', () => {
  it("without JavaScript, a cleared time zone is refused with 'Timezone is required.', not refilled", async () => {
    const fields: Record<string, string> = { ...(await formFields(admin)), timeZone: '', intent: 'save' };
    expect(fields.latitude).not.toBe('');
    const result = await outcome(communitySetupAction(post('/community-setup', admin, fields)));
    expect(result.status).toBe(400);
    expect(result.data?.result.error?.timeZone).toEqual([TIMEZONE_REQUIRED]);
  });

  it('accepts a phone of exactly seven digits and refuses six, with a message that says so', async () => {
    const seven = await outcome(
      communitySetupAction(post('/community-setup', admin, { ...(await formFields(admin)), phone: '555-0147', intent: 'cancel-confirm' })),
    );
    expect(seven.status).toBe(200);
    const six = await outcome(
      communitySetupAction(post('/community-setup', admin, { ...(await formFields(admin)), phone: '555-014', intent: 'save' })),
    );
    expect(six.data?.result.error?.phone).toEqual(['Phone Number needs to have at least seven digits.']);
  });

  it('offers the icon sets by name', async () => {
    const data = await communitySetupLoader(get('/community-setup', admin));
    expect(data.iconSets).toContainEqual({ value: 'svg_parks', label: 'Parks' });
    await services.db.ref(services.paths.communityIconSet('demo-campground')).set('parks_color');
    const legacy = await communitySetupLoader(get('/community-setup', admin));
    expect(legacy.iconSets[0]).toEqual({ value: 'parks_color', label: 'Parks in colour (old style)' });
    expect(legacy.iconSets.every((set) => set.label !== set.value)).toBe(true);
    await services.db.ref(services.paths.communityIconSet('demo-campground')).set(data.defaultValue.iconSet ?? null);
  });

  it('answers 400 with the schema messages and the typed values', async () => {
    const fields = { ...(await formFields(admin)), phone: '12-34', timeZone: '', latitude: '', longitude: '', intent: 'save' };
    const result = await outcome(communitySetupAction(post('/community-setup', admin, fields)));
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
    const result = await outcome(communitySetupAction(post('/community-setup', admin, fields)));
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

  it("a new time zone has every calendar's iCal feed rebuilt; a save that keeps it does not", async () => {
    const buildTimes = async () => {
      const configs = (await services.db.ref(services.paths.calendarConfigs('demo-campground')).get()).val() as Record<
        string,
        { icsBuildTime?: number }
      >;
      return Object.fromEntries(Object.entries(configs).map(([id, config]) => [id, config.icsBuildTime ?? 0]));
    };
    const before = await buildTimes();
    expect(Object.keys(before).length).toBeGreaterThan(1);
    const same = await outcome(communitySetupAction(post('/community-setup', admin, { ...(await formFields(admin)), intent: 'save' })));
    expect(same.status).toBe(302);
    expect(await buildTimes()).toEqual(before);

    const startedAt = Date.now();
    const fields = { ...(await formFields(admin)), timeZone: 'Pacific/Honolulu', intent: 'save' };
    const moved = await outcome(communitySetupAction(post('/community-setup', admin, fields)));
    expect(moved.status).toBe(302);
    expect((await record('demo-campground')).timeZone).toBe('Pacific/Honolulu');
    const after = await buildTimes();
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const time of Object.values(after)) expect(time).toBeGreaterThanOrEqual(startedAt);
  });

  it('looks the zone up without JavaScript', async () => {
    const fields = { ...(await formFields(admin)), latitude: '-33.86', longitude: '151.2', intent: 'lookup-timezone' };
    const result = await outcome(communitySetupAction(post('/community-setup', admin, fields)));
    expect(result.status).toBe(200);
    expect(result.data?.lookedUp).toBe('Australia/Sydney');
    expect((result.data?.result.initialValue as Record<string, unknown>).timeZone).toBe('Australia/Sydney');
  });

  it('adds and removes rows without JavaScript, keeping everything typed and saving nothing', async () => {
    const before = await record('demo-campground');
    const typed = { ...(await formFields(admin)), city: 'Typed City', 'socialMedia[1].url': 'https://www.instagram.com/typed' };
    const insert = JSON.stringify({ type: 'insert', payload: { name: 'socialMedia' } });
    const added = await outcome(communitySetupAction(post('/community-setup', admin, { ...typed, __intent__: insert })));
    expect(added.status).toBe(200);
    const value = added.data?.result.initialValue as { city: string; socialMedia: Array<Record<string, string> | null> };
    expect(value.city).toBe('Typed City');
    expect(value.socialMedia).toHaveLength(4);
    expect(value.socialMedia[1]).toEqual({ site: 'instagram', url: 'https://www.instagram.com/typed' });
    // The reply is an intent's, not a submission's: the form shows the new row's errors only after Submit.
    expect(added.data?.result.intent).toEqual({ type: 'insert', payload: { name: 'socialMedia' } });
    expect(added.data?.result.status).toBeUndefined();

    const remove = JSON.stringify({ type: 'remove', payload: { name: 'socialMedia', index: 0 } });
    const removed = await outcome(communitySetupAction(post('/community-setup', admin, { ...typed, __intent__: remove })));
    const after = removed.data?.result.initialValue as { socialMedia: Array<Record<string, string>> };
    expect(after.socialMedia.map((link) => link.site)).toEqual(['instagram', 'tripadvisor']);
    expect(await record('demo-campground')).toEqual(before);

    // A field's validation that reached the server (it can, while the page is still loading) gets the form back.
    const validate = JSON.stringify({ type: 'validate', payload: { name: 'htmlDescription' } });
    const validated = await outcome(communitySetupAction(post('/community-setup', admin, { ...typed, __intent__: validate })));
    expect(validated.status).toBe(200);
    expect((validated.data?.result.initialValue as { city: string }).city).toBe('Typed City');

    // Anything else is refused.
    const reset = JSON.stringify({ type: 'reset', payload: {} });
    expect((await outcome(communitySetupAction(post('/community-setup', admin, { ...typed, __intent__: reset })))).status).toBe(400);
    expect((await outcome(communitySetupAction(post('/community-setup', admin, { ...typed, __intent__: '{nope' })))).status).toBe(400);
  });

  it('refuses a social link without a site or a valid URL (spec 02 §5)', async () => {
    const fields = { ...(await formFields(admin)), 'socialMedia[3].site': '', 'socialMedia[3].url': 'facebook', intent: 'save' };
    const result = await outcome(communitySetupAction(post('/community-setup', admin, fields)));
    expect(result.status).toBe(400);
    expect(result.data?.result.error?.['socialMedia[3].site']).toEqual(['Site is required.']);
    expect(result.data?.result.error?.['socialMedia[3].url']).toEqual(['Please enter a valid URL (https://…).']);
  });

  it('saves the additional buttons of a business-only community', async () => {
    await services.db.ref(services.paths.community('demo-town')).update({ isBusinessOnly: true });
    try {
      const town = await sessionCookie(services.sessions, demoPerson('system'), { communityKey: 'demo-town' });
      const data = await communitySetupLoader(get('/community-setup', town));
      expect(data.isBusinessOnly).toBe(true);
      const fields = {
        ...(await formFields(town)),
        'detailButtons[0].title': 'Write to us',
        'detailButtons[0].icon': 'mail',
        'detailButtons[0].action': 'mailto',
        'detailButtons[0].actionKey': 'hello@maplefalls.example',
        intent: 'save',
      };
      const result = await outcome(communitySetupAction(post('/community-setup', town, fields)));
      expect(result.status).toBe(302);
      expect((await record('demo-town')).detailButtons).toEqual([
        expect.objectContaining({ title: 'Write to us', icon: 'mail', action: 'website', actionKey: 'mailto:hello@maplefalls.example' }),
      ]);
      const again = await communitySetupLoader(get('/community-setup', town));
      expect(again.defaultValue.detailButtons).toEqual([
        { title: 'Write to us', icon: 'mail', action: 'mailto', actionKey: 'hello@maplefalls.example', webview: false },
      ]);
    } finally {
      await services.db.ref(services.paths.community('demo-town')).update({ isBusinessOnly: false, detailButtons: null });
    }
  });

  it('refuses an unknown intent', async () => {
    expect((await outcome(communitySetupAction(post('/community-setup', admin, { intent: 'drop' })))).status).toBe(400);
  });
});

describe('pull colours', () => {
  it('fills the colour fields with the pulled colours, keeps every unsaved edit and writes nothing; Submit saves them', async () => {
    const before = await record('demo-campground');
    const typed = { ...(await formFields(system)), city: 'Typed City', colorBackground: '#010203' };
    const pulled = await outcome(
      communitySetupAction(post('/community-setup', system, { ...typed, intent: 'pull-colors', sourceKey: 'demo-town' })),
    );
    expect(pulled.status).toBe(200);
    expect(pulled.data?.pulled?.message).toBe('Colors pulled from Maple Falls');
    const value = pulled.data?.result.initialValue as Record<string, unknown>;
    expect(value.colorBackground).toBe('#7A2E1D');
    expect(value.colorIconBackground).toBe('#B5472A');
    expect(value.city).toBe('Typed City');
    expect(await record('demo-campground')).toEqual(before);

    // The next Submit posts the form as it came back: the pulled colours are saved.
    const saved = await outcome(communitySetupAction(post('/community-setup', system, { ...posted(value), intent: 'save' })));
    expect(saved.status).toBe(302);
    expect(await record('demo-campground')).toMatchObject({
      colorBackground: '#7A2E1D',
      colorIconBackground: '#B5472A',
      city: 'Typed City',
    });
    await services.db.ref(services.paths.community('demo-campground')).set(before);
  });

  it('refuses a community the person may not edit, with the spec message', async () => {
    const refused = await outcome(
      communitySetupAction(
        post('/community-setup', admin, { ...(await formFields(admin)), intent: 'pull-colors', sourceKey: 'demo-town' }),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.data?.notice).toBe('Error pulling colors from campground location');
  });
});

describe('icon changes (spec 01 §4.4)', () => {
  it("asks 'Convert Icons' before leaving a legacy set, then converts the set and each menu item", async () => {
    await services.db.ref(services.paths.communityIconSet('demo-campground')).set('round_color');
    const fields = { ...(await formFields(admin)), iconSet: 'svg_round' };
    const asked = await outcome(communitySetupAction(post('/community-setup', admin, { ...fields, intent: 'save' })));
    expect(asked.data?.confirm).toEqual({ kind: 'convert-icons' });
    expect(CONVERT_ICONS_TEXT).toContain('Switching to new icons is irreversible.');
    expect((await record('demo-campground')).iconSet).toBe('round_color');

    const done = await outcome(communitySetupAction(post('/community-setup', admin, { ...fields, intent: 'convert-icons' })));
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
    const asked = await outcome(communitySetupAction(post('/community-setup', admin, { ...fields, intent: 'save' })));
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
      communitySetupAction(post('/community-setup', admin, { ...fields, ...carried, intent: 'regenerate-item:1' })),
    );
    const second = again.data?.confirm;
    if (second?.kind !== 'select-menu-type') throw new Error('no dialog');
    expect(second.items[0]?.colorIconShape).toBe('#123456');

    const done = await outcome(communitySetupAction(post('/community-setup', admin, { ...fields, ...carried, intent: 'apply-colors' })));
    expect(done.status).toBe(302);
    const menu = (await services.db.ref(services.paths.menu('demo-campground', 'main-menu')).get()).val() as Array<{
      iconData: { colorIconShape: string };
    }>;
    expect(menu[0]?.iconData.colorIconShape).toBe('#123456');
    expect((await record('demo-campground')).colorIconShapeRandom).toBe(true);
  });
});

describe('add community', () => {
  it('creates the community with its default menu and switches the session to it', async () => {
    const fields = { title: 'Cedar Bend Campground', timeZone: 'America/Denver', communityType: 'municipality', intent: 'save' };
    const result = await outcome(addCommunityAction(post('/add-community', system, fields)));
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

    const again = await outcome(addCommunityAction(post('/add-community', system, { ...fields, city: 'Cedar' })));
    expect(again.status).toBe(400);
    expect(again.data?.result.error?.title?.[0]).toMatch(/already exists/);
    expect((again.data?.result.initialValue as Record<string, unknown>).city).toBe('Cedar');
  });
});

describe('two people editing the community at once', () => {
  it("answers a stale save with 409, their values and a new version, keeping A's change and everything B typed", async () => {
    const opened = await communitySetupLoader(get('/community-setup', admin));
    expect(opened.version).toMatch(/^[\w-]{22}$/);
    const fields = { ...posted(opened.defaultValue), version: opened.version!, intent: 'save' };

    // A saves a new phone number first.
    const a = await outcome(communitySetupAction(post('/community-setup', admin, { ...fields, phone: '555-010-1111' })));
    expect(a.status).toBe(302);
    expect((await record('demo-campground')).phone).toBe('555-010-1111');

    // B's form was opened before A's save.
    const b = await outcome(
      communitySetupAction(post('/community-setup', editor, { ...fields, city: 'Pine Hollow B', phone: '555-010-2222' })),
    );
    expect(b.status).toBe(409);
    expect(await record('demo-campground')).toMatchObject({ phone: '555-010-1111' });
    expect((await record('demo-campground')).city).not.toBe('Pine Hollow B');
    const conflict = b.data!.conflict!;
    expect(conflict.message).toBe(
      "This community's information was changed by someone else while you were editing. Their version is shown below; your changes are still in the form. Save again to replace theirs.",
    );
    expect(conflict.theirs).toContainEqual({ label: 'Phone', value: '555-010-1111' });
    expect(conflict.theirs.map((row) => row.label)).toContain('City');
    expect(b.data!.result.initialValue).toMatchObject({ city: 'Pine Hollow B', phone: '555-010-2222' });
    expect(b.data!.version).toBe(conflict.version);
    expect((await communitySetupLoader(get('/community-setup', admin))).version).toBe(conflict.version);

    // A step (the time zone lookup) keeps the version the form holds.
    const step = await outcome(communitySetupAction(post('/community-setup', editor, { ...fields, intent: 'lookup-timezone' })));
    expect(step.data!.version).toBe(opened.version);

    // B saves again with the new version: B's values replace A's, deliberately.
    const again = await outcome(
      communitySetupAction(
        post('/community-setup', editor, { ...fields, city: 'Pine Hollow B', phone: '555-010-2222', version: conflict.version }),
      ),
    );
    expect(again.status).toBe(302);
    expect(await record('demo-campground')).toMatchObject({ city: 'Pine Hollow B', phone: '555-010-2222' });
  });

  it('keeps fields the form does not show when saving (they are not part of its version)', async () => {
    const opened = await communitySetupLoader(get('/community-setup', admin));
    await services.db.ref(`${services.paths.community('demo-campground')}/packageNames/oneLink`).set('https://pine.example/app');
    const saved = await outcome(
      communitySetupAction(post('/community-setup', admin, { ...posted(opened.defaultValue), version: opened.version!, intent: 'save' })),
    );
    expect(saved.status).toBe(302);
    expect((await record('demo-campground')).packageNames).toMatchObject({ oneLink: 'https://pine.example/app' });
  });
});
