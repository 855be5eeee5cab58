import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { eventVersion, saveEvent } from '@server/events';
import { eventFields } from '@server/events/testing';
import type { Services } from '@server/services';
import { takeToast } from '~/lib/toast.server';
import * as editRoute from '~/routes/_app.detail.events.$dbContext.$itemId._index';
import * as duplicateRoute from '~/routes/_app.detail.events.$dbContext.$itemId.duplicate';
import * as addRoute from '~/routes/_app.detail.events.$dbContext._index';
import * as archivedRoute from '~/routes/_app.detail.eventsArchived.$dbContext.$itemId._index';
import * as archivedDuplicateRoute from '~/routes/_app.detail.eventsArchived.$dbContext.$itemId.duplicate';
import { EVENT_TEXTS, OFF_SITE } from '~/schemas/event';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, routeArgs, type PostedFields, pickerFields } from '../../../tests/setup/requests';
import { installTestServices, ownCommunity as ownTestCommunity } from '../../../tests/setup/services';
import { EVENT_EDITOR_TEXTS, eventHeaderTarget, type EventEditorActionData, type EventEditorData } from './editor.server';
import { LOCKED_FORM_FIELDS } from './texts';

/**
 * The event editor's loaders and actions with real requests, sessions and the embedded
 * database: each test makes a community of its own (calendars activities and kids-club, a
 * location, staff), with events written as the domain layer writes them.
 */

const TZ = 'America/New_York';
const HOUR = 36e5;
const DAY = 24 * HOUR;
let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await installTestServices('event-editor'));
});

afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
  uid: string;
}

/** A whole hour some days ahead (the form's times are whole minutes). */
const hourAhead = (days: number) => Math.ceil((Date.now() + days * DAY) / HOUR) * HOUR;

const EVENT = (start: number, more: Record<string, DbValue> = {}): Record<string, DbValue> =>
  eventFields(start, start + 2 * HOUR, { title: 'Bingo Night', creator: 'someone', ...more });

async function ownCommunity(): Promise<Own & { n: number }> {
  const { paths } = services;
  const future = hourAhead(3);
  const past = hourAhead(-3);
  return ownTestCommunity(services, {
    label: 'event-editor',
    title: 'Event Test',
    rights: { isEditor: true, isAdmin: true },
    timeZone: TZ,
    displayName: 'Event Staff',
    records: (community): Record<string, DbValue> => {
      const context = (calendar: string) => `${community}/amc-events/calendars/${calendar}`;
      return {
        [paths.calendarConfig(community, 'activities')]: { title: 'Activities', audiences: ['Family', 'Kids'], priorNotificationTime: 15 },
        [paths.calendarConfig(community, 'kids-club')]: { title: 'Kids Club', audiences: ['Kids'], priorNotificationTime: 15 },
        [`${paths.locations(community)}/hall`]: { title: 'Community Hall' },
        [paths.calendarEvent(community, 'activities', 'ev-bingo')]: { ...EVENT(future), contexts: [context('activities')] },
        [paths.calendarEvent(community, 'activities', 'ev-past')]: {
          ...EVENT(past, { title: 'Last Week Potluck', headerInfo: { images: [{ imageURL: '/files/potluck.jpg' }] } }),
          contexts: [context('activities')],
        },
      };
    },
  });
}

