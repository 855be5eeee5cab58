import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import { entryPdfJobId } from '@server/entries/pdf';
import type { Services } from '@server/services';
import type { BulkActionData, RowView } from '~/lib/listing/screen';
import * as rsvpRoute from '~/routes/_app.detail.events.$dbContext.$itemId.rsvp';
import * as listingEntriesRoute from '~/routes/_app.listnm.$context_.view.$itemId';
import * as listRoute from '~/routes/_app.scrollerEntries.$context.view.$itemId';
import * as entryRoute from '~/routes/_app.scrollerEntries.$context.view.$itemId.entry.$entryId';
import * as pdfRoute from '~/routes/_app.scrollerEntries.$context.view.$itemId.entry.$entryId_.pdf';
import * as rowsRoute from '~/routes/_app.scrollerEntries.$context.view.$itemId.rows';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, ownCommunity } from '../../../tests/setup/services';
import type { EntriesScreenData } from './entries.server';
import type { EntryActionData, EntryViewData } from './entry.server';

/**
 * The guest entries screens with real requests, sessions and the embedded database (spec 02
 * "Guest entries", §4 entry completion and hunt step score, §5 entry filters, §7 entry writes,
 * §9 25 a page). Each test makes a community of its own.
 */

const TZ = 'America/Chicago';
const HOUR = 3_600_000;
let services: Services;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await installTestServices('guest-entries'));
});

afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
  uid: string;
}

const FORM: DbValue = {
  title: 'Visitor Registration',
  type: 'form',
  fields: [
    { type: 'header', name: 'head', label: 'Visitor Registration' },
    { type: 'text', name: 'host-name', label: 'Your name' },
    { type: 'text', name: 'vehicle-plate', label: 'Vehicle license plate' },
    { type: 'select', name: 'kind', label: 'Kind', values: [{ label: 'Day visit', value: 'day' }] },
    { type: 'image', name: 'photo', label: 'Photo' },
    { type: 'signature', name: 'signature', label: 'Signature' },
  ],
};
const RSVP_FORM: DbValue = { title: 'RSVP', type: 'rsvp', standard: true, fields: [] };
const HUNT: DbValue = {
  title: 'Nature Hunt',
  steps: [
    { key: 'pine', type: 'photo', title: 'Big Pine' },
    { key: 'bridges', type: 'answer', title: 'Bridges', answer: '3' },
    { key: 'golf', type: 'golf', title: 'Mini Golf', par: [2, 3] },
  ],
};

/** A community with a form, an RSVP form and a hunt, staff with `rights`, and the given user-written data. */
async function own(userWritten: Record<string, DbValue> = {}, extra: Record<string, DbValue> = {}): Promise<Own> {
  const { paths } = services;
  return ownCommunity(services, {
    label: 'entries',
    title: 'Entries Test',
    rights: { isEditor: true },
    timeZone: TZ,
    records: (community) => ({
      [paths.customForm(community, 'visitors')]: FORM,
      [paths.customForm(community, 'rsvp')]: RSVP_FORM,
      [paths.hunt(community, 'nature')]: HUNT,
      ...Object.fromEntries(Object.entries(userWritten).map(([path, value]) => [`${paths.userWritten(community)}/${path}`, value])),
      ...extra,
    }),
  });
}

const args = (request: Request, params: Record<string, string>) => ({ request, params, context: {} });
const listParams = (itemId: string, context = 'custom-forms') => ({ context, itemId });

async function page(o: Own, itemId: string, query = '', context = 'custom-forms'): Promise<EntriesScreenData> {
  return (await listRoute.loader(
    args(getRequest(o.cookie, `/scrollerEntries/${context}/view/${itemId}${query}`), listParams(itemId, context)),
  )) as EntriesScreenData;
}

async function entry(o: Own, itemId: string, entryId: string, query = '', context = 'custom-forms') {
  return outcome<EntryViewData>(
    entryRoute.loader(
      args(getRequest(o.cookie, `/scrollerEntries/${context}/view/${itemId}/entry/${entryId}${query}`), {
        ...listParams(itemId, context),
        entryId,
      }),
    ),
  );
}

async function post(o: Own, itemId: string, entryId: string, fields: PostedFields, query = '', context = 'custom-forms') {
  return outcome<EntryActionData>(
    entryRoute.action(
      args(postRequest(o.cookie, `/scrollerEntries/${context}/view/${itemId}/entry/${entryId}${query}`, fields), {
        ...listParams(itemId, context),
        entryId,
      }),
    ),
  );
}

