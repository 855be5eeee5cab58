import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PmsError, pmsProviderFor } from '.';
import { pmsHandlers } from '../../../tests/mocks/pms';
import { CAMPSPOT_BROKEN_KEY, CAMPSPOT_BUSY_KEY, CAMPSPOT_KEY } from '../../../tests/mocks/pms/campspot';
import { NEWBOOK_CREDENTIALS, NEWBOOK_US_INSTANCES, newbookRequests } from '../../../tests/mocks/pms/newbook';
import { RMS_AGENT, RMS_CLIENT_ID, RMS_CLIENT_PASSWORD, RMS_EMPTY_CLIENT_ID, rmsRequests } from '../../../tests/mocks/pms/rms';
import { STAYLIST_BUSY_KEY, STAYLIST_KEY } from '../../../tests/mocks/pms/staylist';
import { rejection } from '../../../tests/setup/rejection';

const server = setupServer(...pmsHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const noKeys = { NEWBOOK_API_KEY: undefined, RMS_API_KEY: undefined, STAYLIST_API_KEY: undefined, CAMPSPOT_API_KEY: undefined };

describe('the offline default', () => {
  it('is chosen for every vendor without a key, says so and asks nobody', async () => {
    for (const system of ['newbook', 'rms', 'staylist', 'campspot'] as const) {
      const provider = pmsProviderFor(noKeys, system);
      expect(provider.offline).toBe(true);
      expect(await provider.getInstances({ pmsSystem: system, apiRegion: 'us' })).toEqual([]);
    }
  });
});

describe('Newbook', () => {
  const newbook = (credentials = NEWBOOK_CREDENTIALS) => pmsProviderFor({ ...noKeys, NEWBOOK_API_KEY: credentials }, 'newbook');

  it('lists the instances of a region, with Basic auth and the region in the body', async () => {
    newbookRequests.length = 0;
    const provider = newbook();
    expect(provider.offline).toBe(false);
    expect(await provider.getInstances({ pmsSystem: 'newbook', apiRegion: 'us' })).toEqual(
      NEWBOOK_US_INSTANCES.map((item) => ({ id: item.api_key, text: item.instance_name })),
    );
    expect(newbookRequests[0]).toEqual({
      authorization: `Basic ${Buffer.from(NEWBOOK_CREDENTIALS).toString('base64')}`,
      body: { region: 'us' },
    });
  });

  it('answers an empty list for a region without instances', async () => {
    expect(await newbook().getInstances({ pmsSystem: 'newbook', apiRegion: 'eu' })).toEqual([]);
  });

  it('maps refused credentials, rate limits, server errors and success:false', async () => {
    expect((await rejection(newbook('api-user:wrong').getInstances({ pmsSystem: 'newbook', apiRegion: 'us' }), PmsError)).kind).toBe(
      'unauthorized',
    );
    const limited = await rejection(newbook().getInstances({ pmsSystem: 'newbook', apiRegion: 'ap' }), PmsError);
    expect([limited.kind, limited.status, limited.retryAfter]).toEqual(['rate-limited', 429, 30]);
    expect((await rejection(newbook().getInstances({ pmsSystem: 'newbook', apiRegion: 'au' }), PmsError)).kind).toBe('vendor');
    expect((await rejection(newbook().getInstances({ pmsSystem: 'newbook', apiRegion: 'xx' }), PmsError)).message).toMatch(
      /Invalid region/,
    );
  });
});

describe('RMS', () => {
  const rms = () => pmsProviderFor({ ...noKeys, RMS_API_KEY: RMS_AGENT }, 'rms');

  it('lists the allowed properties of the client credentials', async () => {
    rmsRequests.length = 0;
    const instances = await rms().getInstances({ pmsSystem: 'rms', apiClientId: RMS_CLIENT_ID, apiClientPassword: RMS_CLIENT_PASSWORD });
    expect(instances).toEqual([
      { id: '11281', text: 'API Test Database' },
      { id: '11282', text: 'Test property 1' },
      { id: '11283', text: 'Test property 2' },
    ]);
    expect(rmsRequests[0]).toEqual({
      agentId: 15,
      agentPassword: 'agent-pass',
      clientId: 11281,
      clientPassword: 'client-pass',
      useTrainingDatabase: false,
      moduleType: ['kiosk'],
    });
  });

  it('answers an empty list, a 403 and a 429', async () => {
    expect(
      await rms().getInstances({ pmsSystem: 'rms', apiClientId: RMS_EMPTY_CLIENT_ID, apiClientPassword: RMS_CLIENT_PASSWORD }),
    ).toEqual([]);
    expect(
      (await rejection(rms().getInstances({ pmsSystem: 'rms', apiClientId: RMS_CLIENT_ID, apiClientPassword: 'nope' }), PmsError)).kind,
    ).toBe('unauthorized');
    const limited = await rejection(
      rms().getInstances({ pmsSystem: 'rms', apiClientId: '429', apiClientPassword: RMS_CLIENT_PASSWORD }),
      PmsError,
    );
    expect([limited.kind, limited.retryAfter]).toEqual(['rate-limited', 60]);
  });
});

describe('Staylist and Campspot (modelled adapters)', () => {
  it('list properties and parks', async () => {
    expect(await pmsProviderFor({ ...noKeys, STAYLIST_API_KEY: STAYLIST_KEY }, 'staylist').getInstances({ pmsSystem: 'staylist' })).toEqual(
      [
        { id: 'sl-1001', text: 'Pine Hollow RV Resort' },
        { id: 'sl-1002', text: 'River Bend Campground' },
      ],
    );
    expect(await pmsProviderFor({ ...noKeys, CAMPSPOT_API_KEY: CAMPSPOT_KEY }, 'campspot').getInstances({ pmsSystem: 'campspot' })).toEqual(
      [
        { id: '812', text: 'Pine Hollow RV Resort' },
        { id: '813', text: 'Lakeview Campground' },
      ],
    );
  });

  it('map 401/403, 429 and a body that is not JSON', async () => {
    const staylist = (key: string) =>
      pmsProviderFor({ ...noKeys, STAYLIST_API_KEY: key }, 'staylist').getInstances({ pmsSystem: 'staylist' });
    const campspot = (key: string) =>
      pmsProviderFor({ ...noKeys, CAMPSPOT_API_KEY: key }, 'campspot').getInstances({ pmsSystem: 'campspot' });
    expect((await rejection(staylist('wrong'), PmsError)).kind).toBe('unauthorized');
    expect((await rejection(staylist(STAYLIST_BUSY_KEY), PmsError)).kind).toBe('rate-limited');
    expect((await rejection(campspot('wrong'), PmsError)).kind).toBe('unauthorized');
    expect((await rejection(campspot(CAMPSPOT_BUSY_KEY), PmsError)).kind).toBe('rate-limited');
    expect((await rejection(campspot(CAMPSPOT_BROKEN_KEY), PmsError)).kind).toBe('invalid-response');
  });

  it('maps a connection failure to a network error', async () => {
    const refused = (() => Promise.reject(new TypeError('fetch failed'))) as unknown as typeof fetch;
    const error = await rejection(
      pmsProviderFor({ ...noKeys, CAMPSPOT_API_KEY: CAMPSPOT_KEY }, 'campspot', refused).getInstances({ pmsSystem: 'campspot' }),
      PmsError,
    );
    expect(error.kind).toBe('network');
  });
});