/** A weekly recurrence of four events (the first some days ahead), written by the domain's save. */
async function weekly(own: Own): Promise<{ first: number; ids: string[]; recurrenceId: string }> {
  const first = hourAhead(2);
  const deps = { db: services.db, paths: services.paths };
  const saved = await saveEvent(deps, {
    community: own.community,
    calendarId: 'activities',
    eventId: 'ev-yoga',
    isNew: true,
    version: null,
    scope: 'event',
    fields: { ...EVENT(first, { title: 'Yoga' }), creator: null },
    calendars: ['activities'],
    recurrence: 'weekly',
    validDays: [false, false, false, false, false, false, false],
    recurrenceEndDate: first + 22 * DAY,
    timeZone: TZ,
    now: Date.now(),
    uid: own.uid,
  });
  if (!saved.ok) throw new Error(`weekly: ${saved.reason}`);
  const events = (await services.db.ref(services.paths.calendarEvents(own.community, 'activities')).get()).val() as Record<
    string,
    Record<string, unknown>
  >;
  const ids = Object.entries(events)
    .filter(([, event]) => event.recurrenceId === saved.recurrenceId)
    .sort(([, a], [, b]) => Number(a.startDate) - Number(b.startDate))
    .map(([id]) => id);
  return { first, ids, recurrenceId: saved.recurrenceId! };
}

const get = (own: Own, path: string) => getRequest(own.cookie, path);
const post = (own: Own, path: string, fields: PostedFields) => postRequest(own.cookie, path, fields);
const args = routeArgs;
const read = async (own: Own, eventId: string, calendar = 'activities') =>
  (await services.db.ref(services.paths.calendarEvent(own.community, calendar, eventId)).get()).val() as Record<string, unknown> | null;

/** The picker's posted parts of an instant. */
const when = (name: string, ms: number) => pickerFields(name, ms, TZ);

/** A complete, valid form: 'Bingo Night' in the hall, from `start` for two hours. */
const VALID = (start: number): Record<string, string> => ({
  intent: 'save',
  title: 'Bingo Night',
  description: '<p>Cards at the hall.</p>',
  audience: 'Family',
  type: 'resort',
  ...when('startDate', start),
  ...when('endDate', start + 2 * HOUR),
  resortLocationId: 'hall',
  recurrence: 'none',
  calendars: 'activities',
  returnTo: '/amc-calendar/activities/active',
});

async function load(route: { loader: (a: never) => Promise<unknown> }, request: Request, params: Record<string, string>) {
  return outcome<EventEditorData>(route.loader(args(request, params) as never));
}
async function act(route: { action: (a: never) => Promise<unknown> }, request: Request, params: Record<string, string>) {
  return outcome<EventEditorActionData>(route.action(args(request, params) as never));
}

