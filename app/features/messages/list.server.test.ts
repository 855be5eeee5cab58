import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { messageRowDetails, recurrenceSummary, topicTitles } from '@server/messages/list';
import type { Services } from '@server/services';
import { trayViews } from '~/features/shell/shell.server';
import type { BulkActionData, RowView } from '~/lib/listing/screen';
import { currentProject } from '~/lib/project.server';
import * as listRoute from '~/routes/_app.amc-messages.$context';
import * as formRoute from '~/routes/_app.amc-messages.$context.$action';
import * as indexRoute from '~/routes/_app.amc-messages.$context._index';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { MessagesActionsData, MessagesScreenData } from './list.server';

/**
 * The messages list with real requests, sessions and the embedded database (spec 02
 * "Messages", §4 views and deleting messages, §6, §9; spec 03 §6 Send Notification and Feature
 * unavailable). Each test makes a community of its own; system-wide tests use keys of their own.
 */

const ORIGIN = 'http://console.test';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TZ = 'America/Chicago';
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('messages-list'));
});

afterAll(async () => {
  await close?.();
});

type Rights = { isEditor?: boolean; isAdmin?: boolean; canNotify?: boolean; isResortSystem?: boolean };

interface Own {
  community: string;
  cookie: string;
}

/** A community (with or without a Messages section in its main menu), a person with `rights` there, and data under location-data. */
async function own(rights: Rights, data: Record<string, DbValue> = {}, options: { messagesMenu?: boolean } = {}): Promise<Own> {
  counter += 1;
  const community = `messages-list-${counter}`;
  const uid = `messages-list-user-${counter}`;
  const loc = services.paths.locationData(community);
  const menu = [{ id: 'activities', uniqueId: 'activities-tile', name: 'Activities', type: 'amc-events' }];
  if (options.messagesMenu !== false) menu.push({ id: 'messages', uniqueId: 'messages', name: 'Messages', type: 'messages' });
  await services.db.ref().update({
    [services.paths.community(community)]: { title: `Messages Test ${counter}`, timeZone: TZ },
    [services.paths.menu(community, 'main-menu')]: menu,
    [services.paths.topics(community)]: {
      guests: { type: 'user-group', title: 'Current Guests' },
      news: { type: 'category', title: 'Announcements' },
    },
    [services.paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true, ...rights } } },
    ...Object.fromEntries(Object.entries(data).map(([path, value]) => [`${loc}/${path}`, value])),
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Staff' },
    { communityKey: community },
  );
  return { community, cookie };
}

const get = (o: Own, path: string) => getRequest(o.cookie, path);
const post = (o: Own, path: string, fields: PostedFields) => postRequest(o.cookie, path, fields);
const args = (request: Request, context: string) => ({ request, params: { context }, context: {} });

const message = (title: string, delivery: number, end: number, more: Record<string, DbValue> = {}): Record<string, DbValue> => ({
  title,
  description: `<p>${title} <b>details</b></p>`,
  userGroup: 'guests',
  category: 'news',
  deliveryTime: delivery,
  endTime: end,
  ...more,
});

async function page(o: Own, query = '', context = 'messages'): Promise<MessagesScreenData> {
  return (await listRoute.loader(args(get(o, `/amc-messages/${context}${query}`), context))) as MessagesScreenData;
}

const stored = async (path: string) => (await services.db.ref(path).get()).val() as Record<string, Record<string, unknown>> | null;

