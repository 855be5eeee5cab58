import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseIdentity } from './firebase';
import { IdentityError } from './types';

/** Identity Toolkit, as the REST API and the admin SDK (in emulator mode) call it. */
const HOST = 'auth.emulator.test:9099';
const BASE = `http://${HOST}/identitytoolkit.googleapis.com/v1`;
const users = new Map([['uid-1', { localId: 'uid-1', email: 'admin@demo.example', displayName: 'Ada Admin', disabled: false }]]);

const server = setupServer(
  http.post(`${BASE}/accounts:signInWithPassword`, async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    if (body.email === 'down@demo.example') return HttpResponse.json({ error: { message: 'INTERNAL' } }, { status: 500 });
    if (body.email === 'throttled@demo.example') {
      return HttpResponse.json(
        { error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled.' } },
        { status: 400 },
      );
    }
    const user = [...users.values()].find((u) => u.email === body.email);
    if (!user) return HttpResponse.json({ error: { code: 400, message: 'EMAIL_NOT_FOUND' } }, { status: 400 });
    if (body.password !== 'demo-password-1') {
      return HttpResponse.json({ error: { code: 400, message: 'INVALID_LOGIN_CREDENTIALS' } }, { status: 400 });
    }
    return HttpResponse.json({ localId: user.localId, email: user.email, registered: true });
  }),
  // (A ':' in a path is a parameter for msw, so the handler checks the method name itself.)
  http.post(`${BASE}/projects/:project/:method`, async ({ request, params }) => {
    if (params.method !== 'accounts:sendOobCode') return undefined;
    const body = (await request.json()) as { requestType: string; email: string; returnOobLink?: boolean };
    if (body.requestType !== 'PASSWORD_RESET' || !body.returnOobLink)
      return HttpResponse.json({ error: { message: 'INVALID_REQ_TYPE' } }, { status: 400 });
    if (![...users.values()].some((u) => u.email === body.email)) {
      return HttpResponse.json({ error: { code: 400, message: 'EMAIL_NOT_FOUND' } }, { status: 400 });
    }
    return HttpResponse.json({
      email: body.email,
      oobLink: `https://demo-identity.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=code-1`,
    });
  }),
  http.post(`${BASE}/projects/:project/accounts:lookup`, async ({ request }) => {
    const body = (await request.json()) as { localId?: string[]; email?: string[] };
    const found = [...users.values()].filter((u) => body.localId?.includes(u.localId) || body.email?.includes(u.email));
    return HttpResponse.json(found.length ? { users: found } : {});
  }),
);

let app: App;
beforeAll(() => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = HOST;
  server.listen({ onUnhandledRequest: 'error' });
  app = initializeApp({ projectId: 'demo-identity' }, 'identity-test');
});
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  await deleteApp(app);
});

const identity = () => createFirebaseIdentity({ app, webApiKey: 'web-key', emulatorHost: HOST });

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('Firebase identity', () => {
  it('checks the password through the REST API and returns the account', async () => {
    expect(await identity().verifyPassword(' Admin@Demo.Example', 'demo-password-1')).toEqual({
      uid: 'uid-1',
      email: 'admin@demo.example',
      displayName: 'Ada Admin',
      disabled: false,
    });
  });

  it("maps Firebase's refusals onto the port's codes", async () => {
    const wrong = await failure(identity().verifyPassword('admin@demo.example', 'nope'));
    expect(wrong).toBeInstanceOf(IdentityError);
    expect((wrong as IdentityError).code).toBe('wrong-password');
    const unknown = await failure(identity().verifyPassword('who@demo.example', 'demo-password-1'));
    expect((unknown as IdentityError).code).toBe('user-not-found');
  });

  it('reports rate limits and outages as plain errors with the answer', async () => {
    expect((await failure(identity().verifyPassword('throttled@demo.example', 'x'))).message).toMatch(/TOO_MANY_ATTEMPTS_TRY_LATER/);
    expect((await failure(identity().verifyPassword('down@demo.example', 'x'))).message).toMatch(/answered 500/);
  });

  it('looks users up through the admin SDK', async () => {
    expect((await identity().getUserByEmail('admin@demo.example'))?.uid).toBe('uid-1');
    expect(await identity().getUser('missing')).toBeNull();
  });

  it("makes a link to Firebase's own password-reset page", async () => {
    expect(await identity().generatePasswordResetLink!(' Admin@Demo.Example')).toBe(
      'https://demo-identity.firebaseapp.com/__/auth/action?mode=resetPassword&oobCode=code-1',
    );
    const unknown = await failure(identity().generatePasswordResetLink!('who@demo.example'));
    expect(unknown).toBeInstanceOf(IdentityError);
    expect((unknown as IdentityError).code).toBe('user-not-found');
  });
});