describe('add', () => {
  it('opens with the spec defaults (audience Family, the next hour for one hour, no recurrence) and saves a new event', async () => {
    const own = await ownCommunity();
    const page = await load(addRoute, get(own, '/detail/events/activities'), { dbContext: 'activities' });
    expect(page.status).toBe(200);
    const data = page.data!;
    expect(data.heading).toBe('Add Event');
    expect(data.defaultValue.audience).toBe('Family');
    expect(data.defaultValue.recurrence).toBe('none');
    expect(Number(data.defaultValue.endDate) - Number(data.defaultValue.startDate)).toBe(HOUR);
    expect(data.qr).toBeNull();

    const start = hourAhead(5);
    const saved = await act(
      addRoute,
      post(own, '/detail/events/activities', { ...VALID(start), itemKey: data.itemKey, rsvpRequest: 'on' }),
      {
        dbContext: 'activities',
      },
    );
    expect(saved.status).toBe(302);
    expect(saved.response!.headers.get('Location')).toBe('/amc-calendar/activities/active');
    const event = await read(own, data.itemKey);
    expect(event).toMatchObject({
      title: 'Bingo Night',
      audience: 'family',
      startDate: start,
      endDate: start + 2 * HOUR,
      creator: own.uid,
    });
    expect(event!.contexts).toEqual([`${own.community}/amc-events/calendars/activities`]);
    // RSVP without a form: the standard RSVP form is written and used.
    const formKey = String(event!.rsvpFormKey);
    const form = (await services.db.ref(services.paths.customForm(own.community, formKey)).get()).val();
    expect(form).toMatchObject({ type: 'rsvp', standard: true });
  });

  it('answers the same add posted twice as saved, and an add over another event’s key with what happened, writing nothing', async () => {
    const own = await ownCommunity();
    const path = '/detail/events/activities';
    const start = hourAhead(5);
    const first = await act(addRoute, post(own, path, { ...VALID(start), itemKey: 'ev-twice' }), { dbContext: 'activities' });
    expect(first.status).toBe(302);
    const again = await act(addRoute, post(own, path, { ...VALID(start), itemKey: 'ev-twice' }), { dbContext: 'activities' });
    expect(again.status).toBe(302);
    const other = await act(addRoute, post(own, path, { ...VALID(start), title: 'Karaoke', itemKey: 'ev-twice' }), {
      dbContext: 'activities',
    });
    expect(other.status).toBe(409);
    expect(other.data!.formError).toBe(EVENT_EDITOR_TEXTS.keyTaken);
    expect(other.data!.result.initialValue?.title).toBe('Karaoke');
    expect(other.data!.itemKey).toMatch(/^-/);
    expect(other.data!.itemKey).not.toBe('ev-twice');
    expect(await read(own, 'ev-twice')).toMatchObject({ title: 'Bingo Night' });
  });

  it("refuses with the spec's messages, the form-level message and the section of the first error open", async () => {
    const own = await ownCommunity();
    const path = '/detail/events/activities';
    const refused = await act(
      addRoute,
      post(own, path, { ...VALID(hourAhead(-1)), title: '', audience: '', resortLocationId: '', itemKey: 'ev-new' }),
      { dbContext: 'activities' },
    );
    expect(refused.status).toBe(400);
    const error = refused.data!.result.error!;
    expect(error.title).toEqual([EVENT_TEXTS.titleRequired]);
    expect(error.audience).toEqual([EVENT_TEXTS.audienceRequired]);
    expect(error.resortLocationId).toEqual([EVENT_TEXTS.locationRequired]);
    expect(error.startDate).toEqual([EVENT_TEXTS.startInFuture]);
    expect(refused.data!.formError).toBe(EVENT_EDITOR_TEXTS.formIncomplete);
    expect(refused.data!.openSection).toBe('general');
    expect(await read(own, 'ev-new')).toBeNull();

    const offSite = await act(addRoute, post(own, path, { ...VALID(hourAhead(2)), resortLocationId: OFF_SITE, itemKey: 'ev-new' }), {
      dbContext: 'activities',
    });
    expect(offSite.status).toBe(400);
    expect(offSite.data!.result.error!.location).toEqual([EVENT_TEXTS.locationTitleRequired]);
    expect(offSite.data!.openSection).toBe('location');

    const start = hourAhead(2);
    const endFirst = await act(addRoute, post(own, path, { ...VALID(start), ...when('endDate', start - HOUR), itemKey: 'ev-new' }), {
      dbContext: 'activities',
    });
    expect(endFirst.data!.result.error!.endDate).toEqual([EVENT_TEXTS.endAfterStart]);
    expect(endFirst.data!.openSection).toBe('dates');
    const badUrl = await act(addRoute, post(own, path, { ...VALID(start), ticketing: 'not a url', itemKey: 'ev-new' }), {
      dbContext: 'activities',
    });
    expect(badUrl.data!.result.error!.ticketing?.length).toBe(1);
    expect(badUrl.data!.openSection).toBe('features');
  });

  it("answers a recurrence longer than 24 hours with the 'Error' dialog and saves nothing", async () => {
    const own = await ownCommunity();
    const start = hourAhead(2);
    const refused = await act(
      addRoute,
      post(own, '/detail/events/activities', {
        ...VALID(start),
        ...when('endDate', start + 25 * HOUR),
        recurrence: 'weekly',
        ...when('recurrenceEndDate', start + 14 * DAY),
        itemKey: 'ev-long',
      }),
      { dbContext: 'activities' },
    );
    expect(refused.status).toBe(400);
    expect(refused.data!.errorDialog).toBe(EVENT_TEXTS.recurrenceTooLong);
    expect(refused.data!.openSection).toBe('dates');
    expect(await read(own, 'ev-long')).toBeNull();
  });

  it('answers 404 for a calendar the community does not have', async () => {
    const own = await ownCommunity();
    const page = await load(addRoute, get(own, '/detail/events/no-such-calendar'), { dbContext: 'no-such-calendar' });
    expect(page.status).toBe(404);
  });

  it("says whose an event of another of the person's communities is, instead of a bare 404", async () => {
    const holder = await ownCommunity();
    const own = await ownCommunity();
    await services.db
      .ref(`${services.paths.userAuthorization(own.uid)}/communities/${holder.community}`)
      .set({ isEditor: true, isAdmin: true });
    await services.db.ref(services.paths.calendarEvent(own.community, 'activities', 'ev-bingo')).remove();
    const page = await load(editRoute, get(own, '/detail/events/activities/ev-bingo'), { dbContext: 'activities', itemId: 'ev-bingo' });
    expect(page.status).toBe(404);
    expect(await page.response!.json()).toMatchObject({
      reason: 'other-community',
      title: `This event belongs to Event Test ${holder.n}`,
      community: { key: holder.community, name: `Event Test ${holder.n}` },
      canSwitch: true,
    });
  });
});