describe('the messages list', () => {
  it('splits active and archive by end time, newest first, 75 then 25 rows, each row linked to its edit form', async () => {
    const now = Date.now();
    const messages: Record<string, DbValue> = {};
    // 110 active messages (every third without an end), delivered one minute apart; 3 ended ones.
    for (let index = 0; index < 110; index++) {
      messages[`m${String(index).padStart(3, '0')}`] = message(`Active ${index}`, now - index * 60_000, index % 3 === 0 ? 0 : now + DAY);
    }
    for (let index = 0; index < 3; index++)
      messages[`old${index}`] = message(`Ended ${index}`, now - (10 + index) * DAY, now - (9 + index) * DAY);
    const o = await own({ isAdmin: true }, { messages });

    const active = await page(o);
    expect(active.title).toBe('Messages');
    expect(active.loadingText).toBe('Loading messages');
    expect(active.rows).toHaveLength(75);
    expect(active.rows.slice(0, 3).map((row) => row.title)).toEqual(['Active 0', 'Active 1', 'Active 2']);
    expect(active.rows.some((row) => row.title.startsWith('Ended'))).toBe(false);
    expect(active.tabs.map((tab) => [tab.title, tab.href, tab.current])).toEqual([
      ['Active', '/amc-messages/messages', true],
      ['Archive', '/amc-messages/messages?view=archive', false],
      ['Scheduled', '/amc-messages/messages?view=scheduled', false],
    ]);
    const first = active.rows[0]!;
    expect(first).toMatchObject({
      editHref: '/amc-messages/messages/edit?id=m000&list=messages#editor',
      duplicateHref: null,
      deleteHref: null,
      passed: false,
      subtitle: 'Active 0 details',
    });
    // The delivery time in the community's zone, the zone shown; the end time; the topics' titles.
    expect(first.when).toMatch(/^Sent \w{3}, \w{3} \d+, \d{4}, \d+:\d{2} [AP]M C[SD]T · No end time$/);
    expect(active.rows[1]!.when).toMatch(/· Ends /);
    expect(first.notes).toEqual([{ text: 'Category: Announcements · User group: Current Guests', tone: 'plain' }]);
    expect(active.moreHref).toBe('/amc-messages/messages?more=1#more-1');
    expect(active.links.rows).toBe('/amc-messages/messages?index=');

    // The next chunk: 25 rows, from the index route (`?index&after=`).
    const chunk = (await indexRoute.loader(
      args(get(o, `/amc-messages/messages?index&after=${encodeURIComponent(active.next!)}`), 'messages'),
    )) as { rows: RowView[]; next: string | null };
    expect(chunk.rows).toHaveLength(25);
    expect(chunk.rows[0]!.title).toBe('Active 75');
    const last = (await indexRoute.loader(
      args(get(o, `/amc-messages/messages?index&after=${encodeURIComponent(chunk.next!)}`), 'messages'),
    )) as { rows: RowView[]; next: string | null };
    expect(last.rows.map((row) => row.title)).toEqual(Array.from({ length: 10 }, (_, index) => `Active ${100 + index}`));
    expect(last.next).toBeNull();
    const bad = await outcome(indexRoute.loader(args(get(o, '/amc-messages/messages?index&after=not-a-cursor'), 'messages')));
    expect(bad.status).toBe(400);
    // Without JavaScript: "More" adds a page of the first chunk's size (75), here the 35 left.
    const more = await page(o, '?more=1');
    expect(more.rows).toHaveLength(110);
    expect(more.rows[75]?.anchor).toBe('more-1');

    const archive = await page(o, '?view=archive');
    expect(archive.rows.map((row) => [row.title, row.passed])).toEqual([
      ['Ended 0', false],
      ['Ended 1', false],
      ['Ended 2', false],
    ]);
    expect(archive.tabs.find((tab) => tab.current)?.title).toBe('Archive');
    expect(archive.rows[0]!.editHref).toBe('/amc-messages/messages/edit?id=old0&list=messages#editor');
  });

  it('shows the scheduled list with next run, recurrence, from-event marker and delivery status; a failed one is marked', async () => {
    const now = Date.now();
    const o = await own(
      { isAdmin: true },
      {
        'messages-scheduled': {
          single: message('Single', now + 2 * DAY, now + 3 * DAY),
          weekly: message('Weekly', now - 7 * DAY, now + 30 * DAY, {
            nextScheduledRun: now + DAY,
            recurrenceInfo: {
              recurrence: 'weekly',
              validDays: [true, false, true, false, false, false, false],
              recurrenceEndDate: 0,
              recurrenceDuration: 4,
            },
            delivery: { lastDeliveredAt: now - 6 * DAY, runs: 2 },
          }),
          reminder: message('Reminder', now + HOUR, now + 3 * HOUR, {
            isFromEvent: true,
            eventId: 'ev-1',
            delivery: { lastError: 'The push service refused the topic.', lastErrorAt: now - 60_000 },
          }),
          expired: message('Expired', now - 2 * DAY, now - DAY),
        },
      },
    );
    const scheduled = await page(o, '?view=scheduled');
    // Newest first by delivery time.
    expect(scheduled.rows.map((row) => row.key)).toEqual(['single', 'reminder', 'expired', 'weekly']);
    const row = (key: string) => scheduled.rows.find((candidate) => candidate.key === key)!;
    expect(row('single').editHref).toBe('/amc-messages/messages/edit?id=single&list=scheduled#editor');
    expect(row('single').when).toMatch(/^Next run .* C[SD]T · Ends /);
    expect(row('single').notes.map((note) => note.text)).toEqual([
      'Category: Announcements · User group: Current Guests',
      'Single scheduled notification',
      'Not delivered yet',
    ]);
    // The next run is nextScheduledRun, not the first delivery.
    const weekly = row('weekly');
    expect(weekly.when).toContain(new Intl.DateTimeFormat('en-US', { timeZone: TZ, month: 'short', day: 'numeric' }).format(now + DAY));
    expect(weekly.notes.map((note) => note.text)).toContain('Repeats Mon, Wed, no last day; visible 4 hours');
    expect(weekly.notes.at(-1)).toMatchObject({ tone: 'good', text: expect.stringMatching(/^Last delivered .* \(2 deliveries\)$/) });
    const reminder = row('reminder');
    expect(reminder.notes.map((note) => note.text)).toContain('From an event');
    expect(reminder.notes.at(-1)).toMatchObject({
      tone: 'alert',
      text: expect.stringMatching(/^Delivery failed .*: The push service refused the topic\.$/),
    });
    expect(row('expired').passed).toBe(true);
    expect(scheduled.filters.keep).toEqual([{ name: 'view', value: 'scheduled' }]);
    expect(scheduled.filters.clearHref).toBe('/amc-messages/messages?view=scheduled');

    // The right column: Send Notification, the scheduled state with the failed count.
    const column = (await indexRoute.loader(args(get(o, '/amc-messages/messages'), 'messages'))) as { actions: MessagesActionsData };
    expect(column.actions).toMatchObject({
      addHref: '/amc-messages/messages/add#editor',
      timeZone: TZ,
      scheduled: { count: 4, failed: 1, href: '/amc-messages/messages?view=scheduled' },
      topics: [
        { label: 'Categories', href: '/listnm/category' },
        { label: 'User Groups', href: '/listnm/user-group' },
      ],
    });
    expect(column.actions.scheduled.nextRun).toMatch(/C[SD]T$/);
  });

  it('deletes as the spec says: active ends now (to the archive), archive and scheduled remove, after the confirmation', async () => {
    const now = Date.now();
    const o = await own(
      { isAdmin: true },
      {
        messages: {
          a: message('A', now - HOUR, 0),
          b: message('B', now - HOUR, now + DAY),
          old: message('Old', now - 3 * DAY, now - 2 * DAY),
        },
        'messages-scheduled': { s: message('S', now + DAY, now + 2 * DAY), t: message('T', now + DAY, now + 2 * DAY) },
      },
    );
    const act = (path: string, fields: Array<[string, string]>) =>
      outcome<BulkActionData>(listRoute.action(args(post(o, path, fields), 'messages')));

    const asked = await act('/amc-messages/messages', [
      ['intent', 'delete-selected'],
      ['key', 'a'],
    ]);
    expect(asked.data?.confirm).toMatchObject({ text: 'Are you certain you want to delete all selected items?', count: 1, keys: ['a'] });
    expect((await stored(services.paths.message(o.community, 'a')))?.endTime).toBe(0);

    const done = await act('/amc-messages/messages', [
      ['intent', 'delete-selected'],
      ['key', 'a'],
      ['key', 'b'],
      ['confirmed', '1'],
    ]);
    expect(done.response?.headers.get('Location')).toBe('/amc-messages/messages');
    const ended = await stored(services.paths.messages(o.community));
    expect(ended?.a?.endTime).toBeGreaterThanOrEqual(now);
    expect(ended?.b?.endTime).toBeLessThanOrEqual(Date.now());
    expect((await page(o)).rows).toHaveLength(0);
    expect((await page(o, '?view=archive')).rows.map((row) => row.key).sort()).toEqual(['a', 'b', 'old']);

    const archived = await act('/amc-messages/messages?view=archive', [
      ['intent', 'delete-selected'],
      ['key', 'old'],
      ['confirmed', '1'],
    ]);
    expect(archived.response?.headers.get('Location')).toBe('/amc-messages/messages?view=archive');
    expect(await stored(services.paths.message(o.community, 'old'))).toBeNull();

    // Select all on the scheduled view: every scheduled notification, removed in one update.
    const all = await act('/amc-messages/messages?view=scheduled', [
      ['intent', 'delete-selected'],
      ['all', '1'],
      ['confirmed', '1'],
    ]);
    expect(all.response?.headers.get('Location')).toBe('/amc-messages/messages?view=scheduled');
    expect(await stored(services.paths.scheduledMessages(o.community))).toBeNull();
    expect(await stored(services.paths.messages(o.community))).not.toBeNull();

    // Keys are database keys; a bad one is refused with a message, nothing written.
    const refused = await act('/amc-messages/messages', [
      ['intent', 'delete-selected'],
      ['key', 'bad/key'],
      ['confirmed', '1'],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.data?.error).toBe('The selection could not be read. Reload the list and select again.');
    const many = await act('/amc-messages/messages', [
      ['intent', 'delete-selected'],
      ...Array.from({ length: 1001 }, (_, i): [string, string] => ['key', `k${i}`]),
    ]);
    expect(many.status).toBe(400);
  });

  it('guards the contexts: community messages for admins and notifiers, the systemwide area for system admins, others 404', async () => {
    const status = async (o: Own, context: string) =>
      (await outcome(listRoute.loader(args(get(o, `/amc-messages/${context}`), context)))).status;
    const admin = await own({ isAdmin: true });
    const notifier = await own({ canNotify: true });
    const editor = await own({});
    expect(await status(admin, 'messages')).toBe(200);
    expect(await status(notifier, 'messages')).toBe(200);
    expect(await status(editor, 'messages')).toBe(403);
    expect(await status(admin, 'systemwide-notification')).toBe(403);
    expect(await status(admin, 'other')).toBe(404);
    // Delete Selected is guarded the same way.
    const post403 = await outcome(
      listRoute.action(
        args(
          post(editor, '/amc-messages/messages', [
            ['intent', 'delete-selected'],
            ['key', 'x'],
          ]),
          'messages',
        ),
      ),
    );
    expect(post403.status).toBe(403);
    // No banner for a community's own admin.
    expect((await page(admin)).banner).toBeNull();
  });

  it('shows the systemwide area to a resort system admin with its banner, and the other banner with the button in a community', async () => {
    const now = Date.now();
    const key = `sys-list-${process.pid}-${counter + 1}`;
    const system = await own({ isAdmin: true, isResortSystem: true });
    await services.db
      .ref(services.paths.systemMessage(key))
      .set(message('Everywhere', now + 5 * DAY, 0, { userGroup: 'all', location: system.community }));
    await services.db.ref(services.paths.systemTopics()).update({ all: { type: 'user-group', title: 'All Users' } });

    const area = await page(system, '', 'systemwide-notification');
    expect(area.title).toBe('Systemwide Notification');
    expect(area.banner).toEqual({ text: 'This is a systemwide message sent across all communities', systemwideHref: null });
    const row = area.rows.find((candidate) => candidate.key === key)!;
    expect(row.editHref).toBe(`/amc-messages/systemwide-notification/edit?id=${key}&list=messages#editor`);
    expect(row.notes[0]!.text).toContain('User group: All Users');
    const column = (await indexRoute.loader(args(get(system, '/amc-messages/systemwide-notification'), 'systemwide-notification'))) as {
      actions: MessagesActionsData;
    };
    expect(column.actions.addHref).toBe('/amc-messages/systemwide-notification/add#editor');
    expect(column.actions.topics.map((topic) => topic.href)).toEqual(['/listnm/systemwide-category', '/listnm/systemwide-user-group']);

    const community = await page(system);
    expect(community.banner).toEqual({
      text: 'This is NOT a systemwide message and will only be sent to users for this specific community',
      systemwideHref: '/amc-messages/systemwide-notification',
    });

    // Delete Selected in the systemwide archive removes only what was chosen.
    await services.db.ref(services.paths.systemMessage(key)).update({ endTime: now - 1000 });
    const removed = await outcome(
      listRoute.action(
        args(
          post(system, '/amc-messages/systemwide-notification?view=archive', [
            ['intent', 'delete-selected'],
            ['key', key],
            ['confirmed', '1'],
          ]),
          'systemwide-notification',
        ),
      ),
    );
    expect(removed.response?.headers.get('Location')).toBe('/amc-messages/systemwide-notification?view=archive');
    expect(await stored(services.paths.systemMessage(key))).toBeNull();
  });

  it("sends a notifier without a Messages section to 'Feature Unavailable', and marks the tray button so", async () => {
    const notifier = await own({ canNotify: true }, {}, { messagesMenu: false });
    const answer = await outcome(listRoute.loader(args(get(notifier, '/amc-messages/messages'), 'messages')));
    expect(answer.response?.headers.get('Location')).toBe('/?unavailable=send-notification');
    // The form's address and its post are refused the same way.
    const formParams = { context: 'messages', action: 'add' };
    const form = await outcome(formRoute.loader({ request: get(notifier, '/amc-messages/messages/add'), params: formParams, context: {} }));
    expect(form.response?.headers.get('Location')).toBe('/?unavailable=send-notification');
    const posted = await outcome(
      formRoute.action({
        request: post(notifier, '/amc-messages/messages/add', { intent: 'save', title: 'Hi' }),
        params: formParams,
        context: {},
      }),
    );
    expect(posted.response?.headers.get('Location')).toBe('/?unavailable=send-notification');
    const admin = await own({ isAdmin: true }, {}, { messagesMenu: false });
    expect((await outcome(listRoute.loader(args(get(admin, '/amc-messages/messages'), 'messages')))).status).toBe(200);

    const project = await currentProject(new Request(`${ORIGIN}/`));
    const button = async (o: Own, rights: { admin: boolean }) => {
      const access = {
        uid: 'x',
        email: 'x@test.example',
        isSuperAdmin: false,
        isResortSystem: false,
        adminLocations: rights.admin ? [o.community] : [],
        editLocations: [o.community],
        canNotifyLocations: [o.community],
        editorDefault: o.community,
        remoteGrants: [],
      };
      const trays = await trayViews(access, o.community, project);
      return trays.flatMap((tray) => tray.buttons).find((candidate) => candidate.id === 'send-notification');
    };
    expect(await button(notifier, { admin: false })).toMatchObject({ unavailable: true, to: '/amc-messages/messages/add' });
    expect(await button(admin, { admin: true })).toMatchObject({ unavailable: false });
    const withMenu = await own({ canNotify: true });
    expect(await button(withMenu, { admin: false })).toMatchObject({ unavailable: false });
  });
});

describe('message row rules', () => {
  it('reads topics, recurrences and the passed rule', () => {
    const topics = topicTitles({ g: { type: 'user-group', title: 'Guests' }, c: { type: 'category' }, junk: 'x' });
    expect([...topics.userGroups]).toEqual([['g', 'Guests']]);
    expect([...topics.categories]).toEqual([['c', 'c']]);
    expect(
      recurrenceSummary({ validDays: [true, true, true, true, true, true, true], recurrenceEndDate: Date.UTC(2026, 11, 31, 12) }, 'UTC'),
    ).toBe('Repeats every day until Dec 31, 2026; visible until the next is sent');
    expect(recurrenceSummary({ validDays: [false, false, false, false, false, false, false] }, 'UTC')).toBeNull();
    const now = Date.UTC(2026, 5, 1);
    const ended = { title: 'x', endTime: now - 1 };
    expect(messageRowDetails(ended, { view: 'active', timeZone: 'UTC', topics, now }).passed).toBe(true);
    expect(messageRowDetails(ended, { view: 'archive', timeZone: 'UTC', topics, now }).passed).toBe(false);
    expect(messageRowDetails({ endTime: 0 }, { view: 'active', timeZone: 'UTC', topics, now }).passed).toBe(false);
  });
});
