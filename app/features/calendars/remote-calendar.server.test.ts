import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { eventFields } from '@server/events/testing';
import type { Services } from '@server/services';
import type { EventEditorActionData, EventEditorData } from '~/features/events/editor.server';
import * as calendarByLink from '~/routes/amc-calendar.remote.$uuid._index';
import * as calendarById from '~/routes/amc-calendar.remote.id.$detailId._index';
import * as remoteEvent from '~/routes/event.remote.$dbContext.($itemId)';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, routeArgs, type PostedFields, pickerFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { RemoteCalendarData } from './remote-calendar.server';

/**
 * The remote calendar pages and the remote event editor with real requests and the embedded
 * database: each test makes a community of its own with two calendars, events, and a calendar
 * grant for Activities written as the calendar config editor writes it.
 */

const TZ = 'America/New_York';
const HOUR = 36e5;
const DAY = 24 * HOUR;
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('remote-events'));
});
afterAll(async () => {
  await close?.();
});

const hourAhead = (days: number) => Math.ceil((Date.now() + days * DAY) / HOUR) * HOUR;
const EVENT = (start: number, title: string, contexts: string[]): Record<string, DbValue> =>
  eventFields(start, start + 2 * HOUR, {
    title,
    description: '<p>At the hall.</p>',
    htmlDescription: '<p>At the hall.</p>',
    creator: 'someone',
    contexts,
  });

interface Setup {
  community: string;
  uuid: string;
  remoteKey: string;
}

/** A community with Activities (remotely managed) and Kids Club, and a grant for Activities. */
async function setup(grant: { accessType?: 'url' | 'email'; uid?: string; editInfo?: boolean; addButtons?: boolean } = {}): Promise<Setup> {
  counter += 1;
  const community = `remote-events-${counter}`;
  const uuid = grant.uid ?? `cal-link-${counter}`;
  const remoteKey = `rk-${counter}`;
  const { paths } = services;
  const context = (calendar: string) => `${community}/amc-events/calendars/${calendar}`;
  const entry = {
    type: 'calendar',
    accessType: grant.accessType ?? 'url',
    title: 'Organizer',
    editInfo: grant.editInfo ?? true,
    addButtons: grant.addButtons ?? false,
    sendNotifications: false,
    origContext: `${community}/amc-events`,
    contexts: [context('activities')],
    detailTitle: 'Activities',
    uid: uuid,
  };
  await services.db.ref().update({
    [paths.community(community)]: { title: `Remote Events ${counter}`, timeZone: TZ },
    [paths.calendarConfig(community, 'activities')]: { title: 'Activities', audiences: ['Family'], remoteKey, allowUserCreated: true },
    [paths.calendarConfig(community, 'kids-club')]: { title: 'Kids Club', audiences: ['Kids'] },
    [`${paths.locations(community)}/hall`]: { title: 'Community Hall' },
    [paths.calendarEvent(community, 'activities', 'ev-bingo')]: EVENT(hourAhead(3), 'Bingo Night', [context('activities')]),
    [paths.calendarEvent(community, 'activities', 'ev-shared')]: EVENT(hourAhead(4), 'Campfire', [
      context('activities'),
      context('kids-club'),
    ]),
    [paths.calendarEvent(community, 'activities', 'ev-past')]: EVENT(hourAhead(-3), 'Potluck', [context('activities')]),
    [paths.calendarEvent(community, 'kids-club', 'ev-crafts')]: EVENT(hourAhead(2), 'Crafts', [context('kids-club')]),
    [paths.remoteByUid(uuid, remoteKey)]: entry,
    [paths.remoteByDetail(remoteKey, uuid)]: entry,
  });
  return { community, uuid, remoteKey };
}

