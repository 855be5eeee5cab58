import { z } from 'zod';
import { parseTrustProxy, TrustProxyError } from './http/trust-proxy';

/**
 * The environment, parsed once. Every variable is optional except where a chosen adapter
 * needs it; the embedded defaults need none. A missing or malformed variable stops
 * start-up with a message naming it.
 */

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

const optionalUrl = (protocols: string[]) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), url(protocols).optional());

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

const serviceAccount = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value || value.trim() === '') return undefined;
    try {
      const parsed = JSON.parse(value) as Record<string, unknown>;
      if (typeof parsed.project_id !== 'string' || typeof parsed.private_key !== 'string' || typeof parsed.client_email !== 'string') {
        ctx.addIssue({ code: 'custom', message: 'must be a service-account JSON with project_id, client_email and private_key' });
        return z.NEVER;
      }
      return parsed as { project_id: string; client_email: string; private_key: string };
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be the service-account JSON (the key file contents), not a path' });
      return z.NEVER;
    }
  });

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** The `{product}` root of every product path; also the default project. */
    PRODUCT: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lower-case letters, digits and hyphens')
      .default('amc'),
    /**
     * The console's public address, which e-mailed and copied links point at (never a request's
     * Host). Required outside demo mode (`publicUrlProblem`: the server refuses to start
     * without it); in demo mode `linkOrigin` falls back to http://localhost:{PORT}.
     */
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    /** The port and interface the HTTP server listens on (server/http/main.ts); demo-mode links use them. */
    PORT: optionalString,
    HOST: optionalString,
    /**
     * The proxies in front of the web server whose X-Forwarded-For/-Proto/-Host are believed
     * (server/http/trust-proxy.ts): a comma list of IPs, CIDR ranges, `loopback`, `linklocal`,
     * `uniquelocal`, or a hop count. Unset: none; the client is the socket's peer.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          if (!(error instanceof TrustProxyError)) throw error;
          ctx.addIssue({ code: 'custom', message: error.message });
          return z.NEVER;
        }
      }),
    /** Folder for the embedded database, local file storage and the generated session secret. */
    DATA_DIR: z.string().trim().min(1).default('./data'),
    /** Embedded database file; defaults to {DATA_DIR}/rtdb.sqlite. */
    DATABASE_FILE: optionalString,
    /**
     * DEMO_MODE=on makes this a try-out machine that anyone who reaches it may use as the demo:
     * the demo communities and logins (with their published password) are loaded into an empty
     * embedded database, super@demo.example is a super admin while SUPER_ADMIN_EMAILS is unset,
     * and, without SMTP_URL, /dev/outbox shows every e-mail (sign-in and reset links included)
     * to anyone. `off` (the default, whatever NODE_ENV says) has none of these: what a
     * deployment runs. `npm start` and `npm run dev` set it on; `npm run serve` does not.
     */
    DEMO_MODE: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.enum(['on', 'off']).default('off'),
    ),
    /** With DEMO_MODE=on, `auto` seeds the demo data when the embedded database is empty; `off` never does. */
    SEED_DEMO_DATA: z.enum(['auto', 'off']).default('auto'),
    SESSION_SECRET: z
      .string()
      .optional()
      .refine((value) => value === undefined || value.length >= 32, 'must be at least 32 characters'),

    FIREBASE_SERVICE_ACCOUNT: serviceAccount,
    FIREBASE_DATABASE_URL: optionalUrl(['http:', 'https:']),
    FIREBASE_DATABASE_EMULATOR_HOST: z
      .string()
      .trim()
      .regex(/^[^\s:/]+:\d+$/, 'must be host:port')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    FIREBASE_STORAGE_BUCKET: optionalString,
    /** The project's web API key: Firebase Auth password checks go through its REST API. */
    FIREBASE_WEB_API_KEY: optionalString,
    FIREBASE_AUTH_EMULATOR_HOST: optionalString,

    REDIS_URL: url(['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
    /** Key prefix of every queue; tests use their own. */
    REDIS_PREFIX: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9:_-]+$/, 'must be letters, digits, colons, underscores or hyphens')
      .default('console'),
    /**
     * `process` (default) runs the job workers in a child process of the web server (restarted when
     * it dies); `in-process` inside the web server; `off` leaves them to `npm run worker`.
     */
    WORKERS: z.enum(['process', 'in-process', 'off']).default('process'),

    /**
     * Comma-separated super-admin e-mails. Unset, nobody is one, except in demo mode on the
     * embedded database, where the demo super admin (super@demo.example) is.
     */
    SUPER_ADMIN_EMAILS: z.string().optional(),

    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().trim().min(3).default('App Admin <no-reply@localhost>'),

    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,

    /** Vendor keys: each absent key selects that vendor's offline adapter. */
    GOOGLE_MAPS_API_KEY: optionalString,
    /** Google Calendar API key of calendar imports (type google). */
    GOOGLE_CALENDAR_API_KEY: optionalString,
    OPENAI_API_KEY: optionalString,
    PEXELS_API_KEY: optionalString,
    UNSPLASH_ACCESS_KEY: optionalString,
    PIXABAY_API_KEY: optionalString,
    SHORT_IO_API_KEY: optionalString,
    SHORT_IO_DOMAIN: optionalString,
    FIREBASE_DYNAMIC_LINKS_API_KEY: optionalString,
    NEWBOOK_API_KEY: optionalString,
    RMS_API_KEY: optionalString,
    STAYLIST_API_KEY: optionalString,
    CAMPSPOT_API_KEY: optionalString,
    CAMPMAP_API_KEY: optionalString,
    ANALYTICS_API_URL: optionalUrl(['http:', 'https:']),
    EXPORT_API_URL: optionalUrl(['http:', 'https:']),
  })
  .superRefine((env, ctx) => {
    const firebaseDb = env.FIREBASE_DATABASE_URL !== undefined;
    if (firebaseDb && !env.FIREBASE_SERVICE_ACCOUNT && !env.FIREBASE_DATABASE_EMULATOR_HOST) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_SERVICE_ACCOUNT'],
        message: 'is required with FIREBASE_DATABASE_URL (or set FIREBASE_DATABASE_EMULATOR_HOST to use the emulator)',
      });
    }
    if (!firebaseDb && (env.FIREBASE_SERVICE_ACCOUNT || env.FIREBASE_DATABASE_EMULATOR_HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_DATABASE_URL'],
        message: 'is required when FIREBASE_SERVICE_ACCOUNT or FIREBASE_DATABASE_EMULATOR_HOST is set',
      });
    }
    if (firebaseDb && env.FIREBASE_SERVICE_ACCOUNT && !env.FIREBASE_WEB_API_KEY && !env.FIREBASE_AUTH_EMULATOR_HOST) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_WEB_API_KEY'],
        message: 'is required with FIREBASE_DATABASE_URL: staff passwords are checked against Firebase Auth with it',
      });
    }
    if (env.FIREBASE_STORAGE_BUCKET && !env.FIREBASE_SERVICE_ACCOUNT) {
      ctx.addIssue({ code: 'custom', path: ['FIREBASE_SERVICE_ACCOUNT'], message: 'is required with FIREBASE_STORAGE_BUCKET' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'is required when the other Google sign-in variable is set',
      });
    }
  })
  .transform(({ SUPER_ADMIN_EMAILS, ...env }) => ({
    ...env,
    SUPER_ADMIN_EMAILS:
      SUPER_ADMIN_EMAILS === undefined && env.DEMO_MODE === 'on' && !env.FIREBASE_DATABASE_URL
        ? [DEMO_SUPER_ADMIN_EMAIL]
        : commaList.parse(SUPER_ADMIN_EMAILS),
  }));

