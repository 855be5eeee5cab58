import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '@server/services';
import { ACTION_MESSAGES } from '~/lib/actions';
import { formatDate, formatTime } from '~/lib/date-time';
import * as remoteRoute from '~/routes/detail.remote.$uuid._index';
import * as remoteByIdRoute from '~/routes/detail.remote.id.$detailId._index';
import * as messagingRoute from '~/routes/listnm.remote.$context.$uuid';
import { MESSAGE_TEXTS } from '~/schemas/message';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, routeArgs, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { MessageFormActionData } from './message-form.server';
import type { RemoteMessageFormData, RemoteMessagesData } from './remote-messages.server';

/**
 * A remote manager's Messaging with real requests, sessions and the embedded database: each
 * test makes a community of its own with two listings, a URL grant and an e-mail grant.
 */

const TZ = 'America/Denver';
const HOUR = 36e5;
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('remote-messages'));
});
afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  /** The URL grant's link (sendNotifications on the bakery). */
  link: string;
  /** The e-mail grant holder (sendNotifications on the bakery). */
  uid: string;
  cookie: string;
  /** Another person's cookie. */
  otherCookie: string;
}

const hourAhead = (hours: number) => Math.ceil((Date.now() + hours * HOUR) / HOUR) * HOUR;
const when = (name: string, ms: number) => ({ [`${name}-date`]: formatDate(ms, TZ), [`${name}-time`]: formatTime(ms, TZ) });

function entry(uid: string, accessType: 'url' | 'email', community: string, rights: { sendNotifications: boolean; editInfo: boolean }) {
  return {
    type: 'business',
    contexts: [`${community}/dining-resort`],
    origContext: `${community}/dining-resort`,
    title: 'Owner',
    detailTitle: 'Bakery',
    addButtons: true,
    accessType,
    uid,
    ...rights,
  };
}

async function ownCommunity(options: { sendNotifications?: boolean; editInfo?: boolean } = {}): Promise<Own> {
  counter += 1;
  const community = `remote-msg-${counter}`;
  const link = `link-${counter}-a1b2c3`;
  const uid = `remote-person-${counter}`;
  const other = `other-person-${counter}`;
  const sendNotifications = options.sendNotifications ?? true;
  const editInfo = options.editInfo ?? true;
  const { paths } = services;
  await services.db.ref().update({
    [paths.community(community)]: { title: `Remote Messages ${counter}`, timeZone: TZ },
    [paths.listItem(community, 'dining-resort', 'bakery')]: { title: 'Bakery', id: 'bakery' },
    [paths.listItem(community, 'dining-resort', 'diner')]: { title: 'Diner', id: 'diner' },
    [paths.remoteByUid(link, 'bakery')]: entry(link, 'url', community, { sendNotifications, editInfo }),
    [paths.remoteByUid(uid, 'bakery')]: entry(uid, 'email', community, { sendNotifications, editInfo }),
    [paths.scheduledMessage(community, 'diner-news')]: {
      title: 'Diner news',
      description: 'Not the bakery',
      action: 'business-detail',
      actionKey: 'diner',
      actionCommunityKey: community,
      userGroup: '',
      category: '',
      deliveryTime: hourAhead(48),
      endTime: hourAhead(72),
    },
  });
  const cookie = await sessionCookie(services.sessions, { uid, email: `${uid}@test.example`, displayName: 'Remote Person' });
  const otherCookie = await sessionCookie(services.sessions, { uid: other, email: `${other}@test.example`, displayName: 'Other' });
  return { community, link, uid, cookie, otherCookie };
}

const LIST = 'remote-messages-scheduled';
const SEND = 'send-detail-notification';
const address = (context: string, uuid: string, query = '') => `/listnm/remote/${context}/${uuid}${query}`;

const load = <T>(cookie: string | null, context: string, uuid: string, query = '') =>
  outcome<T>(messagingRoute.loader(routeArgs(getRequest(cookie, address(context, uuid, query)), { context, uuid })));
const act = (cookie: string | null, context: string, uuid: string, query: string, fields: PostedFields) =>
  outcome<MessageFormActionData>(
    messagingRoute.action(routeArgs(postRequest(cookie, address(context, uuid, query), fields), { context, uuid })),
  );

const read = async (path: string) => (await services.db.ref(path).get()).val() as Record<string, Record<string, unknown>> | null;

const instant = (extra: Record<string, string> = {}) => ({
  intent: 'save',
  title: 'Fresh bread',
  description: 'Sourdough is out of the oven.',
  deliveryType: 'instant',
  ...when('endTime', hourAhead(30)),
  ...extra,
});

