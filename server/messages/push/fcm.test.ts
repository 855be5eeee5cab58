import type { BatchResponse, Message, MulticastMessage } from 'firebase-admin/messaging';
import { describe, expect, it } from 'vitest';
import { createFcmPush, type FcmMessaging } from './fcm';
import { pushOutboxId } from './outbox';
import { PushDeliveryError } from './types';

/** A stand-in for firebase-admin's Messaging: records what it is given, answers as told. */
function fakeMessaging(answers: { send?: () => Promise<string>; multicast?: (message: MulticastMessage) => Promise<BatchResponse> } = {}) {
  const sent: Message[] = [];
  const multicasts: MulticastMessage[] = [];
  const messaging: FcmMessaging = {
    async send(message) {
      sent.push(message);
      return answers.send ? answers.send() : 'projects/demo/messages/1';
    },
    async sendEachForMulticast(message) {
      multicasts.push(message);
      if (answers.multicast) return answers.multicast(message);
      return {
        successCount: message.tokens.length,
        failureCount: 0,
        responses: message.tokens.map((_, index) => ({ success: true, messageId: `projects/demo/messages/m${index}` })),
      };
    },
  };
  return { messaging, sent, multicasts };
}

const content = { title: 'Pool closes early', body: 'At 5 PM today.', data: { messageKey: '-K1', community: 'pine-lake' } };
const fcmError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('the Firebase Cloud Messaging push adapter', () => {
  it('sends to the topic with a collapse key from the idempotency key', async () => {
    const { messaging, sent } = fakeMessaging();
    const result = await createFcmPush(messaging).send({
      destination: { kind: 'topic', topic: 'pine-lake__currentGuest' },
      content,
      idempotencyKey: 'run-1',
    });
    expect(result).toEqual({ transport: 'fcm', id: 'projects/demo/messages/1', delivered: 1, failed: 0, duplicate: false });
    const collapse = pushOutboxId('run-1');
    expect(sent).toEqual([
      {
        topic: 'pine-lake__currentGuest',
        notification: { title: 'Pool closes early', body: 'At 5 PM today.' },
        data: content.data,
        android: { collapseKey: collapse },
        apns: { headers: { 'apns-collapse-id': collapse } },
        webpush: { headers: { Topic: collapse } },
      },
    ]);
  });

  it("sends a personal notification to the user's tokens, 500 per call, counting refused tokens", async () => {
    const tokens = Array.from({ length: 501 }, (_, index) => `token-${index}`);
    const { messaging, multicasts } = fakeMessaging({
      multicast: async (message) => ({
        successCount: message.tokens.length - 1,
        failureCount: 1,
        responses: message.tokens.map((_, index) =>
          index === 0
            ? { success: false, error: fcmError('messaging/registration-token-not-registered', 'not registered') as never }
            : { success: true, messageId: `m${index}` },
        ),
      }),
    });
    const result = await createFcmPush(messaging).send({
      destination: { kind: 'tokens', uid: 'guest-1', tokens },
      content,
      idempotencyKey: 'run-2',
    });
    expect(multicasts.map((message) => message.tokens.length)).toEqual([500, 1]);
    expect(result).toMatchObject({ delivered: 499, failed: 2 });
  });

  it('tells a refusal for good from one worth retrying', async () => {
    const refused = fakeMessaging({ send: async () => Promise.reject(fcmError('messaging/invalid-argument', 'bad topic')) });
    const busy = fakeMessaging({ send: async () => Promise.reject(fcmError('messaging/server-unavailable', 'try later')) });
    const request = { destination: { kind: 'topic' as const, topic: 'x__all' }, content, idempotencyKey: 'run-3' };
    await expect(createFcmPush(refused.messaging).send(request)).rejects.toMatchObject({ name: 'PushDeliveryError', permanent: true });
    await expect(createFcmPush(busy.messaging).send(request)).rejects.toMatchObject({ name: 'PushDeliveryError', permanent: false });
  });

  it('fails when no device accepts a personal notification', async () => {
    const { messaging } = fakeMessaging({
      multicast: async () => ({
        successCount: 0,
        failureCount: 1,
        responses: [{ success: false, error: fcmError('messaging/registration-token-not-registered', 'not registered') as never }],
      }),
    });
    const error = await createFcmPush(messaging)
      .send({ destination: { kind: 'tokens', uid: 'guest-1', tokens: ['t'] }, content, idempotencyKey: 'run-4' })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PushDeliveryError);
    expect(error).toMatchObject({ permanent: true, message: 'No device of the user accepted the notification: not registered' });
  });
});