const stored = async (path: string) => (await services.db.ref(path).get()).val() as Record<string, unknown> | null;

const registration = (name: string, createDate: number, more: Record<string, DbValue> = {}): Record<string, DbValue> => ({
  createdBy: `guest-${name.toLowerCase()}`,
  loggedInEmail: `${name.toLowerCase()}@mail.example`,
  createDate,
  answers: { 'host-name': { value: `${name} Guest` }, kind: { value: 'day' } },
  ...more,
});

describe('the entries list', () => {
  it('shows 25 active entries a page, newest first; the archive holds the completed and denied ones', async () => {
    const now = Date.now();
    const entries: Record<string, DbValue> = {};
    for (let index = 0; index < 30; index++)
      entries[`e${String(index).padStart(2, '0')}`] = registration(`Guest${index}`, now - index * HOUR);
    entries.done = registration('Done', now, { completed: 2, completedBy: 'someone' });
    entries.denied = registration('Denied', now, { completed: 1, completedBy: 'someone' });
    const o = await own({ 'custom-forms/visitors': entries });

    const active = await page(o, 'visitors');
    expect(active.title).toBe('Visitor Registration');
    expect(active.rows).toHaveLength(25);
    expect(active.rows[0]).toMatchObject({
      title: 'Guest0 Guest',
      subtitle: 'guest0@mail.example',
      editHref: '/scrollerEntries/custom-forms/view/visitors/entry/e00#editor',
      deleteHref: null,
      duplicateHref: null,
    });
    expect(active.rows[0]!.when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
    expect(active.rows[0]!.notes[0]).toEqual({ text: 'Open', tone: 'plain' });
    expect(active.rows.some((row) => row.title.startsWith('Done') || row.title.startsWith('Denied'))).toBe(false);
    expect(active.moreHref).toBe('/scrollerEntries/custom-forms/view/visitors?more=1#more-1');
    expect(active.links.otherView).toBe('/scrollerEntries/custom-forms/view/visitors?view=archive');

    const chunk = (await rowsRoute.loader(
      args(
        getRequest(o.cookie, `/scrollerEntries/custom-forms/view/visitors/rows?after=${encodeURIComponent(active.next!)}`),
        listParams('visitors'),
      ),
    )) as { rows: RowView[]; next: string | null };
    expect(chunk.rows.map((row) => row.key)).toEqual(['e25', 'e26', 'e27', 'e28', 'e29']);
    expect(chunk.next).toBeNull();

    const archive = await page(o, 'visitors', '?view=archive');
    expect(archive.rows.map((row) => [row.title, row.notes[0]?.text])).toEqual([
      ['Done Guest', 'Completed'],
      ['Denied Guest', 'Denied'],
    ]);
  });

  it('filters by any answer, by name, e-mail or id, and by dates with the end day included', async () => {
    const now = Date.UTC(2026, 5, 10, 17);
    const o = await own({
      'custom-forms/visitors': {
        a: registration('Ann', Date.UTC(2026, 5, 3, 4, 30), {
          answers: { 'host-name': { value: 'Ann Lee' }, 'vehicle-plate': { value: 'KLM-4821' } },
        }),
        b: registration('Bob', now),
        c: registration('Cy', Date.UTC(2026, 5, 1, 12)),
      },
    });
    const keys = async (query: string) => (await page(o, 'visitors', query)).rows.map((row) => row.key).sort();
    expect(await keys('?q=klm')).toEqual(['a']);
    expect(await keys('?who=BOB@')).toEqual(['b']);
    expect(await keys('?who=guest-cy')).toEqual(['c']);
    expect(await keys('?who=LEE')).toEqual(['a']);
    // Ann wrote at 23:30 on June 2 in Chicago: the end day June 2 keeps her, June 1 does not.
    expect(await keys('?from=2026-06-02&to=2026-06-02')).toEqual(['a']);
    expect(await keys('?to=2026-06-01')).toEqual(['c']);
    const filtered = await page(o, 'visitors', '?who=ann');
    expect(filtered.filters).toMatchObject({ who: 'ann', active: true, kinds: ['text', 'person', 'date'] });
  });

  it('an RSVP form offers the event filter when its entries answer several events, with the totals of the chosen one', async () => {
    const rsvp = (attending: string, quantity: number | null, eventId: string, eventTitle: string): Record<string, DbValue> => ({
      createDate: Date.now(),
      loggedInEmail: 'guest@mail.example',
      eventId,
      eventTitle,
      answers: {
        'rsvp-attending': { value: attending },
        ...(quantity === null ? {} : { 'rsvp-quantity': { value: quantity } }),
        'rsvp-name': { value: 'Guest' },
      },
    });
    const o = await own({
      'custom-forms/rsvp': {
        r1: rsvp('Yes', 4, 'pancakes', 'Pancake Breakfast'),
        r2: rsvp('Yes', null, 'pancakes', 'Pancake Breakfast'),
        r3: rsvp('No', 2, 'pancakes', 'Pancake Breakfast'),
        r4: rsvp('Yes', 2, 'bingo', 'Bingo'),
      },
    });
    const all = await page(o, 'rsvp');
    expect(all.rsvp).toMatchObject({
      events: [
        { id: 'bingo', title: 'Bingo' },
        { id: 'pancakes', title: 'Pancake Breakfast' },
      ],
      single: null,
      eventId: null,
    });
    expect(all.rsvp?.totals).toEqual({ attending: 7, yes: 3, no: 1 });
    const one = await page(o, 'rsvp', '?eventId=pancakes');
    expect(one.rsvp?.totals).toEqual({ attending: 5, yes: 2, no: 1 });
    expect(one.rows.map((row) => row.key).sort()).toEqual(['r1', 'r2', 'r3']);
    expect(one.filters.keep).toEqual([{ name: 'eventId', value: 'pancakes' }]);
    expect(one.rows[0]!.editHref).toContain('eventId=pancakes');

    const single = await own({ 'custom-forms/rsvp': { r1: rsvp('Yes', 1, 'bingo', 'Bingo') } });
    expect((await page(single, 'rsvp')).rsvp).toMatchObject({ single: 'Bingo', totals: { attending: 1, yes: 1, no: 0 } });
  });

  it('Delete Selected removes the entries after the confirmation', async () => {
    const o = await own({ 'custom-forms/visitors': { a: registration('Ann', 1), b: registration('Bob', 2) } });
    const path = '/scrollerEntries/custom-forms/view/visitors';
    const confirm = await outcome<BulkActionData>(
      listRoute.action(args(postRequest(o.cookie, path, { intent: 'delete-selected', key: ['a'] }), listParams('visitors'))),
    );
    expect(confirm.data?.confirm?.count).toBe(1);
    const done = await outcome(
      listRoute.action(
        args(postRequest(o.cookie, path, { intent: 'delete-selected', key: ['a'], confirmed: '1' }), listParams('visitors')),
      ),
    );
    expect(done.status).toBe(302);
    expect(Object.keys((await stored(services.paths.entries(o.community, 'custom-forms', 'visitors'))) ?? {})).toEqual(['b']);
  });

  it('answers 404 for an unknown context, item or entry', async () => {
    const o = await own({ 'custom-forms/visitors': { a: registration('Ann', 1) } });
    await expect(
      outcome(listRoute.loader(args(getRequest(o.cookie, '/scrollerEntries/orders/view/visitors'), listParams('visitors', 'orders')))),
    ).resolves.toMatchObject({ status: 404 });
    await expect(
      outcome(listRoute.loader(args(getRequest(o.cookie, '/scrollerEntries/custom-forms/view/nope'), listParams('nope')))),
    ).resolves.toMatchObject({ status: 404 });
    expect((await entry(o, 'visitors', 'missing')).status).toBe(404);
  });
});

describe('a form entry', () => {
  it('shows the submission date, each answer (Not Answered, Check PDF, images) and the PDF link: the stored file, else the address that has it made', async () => {
    const o = await own({
      'custom-forms/visitors': {
        a: registration('Ann', Date.now(), {
          file: 'ann.pdf',
          answers: {
            'host-name': { value: 'Ann Lee' },
            kind: { value: 'day' },
            photo: { value: '/files/photo.jpg' },
            signature: { value: 'data' },
          },
        }),
      },
    });
    const view = (await entry(o, 'visitors', 'a')).data!;
    expect(view.submitted).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/);
    expect(view.answers).toEqual([
      { label: 'Your name', kind: 'text', text: 'Ann Lee', src: null },
      { label: 'Vehicle license plate', kind: 'empty', text: 'Not Answered', src: null },
      { label: 'Kind', kind: 'text', text: 'Day visit', src: null },
      { label: 'Photo', kind: 'image', text: 'Photo', src: '/files/photo.jpg' },
      { label: 'Signature', kind: 'signature', text: 'Check PDF', src: null },
    ]);
    expect(view).toMatchObject({ pdfUrl: '/scrollerEntries/custom-forms/view/visitors/entry/a/pdf', pdfStored: false });
    expect(view.choices.map((choice) => choice.label)).toEqual(['Completed', 'Denied']);
    await services.storage.put('forms/completed/visitors/ann.pdf', new TextEncoder().encode('%PDF-1.4'), {
      contentType: 'application/pdf',
    });
    expect((await entry(o, 'visitors', 'a')).data).toMatchObject({
      pdfUrl: expect.stringMatching(/forms\/completed\/visitors\/ann\.pdf$/),
      pdfStored: true,
    });
  });

  it("Download PDF leads to the stored PDF, else queues the entry's job once and leads to its job-status page; hunt entries have none", async () => {
    const o = await own({
      'custom-forms/visitors': { a: registration('Ann', Date.now()), b: registration('Bob', Date.now(), { file: 'bob.pdf' }) },
      'hunts/nature': { h: { createdBy: 'guest', createDate: 1 } },
    });
    const pdf = (itemId: string, entryId: string, context = 'custom-forms', query = '') =>
      outcome(
        pdfRoute.loader(
          args(getRequest(o.cookie, `/scrollerEntries/${context}/view/${itemId}/entry/${entryId}/pdf${query}`), {
            ...listParams(itemId, context),
            entryId,
          }),
        ),
      );
    const jobId = entryPdfJobId({ product: services.paths.product(), community: o.community, item: 'visitors', entryId: 'a' });
    const back = encodeURIComponent('/scrollerEntries/custom-forms/view/visitors/entry/a?view=archive');
    for (let click = 0; click < 2; click++) {
      const queued = await pdf('visitors', 'a', 'custom-forms', '?view=archive');
      expect(queued.status).toBe(302);
      expect(queued.response?.headers.get('Location')).toBe(`/job-status/entry-pdf/${jobId}?back=${back}`);
    }
    expect((await services.jobs.jobStatus('entry-pdf', jobId))?.state).toMatch(/waiting|active|completed/);
    await services.jobs.queues['entry-pdf'].remove(jobId);

    // Bob's entry names a PDF that is gone: it is made again; once stored, the link is the file.
    expect((await pdf('visitors', 'b')).response?.headers.get('Location')).toMatch(/^\/job-status\/entry-pdf\//);
    await services.storage.put('forms/completed/visitors/bob.pdf', new TextEncoder().encode('%PDF-1.4'), {
      contentType: 'application/pdf',
    });
    expect((await pdf('visitors', 'b')).response?.headers.get('Location')).toMatch(/forms\/completed\/visitors\/bob\.pdf$/);
    expect((await pdf('nature', 'h', 'hunts')).status).toBe(404);
    expect((await pdf('visitors', 'missing')).status).toBe(404);
  });

  it('Completed and Denied set completed and completedBy and close the view; Reopened, in the archive only, removes them', async () => {
    const o = await own({ 'custom-forms/visitors': { a: registration('Ann', 1), b: registration('Bob', 2) } });
    const path = services.paths.entry(o.community, 'custom-forms', 'visitors', 'a');
    const done = await post(o, 'visitors', 'a', { intent: 'complete', was: '0' });
    expect(done.status).toBe(302);
    expect(done.response?.headers.get('Location')).toBe('/scrollerEntries/custom-forms/view/visitors');
    expect(await stored(path)).toMatchObject({ completed: 2, completedBy: o.uid });

    expect((await post(o, 'visitors', 'a', { intent: 'reopen', was: '2' })).status).toBe(400);
    const archived = (await entry(o, 'visitors', 'a', '?view=archive')).data!;
    expect(archived.choices.map((choice) => choice.label)).toEqual(['Completed', 'Denied', 'Reopened']);
    const reopened = await post(o, 'visitors', 'a', { intent: 'reopen', was: '2' }, '?view=archive');
    expect(reopened.response?.headers.get('Location')).toBe('/scrollerEntries/custom-forms/view/visitors?view=archive');
    const after = await stored(path);
    expect(after).not.toHaveProperty('completed');
    expect(after).not.toHaveProperty('completedBy');

    await post(o, 'visitors', 'b', { intent: 'deny', was: '0' });
    expect(await stored(services.paths.entry(o.community, 'custom-forms', 'visitors', 'b'))).toMatchObject({
      completed: 1,
      completedBy: o.uid,
    });
  });

  it('does not overwrite another person’s mark made after the page was shown (409, nothing written)', async () => {
    const o = await own({ 'custom-forms/visitors': { a: registration('Ann', 1, { completed: 1, completedBy: 'other' }) } });
    const conflict = await post(o, 'visitors', 'a', { intent: 'complete', was: '0' });
    expect(conflict.status).toBe(409);
    expect(conflict.data?.error).toMatch(/changed by someone else/);
    expect(await stored(services.paths.entry(o.community, 'custom-forms', 'visitors', 'a'))).toMatchObject({
      completed: 1,
      completedBy: 'other',
    });
  });

  it('refuses unknown intents and malformed bodies with 400', async () => {
    const o = await own({ 'custom-forms/visitors': { a: registration('Ann', 1) } });
    expect((await post(o, 'visitors', 'a', { intent: 'destroy' })).status).toBe(400);
    expect((await post(o, 'visitors', 'a', { intent: 'complete', was: 'x'.repeat(500) })).status).toBe(400);
    expect((await post(o, 'visitors', 'a', { intent: 'score:correct', step: 'pine' })).status).toBe(400);
  });
});

describe('a feedback entry', () => {
  it('shows the feedback schema: name, site number, dates, three star ratings and comments', async () => {
    const o = await own({
      'custom-forms/feedback': {
        f: {
          createDate: 1,
          loggedInEmail: 'kim@mail.example',
          answers: {
            name: { value: 'Kim' },
            startDate: { value: Date.UTC(2026, 5, 1, 12) },
            endDate: { value: Date.UTC(2026, 5, 4, 12) },
            cleanliness: { value: 5 },
            staff: { value: 4 },
            additionalComments: { value: 'Lovely.' },
          },
        },
      },
    });
    // A feedback item without fields of its own is shown by the spec's schema.
    await services.db.ref(services.paths.customForm(o.community, 'feedback')).set({ title: 'Feedback', type: 'feedback' });
    const view = (await entry(o, 'feedback', 'f', '', 'feedback')).data!;
    expect(view.kind).toBe('feedback');
    expect(view.answers.map((answer) => [answer.label, answer.text])).toEqual([
      ['Name', 'Kim'],
      ['Start date', '06/01/2026'],
      ['End date', '06/04/2026'],
      ['Cleanliness', '5 of 5 stars'],
      ['Staff', '4 of 5 stars'],
      ['Amenities', 'Not Answered'],
      ['Additional comments', 'Lovely.'],
    ]);
  });
});

describe('a hunt entry', () => {
  const huntEntry: Record<string, DbValue> = {
    createdBy: 'guest-ann',
    loggedInEmail: 'ann@mail.example',
    createDate: 5,
    pine: { drawable: '/files/pine.jpg' },
    bridges: { answer: '4', scored: 0 },
    golf: { scores: { Ann: [2, 4], Bo: [3, 3] } },
  };

  it('shows each step, the golf scorecard and the summary', async () => {
    const o = await own({ 'hunts/nature': { h: huntEntry } });
    const view = (await entry(o, 'nature', 'h', '', 'hunts')).data!;
    expect(view.heading).toBe('Hunt Entry');
    expect(view.steps?.map((step) => [step.key, step.photo, step.answer, step.scoreText])).toEqual([
      ['pine', '/files/pine.jpg', null, 'Not scored'],
      ['bridges', null, '4', 'Incorrect'],
      ['golf', null, null, 'Not scored'],
    ]);
    expect(view.steps?.[2]?.golf).toMatchObject({
      par: [2, 3],
      parTotal: 5,
      players: [
        { name: 'Ann', total: 6, toPar: 1 },
        { name: 'Bo', total: 6, toPar: 1 },
      ],
    });
    expect(view.summary).toEqual({ steps: 2, answered: 2, correct: 0, incorrect: 1, unscored: 1 });
  });

  it('shows photos the guest app stored as storage paths (bare or gs://) from the community folder only', async () => {
    const o = await own();
    const mine = `user-written/${o.community}/hunts/nature/h/pine.jpg`;
    await services.storage.put(mine, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { contentType: 'image/jpeg' });
    const theirs = 'user-written/other-community/hunts/nature/h/bridge.jpg';
    await services.storage.put(theirs, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { contentType: 'image/jpeg' });
    await services.db.ref(`${services.paths.userWritten(o.community)}/hunts/nature/h`).set({
      createdBy: 'guest-ann',
      createDate: 5,
      pine: { drawable: `gs://demo-bucket/${mine}` },
      bridges: { photo: theirs, answer: '3' },
      golf: { drawable: `user-written/${o.community}/hunts/nature/h/missing.jpg` },
    });
    const view = (await entry(o, 'nature', 'h', '', 'hunts')).data!;
    expect(view.steps?.map((step) => step.photo)).toEqual([await services.storage.url(mine), null, null]);
  });

  it('scores a step correct (1), incorrect (0) or clears it, under the step only', async () => {
    const o = await own({ 'hunts/nature': { h: huntEntry } });
    const step = (key: string) => stored(services.paths.entryStep(o.community, 'hunts', 'nature', 'h', key));
    const scored = await post(o, 'nature', 'h', { intent: 'score:correct', step: 'pine', was: '' }, '', 'hunts');
    expect(scored.status).toBe(302);
    expect(scored.response?.headers.get('Location')).toBe('/scrollerEntries/hunts/view/nature/entry/h#step-pine');
    expect(await step('pine')).toEqual({ drawable: '/files/pine.jpg', scored: 1 });
    await post(o, 'nature', 'h', { intent: 'score:clear', step: 'bridges', was: '0' }, '', 'hunts');
    expect(await step('bridges')).toEqual({ answer: '4' });
    // Another grader scored bridges meanwhile: the stale page's score does not replace it.
    await services.db.ref(services.paths.entryStepScored(o.community, 'hunts', 'nature', 'h', 'bridges')).set(1);
    const conflict = await post(o, 'nature', 'h', { intent: 'score:incorrect', step: 'bridges', was: '' }, '', 'hunts');
    expect(conflict.status).toBe(409);
    expect(await step('bridges')).toEqual({ answer: '4', scored: 1 });
    expect(await step('pine')).toEqual({ drawable: '/files/pine.jpg', scored: 1 });
    // Golf is not scored by staff; unknown steps are refused.
    expect((await post(o, 'nature', 'h', { intent: 'score:correct', step: 'golf', was: '' }, '', 'hunts')).status).toBe(400);
    expect((await post(o, 'nature', 'h', { intent: 'score:correct', step: 'nope', was: '' }, '', 'hunts')).status).toBe(400);
  });
});

describe("a legacy event row's RSVP action", () => {
  it('leads to the entries of the event’s RSVP form for that event', async () => {
    const o = await own({}, {});
    await services.db
      .ref(services.paths.legacyEvent(o.community, 'events-resort', '1750000000000'))
      .set({ title: 'Bingo', rsvpRequest: true });
    const answer = await outcome(
      rsvpRoute.loader(
        args(getRequest(o.cookie, '/detail/events/events-resort/1750000000000/rsvp'), {
          dbContext: 'events-resort',
          itemId: '1750000000000',
        }),
      ),
    );
    expect(answer.response?.headers.get('Location')).toBe('/scrollerEntries/custom-forms/view/rsvp?eventId=1750000000000');
    const missing = await outcome(
      rsvpRoute.loader(args(getRequest(o.cookie, '/detail/events/events-resort/1/rsvp'), { dbContext: 'events-resort', itemId: '1' })),
    );
    expect(missing.status).toBe(404);
  });
});

describe('the listingNoMenuEdit address {type}.entries', () => {
  it('leads to the same entries at /scrollerEntries, the query kept; other contexts are 404', async () => {
    const o = await own();
    const moved = await outcome(
      listingEntriesRoute.loader(
        args(getRequest(o.cookie, '/listnm/hunts.entries/view/nature?view=archive'), { context: 'hunts.entries', itemId: 'nature' }),
      ),
    );
    expect(moved.response?.headers.get('Location')).toBe('/scrollerEntries/hunts/view/nature?view=archive');
    const other = await outcome(
      listingEntriesRoute.loader(args(getRequest(o.cookie, '/listnm/store.entries/view/x'), { context: 'store.entries', itemId: 'x' })),
    );
    expect(other.status).toBe(404);
  });
});