describe('edit', () => {
  it('saves a plain event, keeps its creator, and goes back to the calendar', async () => {
    const own = await ownCommunity();
    const params = { dbContext: 'activities', itemId: 'ev-bingo' };
    const page = await load(editRoute, get(own, '/detail/events/activities/ev-bingo'), params);
    expect(page.data!.askScope).toBeNull();
    expect(page.data!.defaultValue.title).toBe('Bingo Night');
    expect(page.data!.headerHref).toBe('/detail/events/activities/ev-bingo/header-images');
    // Staff have the AI writing assistant, back to this editor with the event's own details.
    expect(page.data!.assistant).toMatchObject({ used: false });
    const assistant = new URL(page.data!.assistant!.href, 'http://x');
    expect(assistant.pathname).toBe('/assistant/events');
    expect(assistant.searchParams.get('back')).toBe('/detail/events/activities/ev-bingo');
    expect(assistant.searchParams.get('title')).toBe('Bingo Night');
    expect(new URL(page.data!.assistant!.editHref, 'http://x').searchParams.get('mode')).toBe('edit');
    const stored = await read(own, 'ev-bingo');
    const saved = await act(
      editRoute,
      post(own, '/detail/events/activities/ev-bingo', {
        ...VALID(Number(stored!.startDate)),
        title: 'Bingo Night (large cards)',
        calendars: ['activities', 'kids-club'],
        version: page.data!.version!,
      }),
      params,
    );
    expect(saved.status).toBe(302);
    expect(await read(own, 'ev-bingo')).toMatchObject({ title: 'Bingo Night (large cards)', creator: 'someone', updatedBy: own.uid });
    expect(await read(own, 'ev-bingo', 'kids-club')).toMatchObject({ title: 'Bingo Night (large cards)' });
  });

  it('answers a save over a newer one with the conflict notice, writing nothing', async () => {
    const own = await ownCommunity();
    const params = { dbContext: 'activities', itemId: 'ev-bingo' };
    const page = await load(editRoute, get(own, '/detail/events/activities/ev-bingo'), params);
    await services.db.ref(`${services.paths.calendarEvent(own.community, 'activities', 'ev-bingo')}/title`).set('Bingo (theirs)');
    const stored = await read(own, 'ev-bingo');
    const refused = await act(
      editRoute,
      post(own, '/detail/events/activities/ev-bingo', {
        ...VALID(Number(stored!.startDate)),
        title: 'Bingo (mine)',
        version: page.data!.version!,
      }),
      params,
    );
    expect(refused.status).toBe(409);
    expect(refused.data!.conflict!.theirs).toEqual(expect.arrayContaining([expect.objectContaining({ label: 'Title' })]));
    expect(refused.data!.version).toBe(eventVersion(stored));
    expect((await read(own, 'ev-bingo'))!.title).toBe('Bingo (theirs)');
  });

  it("after a time change removes the event's scheduled notifications ('Notifications Removed'); after a title change asks, and Yes updates them", async () => {
    const own = await ownCommunity();
    const params = { dbContext: 'activities', itemId: 'ev-bingo' };
    const scheduled = services.db.ref(services.paths.scheduledMessages(own.community));
    await scheduled.child('n1').set({ eventId: 'ev-bingo', title: 'Reminder: Bingo Night @Community Hall', description: 'Cards' });
    const stored = await read(own, 'ev-bingo');
    const start = Number(stored!.startDate);

    // Title only: the question, with the events to update.
    const titled = await act(
      editRoute,
      post(own, '/detail/events/activities/ev-bingo', { ...VALID(start), title: 'Bingo Bonanza', version: eventVersion(stored) }),
      params,
    );
    expect(titled.status).toBe(200);
    expect(titled.data!.followUp).toMatchObject({ removed: 0, ask: ['ev-bingo'] });
    const yes = await act(
      editRoute,
      post(own, '/detail/events/activities/ev-bingo', {
        intent: 'update-notifications',
        eventIds: 'ev-bingo',
        returnTo: '/amc-calendar/activities/active',
      }),
      params,
    );
    expect(yes.status).toBe(302);
    expect((await scheduled.child('n1').get()).val()).toMatchObject({ title: 'Reminder: Bingo Bonanza @Community Hall' });

    // A time change: removed, and said so.
    const now = await read(own, 'ev-bingo');
    const moved = await act(
      editRoute,
      post(own, '/detail/events/activities/ev-bingo', { ...VALID(start + DAY), title: 'Bingo Bonanza', version: eventVersion(now) }),
      params,
    );
    expect(moved.status).toBe(200);
    expect(moved.data!.followUp).toMatchObject({ removed: 1, ask: [] });
    expect((await scheduled.child('n1').get()).val()).toBeNull();
  });
});

