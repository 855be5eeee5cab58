import { describe, expect, it } from 'vitest';
import { createOutboxPush } from '@server/messages/push';
import { getServices } from '~/services.server';
import { installTestServices } from '../../tests/setup/services';
import { loader } from './dev.push-outbox';

describe('/dev/push-outbox', () => {
  it('lists the recorded notifications in demo mode on the embedded database, newest first', async () => {
    const { close } = await installTestServices('push-outbox-list', { seed: false, env: { DEMO_MODE: 'on' } });
    try {
      const { db, paths } = await getServices();
      let now = 1_000;
      const push = createOutboxPush({ db, paths }, () => now);
      const content = { title: 'Pool opens', body: 'At 9.', data: {} };
      await push.send({ destination: { kind: 'topic', topic: 'pine-lake__all' }, content, idempotencyKey: 'a' });
      now = 2_000;
      await push.send({ destination: { kind: 'tokens', uid: 'guest-1', tokens: ['t1'] }, content, idempotencyKey: 'b' });
      await push.send({ destination: { kind: 'tokens', uid: 'guest-1', tokens: ['t1'] }, content, idempotencyKey: 'b' });
      const { notifications } = await loader();
      expect(notifications.map((entry) => [entry.destination, entry.kind, entry.sends])).toEqual([
        ['guest-1', 'tokens', 2],
        ['pine-lake__all', 'topic', 1],
      ]);
    } finally {
      await close();
    }
  });

  it('is 404 outside demo mode', async () => {
    const { close } = await installTestServices('push-outbox-production', {
      seed: false,
      env: { DEMO_MODE: 'off', NODE_ENV: 'production' },
    });
    try {
      await expect(loader()).rejects.toMatchObject({ status: 404 });
    } finally {
      await close();
    }
  });
});
