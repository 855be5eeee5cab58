import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '@server/services';
import { formatDate } from '~/lib/date-time';
import { PRINTOUT_TEXTS } from '~/lib/printout';
import * as route from '~/routes/_app.activities-printout.($calendarId)';
import * as jobRoute from '~/routes/_app.job-status.$queue.$jobId';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, multipartRequest, postRequest, routeArgs } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { PrintoutActionData, PrintoutPageData } from './printout.server';

/**
 * The activities printout page with real requests, sessions and the embedded database: each
 * test makes a community of its own. Print queues the job (Redis of the test runtime; no worker
 * takes it here: jobs/processors/activities-printout.test.ts runs it).
 */

let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('printout-screen'));
});

afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
}

async function ownCommunity(): Promise<Own> {
  counter += 1;
  const community = `print-test-${counter}`;
  const uid = `print-editor-${counter}`;
  const { paths } = services;
  await services.db.ref().update({
    [paths.community(community)]: { title: `Print Test ${counter}`, timeZone: 'America/Chicago' },
    [paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true } } },
    [paths.calendarConfig(community, 'activities')]: { title: 'Activities', allowUserCreated: false, priorNotificationTime: 15 },
    [paths.calendarConfig(community, 'pool')]: { title: 'Pool Games', allowUserCreated: false, priorNotificationTime: 15 },
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Print Staff' },
    { communityKey: community },
  );
  return { community, cookie };
}

const PAGE = '/activities-printout/activities';

function form(more: Record<string, string> = {}): Record<string, string> {
  return {
    calendarId: 'activities',
    'startDate-date': '12/07/2026',
    'endDate-date': '12/09/2026',
    type: 'daily',
    eventsPerColumn: '',
    titleFontSize: '10',
    textFontSize: '8',
    headerText: 'Pine Week',
    headerDrawable: '',
    rightColumnTitle: 'Good to know',
    rightColumnContent: '<p>Pool <strong>open</strong></p><script>alert(1)</script>',
    leftSectionContent: '<p onclick="x()">Welcome</p>',
    midSectionContent: '',
    rightSectionContent: '',
    footerContent: '<p><em>Subject to change.</em></p>',
    ...more,
  };
}

const post = (own: Own, fields: Record<string, string>) =>
  outcome<PrintoutActionData>(route.action(routeArgs(postRequest(own.cookie, PAGE, fields), { calendarId: 'activities' })));

