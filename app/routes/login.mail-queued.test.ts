import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouteClient } from '@server/auth/testing/route-client';
import type { Services } from '@server/services';
import type { LoginActionData, LoginLoaderData } from '~/features/login/types';
import { installTestServices } from '../../tests/setup/services';
import { action, loader } from './login';

/**
 * The sign-in e-mails while the job service (Redis) does not answer: the e-mail waits in the
 * database's queue, and the login screen says it is queued, never that it was sent.
 */
let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  // Nothing listens on this port: enqueueing answers "not queued" at once.
  ({ services, close } = await installTestServices('login-mail-queued', { env: { REDIS_URL: 'redis://127.0.0.1:6391' } }));
});
afterAll(async () => {
  await services.rateLimiter.close();
  await close();
});

let ipCounter = 1;
const browser = () => new RouteClient({ 'X-Forwarded-For': `198.51.100.${ipCounter++}` });

async function view(client: RouteClient, path = '/login') {
  const answer = await client.get<LoginLoaderData>(loader, path);
  expect(answer.status).toBe(200);
  return answer.data!;
}

async function submit(client: RouteClient, fields: Record<string, string>) {
  const page = await view(client);
  const honeypot = { [page.honeypot.nameFieldName]: '', [page.honeypot.validFromFieldName!]: page.honeypot.encryptedValidFrom };
  return client.post<LoginActionData>(action, '/login', { ...honeypot, ...fields });
}

async function queueItem(to: string) {
  const all = (await services.db.ref(services.paths.emailQueue()).get()).val() as Record<string, { email: string; status: string }> | null;
  return Object.values(all ?? {}).find((item) => item.email === to);
}

describe('sign-in e-mails while the job service is down', () => {
  it('says a sign-in link is queued, not sent, and keeps it queued in the database', async () => {
    const client = browser();
    const answer = await submit(client, { intent: 'email-link', email: 'admin@demo.example' });
    expect(answer.location).toBe('/login?mode=email-link');
    const notice = (await view(client, '/login?mode=email-link')).notice!;
    expect(notice.text).toContain('If admin@demo.example has access, a sign-in link is queued for it');
    expect(notice.text).not.toMatch(/has been sent/);
    expect(notice.tone).toBe('info');
    // The e-mail waits in the database (it may be queued after the answer).
    await expect.poll(() => queueItem('admin@demo.example')).toMatchObject({ status: 'queued' });
  });

  it('says a password reset e-mail is queued, not the spec success text', async () => {
    const client = browser();
    const answer = await submit(client, { intent: 'forgot', email: 'editor@demo.example' });
    expect(answer.location).toBe('/login?mode=forgot');
    const notice = (await view(client, '/login?mode=forgot')).notice!;
    expect(notice.text).toMatch(/^Your password reset e-mail is queued/);
    expect(notice.text).not.toBe('Your password has been reset, please check your e-mail');
    await expect.poll(() => queueItem('editor@demo.example')).toMatchObject({ status: 'queued' });
  });
});
