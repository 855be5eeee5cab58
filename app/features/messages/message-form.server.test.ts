import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageVersion } from '@server/messages/save';
import type { Services } from '@server/services';
import { formatDate, formatTime } from '~/lib/date-time';
import * as formRoute from '~/routes/_app.amc-messages.$context.$action';
import * as eventRoute from '~/routes/_app.detail.events.$dbContext.$itemId._index';
import { MESSAGE_TEXTS } from '~/schemas/message';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, routeArgs, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { MessageFormActionData, MessageFormData } from './message-form.server';

/**
 * The notification form's loader and action with real requests, sessions and the embedded
 * database: each test makes a community of its own (topics, an app user, an event, staff).
 */

const TZ = 'America/Chicago';
const HOUR = 36e5;
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('message-form'));
});
afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
  uid: string;
  start: number;
}

const hourAhead = (hours: number) => Math.ceil((Date.now() + hours * HOUR) / HOUR) * HOUR;

async function ownCommunity(rights: Record<string, boolean> = { isEditor: true, isAdmin: true }): Promise<Own> {
  counter += 1;
  const community = `message-form-${counter}`;
  const uid = `message-staff-${counter}`;
  const { paths } = services;
  const start = hourAhead(72);
  await services.db.ref().update({
    [paths.community(community)]: { title: `Message Test ${counter}`, timeZone: TZ },
    [paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: rights } },
    [paths.topic(community, 'news')]: { type: 'category', title: 'News' },
    [paths.topic(community, 'guests')]: { type: 'user-group', title: 'Guests' },
    [paths.appUser(`app-user-${counter}`)]: { name: 'Jordan Ellis', email: 'jordan@mail.example', communityId: community },
    [paths.appUser(`apple-user-${counter}`)]: { email: 'x1@privaterelay.appleid.com', communityId: community },
    [paths.appUser(`anon-user-${counter}`)]: { isAnonymous: true, communityId: community },
    [paths.calendarConfig(community, 'activities')]: { title: 'Activities', audiences: ['Family'] },
    [`${paths.locations(community)}/hall`]: { title: 'Community Hall' },
    [paths.calendarEvent(community, 'activities', 'ev-bingo')]: {
      title: 'Bingo Night',
      description: '<p>Cards at <b>the hall</b>.</p>',
      audience: 'family',
      type: 'resort',
      startDate: start,
      endDate: start + 2 * HOUR,
      resortLocationId: 'hall',
      creator: 'someone',
    },
    [paths.scheduledMessage(community, 'taken')]: {
      title: 'Reminder',
      eventId: 'ev-bingo',
      scheduledEvent: 0,
      deliveryTime: start - 30 * 60_000,
    },
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Staff' },
    { communityKey: community },
  );
  return { community, cookie, uid, start };
}

const get = (own: Own, path: string) => getRequest(own.cookie, path);
const post = (own: Own, path: string, fields: PostedFields) => postRequest(own.cookie, path, fields);
const args = routeArgs;
const when = (name: string, ms: number) => ({ [`${name}-date`]: formatDate(ms, TZ), [`${name}-time`]: formatTime(ms, TZ) });
const load = (own: Own, path: string, params: Record<string, string>) =>
  outcome<MessageFormData>(formRoute.loader(args(get(own, path), params)));
const act = (own: Own, path: string, params: Record<string, string>, fields: Record<string, string>) =>
  outcome<MessageFormActionData>(formRoute.action(args(post(own, path, fields), params)));
const ADD = { context: 'messages', action: 'add' };

