import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processEmail } from '@jobs/processors/email';
import { queueEmail } from '@server/mail';
import type { Services } from '@server/services';
import { installTestServices } from '../../tests/setup/services';
import { loader } from './dev.outbox';

/**
 * The development outbox while the job service (Redis) does not answer: a queued e-mail is
 * listed as queued, not among the sent ones, until the mailer has it.
 */
let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await installTestServices('dev-outbox-queued', {
    seed: false,
    // DEMO_MODE: where the page is served only in demo mode.
    env: { REDIS_URL: 'redis://127.0.0.1:6392', DEMO_MODE: 'on' },
  }));
});
afterAll(async () => {
  await close();
});

describe('the development outbox', () => {
  it('lists an e-mail waiting for Redis as queued, and as sent only once the mailer has it', async () => {
    const mail = await queueEmail(services, { to: 'guest@demo.example', subject: 'Your site is ready', body: '<p>Ready.</p>' });
    expect(mail.queued).toBe(false);

    const waiting = await loader();
    expect(waiting.pending).toEqual([
      expect.objectContaining({ id: mail.queueKey, to: 'guest@demo.example', subject: 'Your site is ready', status: 'queued' }),
    ]);
    expect(waiting.messages).toEqual([]);

    // The worker's processor hands it to the mailer (as it does once Redis answers).
    const job = { reportProgress: async () => {}, attempt: 1, attempts: 1, finalAttempt: true };
    await processEmail(
      { product: services.paths.product(), queueKey: mail.queueKey },
      { db: services.db, paths: services.paths, mailer: services.mailer, log: console },
      job,
    );
    const sent = await loader();
    expect(sent.pending).toEqual([]);
    expect(sent.messages).toEqual([expect.objectContaining({ to: 'guest@demo.example', subject: 'Your site is ready' })]);
  });
});
