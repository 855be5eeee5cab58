import { afterAll, describe, expect, it } from 'vitest';
import { recordingJobs } from '@jobs/testing/fixtures';
import { dyingAfter } from '../../tests/setup/dying-db';
import {
  eventsOverlappingDay,
  pendingEventEmail,
  pendingEventsOfCalendar,
  readPendingEvent,
  submitPendingEvent,
  userCreatedPolicy,
} from './approvals';
import { denyGoogleImport } from './rules';
import { at, eventFields, get, makeCommunity, NY, openTestDb } from './testing';

/** Events waiting for approval: the pending write, the staff e-mails, the lists staff review them with, Deny. */

const { db, deps } = openTestDb('events-approvals');
afterAll(async () => {
  await db.close();
});
const { paths } = deps;
const T0 = at('2026-02-25T12:00');
const START = at('2026-03-02T18:00');
const ORIGIN = 'https://console.example';

async function approvalCommunity(config: Record<string, unknown> = {}) {
  const community = await makeCommunity(deps, ['activities', 'kids-club']);
  await db.ref(paths.calendarConfig(community, 'kids-club')).update({
    title: 'Kids Club',
    allowUserCreated: true,
    userCreatedRequiresApproval: true,
    userCreatedEmails: ['Staff@Example.com', 'desk@example.com', 'staff@example.com'],
    ...config,
  });
  return community;
}

const submit = (community: string, jobs = recordingJobs(), title = 'Stargazing') =>
  submitPendingEvent(
    { ...deps, jobs },
    {
      community,
      calendarId: 'kids-club',
      fields: eventFields(START, START + 36e5, { title, description: null }),
      submittedBy: { uid: 'link-1', who: 'Link: Scout Troop' },
      now: T0,
      timeZone: NY,
      origin: `${ORIGIN}/`,
    },
  );

describe('a remote manager’s event waiting for approval', () => {
  it('is stored as a pending record of its calendar, not on the calendar, and every staff address gets an e-mail job', async () => {
    const community = await approvalCommunity();
    const jobs = recordingJobs();
    const submitted = await submit(community, jobs);
    expect(submitted?.sentTo).toEqual(['staff@example.com', 'desk@example.com']);
    const importId = submitted!.importId;
    expect(await get(deps, paths.calendarEvents(community, 'kids-club'))).toBeNull();
    expect(await get(deps, paths.googleEventImport(community, importId))).toMatchObject({
      title: 'Stargazing',
      startDate: START,
      eventContext: `${community}/amc-events/calendars/kids-club`,
      userCreated: true,
      submittedBy: { uid: 'link-1', who: 'Link: Scout Troop' },
      submittedTime: T0,
    });

    const queue = (await get(deps, paths.emailQueue())) as Record<string, { email: string; subject: string; body: string }>;
    const mails = Object.entries(queue).filter(([, item]) => item.body.includes(importId));
    expect(mails.map(([, item]) => item.email).sort()).toEqual(['desk@example.com', 'staff@example.com']);
    expect(mails[0]![1].subject).toBe('Event waiting for approval: Stargazing');
    expect(mails[0]![1].body).toContain('<strong>Kids Club</strong>');
    expect(mails[0]![1].body).toContain('March 2nd 2026 @ 6:00 pm - 7:00 pm');
    expect(mails[0]![1].body).toContain(`href="${ORIGIN}/detail/events/google-events-import/${importId}"`);
    // One job per item, named by the item's key.
    expect(jobs.added.map((job) => job.name)).toEqual(['email', 'email']);
    expect(jobs.added.map((job) => job.options.jobId).sort()).toEqual(mails.map(([key]) => key).sort());
  });

  it('a submission that dies half-way leaves the pending record with all its e-mails, or neither', async () => {
    const community = await approvalCommunity();
    const jobs = recordingJobs();
    const submitted = await submitPendingEvent(
      { ...dyingAfter(deps), jobs },
      {
        community,
        calendarId: 'kids-club',
        fields: eventFields(START, START + 36e5, { title: 'Night Hike', description: null }),
        submittedBy: { uid: 'link-1', who: 'Link: Scout Troop' },
        now: T0,
        timeZone: NY,
        origin: ORIGIN,
      },
    ).catch(() => null);
    const pending = ((await get(deps, paths.googleEventImports(community))) ?? {}) as Record<string, { title?: string }>;
    const ids = Object.entries(pending)
      .filter(([, record]) => record.title === 'Night Hike')
      .map(([id]) => id);
    const queue = ((await get(deps, paths.emailQueue())) ?? {}) as Record<string, { body: string }>;
    const mails = ids.flatMap((id) => Object.values(queue).filter((item) => item.body.includes(id)));
    expect(mails.length).toBe(ids.length * 2);
    if (submitted) expect(ids).toEqual([submitted.importId]);
  });

  it('is refused where the calendar does not take events waiting for approval', async () => {
    const off = await approvalCommunity({ allowUserCreated: false });
    expect(await submit(off)).toBeNull();
    const direct = await approvalCommunity({ userCreatedRequiresApproval: false });
    expect(await submit(direct)).toBeNull();
    expect(await get(deps, paths.googleEventImports(off))).toBeNull();
    expect(await get(deps, paths.googleEventImports(direct))).toBeNull();
    expect(await userCreatedPolicy(deps, off, 'no-such-calendar')).toBeNull();
  });

  it('escapes what people typed in the e-mail', () => {
    const mail = pendingEventEmail({
      calendarTitle: 'Fish & Chips',
      eventTitle: '<b>Fry</b>',
      when: 'today',
      who: 'Link: A "B"',
      reviewLink: 'https://x.example/a?b=1&c=2',
    });
    expect(mail.body).toContain('Fish &#38; Chips');
    expect(mail.body).toContain('&#60;b&#62;Fry&#60;/b&#62;');
    expect(mail.body).toContain('href="https://x.example/a?b=1&#38;c=2"');
    expect(mail.body).not.toContain('<b>Fry');
  });
});

