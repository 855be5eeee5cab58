import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteClient } from '@server/auth/testing/route-client';
import { loadAccess } from '@server/authz/access';
import { DEMO_PASSWORD } from '@server/seed';
import type { Services } from '@server/services';
import type { LoginActionData, LoginLoaderData } from '~/features/login/types';
import { demoPerson, installTestServices } from '../../tests/setup/services';
import { action, loader } from './login';

/**
 * A deployment outside demo mode whose database still holds the demo accounts (seeded by a
 * try-out, or by `npm run seed`): their published password is no way in, and the demo super
 * admin is nobody special.
 */

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await installTestServices('login-deployment', { env: { DEMO_MODE: 'off', NODE_ENV: 'production' } }));
});
afterAll(async () => {
  await close();
});

let clients = 0;
async function passwordSignIn(email: string, password: string) {
  const client = new RouteClient({}, { clientAddress: `192.0.2.${++clients}` });
  const page = (await client.get<LoginLoaderData>(loader, '/login')).data!;
  const honeypot = { [page.honeypot.nameFieldName]: '', [page.honeypot.validFromFieldName!]: page.honeypot.encryptedValidFrom };
  return client.post<LoginActionData>(action, '/login', { ...honeypot, intent: 'password', email, password });
}

describe('outside demo mode', () => {
  it('refuses the published demo password like any wrong password', async () => {
    const answer = await passwordSignIn('admin@demo.example', DEMO_PASSWORD);
    expect(answer.status).toBe(400);
    expect(answer.data!.dialog).toEqual({ kind: 'login-error', title: 'Login Error', message: 'E-mail or password is incorrect.' });
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('lets a demo account in once it has a password of its own', async () => {
    await services.identity.setPassword(demoPerson('editorA').uid, 'a-private-password');
    expect((await passwordSignIn('editor@demo.example', 'a-private-password')).location).toBe('/login?mode=device');
  });

  it('makes nobody a super admin unless SUPER_ADMIN_EMAILS lists them', async () => {
    expect(services.env.SUPER_ADMIN_EMAILS).toEqual([]);
    expect((await loadAccess(services, demoPerson('super'))).isSuperAdmin).toBe(false);
  });
});
