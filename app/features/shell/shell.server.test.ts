import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiePair, newStaffSession, readSession } from '@server/auth/session';
import { parseEnv } from '@server/env';
import { loadDemoUsers, seedDemoData } from '@server/seed';
import { closeServices, createServices, setServicesForTests, type Services } from '@server/services';
import { homeMenuItems, loadHome, svgIconDataUri } from '~/features/home/home.server';
import { takeToast } from '~/lib/toast.server';
import { makeTempDir } from '../../../tests/setup/tmp';
import { loadShell } from './shell.server';
import { switchCommunity, switchCommunityOptions, requireCommunitySwitcher } from './switch-community.server';

/**
 * The shell's loaders and the Switch Community action, called with real Requests and cookies
 * minted by the real session storage, against a fresh embedded database holding the demo data.
 */

let services: Services;

beforeAll(async () => {
  const dir = makeTempDir('shell');
  services = await createServices(
    parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      DATABASE_FILE: join(dir, 'rtdb.sqlite'),
      REDIS_PREFIX: `test-shell-${process.pid}`,
      WORKERS: 'off',
      SEED_DEMO_DATA: 'off',
      SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
    }),
  );
  await seedDemoData({ db: services.db, identity: services.identity, storage: services.storage, product: services.env.PRODUCT });
  setServicesForTests(services);
});

afterAll(async () => {
  setServicesForTests(services);
  await closeServices();
});

async function cookieFor(email: string, communityKey?: string): Promise<string> {
  const user = loadDemoUsers().find((candidate) => candidate.email === email)!;
  const session = await newStaffSession(services.sessions, { ...user, method: 'password', persistent: true, communityKey });
  return cookiePair(await services.sessions.commitSession(session));
}

function request(path: string, cookie: string, init: RequestInit & { host?: string } = {}): Request {
  const headers = new Headers(init.headers);
  if (cookie) headers.set('Cookie', cookie);
  if (init.host) headers.set('Host', init.host);
  return new Request(`http://${init.host ?? 'localhost'}${path}`, { ...init, headers });
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a thrown Response');
}

describe('loadShell', () => {
  it('sends people who are not signed in to Login', async () => {
    const response = await thrown(loadShell(request('/listnm/switch-community', '')));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?redirectTo=%2Flistnm%2Fswitch-community');
  });

  it('answers 404 to an unknown one-segment address, signed in or not', async () => {
    expect((await thrown(loadShell(request('/no-such-page', ''), { action: 'no-such-page' }))).status).toBe(404);
    // A home action still needs signing in.
    const home = await thrown(loadShell(request('/community-setup', ''), { action: 'community-setup' }));
    expect(home.headers.get('Location')).toBe('/login?redirectTo=%2Fcommunity-setup');
    // Signed in, the shell loads; the page's own loader answers 404 inside it.
    const { shell } = await loadShell(request('/no-such-page', await cookieFor('editor@demo.example')), { action: 'no-such-page' });
    expect(shell.community.key).toBe('demo-campground');
  });

  it("gathers the current community and the person's trays", async () => {
    const { shell } = await loadShell(request('/', await cookieFor('editor@demo.example')));
    expect(shell.community).toMatchObject({
      key: 'demo-campground',
      name: 'Pine Hollow',
      colorBackground: '#1F4D3A',
      colorOnBackground: '#FFFFFF',
    });
    expect(shell.trays.map((tray) => tray.title)).toEqual(['Quick Access']);
    expect(shell.leftColumn).toBe('auto');
    expect(shell.appLogo).toBe('/favicon.svg');
    expect(shell.unavailableFeature).toBeNull();
  });

  it('follows the session to the community it names', async () => {
    const { shell } = await loadShell(request('/', await cookieFor('system@demo.example', 'demo-town')));
    expect(shell.community.name).toBe('Maple Falls');
    expect(shell.trays.map((tray) => tray.title)).toContain('Dollars Accounts Status');
  });

  it('stores the menu expander choice in a cookie and redirects back without it', async () => {
    const cookie = await cookieFor('admin@demo.example');
    const response = await thrown(loadShell(request('/listnm/switch-community?q=pine&leftColumn=collapsed', cookie)));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/listnm/switch-community?q=pine');
    const stored = response.headers.get('Set-Cookie')!.split(';')[0];
    expect(stored).toMatch(/^shell-left-column=/);
    const { shell } = await loadShell(request('/', `${cookie}; ${stored}`));
    expect(shell.leftColumn).toBe('collapsed');
  });

  it("opens 'Feature Unavailable' only for the studio project's unavailable buttons", async () => {
    const cookie = await cookieFor('admin@demo.example');
    const studio = await loadShell(request('/?unavailable=analytics', cookie, { host: 'studio.localhost:3000' }));
    expect(studio.shell.unavailableFeature).toBe('analytics');
    expect(studio.shell.demoUrl).toBe('https://calendly.com/community-apps/demo');
    const unavailable = studio.shell.trays.flatMap((tray) => tray.buttons).filter((button) => button.unavailable);
    expect(unavailable.map((button) => button.id).sort()).toEqual(
      ['analytics', 'banner-ads', 'bookings', 'marketing', 'splashscreens', 'user-management'].sort(),
    );
    expect(
      (await loadShell(request('/?unavailable=users', cookie, { host: 'studio.localhost:3000' }))).shell.unavailableFeature,
    ).toBeNull();
    const amc = await loadShell(request('/?unavailable=analytics', cookie));
    expect(amc.shell.unavailableFeature).toBeNull();
    expect(amc.shell.trays.flatMap((tray) => tray.buttons).some((button) => button.unavailable)).toBe(false);
  });
});