const args = routeArgs;
const get = (path: string, cookie?: string) => getRequest(cookie ?? null, path);
const post = (path: string, fields: PostedFields, cookie?: string) => postRequest(cookie ?? null, path, fields);
const when = (name: string, ms: number) => pickerFields(name, ms, TZ);
const VALID = (start: number, title: string): Record<string, string> => ({
  intent: 'save',
  title,
  description: '<p>At the hall.</p>',
  audience: 'Family',
  type: 'resort',
  ...when('startDate', start),
  ...when('endDate', start + 2 * HOUR),
  resortLocationId: 'hall',
});
const read = async (community: string, calendar: string, eventId: string) =>
  (await services.db.ref(services.paths.calendarEvent(community, calendar, eventId)).get()).val() as Record<string, unknown> | null;

const loadCalendar = (request: Request, params: Record<string, string>) =>
  outcome<RemoteCalendarData>((params.uuid ? calendarByLink : calendarById).loader(args(request, params) as never));
const loadEditor = (request: Request, params: Record<string, string>) =>
  outcome<EventEditorData>(remoteEvent.loader(args(request, params) as never));
const saveEditor = (request: Request, params: Record<string, string>) =>
  outcome<EventEditorActionData>(remoteEvent.action(args(request, params) as never));

describe('remote calendar page', () => {
  it("lists a URL grant's calendar's upcoming events without signing in, with edit links", async () => {
    const { uuid } = await setup();
    const page = await loadCalendar(get(`/amc-calendar/remote/${uuid}/`), { uuid });
    expect(page.status).toBe(200);
    const data = page.data!;
    expect(data.title).toBe('Activities');
    expect(data.rows.map((row) => row.title)).toEqual(['Bingo Night', 'Campfire']);
    expect(data.rows[0]!.editHref).toBe(`/event/remote/activities/ev-bingo?uuid=${uuid}`);
    expect(data.addHref).toBe(`/event/remote/activities?uuid=${uuid}`);
    expect(data.leaveHref).toBe('/remote/left');
    expect(data.nextHref).toBeNull();
  });

  it('shows no edit links without Edit Information', async () => {
    const { uuid } = await setup({ editInfo: false });
    const data = (await loadCalendar(get(`/amc-calendar/remote/${uuid}/`), { uuid })).data!;
    expect(data.rows).toHaveLength(2);
    expect(data.rows.every((row) => row.editHref === null)).toBe(true);
    expect(data.addHref).toBeNull();
  });

  it('answers 404 for unknown links, business links and a calendar that lost its key', async () => {
    const { uuid, community } = await setup();
    expect((await loadCalendar(get('/amc-calendar/remote/nope/'), { uuid: 'nope' })).status).toBe(404);
    // The seeded business URL grant is no calendar grant.
    const kayak = '3f6c1d2a-8b4e-4c7a-9e51-7d2b0a6f4c19';
    expect((await loadCalendar(get(`/amc-calendar/remote/${kayak}/`), { uuid: kayak })).status).toBe(404);
    await services.db.ref(`${services.paths.calendarConfig(community, 'activities')}/remoteKey`).set('another-key');
    expect((await loadCalendar(get(`/amc-calendar/remote/${uuid}/`), { uuid })).status).toBe(404);
  });

  it('by detail id: sign-in first, then only the holder of the e-mail grant', async () => {
    const holder = `cal-holder-${counter + 1}`;
    const { remoteKey } = await setup({ accessType: 'email', uid: holder });
    const anonymous = await loadCalendar(get(`/amc-calendar/remote/id/${remoteKey}/`), { detailId: remoteKey });
    expect(anonymous.status).toBe(302);
    expect(anonymous.response!.headers.get('Location')).toContain('/login');
    const cookie = await sessionCookie(services.sessions, { uid: holder, email: `${holder}@test.example`, displayName: 'Holder' });
    const page = await loadCalendar(get(`/amc-calendar/remote/id/${remoteKey}/`, cookie), { detailId: remoteKey });
    expect(page.status).toBe(200);
    expect(page.data!.rows[0]!.editHref).toBe('/event/remote/activities/ev-bingo');
    expect(page.data!.leaveHref).toBe('/detail/remote?all=1');
    const other = await sessionCookie(services.sessions, { uid: 'someone-else', email: 'else@test.example', displayName: 'Else' });
    expect((await loadCalendar(get(`/amc-calendar/remote/id/${remoteKey}/`, other), { detailId: remoteKey })).status).toBe(404);
    // The e-mail grant's uid is no link.
    expect((await loadCalendar(get(`/amc-calendar/remote/${holder}/`), { uuid: holder })).status).toBe(404);
    // The holder edits through the signed-in editor; others get nothing.
    expect(
      (await loadEditor(get('/event/remote/activities/ev-bingo', cookie), { dbContext: 'activities', itemId: 'ev-bingo' })).status,
    ).toBe(200);
    expect(
      (await loadEditor(get('/event/remote/activities/ev-bingo', other), { dbContext: 'activities', itemId: 'ev-bingo' })).status,
    ).toBe(404);
  });
});

