import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteClient } from '@server/auth/testing/route-client';
import { canEdit, loadAccess } from '@server/authz/access';
import type { Services } from '@server/services';
import type { LoginActionData, LoginLoaderData } from '~/features/login/types';
import { action, loader } from '~/routes/login';
import { installTestServices } from '../../tests/setup/services';
import { createFirstAdmin, FirstAdminError } from './first-admin';

/**
 * A new deployment outside demo mode: an empty embedded database, no demo accounts, no
 * /dev/outbox, no SMTP. `npm run create-admin` is the way to the first sign-in.
 */

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await installTestServices('first-admin', { seed: false, env: { DEMO_MODE: 'off' } }));
});
afterAll(async () => {
  await close();
});

async function submit(client: RouteClient, fields: Record<string, string>) {
  const page = await client.get<LoginLoaderData>(loader, '/login');
  const honeypot = {
    [page.data!.honeypot.nameFieldName]: '',
    [page.data!.honeypot.validFromFieldName!]: page.data!.honeypot.encryptedValidFrom,
  };
  return client.post<LoginActionData>(action, '/login', { ...honeypot, ...fields });
}

describe('the first administrator of a new deployment', () => {
  it('gets a community, an account with every right in it, and a link to choose a password, then signs in', async () => {
    expect(services.env.SUPER_ADMIN_EMAILS).toEqual([]);
    const result = await createFirstAdmin(
      services,
      { email: ' Ops@Example.com ', community: 'Maple Grove Campground', timeZone: 'America/Chicago', systemAdmin: true },
      'https://console.example.com/',
    );
    expect(result).toMatchObject({
      email: 'ops@example.com',
      accountCreated: true,
      communityKey: 'maple-grove-campground',
      communityCreated: true,
    });
    expect((await services.db.ref(services.paths.community('maple-grove-campground')).get()).val()).toMatchObject({
      title: 'Maple Grove Campground',
      timeZone: 'America/Chicago',
      communityType: 'resort',
    });
    expect((await services.db.ref(services.paths.menu('maple-grove-campground', 'main-menu')).get()).exists()).toBe(true);
    const access = await loadAccess(services, { uid: result.uid, email: result.email });
    expect(access).toMatchObject({
      isResortSystem: true,
      adminLocations: ['maple-grove-campground'],
      editorDefault: 'maple-grove-campground',
    });

    // Nobody knows the account's password until the link is used.
    const link = new URL(result.passwordLink);
    expect(link.origin).toBe('https://console.example.com');
    const token = link.searchParams.get('token')!;
    const client = new RouteClient({}, { clientAddress: '192.0.2.10' });
    expect((await client.get<LoginLoaderData>(loader, `${link.pathname}${link.search}`)).data!.view).toEqual({
      name: 'reset',
      token,
      email: 'ops@example.com',
    });
    const saved = await submit(client, { intent: 'reset', token, password: 'first-password-1', confirm: 'first-password-1' });
    expect(saved.location).toBe('/login');
    expect((await submit(client, { intent: 'password', email: 'ops@example.com', password: 'first-password-1' })).location).toBe(
      '/login?mode=device',
    );
    const signedIn = await client.post(action, '/login', { intent: 'device', device: 'personal' });
    expect(signedIn.location).toBe('/');
    expect((await services.sessions.getSession(client.cookieHeader)).data).toMatchObject({
      email: 'ops@example.com',
      communityKey: 'maple-grove-campground',
    });
  });

  it('reuses the community and the account when run again, with a new link', async () => {
    const again = await createFirstAdmin(
      services,
      { email: 'ops@example.com', community: 'Maple Grove Campground', timeZone: 'UTC' },
      'http://localhost:3000',
    );
    expect(again).toMatchObject({ accountCreated: false, communityCreated: false, communityKey: 'maple-grove-campground' });
    // Run again without --system-admin, the rights already held stay.
    expect((await loadAccess(services, { uid: again.uid, email: again.email })).isResortSystem).toBe(true);
    expect(again.passwordLink).toMatch(/^http:\/\/localhost:3000\/login\?mode=reset&token=/);
    // The existing password still works until the new link is used.
    await expect(services.identity.verifyPassword('ops@example.com', 'first-password-1')).resolves.toMatchObject({
      email: 'ops@example.com',
    });
  });

  it("makes a second community's first admin an admin of that community only, never a system admin of every community", async () => {
    const second = await createFirstAdmin(
      services,
      { email: 'town-clerk@example.com', community: 'Cedar Bend Township', communityType: 'municipality', timeZone: 'UTC' },
      'https://console.example.com',
    );
    expect(second).toMatchObject({ communityKey: 'cedar-bend-township', communityCreated: true, systemAdmin: false });
    const access = await loadAccess(services, { uid: second.uid, email: second.email });
    expect(access).toMatchObject({
      isResortSystem: false,
      adminLocations: ['cedar-bend-township'],
      editLocations: ['cedar-bend-township'],
    });
    const stored = (await services.db.ref(services.paths.userAuthorization(second.uid)).get()).val() as {
      communities: Record<string, Record<string, boolean>>;
    };
    expect(stored.communities).toEqual({ 'cedar-bend-township': { isEditor: true, isAdmin: true, canNotify: true } });
    expect(canEdit(access, 'maple-grove-campground', ['maple-grove-campground', 'cedar-bend-township'])).toBe(false);

    // A deliberate flag makes a system admin.
    const system = await createFirstAdmin(
      services,
      { email: 'town-clerk@example.com', community: 'Cedar Bend Township', timeZone: 'UTC', systemAdmin: true },
      'https://console.example.com',
    );
    expect(system.systemAdmin).toBe(true);
    expect((await loadAccess(services, { uid: system.uid, email: system.email })).isResortSystem).toBe(true);
  });

  it('says what is missing or wrong', async () => {
    await expect(
      createFirstAdmin(services, { email: 'not-an-address', community: '', timeZone: 'Mars/Olympus' }, 'http://x'),
    ).rejects.toThrow(FirstAdminError);
    const error = await createFirstAdmin(services, { email: 'a@example.com', community: '!!!', timeZone: 'UTC' }, 'http://x').catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe('This title cannot become a community key: use letters or digits.');
  });
});
