import { describe, expect, it } from 'vitest';
import { databaseEngine, EnvError, isDemoMode, linkOrigin, parseEnv, publicUrlProblem } from './env';

const account = JSON.stringify({ project_id: 'p', client_email: 'svc@p.iam.gserviceaccount.com', private_key: 'KEY' });

function problems(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).problems;
  }
  throw new Error('expected the environment to be rejected');
}

describe('parseEnv', () => {
  it('needs nothing: the embedded defaults', () => {
    const env = parseEnv({});
    expect(env.PRODUCT).toBe('amc');
    expect(env.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(env.WORKERS).toBe('process');
    expect(databaseEngine(env)).toBe('embedded');
  });

  it('is not in demo mode unless DEMO_MODE=on, whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      const env = parseEnv({ NODE_ENV });
      expect(env.DEMO_MODE).toBe('off');
      expect(isDemoMode(env)).toBe(false);
      // No default super admin outside demo mode, on the embedded database too.
      expect(env.SUPER_ADMIN_EMAILS).toEqual([]);
    }
    expect(parseEnv({ DEMO_MODE: '' }).DEMO_MODE).toBe('off');
    expect(problems({ DEMO_MODE: 'yes' })[0]).toMatch(/^DEMO_MODE /);
  });

  it('makes the demo super admin one in demo mode on the embedded database, unless SUPER_ADMIN_EMAILS is set', () => {
    const demo = parseEnv({ DEMO_MODE: 'on', NODE_ENV: 'production' });
    expect(isDemoMode(demo)).toBe(true);
    expect(demo.SUPER_ADMIN_EMAILS).toEqual(['super@demo.example']);
    expect(parseEnv({ DEMO_MODE: 'on', SUPER_ADMIN_EMAILS: 'ops@example.com' }).SUPER_ADMIN_EMAILS).toEqual(['ops@example.com']);
  });

  it('treats empty strings as unset', () => {
    const env = parseEnv({ SMTP_URL: '', FIREBASE_DATABASE_URL: ' ', OPENAI_API_KEY: '' });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(databaseEngine(env)).toBe('embedded');
  });

  it('TRUST_PROXY: nobody by default, a list or a hop count, and a bad entry named', () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual({ kind: 'none' });
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 2 });
    expect(parseEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toMatchObject({
      kind: 'addresses',
      entries: ['loopback', '10.0.0.0/8'],
    });
    expect(problems({ TRUST_PROXY: 'proxy.internal' })).toEqual([
      'TRUST_PROXY has "proxy.internal", which is not an IP address, a CIDR range, loopback, linklocal or uniquelocal',
    ]);
    expect(problems({ TRUST_PROXY: 'true' })[0]).toMatch(/^TRUST_PROXY cannot trust every address/);
  });

  it('names each malformed variable', () => {
    const found = problems({ REDIS_URL: 'localhost:6379', PRODUCT: 'My Product', WORKERS: 'sometimes', SMTP_URL: 'mail.example.com' });
    expect(found.find((p) => p.startsWith('REDIS_URL '))).toContain('redis://');
    expect(found.some((p) => p.startsWith('PRODUCT '))).toBe(true);
    expect(found.some((p) => p.startsWith('WORKERS '))).toBe(true);
    expect(found.find((p) => p.startsWith('SMTP_URL '))).toContain('smtp://');
  });

  it('rejects a service account that is not the key JSON', () => {
    const found = problems({ FIREBASE_DATABASE_URL: 'https://x.firebaseio.com', FIREBASE_SERVICE_ACCOUNT: './key.json' });
    expect(found[0]).toMatch(/^FIREBASE_SERVICE_ACCOUNT must be the service-account JSON/);
  });

  it('names the missing half of a Firebase configuration', () => {
    expect(problems({ FIREBASE_DATABASE_URL: 'https://x.firebaseio.com' })[0]).toMatch(/^FIREBASE_SERVICE_ACCOUNT is required/);
    expect(problems({ FIREBASE_SERVICE_ACCOUNT: account })[0]).toMatch(/^FIREBASE_DATABASE_URL is required/);
    expect(problems({ FIREBASE_DATABASE_URL: 'https://x.firebaseio.com', FIREBASE_SERVICE_ACCOUNT: account })[0]).toMatch(
      /^FIREBASE_WEB_API_KEY is required/,
    );
    expect(problems({ GOOGLE_CLIENT_ID: 'id' })[0]).toMatch(/^GOOGLE_CLIENT_SECRET is required/);
  });

  it('selects Firebase when configured, including the emulator without credentials', () => {
    const env = parseEnv({ FIREBASE_DATABASE_URL: 'http://127.0.0.1:9000/?ns=demo', FIREBASE_DATABASE_EMULATOR_HOST: '127.0.0.1:9000' });
    expect(databaseEngine(env)).toBe('firebase');
    const full = parseEnv({
      FIREBASE_DATABASE_URL: 'https://x.firebaseio.com',
      FIREBASE_SERVICE_ACCOUNT: account,
      FIREBASE_WEB_API_KEY: 'web-key',
    });
    expect(full.FIREBASE_SERVICE_ACCOUNT?.project_id).toBe('p');
  });

  it('has no default super admin on Firebase, in demo mode too', () => {
    const env = parseEnv({
      DEMO_MODE: 'on',
      FIREBASE_DATABASE_URL: 'http://127.0.0.1:9000/?ns=demo',
      FIREBASE_DATABASE_EMULATOR_HOST: '127.0.0.1:9000',
    });
    expect(env.SUPER_ADMIN_EMAILS).toEqual([]);
    expect(parseEnv({ DEMO_MODE: 'on', SUPER_ADMIN_EMAILS: '' }).SUPER_ADMIN_EMAILS).toEqual([]);
  });

  it('lower-cases the super-admin list', () => {
    expect(parseEnv({ SUPER_ADMIN_EMAILS: ' Super@Demo.Example, other@x.io ,' }).SUPER_ADMIN_EMAILS).toEqual([
      'super@demo.example',
      'other@x.io',
    ]);
  });

  it('wants a long session secret', () => {
    expect(problems({ SESSION_SECRET: 'short' })[0]).toMatch(/^SESSION_SECRET must be at least 32 characters/);
  });
});