describe('recurring events', () => {
  it("asks 'Edit Recurrence' first; Edit Event changes that occurrence only", async () => {
    const own = await ownCommunity();
    const { ids } = await weekly(own);
    expect(ids.length).toBe(4);
    const second = ids[1]!;
    const params = { dbContext: 'activities', itemId: second };
    const path = `/detail/events/activities/${second}`;
    const asked = await load(editRoute, get(own, path), params);
    expect(asked.data!.askScope).toEqual({ recurrenceHref: `${path}?scope=recurrence`, eventHref: `${path}?scope=event` });

    const page = await load(editRoute, get(own, `${path}?scope=event`), params);
    expect(page.data!.scope).toBe('event');
    expect(page.data!.occurrence).toBe(true);
    const stored = await read(own, second);
    const saved = await act(
      editRoute,
      post(own, `${path}?scope=event`, {
        ...VALID(Number(stored!.startDate)),
        ...when('endDate', Number(stored!.endDate)),
        title: 'Yoga (in the hall)',
        scope: 'event',
        version: page.data!.version!,
      }),
      params,
    );
    expect(saved.status).toBe(302);
    expect((await read(own, second))!.title).toBe('Yoga (in the hall)');
    for (const other of ids.filter((id) => id !== second)) expect((await read(own, other))!.title).toBe('Yoga');
  });

  it('Edit Recurrence edits all future events from the earliest future occurrence', async () => {
    const own = await ownCommunity();
    const { ids } = await weekly(own);
    const third = ids[2]!;
    const params = { dbContext: 'activities', itemId: third };
    const path = `/detail/events/activities/${third}?scope=recurrence`;
    const page = await load(editRoute, get(own, path), params);
    expect(page.data!.scope).toBe('recurrence');
    expect(page.data!.itemKey).toBe(ids[0]);
    expect(page.data!.defaultValue.recurrence).toBe('weekly');
    const first = await read(own, ids[0]!);
    const saved = await act(
      editRoute,
      post(own, path, {
        ...VALID(Number(first!.startDate)),
        ...when('endDate', Number(first!.endDate)),
        title: 'Sunrise Yoga',
        recurrence: 'weekly',
        recurrenceEndDate: String(page.data!.defaultValue.recurrenceEndDate),
        'recurrenceEndDate-date': String(page.data!.defaultValue['recurrenceEndDate-date']),
        scope: 'recurrence',
        version: page.data!.version!,
      }),
      params,
    );
    expect(saved.status).toBe(302);
    for (const id of ids) expect((await read(own, id))!.title).toBe('Sunrise Yoga');
  });
});

