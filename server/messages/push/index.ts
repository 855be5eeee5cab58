import type { App } from 'firebase-admin/app';
import { getMessaging } from 'firebase-admin/messaging';
import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import { createFcmPush } from './fcm';
import { createOutboxPush } from './outbox';
import type { PushPort } from './types';

export { createFcmPush, type FcmMessaging } from './fcm';
export { createOutboxPush, pushOutboxId, type PushOutboxRecord } from './outbox';
export * from './types';

/** Firebase Cloud Messaging when the Firebase app is configured, the recorded outbox otherwise. */
export function createPushPort({ firebase, db, paths }: { firebase: App | undefined; db: RealtimeDb; paths: Paths }): PushPort {
  return firebase ? createFcmPush(getMessaging(firebase)) : createOutboxPush({ db, paths });
}
