import { describe, expect, it } from 'vitest';
import { loader as healthcheck } from '~/routes/healthcheck';
import { installTestServices } from '../tests/setup/services';
import { bootPlatform, demoModeLine } from './boot';
import { parseEnv } from './env';
import { isDatabaseEmpty } from './seed';

function bootLog() {
  const lines: string[] = [];
  return { lines, log: { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) } };
}

describe('start-up', () => {
  it('outside demo mode (the default, also with NODE_ENV=production) seeds nothing and says so in one line', async () => {
    const { services, close } = await installTestServices('boot-off', {
      seed: false,
      env: { NODE_ENV: 'production', DEMO_MODE: 'off', SEED_DEMO_DATA: 'auto' },
    });
    try {
      const { lines, log } = bootLog();
      await bootPlatform(services, log);
      expect(await isDatabaseEmpty(services.db, services.env.PRODUCT)).toBe(true);
      expect(await services.identity.getUserByEmail('admin@demo.example')).toBeNull();
      expect(lines).toEqual([
        'Demo mode is off: no demo data, no default super admin, no /dev/outbox (DEMO_MODE=on turns them on for a try-out). Without SMTP_URL, e-mails (sign-in and reset links too) are kept in the database and not sent.',
      ]);
    } finally {
      await close();
    }
  });

  it('in demo mode seeds an empty embedded database and says what anyone can do', async () => {
    const { services, close } = await installTestServices('boot-on', { seed: false, env: { DEMO_MODE: 'on', SEED_DEMO_DATA: 'auto' } });
    try {
      const { lines, log } = bootLog();
      await bootPlatform(services, log);
      expect(await isDatabaseEmpty(services.db, services.env.PRODUCT)).toBe(false);
      expect(await services.identity.getUserByEmail('admin@demo.example')).toMatchObject({ uid: 'demo-admin' });
      expect(lines[0]).toBe(
        'Demo mode is on (DEMO_MODE=on): an empty database gets the demo communities and logins with their published password, super@demo.example is a super admin, /dev/outbox shows every e-mail, sign-in and reset links included, to anyone. Anyone who can reach this server can sign in as the demo people; never use it for real data.',
      );
    } finally {
      await close();
    }
  });

  it("in demo mode the health check answers 'starting' (503) until the demo data is in, then 200", async () => {
    const { services, close } = await installTestServices('boot-starting', {
      seed: false,
      env: { DEMO_MODE: 'on', SEED_DEMO_DATA: 'auto' },
    });
    try {
      const booting = bootPlatform(services, bootLog().log);
      const during = await healthcheck();
      expect(during.status).toBe(503);
      expect(await during.json()).toMatchObject({ status: 'starting', database: { ok: true } });
      expect(await isDatabaseEmpty(services.db, services.env.PRODUCT)).toBe(true);

      await booting;
      const after = await healthcheck();
      expect(after.status).toBe(200);
      expect((await after.json()).status).not.toBe('starting');
      expect(await services.identity.getUserByEmail('admin@demo.example')).toMatchObject({ uid: 'demo-admin' });
    } finally {
      await close();
    }
  });

  it('forks the job worker process (WORKERS=process, the default) once the demo data is in', async () => {
    const { services, close } = await installTestServices('boot-process', {
      seed: false,
      env: { DEMO_MODE: 'on', SEED_DEMO_DATA: 'auto', WORKERS: 'process' },
    });
    try {
      const emptyWhenForked: Promise<boolean>[] = [];
      const worker = { pid: 1, restarts: 0, started: async () => {}, stop: async () => {} };
      const returned = await bootPlatform(services, bootLog().log, () => {
        emptyWhenForked.push(isDatabaseEmpty(services.db, services.env.PRODUCT));
        return worker;
      });
      expect(returned).toBe(worker);
      expect(await Promise.all(emptyWhenForked)).toEqual([false]);
      expect(services.jobs.workersRunning).toBe(false);
    } finally {
      await close();
    }
  });

  it('names only what demo mode does with the given set-up', () => {
    const services = (env: Record<string, string>) => ({
      env: parseEnv({ DEMO_MODE: 'on', ...env }),
      db: { engine: 'embedded' as const },
      mailer: { transport: env.SMTP_URL ? ('smtp' as const) : ('outbox' as const) },
    });
    const line = demoModeLine(services({ SMTP_URL: 'smtp://mail.example.com', SUPER_ADMIN_EMAILS: 'ops@example.com' }) as never);
    expect(line).toMatch(/^Demo mode is on/);
    expect(line).not.toMatch(/outbox|super admin/);
    expect(demoModeLine(services({ DEMO_MODE: 'off', SMTP_URL: 'smtp://mail.example.com' }) as never)).toBe(
      'Demo mode is off: no demo data, no default super admin, no /dev/outbox (DEMO_MODE=on turns them on for a try-out).',
    );
  });
});