describe('the public address of e-mailed links', () => {
  it('is required outside demo mode, with a message naming PUBLIC_URL', () => {
    expect(publicUrlProblem(parseEnv({}))).toMatch(/^PUBLIC_URL is required outside demo mode/);
    expect(publicUrlProblem(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: '' }))).toMatch(/^PUBLIC_URL is required/);
    expect(publicUrlProblem(parseEnv({ PUBLIC_URL: 'https://console.example.com' }))).toBeNull();
    expect(publicUrlProblem(parseEnv({ DEMO_MODE: 'on' }))).toBeNull();
  });

  it('is PUBLIC_URL, else in demo mode http://localhost (or HOST) on PORT', () => {
    expect(linkOrigin(parseEnv({ PUBLIC_URL: 'https://console.example.com/' }))).toBe('https://console.example.com');
    expect(linkOrigin(parseEnv({ DEMO_MODE: 'on' }))).toBe('http://localhost:3000');
    expect(linkOrigin(parseEnv({ DEMO_MODE: 'on', PORT: '3225', HOST: '0.0.0.0' }))).toBe('http://localhost:3225');
    expect(linkOrigin(parseEnv({ DEMO_MODE: 'on', PORT: '3225', HOST: '127.0.0.1' }))).toBe('http://127.0.0.1:3225');
    expect(linkOrigin(parseEnv({ DEMO_MODE: 'on', PORT: '3225', HOST: '::1' }))).toBe('http://[::1]:3225');
    expect(linkOrigin(parseEnv({ DEMO_MODE: 'on', PORT: '80', HOST: 'console.test' }))).toBe('http://console.test');
  });
});
