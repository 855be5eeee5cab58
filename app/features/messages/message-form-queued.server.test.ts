import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiePair } from '@server/auth/session';
import type { PushOutboxRecord } from '@server/messages/push';
import type { Services } from '@server/services';
import { formatDate, formatTime } from '~/lib/date-time';
import * as formRoute from '~/routes/_app.amc-messages.$context.$action';
import { deleteRedisKeys, eventually, testRedisPrefix } from '../../../jobs/testing/fixtures';
import { createRedisProxy, type RedisProxy } from '../../../jobs/testing/redis-proxy';
import { outcome } from '../../../tests/setup/outcome';
import { postRequest, routeArgs } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import { MESSAGE_SAVED, type MessageFormActionData } from './message-form.server';

/**
 * Send Now while the job service (Redis) is away: the notification is stored with its pending
 * mark, the page says it is queued (not sent), and it is pushed exactly once when Redis answers.
 * Redis sits behind a relay the test switches on; its keys are this file's own.
 */

const TZ = 'America/Chicago';
const HOUR = 36e5;
const prefix = testRedisPrefix('send-now-queued');
let proxy: RedisProxy;
let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  proxy = await createRedisProxy();
  ({ services, close } = await installTestServices('send-now-queued', {
    seed: false,
    env: { REDIS_URL: proxy.url, REDIS_PREFIX: prefix },
  }));
});
afterAll(async () => {
  await close?.();
  await proxy?.stop();
  await deleteRedisKeys(prefix);
});

const toastOf = async (answer: { response: Response | null }) =>
  (await services.sessions.getSession(cookiePair(answer.response?.headers.get('Set-Cookie') ?? ''))).get('toast');

const outbox = async () =>
  Object.values(((await services.db.ref(services.paths.pushOutbox()).get()).val() ?? {}) as Record<string, PushOutboxRecord>);

const when = (name: string, ms: number) => ({ [`${name}-date`]: formatDate(ms, TZ), [`${name}-time`]: formatTime(ms, TZ) });

describe('Send Now while Redis does not answer', () => {
  it("says the notification is queued, keeps it in the database and pushes it once when Redis is back; with Redis up it says 'sent'", async () => {
    const { paths, db } = services;
    const community = 'queued-send-now';
    const uid = 'queued-staff';
    await db.ref().update({
      [paths.community(community)]: { title: 'Queued Send Now', timeZone: TZ },
      [paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true, isAdmin: true } } },
      [paths.topic(community, 'news')]: { type: 'category', title: 'News' },
      [paths.topic(community, 'guests')]: { type: 'user-group', title: 'Guests' },
    });
    const cookie = await sessionCookie(
      services.sessions,
      { uid, email: `${uid}@test.example`, displayName: 'Staff' },
      { communityKey: community },
    );
    const sendNow = (title: string) =>
      outcome<MessageFormActionData>(
        formRoute.action(
          routeArgs(
            postRequest(cookie, '/amc-messages/messages/add', {
              intent: 'save',
              title,
              description: 'Back at the office',
              audience: 'group',
              category: 'news',
              userGroup: 'guests',
              deliveryType: 'instant',
              sendNotification: 'on',
              ...when('endTime', Date.now() + 24 * HOUR),
            }),
            { context: 'messages', action: 'add' },
          ),
        ),
      );

    const queued = await sendNow('Pool closed');
    expect(queued.response?.headers.get('Location')).toBe('/amc-messages/messages');
    expect(await toastOf(queued)).toEqual({ kind: 'success', message: MESSAGE_SAVED.queued });
    expect(MESSAGE_SAVED.queued).toBe(
      'Notification queued: the notification service is not answering right now, and it is sent as soon as it does.',
    );
    const stored = Object.values((await db.ref(paths.messages(community)).get()).val() as Record<string, { title: string }>);
    expect(stored.map((message) => message.title)).toEqual(['Pool closed']);
    expect(Object.keys((await db.ref(paths.pendingDeliveries()).get()).val() ?? {})).toHaveLength(1);
    expect(await outbox()).toEqual([]);

    // Redis answers: the workers start and find the notification in the database.
    await proxy.start();
    expect(await services.jobs.startWorkers()).toBe(true);
    await eventually(async () => (await outbox()).length === 1);
    await eventually(async () => (await db.ref(paths.pendingDeliveries()).get()).val() === null);
    // Requeuing again (another start, another reconnect) pushes nothing twice.
    expect(await services.jobs.requeuePending()).toBe(true);
    const [record] = await outbox();
    expect(record).toMatchObject({ destination: `${community}__guests`, sends: 1 });
    expect(record!.title).toBe('Pool closed');

    const sent = await sendNow('Pool open');
    expect(await toastOf(sent)).toEqual({ kind: 'success', message: MESSAGE_SAVED.sent });
    await eventually(async () => (await outbox()).length === 2);
    expect((await outbox()).every((entry) => entry.sends === 1)).toBe(true);
  });
});
