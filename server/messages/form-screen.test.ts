import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '@jobs/ports';
import { formatDate, formatTime } from '~/lib/date-time';
import { MESSAGE_TEXTS } from '~/schemas/message';
import { openDemoDb, COMMUNITY_A, type DemoDb } from '../../tests/setup/services';
import { isArchived, MESSAGE_SAVED, newMessageDefaults, saveMessageForm, type MessageFormTarget } from './form-screen';
import { messageVersion } from './save';

/** The notification form's use cases: what a new form holds, and what Save answers (spec 02 §4, §7). */

const TZ = 'America/New_York';
const NOW = Date.UTC(2031, 4, 5, 14, 20);
const HOUR = 36e5;
let demo: DemoDb;
let taken = true;
const jobs: JobQueue = {
  async enqueue() {
    return taken ? { queued: true, jobId: 'job-1' } : { queued: false, reason: 'not answering' };
  },
};

beforeAll(async () => {
  demo = await openDemoDb('message-form-screen');
});
afterAll(async () => {
  await demo.db.close();
});

const deps = () => ({ db: demo.db, paths: demo.paths, jobs });

const target = (more: Partial<MessageFormTarget> = {}): MessageFormTarget => ({
  community: COMMUNITY_A,
  uid: 'staff-1',
  communityBanner: false,
  context: 'messages',
  systemwide: false,
  detailPage: false,
  listing: null,
  editing: null,
  reminder: null,
  options: {
    timeZone: TZ,
    categories: [{ value: 'announcements', label: 'Announcements', isGiveaway: false }],
    userGroups: [{ value: 'currentGuest', label: 'Current Guests', isGiveaway: false }],
    users: [],
    allowPersonal: false,
    allowButtons: false,
  },
  targets: { communities: [], byAction: {} },
  now: NOW,
  formAction: '/amc-messages/messages/add',
  listHref: '/amc-messages/messages',
  returnTo: '/amc-messages/messages',
  ...more,
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  const end = NOW + 48 * HOUR;
  const all: Record<string, string> = {
    title: 'Pool closes early',
    description: 'At 6 PM today.',
    audience: 'group',
    category: 'announcements',
    userGroup: 'currentGuest',
    deliveryType: 'instant',
    'endTime-date': formatDate(end, TZ),
    'endTime-time': formatTime(end, TZ),
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) data.set(name, value);
  return data;
};

describe('a new notification', () => {
  it('goes out at the next whole hour and stays a day', () => {
    const defaults = newMessageDefaults(target());
    const next = Date.UTC(2031, 4, 5, 15, 0);
    expect(defaults).toMatchObject({
      audience: 'group',
      deliveryType: 'instant',
      deliveryTime: String(next),
      endTime: String(next + 24 * HOUR),
      'deliveryTime-date': formatDate(next, TZ),
    });
  });

  it('is archived only when an edited message ended', () => {
    expect(isArchived(target())).toBe(false);
    const editing = (endTime: number) => ({ list: 'messages' as const, key: 'm', record: { endTime } });
    expect(isArchived(target({ editing: editing(0) }))).toBe(false);
    expect(isArchived(target({ editing: editing(NOW + 1) }))).toBe(false);
    expect(isArchived(target({ editing: editing(NOW) }))).toBe(true);
  });
});

describe('saveMessageForm', () => {
  it('answers the form again with the fields’ messages and the form-level message (400), nothing written', async () => {
    const answer = await saveMessageForm(deps(), target(), form({ title: '' }), NOW);
    expect(answer).toMatchObject({
      kind: 'form',
      status: 400,
      data: { openSection: 'required', conflict: null, formError: MESSAGE_TEXTS.formIncomplete },
    });
    if (answer.kind === 'form') expect(answer.data.result.error?.title).toEqual([MESSAGE_TEXTS.titleRequired]);
  });

  it('refuses an archived message with its notice', async () => {
    const editing = { list: 'messages' as const, key: 'gone', record: { endTime: NOW - 1 } };
    const answer = await saveMessageForm(deps(), target({ editing }), form({}), NOW);
    expect(answer).toMatchObject({ kind: 'form', status: 400, data: { formError: MESSAGE_TEXTS.archived } });
  });

  it('says sent, queued or scheduled for a new notification', async () => {
    taken = true;
    expect(await saveMessageForm(deps(), target(), form({}), NOW)).toEqual({ kind: 'saved', saved: 'sent', message: MESSAGE_SAVED.sent });
    taken = false;
    expect(await saveMessageForm(deps(), target(), form({}), NOW)).toMatchObject({ kind: 'saved', saved: 'queued' });
    taken = true;
    const at = NOW + 3 * HOUR;
    const future = form({ deliveryType: 'future', 'deliveryTime-date': formatDate(at, TZ), 'deliveryTime-time': formatTime(at, TZ) });
    expect(await saveMessageForm(deps(), target(), future, NOW)).toMatchObject({ kind: 'saved', saved: 'scheduled' });
  });

  it('answers 404 for an edited message that is gone, 409 with theirs for another version, and saved for the shown one', async () => {
    const at = NOW + 3 * HOUR;
    const times = { deliveryType: 'future', 'deliveryTime-date': formatDate(at, TZ), 'deliveryTime-time': formatTime(at, TZ) };
    const gone = { list: 'scheduled' as const, key: 'not-there', record: { deliveryTime: at, endTime: 0 } };
    expect(await saveMessageForm(deps(), target({ editing: gone }), form(times), NOW)).toMatchObject({
      kind: 'form',
      status: 404,
      data: { formError: MESSAGE_TEXTS.notFound },
    });

    const record = {
      title: 'Theirs',
      description: 'Changed meanwhile.',
      category: 'announcements',
      userGroup: 'currentGuest',
      deliveryTime: at,
      endTime: NOW + 48 * HOUR,
    };
    await demo.db.ref(demo.paths.scheduledMessage(COMMUNITY_A, 'm1')).set(record);
    const editing = { list: 'scheduled' as const, key: 'm1', record };
    const conflict = await saveMessageForm(deps(), target({ editing }), form({ ...times, version: 'older' }), NOW);
    expect(conflict).toMatchObject({ kind: 'form', status: 409, data: { version: messageVersion(record) } });
    if (conflict.kind === 'form') expect(conflict.data.conflict?.theirs.length).toBeGreaterThan(0);

    const saved = await saveMessageForm(deps(), target({ editing }), form({ ...times, version: messageVersion(record) }), NOW);
    expect(saved).toEqual({ kind: 'saved', saved: 'saved', message: MESSAGE_SAVED.saved });
  });
});
