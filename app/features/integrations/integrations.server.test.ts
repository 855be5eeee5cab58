import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Services } from '@server/services';
import { demoPerson, installTestServices, sessionCookie } from '../../../tests/setup/services';
import { INTEGRATIONS_TOASTS, integrationsAction, integrationsLoader, type IntegrationsActionData } from './integrations.server';

/**
 * The integrations panel's loader and action against a fresh embedded database with the demo
 * data (pmsConfig and mapConfig of demo-campground); no vendor keys, so the PMS port is offline.
 */

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let superCookie: string;
let systemCookie: string;

beforeAll(async () => {
  ({ services, close } = await installTestServices('integrations-panel'));
  superCookie = await sessionCookie(services.sessions, demoPerson('super'));
  systemCookie = await sessionCookie(services.sessions, demoPerson('system'));
});
afterAll(async () => {
  await close?.();
});

const get = (path: string, cookie = superCookie) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, body: Record<string, string>, cookie = superCookie) =>
  new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });

function unwrap(value: unknown): { status: number; data: IntegrationsActionData } {
  const candidate = value as { type?: string; data?: IntegrationsActionData; init?: { status?: number } };
  expect(candidate.type).toBe('DataWithResponseInit');
  return { status: candidate.init?.status ?? 200, data: candidate.data! };
}

describe('integrations loader', () => {
  it("lists the locations and loads a location's PMS and map configuration", async () => {
    const data = await integrationsLoader(get('/integrations?location=demo-campground'));
    expect(data.locations.map((location) => location.key).sort()).toEqual(['demo-campground', 'demo-town']);
    expect(data.locationsError).toBeNull();
    expect(data.values).toMatchObject({
      location: 'demo-campground',
      pmsSystem: 'newbook',
      apiRegion: 'us',
      apiPropertyId: 'pine-hollow-rv',
      mapSystem: 'campmap',
      mapCode: 'PINEHOLLOW',
      siteCode: 'PHRV',
      mapApiKey: '',
    });
    expect(data.offlineSystems).toEqual(['newbook', 'rms', 'staylist', 'campspot']);
  });

  it("says 'No campground locations available' and 'Error loading available locations'", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const original = services.db.ref.bind(services.db);
    const communities = services.paths.communities();
    let mode: 'empty' | 'fail' = 'empty';
    const spy = vi.spyOn(services.db, 'ref').mockImplementation((path?: string) => {
      if (path === communities && mode === 'fail') throw new Error('down');
      if (path === communities) return original('no/such/node');
      return original(path as string);
    });
    // Only the panel's own read is redirected; requireSuperAdmin reads other paths.
    const empty = await integrationsLoader(get('/integrations'));
    mode = 'fail';
    const failed = await integrationsLoader(get('/integrations'));
    spy.mockRestore();
    quiet.mockRestore();
    expect(empty.locationsError).toBe(INTEGRATIONS_TOASTS.noLocations);
    expect(failed.locationsError).toBe(INTEGRATIONS_TOASTS.locationsError);
  });

  it('is for super admins only', async () => {
    await expect(integrationsLoader(get('/integrations', systemCookie))).rejects.toMatchObject({ status: 403 });
  });
});

