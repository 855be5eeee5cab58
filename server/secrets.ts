import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Env } from './env';

/**
 * The session secrets. SESSION_SECRET wins (comma-separated to rotate: the first signs, all
 * verify). Without it a random secret is made once and kept in {DATA_DIR}/session-secret, so a
 * fresh machine needs no configuration and sessions survive restarts.
 */
export function sessionSecrets(env: Env): string[] {
  if (env.SESSION_SECRET)
    return env.SESSION_SECRET.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const file = join(env.DATA_DIR, 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return [stored];
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return [secret];
}