describe('what staff review pending events with', () => {
  it('reads a pending record with its calendar, lists a calendar’s pending records and the events of the same day', async () => {
    const community = await approvalCommunity();
    const later = (await submit(community, recordingJobs(), 'Later'))!.importId;
    await db.ref(`${paths.googleEventImport(community, later)}/startDate`).set(START + 864e5);
    const first = (await submit(community, recordingJobs(), 'First'))!.importId;
    await db
      .ref(paths.googleEventImport(community, 'other-calendar'))
      .set({ title: 'Elsewhere', eventContext: `${community}/amc-events/calendars/activities` });
    await db
      .ref(paths.googleEventImport(community, 'foreign'))
      .set({ title: 'Foreign', eventContext: 'another/amc-events/calendars/kids-club' });

    const pending = await readPendingEvent(deps, community, first);
    expect(pending).toMatchObject({ importId: first, calendarId: 'kids-club', submittedBy: { uid: 'link-1', who: 'Link: Scout Troop' } });
    expect(pending!.item).not.toHaveProperty('eventContext');
    expect(pending!.item).toMatchObject({ title: 'First', startDate: START });
    expect(await readPendingEvent(deps, community, 'foreign')).toBeNull();
    expect(await readPendingEvent(deps, community, 'nothing')).toBeNull();

    const listed = await pendingEventsOfCalendar(deps, community, 'kids-club');
    expect(listed.count).toBe(2);
    expect(listed.rows.map((row) => row.title)).toEqual(['First', 'Later']);

    const event = (start: number, end: number, title: string) => ({ ...eventFields(start, end, { title }) });
    await db.ref(paths.calendarEvents(community, 'kids-club')).set({
      morning: event(at('2026-03-02T09:00'), at('2026-03-02T10:00'), 'Morning Crafts'),
      overnight: event(at('2026-03-01T20:00'), at('2026-03-02T08:00'), 'Campout'),
      evening: event(at('2026-03-02T18:30'), at('2026-03-02T19:30'), 'Campfire Songs'),
      before: event(at('2026-03-01T09:00'), at('2026-03-01T10:00'), 'Day Before'),
      after: event(at('2026-03-03T09:00'), at('2026-03-03T10:00'), 'Day After'),
    });
    const existing = await eventsOverlappingDay(deps, community, 'kids-club', START, NY);
    expect(existing.map((row) => row.title)).toEqual(['Campout', 'Morning Crafts', 'Campfire Songs']);
    expect(existing[1]).toEqual({ eventId: 'morning', title: 'Morning Crafts', when: 'March 2nd 2026 @ 9:00 am - 10:00 am' });
  });

  it('Deny Event records the id as denied and removes the pending record', async () => {
    const community = await approvalCommunity();
    const importId = (await submit(community))!.importId;
    expect(await denyGoogleImport(deps, community, importId, T0)).toBe(true);
    expect(await get(deps, paths.googleEventImport(community, importId))).toBeNull();
    expect(await get(deps, paths.googleEventDenied(community, importId))).toEqual({ id: importId, title: 'Stargazing', deniedTime: T0 });
  });
});