describe('the activities printout page', () => {
  it('opens on the first calendar, tomorrow for three days, daily, with the saved template', async () => {
    const own = await ownCommunity();
    await services.db
      .ref(services.paths.calendarPrintout(own.community, 'pool'))
      .set({ headerText: 'Splash', rightColumnTitle: 'Rules', usingNewQuill: true });
    const first = (await route.loader(routeArgs(getRequest(own.cookie, '/activities-printout')))) as PrintoutPageData;
    expect(first.calendars.map((calendar) => calendar.calendarId)).toEqual(['activities', 'pool']);
    expect(first.calendarId).toBe('activities');
    const day = 24 * 3600 * 1000;
    expect(formatDate(first.defaults.start, 'America/Chicago')).toBe(formatDate(first.now + day, 'America/Chicago'));
    expect(formatDate(first.defaults.end, 'America/Chicago')).toBe(formatDate(first.now + 3 * day, 'America/Chicago'));
    expect(first.defaults.type).toBe('daily');
    const pool = (await route.loader(
      routeArgs(getRequest(own.cookie, '/activities-printout/pool'), { calendarId: 'pool' }),
    )) as PrintoutPageData;
    expect(pool.calendarTitle).toBe('Pool Games');
    expect(pool.template).toMatchObject({ headerText: 'Splash', rightColumnTitle: 'Rules', footerContent: '' });
  });

  it('answers 404 for a calendar the community does not have', async () => {
    const own = await ownCommunity();
    const answer = await outcome(route.loader(routeArgs(getRequest(own.cookie, '/activities-printout/kids'), { calendarId: 'kids' })));
    expect(answer.status).toBe(404);
  });

  it('saves the template as the event printout record, rich text sanitized', async () => {
    const own = await ownCommunity();
    const answer = await post(own, { intent: 'save-template', ...form() });
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get('Location')).toBe(PAGE);
    const stored = (await services.db.ref(services.paths.calendarPrintout(own.community, 'activities')).get()).val();
    expect(stored).toEqual({
      footerContent: '<p><em>Subject to change.</em></p>',
      headerDrawable: '',
      headerScrim: false,
      scrimFade: false,
      leftSectionContent: '<p>Welcome</p>',
      midSectionContent: '',
      rightSectionContent: '',
      rightColumnContent: '<p>Pool <strong>open</strong></p>',
      rightColumnTitle: 'Good to know',
      headerText: 'Pine Week',
      usingNewQuill: true,
    });
  });

  it('refuses an end before the start, a non-numeric events per column and a font size out of range, keeping what was typed', async () => {
    const own = await ownCommunity();
    const answer = await post(own, {
      intent: 'print',
      ...form({ 'endDate-date': '12/01/2026', eventsPerColumn: 'ten', titleFontSize: '20' }),
    });
    expect(answer.status).toBe(400);
    const result = answer.data!.result;
    expect(result.error).toMatchObject({
      endDate: [PRINTOUT_TEXTS.endBeforeStart],
      eventsPerColumn: [PRINTOUT_TEXTS.perColumnNumeric],
      titleFontSize: [PRINTOUT_TEXTS.fontSizeRange],
    });
    expect(result.initialValue).toMatchObject({ headerText: 'Pine Week', eventsPerColumn: 'ten', 'endDate-date': '12/01/2026' });
    const longer = await post(own, { intent: 'save-template', ...form({ footerContent: 'x'.repeat(20_001), eventsPerColumn: '41' }) });
    expect(longer.status).toBe(400);
    expect(longer.data!.result.error).toMatchObject({
      footerContent: [PRINTOUT_TEXTS.tooLong(20_000)],
      eventsPerColumn: [PRINTOUT_TEXTS.perColumnRange],
    });
    expect((await services.db.ref(services.paths.calendarPrintout(own.community, 'activities')).get()).val()).toBeNull();
  });

  it('queues Print and leads to the job page, which comes back to the printout', async () => {
    const own = await ownCommunity();
    const answer = await post(own, { intent: 'print', ...form({ eventsPerColumn: '11' }) });
    expect(answer.status).toBe(302);
    const location = new URL(answer.response!.headers.get('Location')!, 'http://console.test');
    expect(location.pathname).toMatch(/^\/job-status\/activities-printout\/activities-printout--[0-9a-f-]{36}$/);
    expect(location.searchParams.get('back')).toBe(PAGE);
    const jobId = location.pathname.split('/').pop()!;
    const status = await services.jobs.jobStatus('activities-printout', jobId);
    expect(status?.community).toBe(own.community);
    expect(status?.state).toBe('waiting');
    const page = (await jobRoute.loader(
      routeArgs(getRequest(own.cookie, `${location.pathname}${location.search}`), { queue: 'activities-printout', jobId }),
    )) as { view: { title: string; state: string }; back: string | null };
    expect(page.view).toMatchObject({ title: 'Activities Printout', state: 'waiting' });
    expect(page.back).toBe(PAGE);
  });

  it('uploads a header image into the form (kept as typed) and removes it again', async () => {
    const own = await ownCommunity();
    const canvas = createCanvas(1200, 300);
    const context = canvas.getContext('2d');
    context.fillStyle = '#2a6';
    context.fillRect(0, 0, 1200, 300);
    const file = new File([new Uint8Array(canvas.toBuffer('image/png'))], 'lake view.png', { type: 'image/png' });
    const request = multipartRequest(own.cookie, PAGE, { intent: 'upload-header', ...form({ headerText: 'Typed' }) }, { headerFile: file });
    const answer = await outcome<PrintoutActionData>(route.action(routeArgs(request, { calendarId: 'activities' })));
    expect(answer.status).toBe(200);
    expect(answer.data!.notice).toEqual({ kind: 'success', text: PRINTOUT_TEXTS.headerUploaded });
    expect(answer.data!.headerDrawable).toMatch(new RegExp(`/files/${own.community}/images/printout/\\d+/lake_view_print\\.png$`));
    expect(answer.data!.result.initialValue).toMatchObject({ headerText: 'Typed' });
    const stored = await services.storage.get(
      `${own.community}/images/printout/${answer.data!.headerDrawable!.split('/images/printout/')[1]}`,
    );
    expect(stored?.contentType).toBe('image/png');

    // Save Template keeps it; a header of another community's folder is not taken.
    await post(own, { intent: 'save-template', ...form({ headerDrawable: answer.data!.headerDrawable! }) });
    const saved = (await services.db.ref(services.paths.calendarPrintout(own.community, 'activities')).get()).val() as Record<
      string,
      unknown
    >;
    expect(saved.headerDrawable).toBe(answer.data!.headerDrawable);
    await post(own, { intent: 'save-template', ...form({ headerDrawable: '/files/demo-campground/images/printout/1/x.png' }) });
    expect(
      ((await services.db.ref(services.paths.calendarPrintout(own.community, 'activities')).get()).val() as Record<string, unknown>)
        .headerDrawable,
    ).toBe(answer.data!.headerDrawable);

    const removed = await post(own, { intent: 'remove-header', ...form({ headerDrawable: answer.data!.headerDrawable! }) });
    expect(removed.status).toBe(200);
    expect(removed.data!.headerDrawable).toBe('');
  });
});