describe('imported events', () => {
  const FEED = 'https://feed.example/town.ics';

  /** An event of the calendar feed 'Town Events' without a location (off-site, no title for it), as an import writes it. */
  async function importedEvent(own: Own) {
    const { paths } = services;
    await services.db.ref().update({
      [paths.calendarImports(own.community, 'activities')]: [{ title: 'Town Events', type: 'iCal', calendarId: FEED }],
      [paths.calendarEvent(own.community, 'activities', 'ev-town')]: {
        ...EVENT(hourAhead(4), { title: 'Farmers Market', resortLocationId: '', id: 'market-1@town', calendarId: FEED }),
        contexts: [`${own.community}/amc-events/calendars/activities`],
      },
    });
  }

  /** The toast the next page shows after a redirect. */
  async function toastAfter(response: Response | null) {
    const cookie = response?.headers.get('Set-Cookie')?.split(';')[0] ?? '';
    return (await takeToast(getRequest(cookie, '/'))).toast?.message;
  }

  /** What the page posts: its editable fields, and the locked ones as the hidden fields it carries. */
  function pagePost(data: EventEditorData, more: Record<string, string>): Record<string, string> {
    const locked = Object.fromEntries(
      LOCKED_FORM_FIELDS.flatMap((name) =>
        typeof data.defaultValue[name] === 'string' ? [[name, data.defaultValue[name] as string]] : [],
      ),
    );
    return {
      intent: 'save',
      ...locked,
      audience: 'Family',
      type: 'resort',
      resortLocationId: OFF_SITE,
      recurrence: 'none',
      calendars: 'activities',
      returnTo: '/amc-calendar/activities/active',
      version: data.version!,
      ...more,
    };
  }

  it('shows the feed’s fields read-only with the feed’s name, and saves the others though the feed gave no location', async () => {
    const own = await ownCommunity();
    await importedEvent(own);
    const params = { dbContext: 'activities', itemId: 'ev-town' };
    const page = await load(editRoute, get(own, '/detail/events/activities/ev-town'), params);
    expect(page.data!.locked).toEqual({ reason: 'Set by the calendar feed Town Events; change it there.' });
    const saved = await act(
      editRoute,
      post(own, '/detail/events/activities/ev-town', pagePost(page.data!, { website: 'https://market.example', cost: 'on' })),
      params,
    );
    expect(saved.status).toBe(302);
    expect(await toastAfter(saved.response)).toBe(EVENT_EDITOR_TEXTS.saved);
    expect(await read(own, 'ev-town')).toMatchObject({
      title: 'Farmers Market',
      website: 'https://market.example',
      cost: true,
      id: 'market-1@town',
    });
    expect((await read(own, 'ev-town'))!.location).toBeUndefined();
  });

  it('keeps the feed’s values whatever is posted for them, saves the rest and says so', async () => {
    const own = await ownCommunity();
    await importedEvent(own);
    const params = { dbContext: 'activities', itemId: 'ev-town' };
    const page = await load(editRoute, get(own, '/detail/events/activities/ev-town'), params);
    const stored = await read(own, 'ev-town');
    const saved = await act(
      editRoute,
      post(
        own,
        '/detail/events/activities/ev-town',
        pagePost(page.data!, {
          title: 'Hijacked',
          location: 'Somewhere else',
          ...when('startDate', Number(stored!.startDate) + DAY),
          ...when('endDate', Number(stored!.endDate) + DAY),
          phone: '555-0100',
        }),
      ),
      params,
    );
    expect(saved.status).toBe(302);
    expect(await toastAfter(saved.response)).toBe(EVENT_EDITOR_TEXTS.savedImported);
    const after = await read(own, 'ev-town');
    expect(after).toMatchObject({ title: 'Farmers Market', startDate: stored!.startDate, endDate: stored!.endDate, phone: '555-0100' });
    expect(after!.location).toBeUndefined();
  });

  it('shows the texts the assistant’s Use brought back in the form, unsaved', async () => {
    const own = await ownCommunity();
    const params = { dbContext: 'activities', itemId: 'ev-bingo' };
    const page = await load(
      editRoute,
      get(own, '/detail/events/activities/ev-bingo?aiTitle=Bingo%20Bash&aiDescription=Cards%20%3Cb%3E'),
      params,
    );
    expect(page.data!.defaultValue.title).toBe('Bingo Bash');
    expect(page.data!.defaultValue.description).toBe('<p>Cards &lt;b&gt;</p>');
    expect(page.data!.assistant).toMatchObject({ used: true });
    expect(new URL(page.data!.assistant!.href, 'http://x').searchParams.get('back')).toBe('/detail/events/activities/ev-bingo');
    expect((await read(own, 'ev-bingo'))?.title).toBe('Bingo Night');
  });

  it('an event of the calendar’s own is not locked', async () => {
    const own = await ownCommunity();
    const page = await load(editRoute, get(own, '/detail/events/activities/ev-bingo'), { dbContext: 'activities', itemId: 'ev-bingo' });
    expect(page.data!.locked).toBeNull();
  });
});

