import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import type { Services } from '@server/services';
import type { RemoteCalendarData } from '~/features/calendars/remote-calendar.server';
import * as calendarView from '~/routes/_app.amc-calendar.$context.$view';
import * as pendingRoute from '~/routes/_app.detail.events.google-events-import.$importId';
import * as calendarByLink from '~/routes/amc-calendar.remote.$uuid._index';
import * as remoteEvent from '~/routes/event.remote.$dbContext.($itemId)';
import { EVENT_TEXTS } from '~/schemas/event';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, routeArgs, type PostedFields, pickerFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { EventEditorActionData, EventEditorData } from './editor.server';
import { EVENT_EDITOR_TEXTS } from './texts';

/**
 * Events waiting for approval with real requests, sessions and the embedded database: a remote
 * manager's new event on a calendar that requires approval becomes a pending record and e-mails
 * the calendar's staff; staff see the calendar's notice and review it in the import context
 * (Existing Events, Create Event, Deny Event). Each test makes a community of its own.
 */

const ORIGIN = 'http://console.test';
const TZ = 'America/New_York';
const HOUR = 36e5;
const DAY = 24 * HOUR;
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('pending-events'));
});
afterAll(async () => {
  await close?.();
});

const hourAhead = (days: number) => Math.ceil((Date.now() + days * DAY) / HOUR) * HOUR;

interface Own {
  community: string;
  uuid: string;
  cookie: string;
  staffUid: string;
}

/** A community whose Kids Club has a URL grant and takes user-created events (with approval unless told). */
async function setup(config: Record<string, DbValue> = {}): Promise<Own> {
  counter += 1;
  const community = `pending-events-${counter}`;
  const uuid = `pending-link-${counter}`;
  const remoteKey = `rk-pending-${counter}`;
  const staffUid = `pending-staff-${counter}`;
  const { paths } = services;
  const context = `${community}/amc-events/calendars/kids-club`;
  const entry = {
    type: 'calendar',
    accessType: 'url',
    title: 'Scout Troop',
    editInfo: true,
    addButtons: false,
    sendNotifications: false,
    origContext: `${community}/amc-events`,
    contexts: [context],
    detailTitle: 'Kids Club',
    uid: uuid,
  };
  await services.db.ref().update({
    [paths.community(community)]: { title: `Pending ${counter}`, timeZone: TZ },
    [paths.userAuthorization(staffUid)]: { editorDefault: community, communities: { [community]: { isEditor: true } } },
    [paths.calendarConfig(community, 'kids-club')]: {
      title: 'Kids Club',
      audiences: ['Family', 'Kids'],
      remoteKey,
      allowUserCreated: true,
      userCreatedRequiresApproval: true,
      userCreatedEmails: ['club@test.example', 'desk@test.example'],
      ...config,
    },
    [`${paths.locations(community)}/hall`]: { title: 'Community Hall' },
    [paths.remoteByUid(uuid, remoteKey)]: entry,
    [paths.remoteByDetail(remoteKey, uuid)]: entry,
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid: staffUid, email: `${staffUid}@test.example`, displayName: 'Club Staff' },
    { communityKey: community },
  );
  return { community, uuid, cookie, staffUid };
}

const args = routeArgs;
const get = (path: string, cookie?: string) => getRequest(cookie ?? null, path);
const post = (path: string, fields: PostedFields, cookie?: string) => postRequest(cookie ?? null, path, fields);
const when = (name: string, ms: number) => pickerFields(name, ms, TZ);
const FORM = (start: number, title: string): Record<string, string> => ({
  title,
  description: '<p>Telescopes by the lake.</p>',
  audience: 'Family',
  type: 'resort',
  ...when('startDate', start),
  ...when('endDate', start + HOUR),
  resortLocationId: 'hall',
});
const read = async (path: string) => (await services.db.ref(path).get()).val() as Record<string, unknown> | null;

/** A new event's form carries the key the editor gave it. */
const remoteAdd = (own: Own, fields: Record<string, string>) =>
  outcome<EventEditorActionData>(
    remoteEvent.action(
      args(post(`/event/remote/kids-club?uuid=${own.uuid}`, { itemKey: `ev-new-${counter}`, ...fields }), {
        dbContext: 'kids-club',
      }) as never,
    ),
  );
const remoteCalendar = (own: Own, query = '') =>
  outcome<RemoteCalendarData>(calendarByLink.loader(args(get(`/amc-calendar/remote/${own.uuid}/${query}`), { uuid: own.uuid }) as never));
const review = (own: Own, importId: string, cookie = own.cookie) =>
  outcome<EventEditorData>(
    pendingRoute.loader(args(get(`/detail/events/google-events-import/${importId}`, cookie), { importId }) as never),
  );