describe('integrations action', () => {
  it("refuses a save without a location: 'Please select a location.'", async () => {
    const { status, data } = unwrap(await integrationsAction(post('/integrations', { intent: 'save', location: '', mapCode: 'KEEP' })));
    expect(status).toBe(400);
    expect(data.result.error?.location).toEqual(['Please select a location.']);
    expect(data.result.initialValue).toMatchObject({ mapCode: 'KEEP' });
  });

  it('saves both records, the chosen instance filling apiPropertyId, and redirects with the toast', async () => {
    const response = (await integrationsAction(
      post('/integrations?location=demo-town', {
        intent: 'save',
        location: 'demo-town',
        pmsSystem: 'rms',
        apiRegion: 'au',
        apiClientId: '11281',
        apiClientPassword: 'secret',
        apiPropertyId: 'typed',
        instanceId: '11282',
        mapSystem: 'campguest',
        mapApiKey: 'map-key',
        siteCode: 'TOWN',
      }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/integrations?location=demo-town');
    expect((await services.db.ref(services.paths.pmsConfig('demo-town')).get()).val()).toEqual({
      pmsSystem: 'rms',
      apiRegion: 'au',
      apiClientId: '11281',
      apiClientPassword: 'secret',
      apiPropertyId: '11282',
    });
    expect((await services.db.ref(services.paths.mapConfig('demo-town')).get()).val()).toEqual({
      mapSystem: 'campguest',
      apiKey: 'map-key',
      siteCode: 'TOWN',
    });
    const session = await services.sessions.getSession(response.headers.get('Set-Cookie')!.split(';')[0]);
    expect(session.get('toast')).toEqual({ kind: 'success', message: 'Integration configuration for demo-town updated successfully!' });
  });

  it('checks the lookup prerequisites (Newbook region, RMS credentials)', async () => {
    const newbook = unwrap(
      await integrationsAction(post('/integrations', { intent: 'load-instances', location: 'demo-town', pmsSystem: 'newbook' })),
    );
    expect(newbook.status).toBe(400);
    expect(newbook.data.instancesMessage).toEqual({ tone: 'error', text: 'Please select an API region first.' });
    const rms = unwrap(
      await integrationsAction(
        post('/integrations', { intent: 'load-instances', location: 'demo-town', pmsSystem: 'rms', apiClientId: '1' }),
      ),
    );
    expect(rms.data.instancesMessage?.text).toBe('Please enter the API client ID and client password first.');
  });

  it('looks instances up through the offline default, which says it is offline, keeping the input', async () => {
    const { status, data } = unwrap(
      await integrationsAction(
        post('/integrations', { intent: 'load-instances', location: '', pmsSystem: 'newbook', apiRegion: 'eu', mapCode: 'X' }),
      ),
    );
    expect(status).toBe(200);
    expect(data.instances).toEqual([]);
    expect(data.instancesMessage).toEqual({ tone: 'info', text: 'PMS instance lookup is offline: no vendor key is configured.' });
    expect(data.result.error).toEqual({});
    expect(data.result.initialValue).toMatchObject({ pmsSystem: 'newbook', apiRegion: 'eu', mapCode: 'X' });
  });

  it("answers 'Error saving integration configuration' when the write fails", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const original = services.db.ref.bind(services.db);
    const spy = vi.spyOn(services.db, 'ref').mockImplementation((path?: string) => {
      const ref = original(path as string);
      if (path === services.paths.integrations())
        return Object.assign(Object.create(ref), { transaction: () => Promise.reject(new Error('down')) });
      return ref;
    });
    const { status, data } = unwrap(
      await integrationsAction(post('/integrations?location=demo-town', { intent: 'save', location: 'demo-town' })),
    );
    spy.mockRestore();
    quiet.mockRestore();
    expect(status).toBe(500);
    expect(data.result.error?.['']).toEqual(['Error saving integration configuration']);
  });

  it('Load Location opens the location the picker shows', async () => {
    const response = (await integrationsAction(
      post('/integrations?location=demo-campground', { intent: 'load', location: 'demo-town' }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/integrations?location=demo-town');
  });

  it('never writes the fields of the location the form shows into another location the picker shows', async () => {
    const before = (await services.db.ref(services.paths.mapConfig('demo-town')).get()).val();
    const other = unwrap(
      await integrationsAction(
        post('/integrations?location=demo-campground', { intent: 'save', location: 'demo-town', mapCode: 'PINEHOLLOW' }),
      ),
    );
    expect(other.status).toBe(400);
    expect(other.data.result.error?.location?.[0]).toMatch(/shows the integrations of demo-campground/);
    expect(other.data.result.initialValue).toMatchObject({ mapCode: 'PINEHOLLOW' });
    const fresh = unwrap(await integrationsAction(post('/integrations', { intent: 'save', location: 'demo-town', mapCode: 'X' })));
    expect(fresh.status).toBe(400);
    expect(fresh.data.result.error?.location?.[0]).toMatch(/Press Load Location to open demo-town/);
    expect((await services.db.ref(services.paths.mapConfig('demo-town')).get()).val()).toEqual(before);
  });

  it('answers 400 to an unknown intent', async () => {
    await expect(integrationsAction(post('/integrations', { intent: 'delete', location: 'demo-town' }))).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('two super admins editing one location', () => {
  const formOf = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const pms = async () => (await services.db.ref(services.paths.pmsConfig('demo-campground')).get()).val() as Record<string, unknown>;
  const map = async () => (await services.db.ref(services.paths.mapConfig('demo-campground')).get()).val() as Record<string, unknown>;

  it("answers a stale save with 409, their values and a new version, keeping A's change and everything B typed", async () => {
    const opened = await integrationsLoader(get('/integrations?location=demo-campground'));
    expect(opened.version).toMatch(/^[\w-]{22}$/);
    const fields = { ...formOf(opened.values), version: opened.version!, intent: 'save' };
    const otherLocation = await services.db.ref(services.paths.pmsConfig('demo-town')).get();

    const a = await integrationsAction(
      post('/integrations?location=demo-campground', { ...fields, mapCode: 'FROM-A', apiKey: 'secret-a' }),
    );
    expect(a).toBeInstanceOf(Response);
    expect((await map()).mapCode).toBe('FROM-A');

    const b = unwrap(await integrationsAction(post('/integrations?location=demo-campground', { ...fields, siteCode: 'FROM-B' })));
    expect(b.status).toBe(409);
    expect(await map()).toMatchObject({ mapCode: 'FROM-A', siteCode: opened.values.siteCode });
    expect(b.data.conflict!.theirs).toContainEqual({ label: 'Map Code', value: 'FROM-A' });
    // Credentials are said to have changed, never shown.
    expect(b.data.conflict!.theirs).toContainEqual({ label: 'API Key', value: '(changed)' });
    expect(JSON.stringify(b.data.conflict)).not.toContain('secret-a');
    expect(b.data.result.initialValue).toMatchObject({ siteCode: 'FROM-B' });
    expect(b.data.version).toBe(b.data.conflict!.version);

    const again = await integrationsAction(
      post('/integrations?location=demo-campground', { ...fields, siteCode: 'FROM-B', version: b.data.version! }),
    );
    expect(again).toBeInstanceOf(Response);
    expect(await map()).toMatchObject({ mapCode: opened.values.mapCode, siteCode: 'FROM-B' });
    expect((await pms()).apiKey).toBeUndefined();
    // The other location's records are left as they were.
    expect((await services.db.ref(services.paths.pmsConfig('demo-town')).get()).val()).toEqual(otherLocation.val());
  });
});