describe('archived events and duplicates', () => {
  it('shows an archived event read-only and refuses its save', async () => {
    const own = await ownCommunity();
    const params = { dbContext: 'activities', itemId: 'ev-past' };
    const page = await load(archivedRoute, get(own, '/detail/eventsArchived/activities/ev-past'), params);
    expect(page.status).toBe(200);
    expect(page.data!.readOnly).toBe(true);
    expect(page.data!.headerHref).toBeNull();
    expect(page.data!.assistant).toBeNull();
    expect(page.data!.duplicateHref).toBe('/detail/eventsArchived/activities/ev-past/duplicate');
    expect(page.data!.deletedNote).toBeNull();
    const stored = await read(own, 'ev-past');
    const refused = await act(
      archivedRoute,
      post(own, '/detail/eventsArchived/activities/ev-past', { ...VALID(hourAhead(1)), title: 'Changed', version: eventVersion(stored) }),
      params,
    );
    expect(refused.status).toBe(403);
    expect(refused.data!.result.error!['']).toEqual([EVENT_EDITOR_TEXTS.readOnly]);
    expect((await read(own, 'ev-past'))!.title).toBe('Last Week Potluck');
  });

  it('says when an event deleted before it began was deleted, and the times it was planned for (decision 024)', async () => {
    const own = await ownCommunity();
    const deletedAt = Date.UTC(2026, 10, 28, 14, 9);
    const planned = Date.UTC(2026, 11, 4, 1, 30);
    await services.db.ref(services.paths.calendarEvent(own.community, 'activities', 'ev-past')).update({
      startDate: deletedAt,
      endDate: deletedAt,
      endDateDuration: 0,
      deleted: { time: deletedAt, startDate: planned, endDate: planned + 2 * 36e5 },
    });
    const params = { dbContext: 'activities', itemId: 'ev-past' };
    const page = await load(archivedRoute, get(own, '/detail/eventsArchived/activities/ev-past'), params);
    expect(page.data!.deletedNote).toBe(
      'Deleted Sat, Nov 28, 9:09 AM, before it began: it was planned for Thu, Dec 3, 2026, 8:30 PM – 10:30 PM.',
    );
  });

  it('duplicates an archived event into a new one with new dates, its header kept and its own creator', async () => {
    const own = await ownCommunity();
    const params = { dbContext: 'activities', itemId: 'ev-past' };
    const page = await load(archivedDuplicateRoute, get(own, '/detail/eventsArchived/activities/ev-past/duplicate'), params);
    expect(page.data!.readOnly).toBe(false);
    expect(page.data!.heading).toBe('Duplicate Event');
    expect(page.data!.itemKey).not.toBe('ev-past');
    expect(Number(page.data!.defaultValue.startDate)).toBeGreaterThan(Date.now());
    const start = hourAhead(4);
    const saved = await act(
      archivedDuplicateRoute,
      post(own, '/detail/eventsArchived/activities/ev-past/duplicate', {
        ...VALID(start),
        title: 'Potluck Again',
        itemKey: page.data!.itemKey,
        returnTo: '/amc-calendar/activities/archive',
      }),
      params,
    );
    expect(saved.status).toBe(302);
    expect(saved.response!.headers.get('Location')).toBe('/amc-calendar/activities/archive');
    const copy = await read(own, page.data!.itemKey);
    expect(copy).toMatchObject({
      title: 'Potluck Again',
      startDate: start,
      creator: own.uid,
      headerInfo: { images: [{ imageURL: '/files/potluck.jpg' }] },
    });
    expect((await read(own, 'ev-past'))!.title).toBe('Last Week Potluck');
  });

  it('duplicates an active event from the events route', async () => {
    const own = await ownCommunity();
    const params = { dbContext: 'activities', itemId: 'ev-bingo' };
    const page = await load(duplicateRoute, get(own, '/detail/events/activities/ev-bingo/duplicate'), params);
    expect(page.data!.defaultValue.title).toBe('Bingo Night');
    const saved = await act(
      duplicateRoute,
      post(own, '/detail/events/activities/ev-bingo/duplicate', { ...VALID(hourAhead(6)), itemKey: page.data!.itemKey }),
      params,
    );
    expect(saved.status).toBe(302);
    expect(await read(own, page.data!.itemKey)).toMatchObject({ title: 'Bingo Night' });
  });
});

