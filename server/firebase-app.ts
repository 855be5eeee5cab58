import { cert, getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import type { Env } from './env';

/**
 * The one place firebase-admin is initialised. Every other module receives the port built on
 * this App, never the SDK. FIREBASE_DATABASE_EMULATOR_HOST is read by the SDK itself.
 */
export function firebaseApp(env: Env): App | undefined {
  if (!env.FIREBASE_DATABASE_URL && !env.FIREBASE_STORAGE_BUCKET) return undefined;
  const name = `console-${env.PRODUCT}`;
  if (getApps().some((app) => app.name === name)) return getApp(name);
  const account = env.FIREBASE_SERVICE_ACCOUNT;
  return initializeApp(
    {
      ...(account
        ? {
            credential: cert({ projectId: account.project_id, clientEmail: account.client_email, privateKey: account.private_key }),
            projectId: account.project_id,
          }
        : { projectId: new URL(env.FIREBASE_DATABASE_URL!).searchParams.get('ns') ?? 'demo-console' }),
      databaseURL: env.FIREBASE_DATABASE_URL,
      storageBucket: env.FIREBASE_STORAGE_BUCKET,
    },
    name,
  );
}