describe('the notification form', () => {
  it('offers the topics, the app users without anonymous ones, and the feature flags', async () => {
    const own = await ownCommunity();
    await services.db.ref(services.paths.featureFlag('allowPersonal')).set(true);
    const { data } = await load(own, '/amc-messages/messages/add', ADD);
    expect(data?.options.categories.map((topic) => topic.value)).toEqual(['news']);
    expect(data?.options.userGroups.map((topic) => topic.value)).toEqual(['guests']);
    expect(data?.options.users.map((user) => user.label).sort()).toEqual([
      MESSAGE_TEXTS.anonymousApple,
      'Jordan Ellis (jordan@mail.example)',
    ]);
    expect(data?.options.timeZone).toBe(TZ);
    // A new notification goes out at the next whole hour and ends a day later.
    const next = Math.ceil((Date.now() + 1) / HOUR) * HOUR;
    expect(Number(data?.defaultValue.deliveryTime)).toBeGreaterThanOrEqual(next);
    expect(Number(data?.defaultValue.endTime) - Number(data?.defaultValue.deliveryTime)).toBe(24 * HOUR);
  });

  it('refuses people who may not notify, other contexts and other actions', async () => {
    const editor = await ownCommunity({ isEditor: true });
    expect((await load(editor, '/amc-messages/messages/add', ADD)).status).toBe(403);
    const own = await ownCommunity();
    expect((await load(own, '/amc-messages/other/add', { context: 'other', action: 'add' })).status).toBe(404);
    expect((await load(own, '/amc-messages/messages/remove', { context: 'messages', action: 'remove' })).status).toBe(404);
    expect(
      (await load(own, '/amc-messages/systemwide-notification/add', { context: 'systemwide-notification', action: 'add' })).status,
    ).toBe(403);
  });

  it("a system-wide message links a website or a file only: the community's forms, store items and menu items are refused", async () => {
    const own = await ownCommunity({ isEditor: true, isAdmin: true, isResortSystem: true });
    await services.db.ref().update({
      [services.paths.customForm(own.community, 'visitor-form')]: { title: 'Visitor Form', type: 'form' },
      [`${services.paths.systemTopics()}/alerts`]: { type: 'category', title: 'Alerts' },
    });
    const SYSTEM = { context: 'systemwide-notification', action: 'add' };
    const path = '/amc-messages/systemwide-notification/add';
    const delivery = hourAhead(5);
    const fields = (more: Record<string, string>) => ({
      intent: 'save',
      title: 'Storm warning',
      description: 'Stay indoors',
      audience: 'group',
      category: 'alerts',
      deliveryType: 'future',
      ...when('deliveryTime', delivery),
      ...when('endTime', delivery + 3 * HOUR),
      ...more,
    });
    for (const [linkType, key] of [
      ['form', { formKey: 'visitor-form' }],
      ['store', { storeItemKey: 'firewood' }],
      ['menu', { menuItemKey: 'activities' }],
    ] as const) {
      const refused = await act(own, path, SYSTEM, fields({ linkType, ...key }));
      expect(refused.status, linkType).toBe(400);
      expect(refused.data?.result.error?.linkType, linkType).toEqual([MESSAGE_TEXTS.linkUnavailable]);
    }
    const website = await act(own, path, SYSTEM, fields({ linkType: 'url', url: 'https://weather.example' }));
    expect(website.data?.result.error).toBeUndefined();
    expect(website.response?.headers.get('Location')).toBe('/amc-messages/systemwide-notification');
    // In a community the same form link is offered and accepted.
    const local = await act(own, '/amc-messages/messages/add', ADD, {
      ...fields({ linkType: 'form', formKey: 'visitor-form' }),
      category: 'news',
      userGroup: 'guests',
    });
    expect(local.data?.result.error).toBeUndefined();
    expect(local.response?.headers.get('Location')).toBe('/amc-messages/messages');
  });

  it('keeps what was typed on errors and saves a scheduled notification, back to the list', async () => {
    const own = await ownCommunity();
    const refused = await act(own, '/amc-messages/messages/add', ADD, { intent: 'save', title: 'Typed title', deliveryType: 'future' });
    expect(refused.status).toBe(400);
    expect(refused.data?.result.initialValue).toMatchObject({ title: 'Typed title' });
    expect(refused.data?.result.error).toMatchObject({
      description: [MESSAGE_TEXTS.descriptionRequired],
      deliveryTime: [MESSAGE_TEXTS.deliveryRequired],
    });
    const delivery = hourAhead(5);
    const saved = await act(own, '/amc-messages/messages/add', ADD, {
      intent: 'save',
      title: 'Movie night',
      description: 'On the lawn',
      audience: 'group',
      category: 'news',
      userGroup: 'guests',
      deliveryType: 'future',
      ...when('deliveryTime', delivery),
      ...when('endTime', delivery + 3 * HOUR),
    });
    expect(saved.response?.headers.get('Location')).toBe('/amc-messages/messages');
    const stored = (await services.db.ref(services.paths.scheduledMessages(own.community)).get()).val() as Record<
      string,
      Record<string, unknown>
    >;
    expect(Object.values(stored).find((message) => message.title === 'Movie night')).toMatchObject({
      deliveryTime: delivery,
      creator: own.uid,
    });
  });

  it('edits in place with a version check (409 with their version) and refuses an archived message', async () => {
    const own = await ownCommunity();
    const delivery = hourAhead(5);
    const record = {
      title: 'Old',
      description: 'Text',
      category: 'news',
      userGroup: 'guests',
      deliveryTime: delivery,
      endTime: delivery + HOUR,
      delivery: { runs: 1 },
    };
    await services.db.ref(services.paths.scheduledMessage(own.community, 'm1')).set(record);
    const path = '/amc-messages/messages/edit?id=m1&list=scheduled';
    const params = { context: 'messages', action: 'edit' };
    const { data } = await load(own, path, params);
    expect(data?.version).toBe(messageVersion(record));
    expect(data?.defaultValue).toMatchObject({ title: 'Old', deliveryType: 'future' });
    const fields = {
      intent: 'save',
      title: 'New',
      description: 'Text',
      category: 'news',
      userGroup: 'guests',
      deliveryType: 'future',
      ...when('deliveryTime', delivery),
      ...when('endTime', delivery + HOUR),
    };
    const conflict = await act(own, path, params, { ...fields, version: 'old-version' });
    expect(conflict.status).toBe(409);
    expect(conflict.data?.conflict?.theirs).toEqual([{ label: 'Title', value: 'Old' }]);
    const saved = await act(own, path, params, { ...fields, version: data!.version! });
    expect(saved.response?.headers.get('Location')).toBe('/amc-messages/messages?view=scheduled#row-m1');
    // Opened from a filtered list showing later pages ('More'): it goes back to that list, at the row.
    const filtered = await load(own, '/amc-messages/messages/edit?q=New&more=2&id=m1&list=scheduled', params);
    expect(filtered.data?.returnTo).toBe('/amc-messages/messages?q=New&more=2&view=scheduled#row-m1');
    expect((await services.db.ref(services.paths.scheduledMessage(own.community, 'm1')).get()).val()).toMatchObject({
      title: 'New',
      delivery: { runs: 1 },
    });

    await services.db
      .ref(services.paths.message(own.community, 'old'))
      .set({ ...record, deliveryTime: Date.now() - 5 * HOUR, endTime: Date.now() - HOUR });
    const archived = await load(own, '/amc-messages/messages/edit?id=old&list=messages', params);
    expect(archived.data?.archived).toBe(true);
    expect((await act(own, '/amc-messages/messages/edit?id=old&list=messages', params, fields)).data?.formError).toBe(
      MESSAGE_TEXTS.archived,
    );
  });

  it('from an event: the event editor links to it; the reminder has the spec title, plain text, the taken choice disabled; back to the event', async () => {
    const own = await ownCommunity();
    const editor = await outcome<{ notifyHref: string | null }>(
      eventRoute.loader(args(get(own, '/detail/events/activities/ev-bingo'), { dbContext: 'activities', itemId: 'ev-bingo' })),
    );
    const href = editor.data?.notifyHref;
    expect(href).toBe('/amc-messages/messages/add?calendar=activities&event=ev-bingo');
    const { data } = await load(own, href!, ADD);
    expect(data?.defaultValue).toMatchObject({
      title: 'Reminder: Bingo Night @Community Hall',
      description: 'Cards at the hall.',
      scheduledEvent: '1',
      deliveryType: 'future',
    });
    expect(data?.reminder?.plan.options.map((option) => option.disabled)).toEqual([true, false, false, true, false]); // 30 minutes taken; 1 week already past
    const saved = await act(own, href!, ADD, {
      intent: 'save',
      title: data!.defaultValue.title as string,
      description: 'Cards at the hall.',
      category: 'news',
      scheduledEvent: '1',
      ...when('endTime', own.start + 2 * HOUR),
    });
    expect(saved.response?.headers.get('Location')).toBe('/detail/events/activities/ev-bingo');
    const stored = (
      await services.db.ref(services.paths.scheduledMessages(own.community)).orderByChild('eventId').equalTo('ev-bingo').get()
    ).val() as Record<string, Record<string, unknown>>;
    expect(Object.values(stored).find((message) => message.scheduledEvent === 1)).toMatchObject({
      isFromEvent: true,
      userGroup: 'currentGuest',
      deliveryTime: own.start - HOUR,
      startDate: own.start,
      endDate: own.start + 2 * HOUR,
    });
  });
});
