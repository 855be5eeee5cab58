import type { Messaging } from 'firebase-admin/messaging';
import { pushOutboxId } from './outbox';
import { PushDeliveryError, type PushPort, type PushRequest, type PushResult } from './types';

/**
 * Firebase Cloud Messaging through firebase-admin. FCM has no idempotency key: a send that is
 * repeated after a crash reaches devices twice. What the adapter can do is give both sends the
 * same collapse key (Android), apns-collapse-id (iOS) and Topic header (web push), derived from
 * the idempotency key, so a device that has not shown the first yet shows only one
 * (docs/decisions/012).
 */

/** The part of firebase-admin's Messaging this adapter uses (tests pass a fake). */
export type FcmMessaging = Pick<Messaging, 'send' | 'sendEachForMulticast'>;

/** FCM error codes that a retry will not fix. */
const PERMANENT_CODES = new Set([
  'messaging/invalid-argument',
  'messaging/invalid-recipient',
  'messaging/invalid-payload',
  'messaging/invalid-registration-token',
  'messaging/registration-token-not-registered',
  'messaging/mismatched-credential',
  'messaging/payload-size-limit-exceeded',
  'messaging/invalid-package-name',
]);

/** FCM allows at most 500 tokens per multicast. */
const MULTICAST_LIMIT = 500;

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function refused(error: unknown): PushDeliveryError {
  return new PushDeliveryError(
    `Firebase Cloud Messaging refused the notification: ${messageOf(error)}`,
    PERMANENT_CODES.has(codeOf(error)),
    {
      cause: error,
    },
  );
}

function collapseOptions(idempotencyKey: string) {
  const collapse = pushOutboxId(idempotencyKey);
  return {
    android: { collapseKey: collapse },
    apns: { headers: { 'apns-collapse-id': collapse } },
    webpush: { headers: { Topic: collapse } },
  };
}

export function createFcmPush(messaging: FcmMessaging): PushPort {
  return {
    transport: 'fcm',
    async send(request: PushRequest): Promise<PushResult> {
      const { destination, content, idempotencyKey } = request;
      const common = {
        notification: { title: content.title, body: content.body },
        data: content.data,
        ...collapseOptions(idempotencyKey),
      };
      if (destination.kind === 'topic') {
        try {
          const id = await messaging.send({ ...common, topic: destination.topic });
          return { transport: 'fcm', id, delivered: 1, failed: 0, duplicate: false };
        } catch (error) {
          throw refused(error);
        }
      }

      if (destination.tokens.length === 0) {
        return { transport: 'fcm', id: '', delivered: 0, failed: 0, duplicate: false };
      }
      let delivered = 0;
      let failed = 0;
      const ids: string[] = [];
      const errors: unknown[] = [];
      for (let start = 0; start < destination.tokens.length; start += MULTICAST_LIMIT) {
        const tokens = destination.tokens.slice(start, start + MULTICAST_LIMIT);
        let batch;
        try {
          batch = await messaging.sendEachForMulticast({ ...common, tokens });
        } catch (error) {
          throw refused(error);
        }
        delivered += batch.successCount;
        failed += batch.failureCount;
        for (const response of batch.responses) {
          if (response.success && response.messageId) ids.push(response.messageId);
          else if (response.error) errors.push(response.error);
        }
      }
      if (delivered === 0) {
        const permanent = errors.length > 0 && errors.every((error) => PERMANENT_CODES.has(codeOf(error)));
        const first = errors[0];
        throw new PushDeliveryError(`No device of the user accepted the notification${first ? `: ${messageOf(first)}` : ''}`, permanent);
      }
      return { transport: 'fcm', id: ids[0] ?? '', delivered, failed, duplicate: false };
    },
  };
}