describe('remote event editor', () => {
  it('opens an event of the grant’s calendar in remote mode: no calendars, header, QR or recurrence', async () => {
    const { uuid } = await setup();
    const page = await loadEditor(get(`/event/remote/activities/ev-bingo?uuid=${uuid}`), { dbContext: 'activities', itemId: 'ev-bingo' });
    expect(page.status).toBe(200);
    const data = page.data!;
    expect(data.heading).toBe('Edit Event');
    expect(data.remote).toEqual({ buttons: false, calendarHref: `/amc-calendar/remote/${uuid}/`, approval: false });
    expect(data.returnTo).toBe(`/amc-calendar/remote/${uuid}/`);
    expect(data.headerHref).toBeNull();
    // Remote managers have no AI writing assistant (spec 02 "Event editor").
    expect(data.assistant).toBeNull();
    expect(data.qr).toBeNull();
    expect(data.formAction).toBe(`/event/remote/activities/ev-bingo?uuid=${uuid}`);
  });

  it('never reaches another calendar, an event of another calendar, or without Edit Information', async () => {
    const { uuid } = await setup();
    expect(
      (await loadEditor(get(`/event/remote/kids-club/ev-crafts?uuid=${uuid}`), { dbContext: 'kids-club', itemId: 'ev-crafts' })).status,
    ).toBe(404);
    expect(
      (await loadEditor(get(`/event/remote/activities/ev-crafts?uuid=${uuid}`), { dbContext: 'activities', itemId: 'ev-crafts' })).status,
    ).toBe(404);
    expect(
      (await loadEditor(get('/event/remote/activities/ev-bingo?uuid=nope'), { dbContext: 'activities', itemId: 'ev-bingo' })).status,
    ).toBe(404);
    expect((await loadEditor(get('/event/remote/activities/ev-bingo'), { dbContext: 'activities', itemId: 'ev-bingo' })).status).toBe(302);
    const save = await saveEditor(post(`/event/remote/kids-club/ev-crafts?uuid=${uuid}`, VALID(hourAhead(2), 'Taken')), {
      dbContext: 'kids-club',
      itemId: 'ev-crafts',
    });
    expect(save.status).toBe(404);
    const readOnly = await setup({ editInfo: false });
    expect(
      (await loadEditor(get(`/event/remote/activities/ev-bingo?uuid=${readOnly.uuid}`), { dbContext: 'activities', itemId: 'ev-bingo' }))
        .status,
    ).toBe(403);
  });

  it('saves only the fields of the grant, keeps the calendars, records the save and returns to the calendar', async () => {
    const { uuid, community, remoteKey } = await setup();
    const params = { dbContext: 'activities', itemId: 'ev-shared' };
    const page = (await loadEditor(get(`/event/remote/activities/ev-shared?uuid=${uuid}`), params)).data!;
    const start = hourAhead(6);
    const saved = await saveEditor(
      post(`/event/remote/activities/ev-shared?uuid=${uuid}`, {
        ...VALID(start, 'Campfire Songs'),
        version: page.version ?? '',
        // Not the grant's to write: the calendars, a recurrence, custom buttons (no Add Buttons).
        calendars: 'activities',
        recurrence: 'weekly',
        recurrenceEndDate: String(start + 14 * DAY),
        'detailButtons[0].title': 'Map',
        'detailButtons[0].icon': 'globe',
        'detailButtons[0].action.action': 'website',
        'detailButtons[0].action.key': 'https://map.example/',
      }),
      params,
    );
    expect(saved.status).toBe(302);
    expect(saved.response!.headers.get('Location')).toBe(`/amc-calendar/remote/${uuid}/?saved=1`);
    const event = await read(community, 'activities', 'ev-shared');
    expect(event).toMatchObject({ title: 'Campfire Songs', startDate: start, updatedBy: uuid });
    expect(event!.recurrenceId ?? null).toBeNull();
    expect(event!.detailButtons ?? null).toBeNull();
    expect(event!.contexts).toEqual([`${community}/amc-events/calendars/activities`, `${community}/amc-events/calendars/kids-club`]);
    expect((await read(community, 'kids-club', 'ev-shared'))?.title).toBe('Campfire Songs');
    const audit = (await services.db.ref(services.paths.remoteAudit(community, remoteKey)).get()).val() as Record<
      string,
      { fields: string[]; accessType: string }
    >;
    const entries = Object.values(audit);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.accessType).toBe('url');
    expect(entries[0]!.fields).toContain('title');
    expect(entries[0]!.fields).not.toContain('detailButtons');
    // Only what changed: fields written again with their stored value are not listed.
    const stored = { ...event } as Record<string, unknown>;
    for (const field of entries[0]!.fields) expect(field === 'updatedBy' || field in stored, field).toBe(true);
    expect(entries[0]!.fields).not.toContain('audience');
    // Back on the calendar: 'Save Complete'.
    const back = (await loadCalendar(get(`/amc-calendar/remote/${uuid}/?saved=1`), { uuid })).data!;
    expect(back.saved).toBe(true);
  });

  it('adds an event to the calendar only, and allows only web, call and e-mail buttons with Add Buttons', async () => {
    const { uuid, community } = await setup({ addButtons: true });
    const page = (await loadEditor(get(`/event/remote/activities?uuid=${uuid}`), { dbContext: 'activities' })).data!;
    expect(page.heading).toBe('Add Event');
    expect(page.remote?.buttons).toBe(true);
    const start = hourAhead(8);
    const fields = { ...VALID(start, 'Star Gazing'), itemKey: page.itemKey, calendars: ['activities', 'kids-club'] };
    const refused = await saveEditor(
      post(`/event/remote/activities?uuid=${uuid}`, {
        ...fields,
        'detailButtons[0].title': 'Other event',
        'detailButtons[0].icon': 'globe',
        'detailButtons[0].action.action': 'amc-events',
        'detailButtons[0].action.key': 'activities',
      }),
      { dbContext: 'activities' },
    );
    expect(refused.status).toBe(400);
    expect(refused.data!.result.error?.['']).toEqual([
      'Remote managers can add buttons that open a website, dial a number or send an e-mail.',
    ]);
    expect(await read(community, 'activities', page.itemKey)).toBeNull();
    const saved = await saveEditor(
      post(`/event/remote/activities?uuid=${uuid}`, {
        ...fields,
        'detailButtons[0].title': 'Call us',
        'detailButtons[0].icon': 'phone',
        'detailButtons[0].action.action': 'call',
        'detailButtons[0].action.key': '5185550100',
      }),
      { dbContext: 'activities' },
    );
    expect(saved.status).toBe(302);
    const event = await read(community, 'activities', page.itemKey);
    expect(event).toMatchObject({ title: 'Star Gazing', startDate: start });
    expect(event!.contexts).toEqual([`${community}/amc-events/calendars/activities`]);
    expect(await read(community, 'kids-club', page.itemKey)).toBeNull();
    expect(Array.isArray(event!.detailButtons) && (event!.detailButtons as Array<{ action: string }>)[0]!.action).toBe('call');
  });
});
