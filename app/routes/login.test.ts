import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_SESSION_SECONDS } from '@server/auth/session';
import { RouteClient } from '@server/auth/testing/route-client';
import { DEMO_PASSWORD } from '@server/seed';
import type { Services } from '@server/services';
import type { LoginActionData, LoginLoaderData } from '~/components/login/types';
import { DeviceSchema, EmailSchema, LOGIN_MESSAGES, LoginSchema, ResetPasswordSchema } from '~/schemas/login';
import { installTestServices } from '../../tests/permission-matrix/fixtures';
import { action, loader } from './login';

let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await installTestServices('login-route'));
});
afterAll(async () => {
  await services.rateLimiter.close();
  await close();
});

/** A browser with its own client IP (so per-IP limits of one test do not touch another). */
let ipCounter = 1;
const browser = () => new RouteClient({ 'X-Forwarded-For': `198.51.100.${ipCounter++}` });

async function view(client: RouteClient, path = '/login') {
  const answer = await client.get<LoginLoaderData>(loader, path);
  expect(answer.status).toBe(200);
  return answer.data!;
}

/** Posts a public form the way the page does: with the honeypot fields the loader handed out. */
async function submit(client: RouteClient, fields: Record<string, string>, path = '/login') {
  const page = await view(client);
  const honeypot = { [page.honeypot.nameFieldName]: '', [page.honeypot.validFromFieldName!]: page.honeypot.encryptedValidFrom };
  return client.post<LoginActionData>(action, path, { ...honeypot, ...fields });
}

const passwordSignIn = (client: RouteClient, email: string, password = DEMO_PASSWORD, extra: Record<string, string> = {}) =>
  submit(client, { intent: 'password', email, password, ...extra });

async function staffSession(client: RouteClient) {
  const session = await services.sessions.getSession(client.cookieHeader);
  return session.data;
}

async function signIn(email: string, device: 'personal' | 'shared', extra: Record<string, string> = {}) {
  const client = browser();
  const verified = await passwordSignIn(client, email, DEMO_PASSWORD, extra);
  expect(verified.status).toBe(302);
  expect(verified.location).toBe('/login?mode=device');
  const completed = await client.post<LoginActionData>(action, '/login', { intent: 'device', device });
  return { client, completed };
}

function queuedEmails(to: string) {
  return services.db
    .ref(services.paths.emailQueue())
    .get()
    .then((snapshot) =>
      Object.values((snapshot.val() ?? {}) as Record<string, { email: string; subject: string; body: string }>).filter(
        (item) => item.email === to,
      ),
    );
}

async function firstEmail(to: string) {
  const [mail] = await queuedEmails(to);
  if (!mail) throw new Error(`no e-mail queued for ${to}`);
  return mail;
}

function linkIn(body: string): string {
  const href = /href="([^"]+)"/.exec(body)?.[1];
  if (!href) throw new Error(`no link in ${body}`);
  return href.replace(/&#38;/g, '&');
}

async function createUser(email: string, rights?: Record<string, Record<string, boolean>>) {
  const user = await services.identity.createUser({ email, password: 'fresh-password-1', displayName: 'Fresh Person' });
  if (rights) await services.db.ref(services.paths.userAuthorization(user.uid)).set({ communities: rights });
  return user;
}

describe('the login screen', () => {
  it('shows the Login view with the options of the project', async () => {
    const page = await view(browser());
    expect(page.view).toEqual({ name: 'sign-in', email: '' });
    expect(page.options).toEqual({ password: true, google: false, emailLink: true });
    expect(page.appTitle).toBe('App Admin');
  });

  it('keeps only safe redirect targets', async () => {
    expect((await view(browser(), '/login?redirectTo=%2Fanalytics')).redirectTo).toBe('/analytics');
    for (const unsafe of ['//evil.example', 'https://evil.example', '/..//evil', '/\\evil']) {
      expect((await view(browser(), `/login?redirectTo=${encodeURIComponent(unsafe)}`)).redirectTo).toBeNull();
    }
  });
});

