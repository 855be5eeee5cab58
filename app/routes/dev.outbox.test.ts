import { describe, expect, it } from 'vitest';
import { installTestServices } from '../../tests/setup/services';
import { loader } from './dev.outbox';

/** The status /dev/outbox answers with the given environment. */
async function outboxStatus(label: string, env: Record<string, string>): Promise<number> {
  const { close } = await installTestServices(label, { seed: false, env });
  try {
    await loader();
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  } finally {
    await close();
  }
}

describe('/dev/outbox', () => {
  it('is served in demo mode on the embedded database without SMTP', async () => {
    expect(await outboxStatus('outbox-demo', { DEMO_MODE: 'on', NODE_ENV: 'production' })).toBe(200);
  });

  it('is 404 outside demo mode, whatever NODE_ENV says, and with SMTP', async () => {
    expect(await outboxStatus('outbox-production', { DEMO_MODE: 'off', NODE_ENV: 'production' })).toBe(404);
    expect(await outboxStatus('outbox-development', { DEMO_MODE: 'off', NODE_ENV: 'development' })).toBe(404);
    expect(await outboxStatus('outbox-smtp', { DEMO_MODE: 'on', SMTP_URL: 'smtp://127.0.0.1:2525' })).toBe(404);
  });
});
