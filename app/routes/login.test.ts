import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundSettled } from '@server/auth/background';
import { PERSONAL_SESSION_SECONDS } from '@server/auth/session';
import { RouteClient } from '@server/auth/testing/route-client';
import { embeddedSqlite } from '@server/db';
import { DEMO_PASSWORD } from '@server/seed';
import type { Services } from '@server/services';
import type { LoginActionData, LoginLoaderData } from '~/features/login/types';
import { DeviceSchema, EmailSchema, LOGIN_MESSAGES, LoginSchema, ResetPasswordSchema } from '~/schemas/login';
import { installTestServices } from '../../tests/setup/services';
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

/**
 * A browser with its own client address, as the HTTP server reports it in the load context (so
 * per-client limits of one test do not touch another).
 */
let clientCounter = 1;
const nextClient = () => `198.51.100.${clientCounter++}`;
const browser = (headers: Record<string, string> = {}) => new RouteClient(headers, { clientAddress: nextClient() });

/** The one text of every failed password sign-in. */
const LOGIN_FAILED = 'E-mail or password is incorrect.';

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

/** The e-mails queued for `to`, once the sending that follows the answers is done. */
async function queuedEmails(to: string) {
  await backgroundSettled();
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

  it('keeps only redirect targets that stay on the site', async () => {
    expect((await view(browser(), '/login?redirectTo=%2Fanalytics')).redirectTo).toBe('/analytics');
    expect((await view(browser(), '/login?redirectTo=%2Fanalytics%3Frange%3D7%23top')).redirectTo).toBe('/analytics?range=7#top');
    const unsafe = [
      '//evil.example',
      'https://evil.example',
      '/..//evil',
      '/.//evil.example',
      '/\\evil',
      // Browsers drop tabs and newlines from addresses: these read //evil.example/x.
      '/\t/evil.example/x',
      '/\n/evil.example/x',
      '/\r\n/evil.example',
      ' /analytics',
      'analytics',
      'javascript:alert(1)',
      '/login?action=logout',
    ];
    for (const target of unsafe) {
      expect((await view(browser(), `/login?redirectTo=${encodeURIComponent(target)}`)).redirectTo, JSON.stringify(target)).toBeNull();
    }
    // The reported address, exactly as it was sent.
    expect((await view(browser(), '/login?redirectTo=%2F%09%2Fevil.example%2Fx')).redirectTo).toBeNull();
    // An escaped tab in the path is a path of this site (the browser does not unescape it).
    expect((await view(browser(), `/login?redirectTo=${encodeURIComponent('/%09/x')}`)).redirectTo).toBe('/%09/x');
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

  it('goes to the redirect target after sign-in only when it stays on the site', async () => {
    expect((await signIn('admin@demo.example', 'personal', { redirectTo: '/analytics?range=7' })).completed.location).toBe(
      '/analytics?range=7',
    );
    for (const target of ['//evil.example/x', '/\t/evil.example/x', '/\n/evil.example/x', '/\r\nSet-Cookie: x=y']) {
      const { completed } = await signIn('admin@demo.example', 'personal', { redirectTo: target });
      expect(completed.status, JSON.stringify(target)).toBe(302);
      expect(completed.location).toBe('/');
    }
  });

  it('marks the cookies Secure when the request came over https, and not over plain http', async () => {
    const secure = new RouteClient({}, { clientAddress: nextClient(), origin: 'https://console.test' });
    const verified = await passwordSignIn(secure, 'editor@demo.example');
    expect(verified.headers.get('Set-Cookie')).toMatch(/^__login=.*; Secure/);
    const completed = await secure.post(action, '/login', { intent: 'device', device: 'personal' });
    const cookies = completed.headers.getSetCookie();
    expect(cookies.find((cookie) => cookie.startsWith('__session='))).toMatch(/; Secure/);
    expect(cookies.find((cookie) => cookie.startsWith('__login='))).toMatch(/; Secure/);
    const loggedOut = await secure.get(loader, '/login?action=logout');
    expect(loggedOut.headers.getSetCookie().every((cookie) => /; Secure/.test(cookie))).toBe(true);

    const plain = await signIn('editor@demo.example', 'personal');
    expect(plain.completed.headers.getSetCookie().some((cookie) => /Secure/.test(cookie))).toBe(false);
  });

  it('answers a wrong password with the Login Error dialog, keeping the e-mail but not the password', async () => {
    const client = browser();
    const answer = await passwordSignIn(client, 'editor@demo.example', 'not-the-password');
    expect(answer.status).toBe(400);
    expect(answer.data!.dialog).toEqual({ kind: 'login-error', title: 'Login Error', message: LOGIN_FAILED });
    expect(answer.data!.result!.initialValue).toMatchObject({ email: 'editor@demo.example' });
    expect(answer.data!.result!.initialValue).not.toHaveProperty('password');
    expect(client.cookies.has('__session')).toBe(false);
  });

  it('gives one answer whether the address is unknown, the password wrong or the account disabled', async () => {
    const disabled = await createUser('disabled@demo.example', { 'demo-campground': { isEditor: true } });
    embeddedSqlite(services.db).prepare('UPDATE identity_user SET disabled = 1 WHERE uid = ?').run(disabled.uid);
    const answers = [
      await passwordSignIn(browser(), 'nobody@demo.example', 'whatever-password'),
      await passwordSignIn(browser(), 'editor@demo.example', 'whatever-password'),
      await passwordSignIn(browser(), disabled.email, 'whatever-password'),
      await passwordSignIn(browser(), disabled.email, 'fresh-password-1'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.data!.dialog).toEqual({ kind: 'login-error', title: 'Login Error', message: LOGIN_FAILED });
      expect([...answer.headers.keys()]).toEqual([]);
    }
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

  it('refuses a client after 5 wrong passwords for an address, with 429 and a clear message, but not the owner elsewhere', async () => {
    const user = await createUser('limited@demo.example', { 'demo-campground': { isEditor: true } });
    const attacker = browser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await passwordSignIn(attacker, user.email, 'wrong-password')).status).toBe(400);
    }
    const refused = await passwordSignIn(attacker, user.email, 'fresh-password-1');
    expect(refused.status).toBe(429);
    expect(refused.data!.result!.error).toEqual({ '': ['Too many sign-in attempts. Please wait a few minutes and try again.'] });
    // The owner, on another client, signs in with the right password.
    expect((await passwordSignIn(browser(), user.email, 'fresh-password-1')).location).toBe('/login?mode=device');
  });

  it('lets the owner in with the right password however many clients guessed wrong', async () => {
    const user = await createUser('guessed@demo.example', { 'demo-campground': { isEditor: true } });
    // More than the address's own limit (10), each client below its own (5).
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const guesser = new RouteClient({}, { clientAddress: `203.0.113.${attempt % 4}` });
      expect((await passwordSignIn(guesser, user.email, `guess-${attempt}`)).status).toBe(400);
    }
    expect((await passwordSignIn(browser(), user.email, 'fresh-password-1')).location).toBe('/login?mode=device');
  });

  // Thirty password checks (scrypt): seconds on a loaded machine.
  it('refuses a client after 30 failures, whatever X-Forwarded-For says, and only that client', { timeout: 60_000 }, async () => {
    const client = new RouteClient({}, { clientAddress: '203.0.113.99' });
    for (let attempt = 0; attempt < 30; attempt += 1) {
      // A header anyone can send: rotating it changes nothing.
      client.headers['X-Forwarded-For'] = `192.0.2.${attempt}`;
      await passwordSignIn(client, `guess-${attempt}@demo.example`, 'wrong-password');
    }
    expect((await passwordSignIn(client, 'admin@demo.example')).status).toBe(429);
    expect((await passwordSignIn(browser(), 'admin@demo.example')).status).toBe(302);
  });

  it('counts per client the address the HTTP server reports, not a header', async () => {
    const user = await createUser('header-limited@demo.example', { 'demo-campground': { isEditor: true } });
    const client = new RouteClient({}, { clientAddress: '203.0.113.77' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      client.headers['X-Forwarded-For'] = `192.0.2.${100 + attempt}`;
      await passwordSignIn(client, user.email, 'wrong-password');
    }
    client.headers['X-Forwarded-For'] = '192.0.2.200';
    expect((await passwordSignIn(client, user.email, 'fresh-password-1')).status).toBe(429);
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
  it('answers every address the same and sends a link only to staff', async () => {
    await createUser('link-staff-same@demo.example', { 'demo-campground': { isEditor: true } });
    const answers = [];
    for (const email of ['link-staff-same@demo.example', 'remote@demo.example', 'stranger@demo.example']) {
      const client = browser();
      const answer = await submit(client, { intent: 'email-link', email });
      answers.push({
        status: answer.status,
        location: answer.location,
        cookies: answer.headers.getSetCookie().map((cookie) => cookie.split('=')[0]),
        // 'has been sent' or 'is queued' depends only on whether the job service answers at that
        // moment (login.mail-queued.test.ts), never on the address: compare the rest.
        notice: (await view(client, '/login?mode=email-link')).notice?.text
          .replace(email, '{email}')
          .replace(/^(If \{email\} has access, a sign-in link) (has been sent to it|is queued for it).*$/, '$1 …'),
      });
    }
    expect(answers[0]).toEqual({
      status: 302,
      location: '/login?mode=email-link',
      cookies: ['__login_email', '__login'],
      notice: 'If {email} has access, a sign-in link …',
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await queuedEmails('link-staff-same@demo.example')).toHaveLength(1);
    expect(await queuedEmails('remote@demo.example')).toHaveLength(0);
    expect(await queuedEmails('stranger@demo.example')).toHaveLength(0);
  });

  it('sends a link to a staff address, remembers the address and says to check spam', async () => {
    const user = await createUser('link-staff@demo.example', { 'demo-town': { isEditor: true } });
    const client = browser();
    const sent = await submit(client, { intent: 'email-link', email: 'Link-Staff@demo.example' });
    expect(sent.location).toBe('/login?mode=email-link');
    expect(client.cookies.has('__login_email')).toBe(true);
    const page = await view(client, '/login?mode=email-link');
    expect(page.notice!.text).toContain(`If ${user.email} has access, a sign-in link has been sent to it.`);
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

  it('refuses a client after 5 link requests for an address, and sends an address at most 10 in a window', async () => {
    const user = await createUser('link-limit@demo.example', { 'demo-campground': { isEditor: true } });
    const client = browser();
    for (let request = 0; request < 5; request += 1)
      expect((await submit(client, { intent: 'email-link', email: user.email })).status).toBe(302);
    const refused = await submit(client, { intent: 'email-link', email: user.email });
    expect(refused.status).toBe(429);
    expect(refused.data!.result!.error).toEqual({ '': ['Too many sign-in attempts. Please wait a few minutes and try again.'] });
    // Other clients get the usual answer, but the address gets no more than 10 e-mails.
    for (let request = 0; request < 7; request += 1) {
      expect((await submit(browser(), { intent: 'email-link', email: user.email })).location).toBe('/login?mode=email-link');
    }
    expect(await queuedEmails(user.email)).toHaveLength(10);
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

  it('uses the stored password reset template, with the link filled in', async () => {
    const user = await createUser('forgot-template@demo.example', { 'demo-campground': { isEditor: true } });
    const path = services.paths.emailTemplates('password-reset');
    await services.db
      .ref(path)
      .set({ title: 'New password for {{community}}', body: '<p>Choose one: <a href="{{link}}">here</a> ({{email}})</p>' });
    try {
      await submit(browser(), { intent: 'forgot', email: user.email });
      const mail = await firstEmail(user.email);
      expect(mail.subject).toBe('New password for App Admin');
      expect(mail.body).toContain(`(${user.email})`);
      const link = new URL(linkIn(mail.body));
      expect(link.searchParams.get('mode')).toBe('reset');
      expect((await view(browser(), link.pathname + link.search)).view).toMatchObject({ name: 'reset', email: user.email });
    } finally {
      await services.db.ref(path).remove();
    }
  });

  it('answers an unknown address as a known one, and sends it nothing', async () => {
    const known = await submit(browser(), { intent: 'forgot', email: 'editor@demo.example' });
    const ghost = browser();
    const unknown = await submit(ghost, { intent: 'forgot', email: 'ghost@demo.example' });
    expect(unknown.status).toBe(302);
    expect(unknown.location).toBe(known.location);
    expect(unknown.headers.getSetCookie().map((cookie) => cookie.split('=')[0])).toEqual(
      known.headers.getSetCookie().map((cookie) => cookie.split('=')[0]),
    );
    expect((await view(ghost, '/login?mode=forgot')).notice).toEqual({
      tone: 'success',
      text: 'Your password has been reset, please check your e-mail',
    });
    expect(await queuedEmails('ghost@demo.example')).toHaveLength(0);
    expect(await queuedEmails('editor@demo.example')).toHaveLength(1);
  });

  it('sends reset and sign-in links to the configured origin, never to the Host the request names', async () => {
    const user = await createUser('forged-host@demo.example', { 'demo-campground': { isEditor: true } });
    // The test server's links: no PUBLIC_URL (demo mode), HOST and PORT as configured (server/env.ts linkOrigin).
    expect(services.env.PUBLIC_URL).toBeUndefined();
    const forged = new RouteClient({ Host: 'attacker.example' }, { clientAddress: nextClient(), origin: 'http://attacker.example' });
    expect((await submit(forged, { intent: 'forgot', email: user.email })).location).toBe('/login?mode=forgot');
    expect((await submit(forged, { intent: 'email-link', email: user.email })).status).toBe(302);
    const mails = await queuedEmails(user.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(new URL(linkIn(mail.body)).origin).toBe('http://console.test');
      expect(mail.body).not.toContain('attacker.example');
    }

    // With PUBLIC_URL (what a deployment must set), there.
    const env = services.env as { PUBLIC_URL?: string };
    env.PUBLIC_URL = 'https://console.example.com';
    try {
      const other = await createUser('forged-host-deployed@demo.example', { 'demo-campground': { isEditor: true } });
      await submit(forged, { intent: 'forgot', email: other.email });
      const [mail] = await queuedEmails(other.email);
      expect(new URL(linkIn(mail!.body)).origin).toBe('https://console.example.com');
    } finally {
      env.PUBLIC_URL = undefined;
    }
  });

  it("says 'Error resetting your password' with the reason when a client asks too often", async () => {
    const client = browser();
    for (let request = 0; request < 5; request += 1) await submit(client, { intent: 'forgot', email: 'often@demo.example' });
    const refused = await submit(client, { intent: 'forgot', email: 'often@demo.example' });
    expect(refused.status).toBe(429);
    expect(refused.data!.failure).toBe('Too many password reset requests. Please wait a few minutes and try again.');
  });

  it("ends all of the person's sessions and other links when the password is reset", async () => {
    const user = await createUser('reset-revokes@demo.example', { 'demo-campground': { isEditor: true } });
    // Signed in on two browsers (one of them, say, someone who knew the old password).
    const signedIn = [];
    for (const device of ['personal', 'shared'] as const) {
      const client = browser();
      await passwordSignIn(client, user.email, 'fresh-password-1');
      expect((await client.post(action, '/login', { intent: 'device', device })).location).toBe('/');
      signedIn.push(client);
    }
    const bystander = (await signIn('editor@demo.example', 'personal')).client;

    const owner = signedIn[0]!;
    await submit(owner, { intent: 'forgot', email: user.email });
    await submit(browser(), { intent: 'forgot', email: user.email });
    const [first, second] = (await queuedEmails(user.email)).map((mail) => new URL(linkIn(mail.body)).searchParams.get('token')!);
    const saved = await submit(owner, { intent: 'reset', token: first!, password: 'new-password-2', confirm: 'new-password-2' });
    expect(saved.location).toBe('/login');
    // This browser's cookie is dropped with its session.
    expect(owner.cookies.has('__session')).toBe(false);
    for (const client of signedIn) expect(await staffSession(client)).toEqual({});
    expect(await staffSession(bystander)).toMatchObject({ email: 'editor@demo.example' });
    // The other reset link no longer works.
    expect((await view(browser(), `/login?mode=reset&token=${encodeURIComponent(second!)}`)).view).toMatchObject({
      name: 'link-problem',
      title: 'Reset link already used',
    });
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