/** What these tests read of a remote page's loader data. */
interface RemotePageLinks {
  messagingHref: string | null;
}

describe("a remote manager's Messaging", () => {
  it('offers Messaging and its pages only to a grant with sendNotifications', async () => {
    const without = await ownCommunity({ sendNotifications: false });
    const page = await outcome<RemotePageLinks>(
      remoteRoute.loader(routeArgs(getRequest(null, `/detail/remote/${without.link}/`), { uuid: without.link })),
    );
    expect(page.status).toBe(200);
    expect(page.data?.messagingHref).toBeNull();
    expect((await load(null, LIST, without.link)).status).toBe(404);
    expect((await load(null, SEND, without.link)).status).toBe(404);
    expect((await act(null, SEND, without.link, '', instant())).status).toBe(404);

    const own = await ownCommunity();
    const withIt = await outcome<RemotePageLinks>(
      remoteRoute.loader(routeArgs(getRequest(null, `/detail/remote/${own.link}/`), { uuid: own.link })),
    );
    expect(withIt.data?.messagingHref).toBe(`/listnm/remote/${LIST}/${own.link}?detail=bakery`);
    expect((await load(null, LIST, own.link, '?detail=bakery')).status).toBe(200);
    expect((await load(null, LIST, own.link, '?detail=diner')).status).toBe(404);
    expect((await load(null, LIST, 'no-such-link')).status).toBe(404);
  });

  it('opens a grant that may only send notifications on its Messaging page', async () => {
    const own = await ownCommunity({ editInfo: false });
    const byLink = await outcome(remoteRoute.loader(routeArgs(getRequest(null, `/detail/remote/${own.link}/`), { uuid: own.link })));
    expect(byLink.status).toBe(302);
    expect(byLink.response?.headers.get('Location')).toBe(`/listnm/remote/${LIST}/${own.link}?detail=bakery`);
    const byLogin = await outcome(
      remoteByIdRoute.loader(routeArgs(getRequest(own.cookie, '/detail/remote/id/bakery'), { detailId: 'bakery' })),
    );
    expect(byLogin.response?.headers.get('Location')).toBe(`/listnm/remote/${LIST}/${own.uid}?detail=bakery`);
    // A grant with neither right is still refused.
    const neither = await ownCommunity({ editInfo: false, sendNotifications: false });
    expect(
      (await outcome(remoteRoute.loader(routeArgs(getRequest(null, `/detail/remote/${neither.link}/`), { uuid: neither.link })))).status,
    ).toBe(403);
  });

  it('sends an instant notification by link to the listing, without Type nor User Group, and records it in the audit', async () => {
    const own = await ownCommunity();
    const form = await load<RemoteMessageFormData>(null, SEND, own.link);
    expect(form.status).toBe(200);
    expect(form.data?.form).toMatchObject({ detailPage: true, options: { allowPersonal: false, categories: [], userGroups: [] } });

    const refused = await act(null, SEND, own.link, '', instant({ title: 'Typed', description: '' }));
    expect(refused.status).toBe(400);
    expect(refused.data?.result.initialValue).toMatchObject({ title: 'Typed' });
    expect(refused.data?.result.error).toEqual({ description: [MESSAGE_TEXTS.descriptionRequired] });

    const sent = await act(null, SEND, own.link, '', instant({ audience: 'personal', toUser: 'someone', category: 'x', userGroup: 'y' }));
    expect(sent.status).toBe(302);
    expect(sent.response?.headers.get('Location')).toBe(`/listnm/remote/${LIST}/${own.link}?detail=bakery&saved=sent`);
    const stored = Object.values((await read(services.paths.messages(own.community))) ?? {});
    expect(stored).toEqual([
      expect.objectContaining({
        title: 'Fresh bread',
        action: 'business-detail',
        actionKey: 'bakery',
        actionCommunityKey: own.community,
        actionParams: `${own.community}/dining-resort`,
        creator: own.link,
        userGroup: '',
        category: '',
      }),
    ]);
    expect(stored[0]).not.toHaveProperty('toUser');
    const audit = Object.values((await read(services.paths.remoteAudit(own.community, 'bakery'))) ?? {});
    expect(audit).toEqual([expect.objectContaining({ accessType: 'url', fields: ['notification: sent'] })]);

    const list = await load<RemoteMessagesData>(null, LIST, own.link, '?detail=bakery&saved=sent');
    expect(list.data?.saved).toBe('Notification sent.');
    expect(list.data?.listingHref).toBe(`/detail/remote/${own.link}/`);
    expect(list.data?.active.map((row) => row.title)).toEqual(['Fresh bread']);
    expect(list.data?.scheduled).toEqual([]);
  });

  it('schedules single and recurring notifications, edits them, and deletes them as the spec says', async () => {
    const own = await ownCommunity();
    const delivery = hourAhead(6);
    const future = { ...instant({ title: 'Bake sale' }), deliveryType: 'future', ...when('deliveryTime', delivery) };
    expect((await act(null, SEND, own.link, '', future)).response?.headers.get('Location')).toMatch(/saved=scheduled$/);
    const recurring = {
      ...instant({ title: 'Daily special' }),
      deliveryType: 'recurring',
      ...when('deliveryTime', delivery),
      'validDays[0]': 'on',
      'validDays[4]': 'on',
    };
    expect((await act(null, SEND, own.link, '', recurring)).status).toBe(302);
    const scheduled = (await read(services.paths.scheduledMessages(own.community))) ?? {};
    const keyOf = (title: string) => Object.entries(scheduled).find(([, record]) => record.title === title)![0];
    expect(scheduled[keyOf('Daily special')]).toMatchObject({ nextScheduledRun: delivery, actionKey: 'bakery' });

    const list = await load<RemoteMessagesData>(null, LIST, own.link);
    expect(list.data?.scheduled.map((row) => [row.title, row.recurring]).sort()).toEqual([
      ['Bake sale', false],
      ['Daily special', true],
    ]);

    // Edit in place (with the version the form showed).
    const sale = keyOf('Bake sale');
    const edit = `&id=${sale}&list=scheduled`;
    const editForm = await load<RemoteMessageFormData>(null, SEND, own.link, `?detail=bakery${edit}`);
    expect(editForm.data?.form.editing).toEqual({ list: 'scheduled', key: sale });
    const saved = await act(null, SEND, own.link, `?detail=bakery${edit}`, {
      ...future,
      title: 'Big bake sale',
      version: editForm.data!.form.version!,
    });
    expect(saved.status).toBe(302);
    expect(await read(services.paths.scheduledMessage(own.community, sale))).toMatchObject({ title: 'Big bake sale', actionKey: 'bakery' });
    const stale = await act(null, SEND, own.link, `?detail=bakery${edit}`, { ...future, version: editForm.data!.form.version! });
    expect(stale.status).toBe(409);

    // Delete: a single scheduled one is removed; a recurring schedule only through delete-recurring.
    expect((await act(null, LIST, own.link, '', { intent: `delete-message:scheduled/${sale}` })).status).toBe(302);
    expect(await read(services.paths.scheduledMessage(own.community, sale))).toBeNull();
    const daily = keyOf('Daily special');
    expect((await act(null, LIST, own.link, '', { intent: `delete-message:scheduled/${daily}` })).status).toBe(404);
    expect((await act(null, LIST, own.link, '', { intent: `delete-recurring:${daily}` })).status).toBe(302);
    expect(await read(services.paths.scheduledMessage(own.community, daily))).toBeNull();

    // A sent one ends now (to the archive).
    await act(null, SEND, own.link, '', instant());
    const [sentKey] = Object.keys((await read(services.paths.messages(own.community))) ?? {});
    const before = Date.now();
    expect((await act(null, LIST, own.link, '', { intent: `delete-message:messages/${sentKey}` })).status).toBe(302);
    const ended = await read(services.paths.message(own.community, sentKey!));
    expect(Number(ended?.endTime)).toBeGreaterThanOrEqual(before);
    const audit = Object.values((await read(services.paths.remoteAudit(own.community, 'bakery'))) ?? {}).map((item) => item.fields);
    expect(audit).toContainEqual(['notification: recurring schedule deleted']);
    expect(audit).toContainEqual(['notification: edited']);
  });

  it('asks before a Delete or Delete Schedule: the row links to its confirmation, which posts the delete', async () => {
    const own = await ownCommunity();
    const delivery = hourAhead(6);
    const future = { ...instant({ title: 'Bake sale' }), deliveryType: 'future', ...when('deliveryTime', delivery) };
    await act(null, SEND, own.link, '', future);
    await act(null, SEND, own.link, '', { ...future, title: 'Daily special', deliveryType: 'recurring', 'validDays[0]': 'on' });
    await act(null, SEND, own.link, '', instant({ title: 'Fresh bread' }));
    const list = (await load<RemoteMessagesData>(null, LIST, own.link)).data!;
    expect(list.deleting).toBeNull();
    const row = (title: string) => [...list.scheduled, ...list.active].find((candidate) => candidate.title === title)!;
    const sale = row('Bake sale');
    expect(sale.deleteHref).toBe(address(LIST, own.link, `?detail=bakery&delete=scheduled%2F${sale.key}`));

    const asked = async (title: string) => {
      const { list: rowList, key } = row(title);
      return (await load<RemoteMessagesData>(null, LIST, own.link, `?detail=bakery&delete=${rowList}/${key}`)).data!.deleting;
    };
    expect(await asked('Bake sale')).toEqual({
      title: 'Delete Item',
      text: 'Are you certain you want to delete? “Bake sale” is not sent.',
      intent: `delete-message:scheduled/${sale.key}`,
      answer: 'Delete',
    });
    expect(await asked('Daily special')).toEqual({
      title: 'Delete Schedule',
      text: 'Are you certain you want to delete? “Daily special” stops: no more of its notifications are sent.',
      intent: `delete-recurring:${row('Daily special').key}`,
      answer: 'Delete Schedule',
    });
    expect((await asked('Fresh bread'))?.text).toBe('Are you certain you want to delete? “Fresh bread” ends now and moves to the archive.');
    // Asking deletes nothing; a key that is not the listing's own asks nothing.
    expect(await read(services.paths.scheduledMessage(own.community, sale.key))).toMatchObject({ title: 'Bake sale' });
    expect((await load<RemoteMessagesData>(null, LIST, own.link, '?detail=bakery&delete=scheduled/diner-news')).data!.deleting).toBeNull();
  });

  it("never reaches another listing's notification by guessing its key", async () => {
    const own = await ownCommunity();
    expect((await load(null, SEND, own.link, '?id=diner-news&list=scheduled')).status).toBe(404);
    expect((await act(null, SEND, own.link, '?id=diner-news&list=scheduled', instant({ deliveryType: 'future' }))).status).toBe(404);
    expect((await act(null, LIST, own.link, '', { intent: 'delete-message:scheduled/diner-news' })).status).toBe(404);
    expect(await read(services.paths.scheduledMessage(own.community, 'diner-news'))).toMatchObject({ title: 'Diner news' });
    const list = await load<RemoteMessagesData>(null, LIST, own.link);
    expect(list.data?.scheduled).toEqual([]);
  });

  it('limits buttons to website, dial number and send e-mail', async () => {
    const own = await ownCommunity();
    await services.db.ref(services.paths.featureFlag('allowNotificationButtons')).set(true);
    const button = (action: string, key: string) => ({
      'detailButtons[0].title': 'Open',
      'detailButtons[0].icon': 'globe',
      'detailButtons[0].action.action': action,
      'detailButtons[0].action.key': key,
    });
    for (const [action, key] of [
      ['form', 'some-form'],
      ['store', 'some-item'],
    ]) {
      const refused = await act(null, SEND, own.link, '', instant(button(action!, key!)));
      expect(refused.status).toBe(400);
      expect(Object.values(refused.data?.result.error ?? {}).flat()).toContain(ACTION_MESSAGES.notAllowed);
    }
    const sent = await act(null, SEND, own.link, '', instant(button('website', 'https://bakery.example')));
    expect(sent.status).toBe(302);
    const [stored] = Object.values((await read(services.paths.messages(own.community))) ?? {});
    expect(JSON.stringify(stored?.detailButtons)).toContain('https://bakery.example');
  });

  it("needs the e-mail grant holder's own session", async () => {
    const own = await ownCommunity();
    const anonymous = await load(null, LIST, own.uid);
    expect(anonymous.status).toBe(302);
    expect(anonymous.response?.headers.get('Location')).toMatch(/^\/login/);
    expect((await load(own.otherCookie, LIST, own.uid)).status).toBe(404);
    expect((await act(own.otherCookie, SEND, own.uid, '', instant())).status).toBe(404);
    expect((await load(own.cookie, LIST, own.uid)).status).toBe(200);
    const sent = await act(own.cookie, SEND, own.uid, '', instant());
    expect(sent.response?.headers.get('Location')).toBe(`/listnm/remote/${LIST}/${own.uid}?detail=bakery&saved=sent`);
    const [stored] = Object.values((await read(services.paths.messages(own.community))) ?? {});
    expect(stored).toMatchObject({ creator: own.uid, actionKey: 'bakery' });
    const audit = Object.values((await read(services.paths.remoteAudit(own.community, 'bakery'))) ?? {});
    expect(audit).toEqual([expect.objectContaining({ accessType: 'email', uid: own.uid })]);
  });
});
