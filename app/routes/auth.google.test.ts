import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RouteClient } from '@server/auth/testing/route-client';
import type { Services } from '@server/services';
import type { LoginActionData, LoginLoaderData } from '~/features/login/types';
import { installTestServices } from '../../tests/setup/services';
import { action as startAction, loader as startLoader } from './auth.google';
import { loader as callbackLoader } from './auth.google_.callback';
import { action as loginAction, loader as loginLoader } from './login';

/** Google's token and profile endpoints (remix-auth-google), mocked at the HTTP boundary. */
const server = setupServer(
  http.post('https://oauth2.googleapis.com/token', async ({ request }) => {
    const code = new URLSearchParams(await request.text()).get('code');
    if (code === 'refused') return HttpResponse.json({ error: 'invalid_grant', error_description: 'Bad Request' }, { status: 400 });
    return HttpResponse.json({ access_token: `token-${code}`, expires_in: 3599, token_type: 'Bearer', scope: 'openid', id_token: 'x' });
  }),
  http.get('https://www.googleapis.com/oauth2/v3/userinfo', ({ request }) => {
    const email = request.headers.get('authorization') === 'Bearer token-town' ? 'town-editor@demo.example' : 'someone@gmail.example';
    return HttpResponse.json({ sub: '1', name: 'Google Person', email, email_verified: true });
  }),
);

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  ({ services, close } = await installTestServices('google-route', {
    env: { GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' },
  }));
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await services.rateLimiter.close();
  await close();
});

/** Google sign-in up to Google's redirect back with `code`. */
async function returnFromGoogle(client: RouteClient, code: string, redirectTo?: string) {
  const started = await client.post(startAction, '/auth/google', redirectTo ? { intent: 'google', redirectTo } : { intent: 'google' });
  expect(started.status).toBe(302);
  const consent = new URL(started.location!);
  expect(consent.host).toBe('accounts.google.com');
  expect(consent.searchParams.get('redirect_uri')).toBe('http://console.test/auth/google/callback');
  const query = new URLSearchParams({ code, state: consent.searchParams.get('state')! });
  return client.get(callbackLoader, `/auth/google/callback?${query}`);
}

describe('Google sign-in routes', () => {
  it('offers the Google button when configured', async () => {
    const page = await new RouteClient().get<LoginLoaderData>(loginLoader, '/login');
    expect(page.data!.options.google).toBe(true);
  });

  it('signs an existing account in through the Personal Device step, to the remembered target', async () => {
    const client = new RouteClient();
    const returned = await returnFromGoogle(client, 'town', '/listnm/demo-town');
    expect(returned.location).toBe('/login?mode=device');
    const device = await client.get<LoginLoaderData>(loginLoader, '/login?mode=device');
    expect(device.data!.view).toEqual({ name: 'device', method: 'google', email: 'town-editor@demo.example' });
    const completed = await client.post<LoginActionData>(loginAction, '/login', { intent: 'device', device: 'personal' });
    expect(completed.location).toBe('/listnm/demo-town');
    const session = await services.sessions.getSession(client.cookieHeader);
    expect(session.data).toMatchObject({ uid: 'demo-town-editor', method: 'google', communityKey: 'demo-town', persistent: true });
  });

  it('returns to Login with an alert carrying the error message when sign-in fails', async () => {
    for (const [code, message] of [
      ['refused', 'Bad Request'],
      ['stranger', 'There is no account for someone@gmail.example. Please contact the administrator.'],
    ] as const) {
      const client = new RouteClient();
      const returned = await returnFromGoogle(client, code);
      expect(returned.location).toBe('/login');
      const page = await client.get<LoginLoaderData>(loginLoader, '/login');
      expect(page.data!.alert).toEqual({ title: 'Google Sign-In Failed', message });
      // Shown once.
      expect((await client.get<LoginLoaderData>(loginLoader, '/login')).data!.alert).toBeNull();
      expect(client.cookies.has('__session')).toBe(false);
    }
  });

  it('says so when the person cancels on Google', async () => {
    const client = new RouteClient();
    const returned = await client.get(callbackLoader, '/auth/google/callback?error=access_denied&state=x');
    expect(returned.location).toBe('/login');
    expect((await client.get<LoginLoaderData>(loginLoader, '/login')).data!.alert).toEqual({
      title: 'Google Sign-In Failed',
      message: 'The Google sign-in was cancelled.',
    });
  });

  it('sends GET /auth/google to the login screen', async () => {
    expect((await new RouteClient().get(startLoader, '/auth/google')).location).toBe('/login');
  });

  it('answers 400 to a post that is not the Google button', async () => {
    expect((await new RouteClient().post(startAction, '/auth/google', {})).status).toBe(400);
    expect((await new RouteClient().post(startAction, '/auth/google', { intent: 'password' })).status).toBe(400);
  });
});

describe('Google sign-in turned off', () => {
  it('answers 404 and hides the button without Google credentials', async () => {
    const original = { ...services.env };
    try {
      services.env.GOOGLE_CLIENT_ID = undefined;
      services.env.GOOGLE_CLIENT_SECRET = undefined;
      const client = new RouteClient();
      expect((await client.get<LoginLoaderData>(loginLoader, '/login')).data!.options.google).toBe(false);
      expect((await client.post(startAction, '/auth/google', { intent: 'google' })).status).toBe(404);
      expect((await client.post(startAction, '/auth/google', {})).status).toBe(404);
      expect((await client.get(callbackLoader, '/auth/google/callback?code=x&state=y')).status).toBe(404);
      expect((await client.get(startLoader, '/auth/google')).status).toBe(404);
    } finally {
      Object.assign(services.env, original);
    }
  });
});