/** The demo data's super admin, a super admin by default in demo mode on the embedded database. */
export const DEMO_SUPER_ADMIN_EMAIL = 'super@demo.example';

/**
 * The published password of every demo account (README). Outside demo mode it signs nobody in,
 * so demo accounts left in a database from a try-out are no way in.
 */
export const DEMO_PASSWORD = 'demo-password-1';

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`The environment is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the given variables (process.env by default); throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || 'environment';
    return `${name} ${issue.message}`;
  });
  throw new EnvError(problems);
}

let cached: Env | undefined;

/** The process environment, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/**
 * Why the server must not start with this environment's public address, or null: outside demo
 * mode PUBLIC_URL is required, since e-mailed links (sign-in, password reset, invitations,
 * approvals) are built from it and never from a request's Host header, which the client controls.
 */
export function publicUrlProblem(env: Pick<Env, 'PUBLIC_URL' | 'DEMO_MODE'>): string | null {
  if (env.PUBLIC_URL || isDemoMode(env)) return null;
  return (
    'PUBLIC_URL is required outside demo mode: set it to the public address of the console (such as ' +
    'https://console.example.com). E-mailed links (sign-in, password reset, invitations, approvals) point there; ' +
    "a request's Host header is never used for them."
  );
}

const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]']);

/**
 * The origin every link the console e-mails or shows for copying points at: PUBLIC_URL (without a
 * trailing slash); without it (demo mode: publicUrlProblem refuses to start otherwise),
 * http://{HOST or localhost}:{PORT or 3000}. Never anything a request carries.
 */
export function linkOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'HOST'>): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const host = env.HOST?.trim() ?? '';
  const name = WILDCARD_HOSTS.has(host) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return new URL(`http://${name}:${env.PORT?.trim() || '3000'}`).origin;
}

/** True when the environment asks for demo mode (DEMO_MODE=on). */
export function isDemoMode(env: Pick<Env, 'DEMO_MODE'>): boolean {
  return env.DEMO_MODE === 'on';
}

/** Which database engine the environment selects. */
export function databaseEngine(env: Env): 'firebase' | 'embedded' {
  return env.FIREBASE_DATABASE_URL ? 'firebase' : 'embedded';
}
