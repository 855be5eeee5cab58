import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { cookiePair, createStaffSessionStorage, newStaffSession, type SignInMethod } from '@server/auth/session';
import { createEmbeddedDb, type EmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_SESSION_SECRET } from '../../playwright.config';

export type DemoEmail =
  | 'system@demo.example'
  | 'super@demo.example'
  | 'admin@demo.example'
  | 'editor@demo.example'
  | 'town-editor@demo.example'
  | 'remote@demo.example';

export interface LoginOptions {
  communityKey?: string;
  persistent?: boolean;
  method?: SignInMethod;
}

const demoUsers = JSON.parse(readFileSync('firebase/seed/demo-users.json', 'utf8')) as Array<{
  uid: string;
  email: string;
  displayName: string;
}>;

/**
 * Signs a demo user in by creating the session on the server side (in the end-to-end server's
 * own database) and handing the browser the signed cookie, so tests that are not about the
 * sign-in screens start signed in.
 */
export async function signIn(context: BrowserContext, email: DemoEmail, options: LoginOptions = {}) {
  const user = demoUsers.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`No demo user ${email}`);
  const db = createEmbeddedDb({ file: resolve(E2E_DATA_DIR, 'rtdb.sqlite') });
  try {
    const sessions = createStaffSessionStorage({
      db,
      paths: createPaths('amc'),
      secrets: [E2E_SESSION_SECRET],
      secure: false,
    });
    const session = await newStaffSession(sessions, {
      ...user,
      method: options.method ?? 'password',
      persistent: options.persistent ?? true,
      // Pinned, so a test that changes someone's default community (Switch Community saves it)
      // cannot move the community under tests running beside it.
      communityKey: options.communityKey ?? (email === 'town-editor@demo.example' ? 'demo-town' : 'demo-campground'),
    });
    await addSessionCookie(context, await sessions.commitSession(session));
  } finally {
    await db.close();
  }
}

/** Hands the browser a session cookie committed by the server's session storage. */
export async function addSessionCookie(context: BrowserContext, setCookie: string) {
  const value = cookiePair(setCookie).slice('__session='.length);
  await context.addCookies([{ name: '__session', value, url: E2E_BASE_URL, httpOnly: true, sameSite: 'Lax' }]);
}

/** The end-to-end server's own database, for tests that set up or check data directly. */
export async function withE2eDb<T>(work: (db: EmbeddedDb) => Promise<T>): Promise<T> {
  const db = createEmbeddedDb({ file: resolve(E2E_DATA_DIR, 'rtdb.sqlite') });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

export const e2ePaths = createPaths('amc');

export const test = base.extend<{ loginAs: (email: DemoEmail, options?: LoginOptions) => Promise<void> }>({
  loginAs: async ({ context }, use) => {
    await use((email, options) => signIn(context, email, options));
  },
});

export { expect };
