import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lookUpInstances } from '.';
import { pmsHandlers } from '../../tests/mocks/pms';
import { NEWBOOK_CREDENTIALS } from '../../tests/mocks/pms/newbook';
import { RMS_AGENT, RMS_CLIENT_ID, RMS_CLIENT_PASSWORD, RMS_EMPTY_CLIENT_ID } from '../../tests/mocks/pms/rms';

/** The instance lookup of the integrations screen over the PMS port, with the vendors mocked by msw. */

const server = setupServer(...pmsHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const env = { NEWBOOK_API_KEY: NEWBOOK_CREDENTIALS, RMS_API_KEY: RMS_AGENT, STAYLIST_API_KEY: undefined, CAMPSPOT_API_KEY: 'wrong' };
const log = { error: () => {} };

describe('lookUpInstances', () => {
  it('lists Newbook instances of a region', async () => {
    const lookup = await lookUpInstances(env, { pmsSystem: 'newbook', apiRegion: 'us' }, { log });
    expect(lookup.status).toBe('loaded');
    expect(lookup.instances).toHaveLength(2);
  });

  it("says 'No instances found for this region.' and 'No properties found for these credentials.'", async () => {
    expect(await lookUpInstances(env, { pmsSystem: 'newbook', apiRegion: 'eu' }, { log })).toEqual({
      status: 'empty',
      instances: [],
      message: 'No instances found for this region.',
    });
    expect(
      await lookUpInstances(env, { pmsSystem: 'rms', apiClientId: RMS_EMPTY_CLIENT_ID, apiClientPassword: RMS_CLIENT_PASSWORD }, { log }),
    ).toEqual({
      status: 'empty',
      instances: [],
      message: 'No properties found for these credentials.',
    });
  });

  it("says 'Error loading {system} instances. Please check your credentials.' on refusals and errors", async () => {
    expect((await lookUpInstances(env, { pmsSystem: 'rms', apiClientId: RMS_CLIENT_ID, apiClientPassword: 'wrong' }, { log })).status).toBe(
      'error',
    );
    const rms = await lookUpInstances(env, { pmsSystem: 'rms', apiClientId: RMS_CLIENT_ID, apiClientPassword: 'wrong' }, { log });
    expect(rms.status === 'error' && rms.message).toBe('Error loading RMS instances. Please check your credentials.');
    const campspot = await lookUpInstances(env, { pmsSystem: 'campspot' }, { log });
    expect(campspot.status !== 'loaded' && campspot.message).toBe('Error loading Campspot instances. Please check your credentials.');
    const server500 = await lookUpInstances(env, { pmsSystem: 'newbook', apiRegion: 'au' }, { log });
    expect(server500.status !== 'loaded' && server500.message).toBe('Error loading Newbook instances. Please check your credentials.');
  });

  it('says when the vendor is rate limiting', async () => {
    const limited = await lookUpInstances(env, { pmsSystem: 'newbook', apiRegion: 'ap' }, { log });
    expect(limited.status !== 'loaded' && limited.message).toBe('Newbook is answering too many requests; please try again in a minute.');
  });

  it('is offline for a vendor without a key', async () => {
    expect(await lookUpInstances(env, { pmsSystem: 'staylist' }, { log })).toEqual({
      status: 'offline',
      instances: [],
      message: 'PMS instance lookup is offline: no vendor key is configured.',
    });
  });
});