const decide = (own: Own, importId: string, fields: Record<string, string>) =>
  outcome<EventEditorActionData>(
    pendingRoute.action(args(post(`/detail/events/google-events-import/${importId}`, fields, own.cookie), { importId }) as never),
  );

/** A remote manager's event submitted through the remote editor; its import id. */
async function submitted(own: Own, start: number, title = 'Stargazing'): Promise<string> {
  const answer = await remoteAdd(own, { intent: 'save', ...FORM(start, title) });
  expect(answer.status, JSON.stringify(answer.data?.result)).toBe(302);
  const pending = (await read(services.paths.googleEventImports(own.community))) ?? {};
  const found = Object.entries(pending).find(([, value]) => (value as { title?: string }).title === title);
  return found![0];
}

describe('remote managers adding events', () => {
  it('on a calendar that requires approval: a pending record, the staff e-mailed, a confirmation, nothing on the calendar', async () => {
    const own = await setup();
    const page = await outcome<EventEditorData>(
      remoteEvent.loader(args(get(`/event/remote/kids-club?uuid=${own.uuid}`), { dbContext: 'kids-club' }) as never),
    );
    expect(page.data?.remote?.approval).toBe(true);

    const start = hourAhead(5);
    const answer = await remoteAdd(own, { intent: 'save', ...FORM(start, 'Stargazing') });
    expect(answer.response?.headers.get('Location')).toBe(`/amc-calendar/remote/${own.uuid}/?submitted=1`);
    expect(await read(services.paths.calendarEvents(own.community, 'kids-club'))).toBeNull();
    const pending = (await read(services.paths.googleEventImports(own.community)))!;
    const [importId, record] = Object.entries(pending)[0]!;
    expect(record).toMatchObject({
      title: 'Stargazing',
      startDate: start,
      audience: 'family',
      eventContext: `${own.community}/amc-events/calendars/kids-club`,
      submittedBy: { uid: own.uuid, who: 'Link: Scout Troop' },
    });

    const queue = (await read(services.paths.emailQueue())) as Record<string, { email: string; subject: string; body: string }>;
    const mails = Object.values(queue).filter((item) => item.body.includes(`/detail/events/google-events-import/${importId}`));
    expect(mails.map((item) => item.email).sort()).toEqual(['club@test.example', 'desk@test.example']);
    expect(mails[0]!.subject).toBe('Event waiting for approval: Stargazing');
    expect(mails[0]!.body).toContain(`href="${ORIGIN}/detail/events/google-events-import/${importId}"`);

    const back = await remoteCalendar(own, '?submitted=1');
    expect(back.data?.submitted).toBe(true);
    expect(back.data?.rows).toEqual([]);
  });

  it('on a calendar without user-created events: no Add Event, and the server refuses with 403 and says why', async () => {
    const own = await setup({ allowUserCreated: false });
    expect((await remoteCalendar(own)).data?.addHref).toBeNull();
    const page = await outcome(
      remoteEvent.loader(args(get(`/event/remote/kids-club?uuid=${own.uuid}`), { dbContext: 'kids-club' }) as never),
    );
    expect(page.status).toBe(403);
    expect(await page.response!.text()).toBe(EVENT_EDITOR_TEXTS.userCreatedOff);
    const saved = await remoteAdd(own, { intent: 'save', ...FORM(hourAhead(5), 'Sneaky') });
    expect(saved.status).toBe(403);
    expect(await read(services.paths.googleEventImports(own.community))).toBeNull();
    expect(await read(services.paths.calendarEvents(own.community, 'kids-club'))).toBeNull();
  });

  it('without approval: saved on the calendar directly', async () => {
    const own = await setup({ userCreatedRequiresApproval: false });
    expect((await remoteCalendar(own)).data?.addHref).toBe(`/event/remote/kids-club?uuid=${own.uuid}`);
    const answer = await remoteAdd(own, { intent: 'save', ...FORM(hourAhead(5), 'Campfire'), itemKey: 'ev-campfire' });
    expect(answer.response?.headers.get('Location')).toBe(`/amc-calendar/remote/${own.uuid}/?saved=1`);
    expect(await read(services.paths.calendarEvent(own.community, 'kids-club', 'ev-campfire'))).toMatchObject({ title: 'Campfire' });
    expect(await read(services.paths.googleEventImports(own.community))).toBeNull();
  });
});