describe('loadHome', () => {
  it("reads the community's title, header images and main menu", async () => {
    const home = await loadHome(request('/', await cookieFor('town-editor@demo.example')));
    expect(home.communityKey).toBe('demo-town');
    expect(home.title).toBe('Maple Falls');
    expect(home.header.hideTitle).toBe(false);
    expect(home.header.slides[0]?.caption).toBe('Main Street in autumn');
    expect(home.header.slides[0]?.url).toMatch(/main-street\.jpg$/);
    expect(home.header.slides.length).toBe(2);
    expect(home.slide).toBe(0);
    expect((await loadHome(request('/?slide=1', await cookieFor('town-editor@demo.example')))).slide).toBe(1);
    expect(home.menu.length).toBeGreaterThan(5);
    expect(home.menu[0]).toMatchObject({
      key: 'community-events',
      title: 'Activities',
      iconShape: 'round',
      target: { kind: 'screen', href: '/amc-calendar/community-events/active' },
      editHref: '/home/edit/community-events',
    });
    expect(home.menu[0]?.icon).toMatch(/^data:image\/svg\+xml/);
    expect(home.menu.find((tile) => tile.key === 'faqs')?.target).toEqual({ kind: 'list', href: '/list/main-menu/faqs' });
  });
});

describe('home menu items', () => {
  it('paints currentColor with the icon colour and never passes markup that is not an svg', () => {
    const uri = svgIconDataUri('<svg viewBox="0 0 24 24"><path stroke="currentColor"/></svg>', '#FFFFFF')!;
    const svg = decodeURIComponent(uri.split(',')[1] ?? '');
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('stroke="#FFFFFF"');
    expect(svgIconDataUri('<img src=x onerror=alert(1)>', '#FFFFFF')).toBeNull();
    expect(svgIconDataUri(undefined, '#FFFFFF')).toBeNull();
  });

  it('takes titles, names and colours with the community defaults, skipping what is not an item', () => {
    const items = homeMenuItems(
      { 0: { title: 'Dining', iconData: { colorIconBackground: '#112233' } }, 2: { name: 'Maps', uniqueId: 'maps' }, 3: 'x' },
      {
        colorBackground: '#7A2E1D',
        iconSet: 'svg_plain',
      },
    );
    expect(items).toEqual([
      { key: '0', title: 'Dining', icon: null, iconBackground: '#112233', iconColor: '#FFFFFF', iconShape: 'square' },
      { key: 'maps', title: 'Maps', icon: null, iconBackground: '#7A2E1D', iconColor: '#FFFFFF', iconShape: 'square' },
    ]);
  });
});

describe('Switch Community', () => {
  const post = async (cookie: string, communityKey: string) =>
    request('/listnm/switch-community', cookie, { method: 'POST', body: new URLSearchParams({ communityKey }) });

  it('lists the communities a system admin may manage, filtered by title or appName', async () => {
    const staff = await requireCommunitySwitcher(request('/listnm/switch-community', await cookieFor('system@demo.example')));
    expect((await switchCommunityOptions(staff, null)).map((option) => option.key)).toEqual(['demo-campground', 'demo-town']);
    expect((await switchCommunityOptions(staff, 'MAPLE')).map((option) => option.title)).toEqual(['Maple Falls']);
    expect((await switchCommunityOptions(staff, 'pine hollow rv')).map((option) => option.appName)).toEqual(['Pine Hollow RV']);
    expect(await switchCommunityOptions(staff, 'nowhere')).toEqual([]);
  });

  it('stores the chosen community in the session and redirects home with a toast', async () => {
    const cookie = await cookieFor('system@demo.example');
    const response = await switchCommunity(await post(cookie, 'demo-town'));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/');

    const session = await readSession(services.sessions, request('/', cookie));
    expect(session.get('communityKey')).toBe('demo-town');
    expect((await services.db.ref(services.paths.userEditorDefault('demo-system')).get()).val()).toBe('demo-town');
    const first = await takeToast(request('/', cookie));
    expect(first.toast).toMatchObject({ kind: 'success', message: 'Switched to Maple Falls.' });
    expect(first.headers.get('Set-Cookie')).toMatch(/^__session=/);
    expect((await takeToast(request('/', cookie))).toast).toBeNull();
    expect((await loadShell(request('/', cookie))).shell.community.name).toBe('Maple Falls');
  });

  it('goes back to the page that offered the switch, a path of this site only', async () => {
    const cookie = await cookieFor('system@demo.example');
    const to = async (redirectTo: string) =>
      (
        await switchCommunity(
          request('/listnm/switch-community', cookie, {
            method: 'POST',
            body: new URLSearchParams({ communityKey: 'demo-town', redirectTo }),
          }),
        )
      ).headers.get('Location');
    expect(await to('/detail/business/dining-resort/lakeside-grill?returnTo=%2F')).toBe(
      '/detail/business/dining-resort/lakeside-grill?returnTo=%2F',
    );
    expect(await to('https://evil.example/')).toBe('/');
    expect(await to('//evil.example/x')).toBe('/');
  });

  it('answers 403 to people who may not switch, and to communities they may not manage', async () => {
    const editor = await cookieFor('editor@demo.example');
    expect((await thrown(requireCommunitySwitcher(request('/listnm/switch-community', editor)))).status).toBe(403);
    expect((await thrown(switchCommunity(await post(editor, 'demo-campground')))).status).toBe(403);
    const admin = await cookieFor('admin@demo.example');
    expect((await thrown(switchCommunity(await post(admin, 'demo-town')))).status).toBe(403);
    const system = await cookieFor('system@demo.example');
    expect((await thrown(switchCommunity(await post(system, 'no-such-community')))).status).toBe(403);
    expect((await thrown(switchCommunity(await post(system, '../x')))).status).toBe(400);
  });
});