describe('header images', () => {
  it("writes the event's own headerInfo and copies it to the event in its other calendars", async () => {
    const own = await ownCommunity();
    const contexts = ['activities', 'kids-club'].map((calendar) => `${own.community}/amc-events/calendars/${calendar}`);
    const both = { ...EVENT(hourAhead(3)), contexts };
    await services.db.ref().update({
      [services.paths.calendarEvent(own.community, 'activities', 'ev-bingo')]: both,
      [services.paths.calendarEvent(own.community, 'kids-club', 'ev-bingo')]: both,
    });
    const params = { dbContext: 'activities', itemId: 'ev-bingo' };
    const { target } = await eventHeaderTarget(get(own, '/detail/events/activities/ev-bingo/header-images'), params);
    expect(target.node).toBe(`${services.paths.calendarEvent(own.community, 'activities', 'ev-bingo')}/headerInfo`);
    expect(target.returnTo).toBe('/detail/events/activities/ev-bingo');
    const header = { images: [{ imageURL: '/files/bingo.jpg' }], delaySeconds: 4 };
    await services.db.ref(target.node!).set(header);
    await target.afterSave!();
    expect((await read(own, 'ev-bingo', 'kids-club'))!.headerInfo).toEqual(header);

    const archived = await outcome(
      eventHeaderTarget(get(own, '/detail/events/activities/ev-past/header-images'), { ...params, itemId: 'ev-past' }),
    );
    expect(archived.status).toBe(404);
  });
});