describe('staff reviewing an event waiting for approval', () => {
  it('the calendar notices it; the editor starts from it, with Existing Events of its day', async () => {
    const own = await setup();
    const start = hourAhead(6);
    const importId = await submitted(own, start);
    const { paths } = services;
    await services.db.ref().update({
      [paths.calendarEvent(own.community, 'kids-club', 'ev-same-day')]: {
        title: 'Crafts',
        startDate: start - HOUR,
        endDate: start,
        audience: 'family',
      },
      [paths.calendarEvent(own.community, 'kids-club', 'ev-next-week')]: {
        title: 'Next Week',
        startDate: start + 7 * DAY,
        endDate: start + 7 * DAY + HOUR,
        audience: 'family',
      },
    });

    const view = await outcome<{ pending: { count: number; rows: Array<{ title: string; href: string }> } | null }>(
      calendarView.loader(args(get('/amc-calendar/kids-club/active', own.cookie), { context: 'kids-club', view: 'active' }) as never),
    );
    expect(view.data?.pending).toMatchObject({
      count: 1,
      rows: [{ title: 'Stargazing', href: `/detail/events/google-events-import/${importId}` }],
    });

    const page = await review(own, importId);
    expect(page.status).toBe(200);
    const data = page.data!;
    expect(data.heading).toBe(EVENT_EDITOR_TEXTS.pendingHeading);
    expect(data.calendar).toEqual({ id: 'kids-club', title: 'Kids Club' });
    expect(data.defaultValue).toMatchObject({
      title: 'Stargazing',
      audience: 'Family',
      resortLocationId: 'hall',
      calendars: ['kids-club'],
    });
    expect(data.pending?.submittedBy).toBe('Link: Scout Troop');
    expect(data.pending?.existing.map((row) => row.title)).toEqual(['Crafts']);
    expect(data.returnTo).toBe('/amc-calendar/kids-club/active');

    // Another community's staff, and a record that is not there: 404.
    const other = await setup();
    expect((await review(other, importId, other.cookie)).status).toBe(404);
    expect((await review(own, 'no-such-import')).status).toBe(404);
  });

  it('Create Event saves the event to its calendar through the normal save and removes the pending record in the same update', async () => {
    const own = await setup();
    const start = hourAhead(6);
    const importId = await submitted(own, start);
    const version = (await review(own, importId)).data!.version!;

    const refused = await decide(own, importId, { intent: 'create-event', ...FORM(start, ''), version });
    expect(refused.status).toBe(400);
    expect(refused.data?.result.error?.title).toEqual([EVENT_TEXTS.titleRequired]);
    expect(refused.data?.result.initialValue).toMatchObject({ audience: 'Family' });
    expect(await read(services.paths.googleEventImport(own.community, importId))).not.toBeNull();

    const created = await decide(own, importId, { intent: 'create-event', ...FORM(start, 'Stargazing by the Lake'), version });
    expect(created.status).toBe(302);
    expect(created.response?.headers.get('Location')).toBe('/amc-calendar/kids-club/active');
    expect(await read(services.paths.calendarEvent(own.community, 'kids-club', importId))).toMatchObject({
      title: 'Stargazing by the Lake',
      startDate: start,
      creator: own.uuid,
      updatedBy: own.staffUid,
      contexts: [`${own.community}/amc-events/calendars/kids-club`],
    });
    const stored = await read(services.paths.calendarEvent(own.community, 'kids-club', importId));
    expect(stored).not.toHaveProperty('eventContext');
    expect(stored).not.toHaveProperty('submittedBy');
    expect(await read(services.paths.googleEventImport(own.community, importId))).toBeNull();
    // Handled: the review is gone.
    expect((await review(own, importId)).status).toBe(404);
  });

  it('Deny Event records it as denied by its id and removes the pending record; the event is never saved', async () => {
    const own = await setup();
    const importId = await submitted(own, hourAhead(6), 'Loud Party');
    // The first post asks; nothing is written.
    const asked = await decide(own, importId, { intent: 'deny-event', title: '' });
    expect(asked.status).toBe(200);
    expect(asked.data?.confirmDeny).toBe(true);
    expect(await read(services.paths.googleEventImport(own.community, importId))).not.toBeNull();
    const denied = await decide(own, importId, { intent: 'deny-event', confirm: 'yes' });
    expect(denied.status).toBe(302);
    expect(denied.response?.headers.get('Location')).toBe('/amc-calendar/kids-club/active');
    expect(await read(services.paths.googleEventDenied(own.community, importId))).toMatchObject({ id: importId, title: 'Loud Party' });
    expect(await read(services.paths.googleEventImport(own.community, importId))).toBeNull();
    expect(await read(services.paths.calendarEvents(own.community, 'kids-club'))).toBeNull();
    expect((await decide(own, importId, { intent: 'deny-event', confirm: 'yes' })).status).toBe(404);
  });

  it('answers the editor’s own intents only, and remote people are no staff', async () => {
    const own = await setup();
    const importId = await submitted(own, hourAhead(6));
    expect((await decide(own, importId, { intent: 'save', ...FORM(hourAhead(6), 'X') })).status).toBe(400);
    const anonymous = await outcome(
      pendingRoute.loader(args(get(`/detail/events/google-events-import/${importId}`), { importId }) as never),
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.response?.headers.get('Location')).toContain('/login');
  });
});
