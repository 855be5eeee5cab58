import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDb, type EmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { rejection } from '../../tests/setup/rejection';
import { makeTempDir } from '../../tests/setup/tmp';
import { AuthorizationError, authFailureMessage, createAuthenticator, GOOGLE_STATE_PROBLEM, googleCredentials } from './authenticator';
import { createEmbeddedIdentity } from './identity/embedded';
import type { IdentityProvider } from './identity/types';
import { createAuthKit, type AuthKit } from './login-flow';

/** Google's OAuth endpoints, as remix-auth-google calls them (token exchange, then the profile). */
const TOKEN_URL = 'https://oauth2.googleapis.com/token';
const USERINFO_URL = 'https://www.googleapis.com/oauth2/v3/userinfo';
const CALLBACK = 'http://console.test/auth/google/callback';

/** Profiles by access token (the token of code `x` is `token-x`). */
const profiles: Record<string, Record<string, unknown>> = {
  'token-admin': { sub: 'g-1', name: 'Karen Lindqvist', email: 'admin@demo.example', email_verified: true },
  'token-stranger': { sub: 'g-2', name: 'Stranger', email: 'stranger@gmail.example', email_verified: true },
  'token-unverified': { sub: 'g-3', name: 'Karen', email: 'admin@demo.example', email_verified: false },
};
const tokenRequests: URLSearchParams[] = [];

const server = setupServer(
  http.post(TOKEN_URL, async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    tokenRequests.push(body);
    const code = body.get('code') ?? '';
    if (code === 'expired-code') {
      return HttpResponse.json({ error: 'invalid_grant', error_description: 'Malformed auth code.' }, { status: 400 });
    }
    return HttpResponse.json({
      access_token: `token-${code}`,
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'openid email profile',
      id_token: 'id',
    });
  }),
  http.get(USERINFO_URL, ({ request }) => {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    const profile = profiles[token];
    return profile ? HttpResponse.json(profile) : HttpResponse.json({ error: 'invalid_token' }, { status: 401 });
  }),
);

let db: EmbeddedDb;
let identity: IdentityProvider;
let kit: AuthKit;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  db = createEmbeddedDb({ file: join(makeTempDir('auth-google'), 'rtdb.sqlite') });
  identity = createEmbeddedIdentity(db.sqlite);
  await identity.createUser({
    uid: 'demo-admin',
    email: 'admin@demo.example',
    password: 'demo-password-1',
    displayName: 'Karen Lindqvist',
  });
  kit = createAuthKit({ db, paths: createPaths('amc'), secrets: ['test-session-secret-of-at-least-32-characters'], secure: false });
});
afterEach(() => {
  server.resetHandlers();
  tokenRequests.length = 0;
});
afterAll(async () => {
  server.close();
  await db.close();
});

const authenticator = () =>
  createAuthenticator({
    identity,
    flow: kit.flow,
    google: { clientId: 'client-id', clientSecret: 'client-secret', callbackURL: CALLBACK },
  });

/** Starts a sign-in: Google's consent URL and the cookie holding the OAuth state. */
async function start() {
  const thrown = await authenticator()
    .authenticate('google', new Request('http://console.test/auth/google', { method: 'POST' }))
    .catch((error: unknown) => error);
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  const location = new URL(response.headers.get('Location')!);
  return { location, cookie: response.headers.get('Set-Cookie')!.split(';')[0]! };
}

/** Google's redirect back with an authorization code. */
async function callback(code: string, cookie: string, state: string) {
  const query = new URLSearchParams({ code, state });
  return authenticator().authenticate('google', new Request(`${CALLBACK}?${query}`, { headers: { Cookie: cookie } }));
}

describe('Google sign-in (remix-auth-google)', () => {
  it('is offered only with credentials and when the project has it', () => {
    const env = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(googleCredentials(env, { signIn: { password: true, google: true, emailLink: true } })).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(googleCredentials(env, { signIn: { password: true, google: false, emailLink: true } })).toBeNull();
    expect(
      googleCredentials(
        { GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined },
        { signIn: { password: true, google: true, emailLink: true } },
      ),
    ).toBeNull();
  });

  it("sends the browser to Google's consent page with a state kept in the __login cookie", async () => {
    const { location, cookie } = await start();
    expect(location.origin + location.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'client-id',
      redirect_uri: CALLBACK,
      response_type: 'code',
      prompt: 'select_account',
      scope: expect.stringContaining('userinfo.email'),
      state: expect.any(String),
    });
    expect(cookie).toMatch(/^__login=/);
  });

  it('exchanges the code for a token, reads the profile and finds the account by e-mail', async () => {
    const { location, cookie } = await start();
    const user = await callback('admin', cookie, location.searchParams.get('state')!);
    expect(user).toEqual({ uid: 'demo-admin', email: 'admin@demo.example', displayName: 'Karen Lindqvist' });
    expect(tokenRequests).toHaveLength(1);
    expect(Object.fromEntries(tokenRequests[0]!)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'admin',
      client_id: 'client-id',
      client_secret: 'client-secret',
      redirect_uri: CALLBACK,
    });
  });

  it('refuses a Google account whose e-mail has no console account (no self sign-up)', async () => {
    const { location, cookie } = await start();
    const error = await rejection(callback('stranger', cookie, location.searchParams.get('state')!), AuthorizationError);
    expect(authFailureMessage(error)).toBe('There is no account for stranger@gmail.example. Please contact the administrator.');
  });

  it('refuses an e-mail Google has not verified', async () => {
    const { location, cookie } = await start();
    const error = await rejection(callback('unverified', cookie, location.searchParams.get('state')!), AuthorizationError);
    expect(authFailureMessage(error)).toBe('Google has not verified the e-mail address admin@demo.example.');
  });

  it("shows the description of Google's refusal of the token exchange", async () => {
    const { location, cookie } = await start();
    const error = await rejection(callback('expired-code', cookie, location.searchParams.get('state')!), AuthorizationError);
    expect(authFailureMessage(error)).toBe('Malformed auth code.');
  });

  it('refuses a callback whose state does not match the one the browser was given', async () => {
    const { cookie } = await start();
    const error = await rejection(callback('admin', cookie, 'forged-state'), AuthorizationError);
    expect(error.message).toBe("State doesn't match.");
    expect(authFailureMessage(error)).toBe(GOOGLE_STATE_PROBLEM);
    expect(tokenRequests).toHaveLength(0);
  });

  it('refuses a callback without the state cookie', async () => {
    const error = await rejection(callback('admin', '', 'some-state'), AuthorizationError);
    expect(error.message).toBe('Missing state on session.');
    expect(authFailureMessage(error)).toBe(GOOGLE_STATE_PROBLEM);
  });
});
