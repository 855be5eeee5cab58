import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Services } from '@server/services';
import { pmsHandlers } from '../../../tests/mocks/pms';
import { NEWBOOK_CREDENTIALS } from '../../../tests/mocks/pms/newbook';
import { demoPerson, installTestServices, sessionCookie } from '../../../tests/setup/services';
import { integrationsAction, integrationsLoader, type IntegrationsActionData } from './integrations.server';

/** The integrations panel with a Newbook key configured: instances come from the HTTP adapter (vendor mocked by msw). */

const server = setupServer(...pmsHandlers);
let services: Services;
let close: () => Promise<void>;
let cookie: string;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'bypass' });
  ({ services, close } = await installTestServices('integrations-vendor', { env: { NEWBOOK_API_KEY: NEWBOOK_CREDENTIALS } }));
  cookie = await sessionCookie(services.sessions, demoPerson('super'));
});
afterAll(async () => {
  server.close();
  await close?.();
});

const load = (form: Record<string, string>) =>
  integrationsAction(
    new Request('http://console.test/integrations?location=demo-campground', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'load-instances', location: 'demo-campground', pmsSystem: 'newbook', ...form }).toString(),
    }),
  ) as Promise<{ data: IntegrationsActionData }>;

describe('integrations with a vendor key', () => {
  it('is online for Newbook only', async () => {
    const data = await integrationsLoader(new Request('http://console.test/integrations', { headers: { Cookie: cookie } }));
    expect(data.offlineSystems).toEqual(['rms', 'staylist', 'campspot']);
  });

  it('lists the instances of a region', async () => {
    const { data } = await load({ apiRegion: 'us' });
    expect(data.instances).toEqual([
      { id: 'instances_1b18c45bae491e95', text: 'Pine Hollow RV Resort' },
      { id: 'instances_7f3a2c9d11e04b6a', text: 'Lakeside Cabins' },
    ]);
    expect(data.instancesMessage).toBeNull();
  });

  it("says 'No instances found for this region.' and shows the error on a vendor failure", async () => {
    expect((await load({ apiRegion: 'eu' })).data.instancesMessage).toEqual({
      tone: 'warning',
      text: 'No instances found for this region.',
    });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await load({ apiRegion: 'au' })).data.instancesMessage).toEqual({
      tone: 'error',
      text: 'Error loading Newbook instances. Please check your credentials.',
    });
    quiet.mockRestore();
  });
});