describe('e-mail and password sign-in', () => {
  it('signs each staff role in on a personal device with a persistent cookie and their community', async () => {
    const expected: Record<string, string> = {
      'system@demo.example': 'demo-campground',
      'super@demo.example': 'demo-campground',
      'admin@demo.example': 'demo-campground',
      'editor@demo.example': 'demo-campground',
      'town-editor@demo.example': 'demo-town',
    };
    for (const [email, community] of Object.entries(expected)) {
      const { client, completed } = await signIn(email, 'personal');
      expect(completed.status).toBe(302);
      expect(completed.location).toBe('/');
      const cookie = completed.headers.getSetCookie().find((header) => header.startsWith('__session='))!;
      expect(cookie).toContain(`Max-Age=${PERSONAL_SESSION_SECONDS}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(await staffSession(client)).toMatchObject({ email, method: 'password', persistent: true, communityKey: community });
      // The pending sign-in is over.
      expect(client.cookies.has('__login')).toBe(false);
    }
  });

  it('gives a shared device a browser-session cookie', async () => {
    const { client, completed } = await signIn('editor@demo.example', 'shared');
    const cookie = completed.headers.getSetCookie().find((header) => header.startsWith('__session='))!;
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(await staffSession(client)).toMatchObject({ persistent: false });
  });

  it('sends a remote editor to the remote detail page, without a community', async () => {
    const { client, completed } = await signIn('remote@demo.example', 'personal');
    expect(completed.location).toBe('/detail/remote');
    const data = await staffSession(client);
    expect(data).toMatchObject({ uid: 'demo-remote' });
    expect(data.communityKey).toBeUndefined();
  });

  it('goes to the safe redirect target after sign-in', async () => {
    expect((await signIn('admin@demo.example', 'personal', { redirectTo: '/analytics?range=7' })).completed.location).toBe(
      '/analytics?range=7',
    );
    expect((await signIn('admin@demo.example', 'personal', { redirectTo: '//evil.example/x' })).completed.location).toBe('/');
  });

  it('answers a wrong password with the Login Error dialog, keeping the e-mail but not the password', async () => {
    const client = browser();
    const answer = await passwordSignIn(client, 'editor@demo.example', 'not-the-password');
    expect(answer.status).toBe(400);
    expect(answer.data!.dialog).toEqual({
      kind: 'login-error',
      title: 'Login Error',
      message: 'The password is invalid or the user does not have a password.',
    });
    expect(answer.data!.result!.initialValue).toMatchObject({ email: 'editor@demo.example' });
    expect(answer.data!.result!.initialValue).not.toHaveProperty('password');
    expect(client.cookies.has('__session')).toBe(false);

    const unknown = await passwordSignIn(browser(), 'nobody@demo.example', 'whatever');
    expect(unknown.data!.dialog!.message).toBe('There is no user record corresponding to this identifier. The user may have been deleted.');
  });

  it("answers the schema's messages for missing or malformed input", async () => {
    const answer = await submit(browser(), { intent: 'password', email: 'not-an-address', password: '' });
    expect(answer.status).toBe(400);
    expect(answer.data!.result!.error).toEqual({ email: [LOGIN_MESSAGES.emailInvalid], password: [LOGIN_MESSAGES.passwordRequired] });
  });

  it('answers 400 to a filled honeypot and to an unknown intent', async () => {
    const client = browser();
    const page = await view(client);
    const filled = await client.post(action, '/login', {
      [page.honeypot.nameFieldName]: 'http://spam.example',
      [page.honeypot.validFromFieldName!]: page.honeypot.encryptedValidFrom,
      intent: 'password',
      email: 'admin@demo.example',
      password: DEMO_PASSWORD,
    });
    expect(filled.status).toBe(400);
    const missing = await client.post(action, '/login', { intent: 'password', email: 'admin@demo.example', password: DEMO_PASSWORD });
    expect(missing.status).toBe(400);
    expect((await submit(client, { intent: 'sort-alpha' })).status).toBe(400);
  });

  it('refuses further attempts after 5 failures for an address, with 429 and a clear message', async () => {
    const user = await createUser('limited@demo.example', { 'demo-campground': { isEditor: true } });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await passwordSignIn(browser(), user.email, 'wrong-password')).status).toBe(400);
    }
    const refused = await passwordSignIn(browser(), user.email, 'fresh-password-1');
    expect(refused.status).toBe(429);
    expect(refused.data!.result!.error).toEqual({ '': ['Too many sign-in attempts. Please wait a few minutes and try again.'] });
  });

  it('refuses further attempts from an IP after 30 failures', async () => {
    const client = new RouteClient({ 'X-Forwarded-For': '203.0.113.99' });
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await passwordSignIn(client, `guess-${attempt}@demo.example`, 'wrong-password');
    }
    expect((await passwordSignIn(client, 'admin@demo.example')).status).toBe(429);
    expect((await passwordSignIn(browser(), 'admin@demo.example')).status).toBe(302);
  });
});

describe('the Personal Device step', () => {
  it('shows the step for a pending sign-in, and sends back to Login without one', async () => {
    const client = browser();
    await passwordSignIn(client, 'admin@demo.example');
    expect((await view(client, '/login?mode=device')).view).toEqual({ name: 'device', method: 'password', email: 'admin@demo.example' });
    const nobody = await browser().get(loader, '/login?mode=device');
    expect(nobody.location).toBe('/login');
  });

  it('requires a choice', async () => {
    const client = browser();
    await passwordSignIn(client, 'admin@demo.example');
    const answer = await client.post<LoginActionData>(action, '/login', { intent: 'device' });
    expect(answer.status).toBe(400);
    expect(answer.data!.result!.error).toEqual({ device: [LOGIN_MESSAGES.deviceRequired] });
  });

  it('Cancel drops the pending sign-in and keeps the e-mail for the form', async () => {
    const client = browser();
    await passwordSignIn(client, 'admin@demo.example');
    const cancelled = await client.post(action, '/login', { intent: 'cancel' });
    expect(cancelled.location).toBe('/login');
    expect((await view(client)).view).toEqual({ name: 'sign-in', email: 'admin@demo.example' });
    const late = await client.post(action, '/login', { intent: 'device', device: 'personal' });
    expect(late.location).toBe('/login');
    expect((await view(client)).notice).toEqual({
      tone: 'info',
      text: 'The sign-in took too long and was cancelled. Please log in again.',
    });
    expect(client.cookies.has('__session')).toBe(false);
  });

  it('answers a person without rights with the no-access dialog and no session', async () => {
    await createUser('no-rights@demo.example');
    const client = browser();
    await passwordSignIn(client, 'no-rights@demo.example', 'fresh-password-1');
    const answer = await client.post<LoginActionData>(action, '/login', { intent: 'device', device: 'personal' });
    expect(answer.status).toBe(403);
    expect(answer.data!.dialog).toEqual({
      kind: 'no-access',
      title: 'User Does Not Have Access',
      message: 'The authenticated user does not have access to modify this app.',
    });
    expect(client.cookies.has('__session')).toBe(false);
    expect(client.cookies.has('__login')).toBe(false);
  });
});

describe('logout', () => {
  for (const method of ['GET', 'POST'] as const) {
    it(`ends the session by ${method} of /login?action=logout`, async () => {
      const { client } = await signIn('admin@demo.example', 'personal');
      const before = await services.sessions.getSession(client.cookieHeader);
      expect(before.get('communityKey')).toBe('demo-campground');
      const answer =
        method === 'GET' ? await client.get(loader, '/login?action=logout') : await client.post(action, '/login?action=logout', {});
      expect(answer.status).toBe(302);
      expect(answer.location).toBe('/login');
      expect(answer.headers.get('Clear-Site-Data')).toBe('"storage"');
      expect(client.cookies.has('__session')).toBe(false);
      // The record is gone too: the old cookie no longer signs anyone in.
      expect((await services.db.ref(services.paths.session(before.id)).get()).exists()).toBe(false);
    });
  }
});

describe('e-mail sign-in links', () => {
  it('tells an address without staff access to contact the administrator, and sends nothing', async () => {
    for (const email of ['remote@demo.example', 'stranger@demo.example']) {
      const answer = await submit(browser(), { intent: 'email-link', email });
      expect(answer.status).toBe(403);
      expect(answer.data!.result!.error).toEqual({ '': ['This e-mail address does not have access. Please contact the administrator.'] });
      expect(await queuedEmails(email)).toHaveLength(0);
    }
  });

  it('sends a link to a staff address, remembers the address and says to check spam', async () => {
    const user = await createUser('link-staff@demo.example', { 'demo-town': { isEditor: true } });
    const client = browser();
    const sent = await submit(client, { intent: 'email-link', email: 'Link-Staff@demo.example' });
    expect(sent.location).toBe('/login?mode=email-link');
    expect(client.cookies.has('__login_email')).toBe(true);
    const page = await view(client, '/login?mode=email-link');
    expect(page.notice!.text).toContain(`A sign-in link has been sent to ${user.email}.`);
    expect(page.notice!.text).toContain('check your spam folder too');

    const mail = await firstEmail(user.email);
    expect(mail.subject).toBe('Sign in to App Admin');
    const link = new URL(linkIn(mail.body));
    expect(link.origin).toBe('http://console.test');
    expect(link.searchParams.get('mode')).toBe('email-link');

    // Same browser: Processing Login, continuing at once; the link is not used by opening it.
    const landing = await view(client, link.pathname + link.search);
    expect(landing.view).toEqual({ name: 'email-link-continue', token: link.searchParams.get('token') });
    expect((await view(client, link.pathname + link.search)).view.name).toBe('email-link-continue');

    const redeemed = await submit(client, { intent: 'email-link-redeem', token: link.searchParams.get('token')! });
    expect(redeemed.location).toBe('/login?mode=device');
    expect(client.cookies.has('__login_email')).toBe(false);
    expect((await view(client, '/login?mode=device')).view).toEqual({ name: 'device', method: 'email-link', email: user.email });
    const completed = await client.post(action, '/login', { intent: 'device', device: 'shared' });
    expect(completed.location).toBe('/');
    expect(await staffSession(client)).toMatchObject({
      email: user.email,
      method: 'email-link',
      persistent: false,
      communityKey: 'demo-town',
    });

    // Used once: opening it again says so.
    const again = await view(browser(), link.pathname + link.search);
    expect(again.view).toMatchObject({ name: 'link-problem', kind: 'email-link', title: 'Sign-in link already used' });
  });

  it('asks another browser for the e-mail, which must be the one the link was sent to', async () => {
    const user = await createUser('link-other@demo.example', { 'demo-campground': { isAdmin: true } });
    await submit(browser(), { intent: 'email-link', email: user.email });
    const link = new URL(linkIn((await firstEmail(user.email)).body));
    const token = link.searchParams.get('token')!;

    const other = browser();
    expect((await view(other, link.pathname + link.search)).view).toEqual({ name: 'email-link-confirm', token });
    const wrong = await submit(other, { intent: 'email-link-redeem', token, email: 'admin@demo.example' });
    expect(wrong.status).toBe(400);
    expect(wrong.data!.result!.error).toEqual({ email: ['This e-mail address does not match the one the sign-in link was sent to.'] });
    // A wrong guess does not use the link up.
    const right = await submit(other, { intent: 'email-link-redeem', token, email: user.email });
    expect(right.location).toBe('/login?mode=device');
  });

  it('says clearly when a link is forged or expired', async () => {
    const forged = await view(browser(), '/login?mode=email-link&token=abc.def.ghi');
    expect(forged.view).toMatchObject({ name: 'link-problem', title: 'Sign-in link not valid' });
    const token = await services.auth.tokens.issue({ kind: 'email-link', uid: 'demo-admin', email: 'admin@demo.example', ttlMs: -1 });
    const expired = await view(browser(), `/login?mode=email-link&token=${encodeURIComponent(token)}`);
    expect(expired.view).toMatchObject({ name: 'link-problem', title: 'Sign-in link expired' });
    const redeemed = await submit(browser(), { intent: 'email-link-redeem', token, email: 'admin@demo.example' });
    expect(redeemed.location).toBe(`/login?mode=email-link&token=${encodeURIComponent(token)}`);
  });

  it('limits link requests per address', async () => {
    const user = await createUser('link-limit@demo.example', { 'demo-campground': { isEditor: true } });
    for (let request = 0; request < 5; request += 1)
      expect((await submit(browser(), { intent: 'email-link', email: user.email })).status).toBe(302);
    const refused = await submit(browser(), { intent: 'email-link', email: user.email });
    expect(refused.status).toBe(429);
    expect(await queuedEmails(user.email)).toHaveLength(5);
  });
});

describe('forgotten passwords', () => {
  it("e-mails a reset link, says the spec's success text, and the reset page sets the new password", async () => {
    const user = await createUser('forgot@demo.example', { 'demo-campground': { isEditor: true } });
    const client = browser();
    const sent = await submit(client, { intent: 'forgot', email: user.email });
    expect(sent.location).toBe('/login?mode=forgot');
    expect((await view(client, '/login?mode=forgot')).notice).toEqual({
      tone: 'success',
      text: 'Your password has been reset, please check your e-mail',
    });

    const mail = await firstEmail(user.email);
    expect(mail.subject).toBe('Reset your App Admin password');
    const link = new URL(linkIn(mail.body));
    const token = link.searchParams.get('token')!;
    expect((await view(client, link.pathname + link.search)).view).toEqual({ name: 'reset', token, email: user.email });

    const short = await submit(client, { intent: 'reset', token, password: 'short', confirm: 'short' });
    expect(short.status).toBe(400);
    expect(short.data!.result!.error).toEqual({ password: ['Password should be at least 6 characters.'] });
    const differ = await submit(client, { intent: 'reset', token, password: 'new-password-2', confirm: 'new-password-3' });
    expect(differ.data!.result!.error).toEqual({ confirm: ['The passwords do not match.'] });

    const saved = await submit(client, { intent: 'reset', token, password: 'new-password-2', confirm: 'new-password-2' });
    expect(saved.location).toBe('/login');
    const login = await view(client);
    expect(login.view).toEqual({ name: 'sign-in', email: user.email });
    expect(login.notice).toEqual({ tone: 'success', text: 'Your new password is saved. Log in with it.' });
    await expect(services.identity.verifyPassword(user.email, 'new-password-2')).resolves.toMatchObject({ uid: user.uid });
    expect((await passwordSignIn(browser(), user.email, 'new-password-2')).location).toBe('/login?mode=device');

    // The link works once.
    expect((await view(browser(), link.pathname + link.search)).view).toMatchObject({ name: 'link-problem', kind: 'password-reset' });
    const reused = await submit(browser(), { intent: 'reset', token, password: 'third-password', confirm: 'third-password' });
    expect(reused.location).toBe(`/login?mode=reset&token=${encodeURIComponent(token)}`);
  });

  it("answers an unknown address with the provider's message", async () => {
    const answer = await submit(browser(), { intent: 'forgot', email: 'ghost@demo.example' });
    expect(answer.status).toBe(400);
    expect(answer.data!.failure).toBe('There is no user record corresponding to this identifier. The user may have been deleted.');
  });
});

describe('the sign-in schemas', () => {
  it("carry the screen's messages", () => {
    expect(LoginSchema.safeParse({ email: '', password: '' }).error?.flatten().fieldErrors).toEqual({
      email: [LOGIN_MESSAGES.emailRequired, LOGIN_MESSAGES.emailInvalid],
      password: [LOGIN_MESSAGES.passwordRequired],
    });
    expect(EmailSchema.safeParse({ email: 'a@b' }).error?.flatten().fieldErrors).toEqual({ email: ['Enter a valid e-mail address.'] });
    expect(DeviceSchema.safeParse({}).error?.flatten().fieldErrors).toEqual({
      device: ['Choose whether this is a personal or a shared device.'],
    });
    expect(DeviceSchema.safeParse({ device: 'tablet' }).error?.flatten().fieldErrors).toEqual({
      device: ['Choose whether this is a personal or a shared device.'],
    });
    expect(ResetPasswordSchema.safeParse({ token: 't', password: '12345', confirm: '12345' }).error?.flatten().fieldErrors).toEqual({
      password: ['Password should be at least 6 characters.'],
    });
    expect(LoginSchema.parse({ email: ' Admin@Demo.Example ', password: 'x' }).email).toBe('Admin@Demo.Example');
  });
});
