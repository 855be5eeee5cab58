import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import type { Services } from '@server/services';
import * as addRoute from '~/routes/_app.listnm.$context.add';
import * as editRoute from '~/routes/_app.listnm.$context.edit.$itemId';
import { standardRsvpForm } from '~/schemas/listing/custom-form';
import { outcome } from '../../../tests/setup/outcome';
import { getRequest, postRequest, routeArgs, type PostedFields } from '../../../tests/setup/requests';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { ItemEditorActionData, ItemEditorData } from './editor.server';

/**
 * Custom forms and hunts through the list screen's add and edit routes, with real requests,
 * sessions and the embedded database (spec 02 §3 form schema fields, hunt; §9 default forms;
 * decision 008): each test has a community of its own.
 */

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('guest-forms'));
});

afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
}

async function ownCommunity(data: Record<string, DbValue>): Promise<Own> {
  counter += 1;
  const community = `guest-forms-${counter}`;
  const uid = `guest-forms-editor-${counter}`;
  await services.db.ref().update({
    [services.paths.community(community)]: { title: `Forms ${counter}`, timeZone: 'America/New_York' },
    ...Object.fromEntries(Object.entries(data).map(([node, value]) => [`${services.paths.locationData(community)}/${node}`, value])),
    [services.paths.userAuthorization(uid)]: { editorDefault: community, communities: { [community]: { isEditor: true } } },
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Editor' },
    { communityKey: community },
  );
  return { community, cookie };
}

const read = async (own: Own, node: string) =>
  (await services.db.ref(`${services.paths.locationData(own.community)}/${node}`).get()).val() as unknown;
const post = (own: Own, path: string, fields: PostedFields) => postRequest(own.cookie, `${ORIGIN}${path}`, fields);

const HOST: Record<string, DbValue> = {
  type: 'text',
  name: 'host',
  label: 'Your name',
  className: 'form-control',
  required: true,
  savedValue: true,
};
const DAY: Record<string, DbValue> = { type: 'date', name: 'day', label: 'Visit date', required: false };
const VISITORS: Record<string, DbValue> = {
  title: 'Visitors',
  type: 'form',
  emails: ['office@test.example'],
  fields: [HOST, DAY],
};

describe('a custom form', () => {
  it('is saved with its fields in order, keeping what the editor does not show', async () => {
    const own = await ownCommunity({ 'custom-forms': { visitors: { ...VISITORS, createdBy: 'someone' } } });
    const params = { context: 'custom-forms', itemId: 'visitors' };
    const shown = (await editRoute.loader(
      routeArgs(getRequest(own.cookie, `${ORIGIN}/listnm/custom-forms/edit/visitors`), params),
    )) as ItemEditorData;
    expect((shown.defaultValue.fields as unknown[]).length).toBe(2);
    expect(shown.itemLinks).toEqual([{ label: 'View Entries', href: '/scrollerEntries/custom-forms/view/visitors' }]);
    const answer = await outcome(
      editRoute.action(
        routeArgs(
          post(own, '/listnm/custom-forms/edit/visitors', [
            ['intent', 'save'],
            ['version', shown.version ?? ''],
            ['title', 'Visitors'],
            ['type', 'form'],
            ['emails', 'office@test.example'],
            ['fields[0].label', 'Visit date'],
            ['fields[0].name', 'day'],
            ['fields[0].type', 'date'],
            ['fields[1].label', 'Your name'],
            ['fields[1].name', 'host'],
            ['fields[1].type', 'text'],
            ['fields[1].className', 'form-control'],
            ['fields[1].required', 'on'],
            ['fields[1].savedValue', 'on'],
          ]),
          params,
        ),
      ),
    );
    expect(answer.status).toBe(302);
    expect(await read(own, 'custom-forms/visitors')).toEqual({
      ...VISITORS,
      createdBy: 'someone',
      fields: [DAY, HOST],
    });
  });

  it('refuses a stale save with 409 and the other version, writing nothing (decision 008)', async () => {
    const own = await ownCommunity({ 'custom-forms': { visitors: VISITORS } });
    const params = { context: 'custom-forms', itemId: 'visitors' };
    const url = '/listnm/custom-forms/edit/visitors';
    const shown = (await editRoute.loader(routeArgs(getRequest(own.cookie, `${ORIGIN}${url}`), params))) as ItemEditorData;
    await services.db.ref(`${services.paths.locationData(own.community)}/custom-forms/visitors/title`).set('Visitors (theirs)');
    const mine: Array<[string, string]> = [
      ['intent', 'save'],
      ['title', 'Visitors (mine)'],
      ['type', 'form'],
      ['fields[0].label', 'Name'],
      ['fields[0].type', 'text'],
    ];
    const refused = await outcome<ItemEditorActionData>(
      editRoute.action(routeArgs(post(own, url, [...mine, ['version', shown.version ?? '']]), params)),
    );
    expect(refused.status).toBe(409);
    expect(refused.data?.conflict?.theirs).toContainEqual({ label: 'Title', value: 'Visitors (theirs)' });
    expect(refused.data?.result.initialValue).toMatchObject({ title: 'Visitors (mine)' });
    expect(await read(own, 'custom-forms/visitors/title')).toBe('Visitors (theirs)');
    const again = await outcome(editRoute.action(routeArgs(post(own, url, [...mine, ['version', refused.data?.version ?? '']]), params)));
    expect(again.status).toBe(302);
    expect(await read(own, 'custom-forms/visitors/fields')).toEqual([{ type: 'text', name: 'name', label: 'Name', required: false }]);
  });

  it('answers 400 with the reason for bad names and keeps what was typed', async () => {
    const own = await ownCommunity({ 'custom-forms': { visitors: VISITORS } });
    const params = { context: 'custom-forms', itemId: 'visitors' };
    const refused = await outcome<ItemEditorActionData>(
      editRoute.action(
        routeArgs(
          post(own, '/listnm/custom-forms/edit/visitors', {
            intent: 'save',
            title: 'Typed title',
            type: 'form',
            'fields[0].label': 'A',
            'fields[0].name': 'a$b',
            'fields[0].type': 'text',
          }),
          params,
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.data?.result.error?.['fields[0].name']).toEqual(['A name cannot contain . $ # [ ] / and is at most 100 characters.']);
    expect(refused.data?.result.initialValue).toMatchObject({ title: 'Typed title' });
    expect(await read(own, 'custom-forms/visitors/title')).toBe('Visitors');
  });

  it('takes 100 fields, and refuses 101 with 400, writing nothing', async () => {
    const own = await ownCommunity({ 'custom-forms': { visitors: VISITORS } });
    const params = { context: 'custom-forms', itemId: 'visitors' };
    const rows = (count: number) =>
      Array.from({ length: count }, (_, index) => [
        [`fields[${index}].label`, `Question ${index + 1}`],
        [`fields[${index}].type`, 'textarea'],
        [`fields[${index}].placeholder`, 'Type here'],
        [`fields[${index}].required`, 'on'],
      ]).flat() as Array<[string, string]>;
    const base: Array<[string, string]> = [
      ['intent', 'save'],
      ['title', 'Long form'],
      ['type', 'form'],
    ];
    const saved = await outcome(
      editRoute.action(routeArgs(post(own, '/listnm/custom-forms/edit/visitors', [...base, ...rows(100)]), params)),
    );
    expect(saved.status).toBe(302);
    expect((await read(own, 'custom-forms/visitors/fields')) as unknown[]).toHaveLength(100);
    const refused = await outcome(
      editRoute.action(routeArgs(post(own, '/listnm/custom-forms/edit/visitors', [...base, ...rows(101)]), params)),
    );
    expect(refused.status).toBe(400);
    expect((await read(own, 'custom-forms/visitors/fields')) as unknown[]).toHaveLength(100);
  });

  it('offers the standard RSVP form while none is marked standard, and fills the Add form with it', async () => {
    const own = await ownCommunity({ 'custom-forms': { visitors: VISITORS } });
    const add = async (query = '') =>
      (await addRoute.loader(
        routeArgs(getRequest(own.cookie, `${ORIGIN}/listnm/custom-forms/add${query}`), { context: 'custom-forms' }),
      )) as ItemEditorData;
    const offered = await add();
    expect(offered.itemLinks).toEqual([]);
    expect(offered.templates).toEqual([
      { label: 'Start from the standard RSVP form', href: '/listnm/custom-forms/add?template=rsvp-standard' },
      { label: 'Start from the waitlist form', href: '/listnm/custom-forms/add?template=waitlist' },
    ]);
    expect((await add('?template=rsvp-standard')).defaultValue).toMatchObject({ title: 'RSVP', type: 'rsvp', standard: 'on' });
    await services.db.ref(`${services.paths.locationData(own.community)}/custom-forms/rsvp`).set(standardRsvpForm() as DbValue);
    expect((await add()).templates.map((template) => template.label)).toEqual(['Start from the waitlist form']);
  });
});

describe('a hunt', () => {
  it('is saved with its steps, a golf step with its par', async () => {
    const own = await ownCommunity({
      hunts: { walk: { title: 'Walk', drawable: 'x.jpg', steps: [{ key: 'a', type: 'photo', title: 'A' }] } },
    });
    const params = { context: 'hunts', itemId: 'walk' };
    const shown = (await editRoute.loader(routeArgs(getRequest(own.cookie, `${ORIGIN}/listnm/hunts/edit/walk`), params))) as ItemEditorData;
    expect(shown.itemLinks).toEqual([{ label: 'View Entries', href: '/scrollerEntries/hunts/view/walk' }]);
    // The hunt's AI writing assistant, back to this form.
    expect(shown.assistant).toEqual({
      href: '/assistant/hunts?back=%2Flistnm%2Fhunts%2Fedit%2Fwalk&title=Walk',
      editHref: '/assistant/hunts?back=%2Flistnm%2Fhunts%2Fedit%2Fwalk&mode=edit&title=Walk&description=',
      used: false,
    });
    const used = (await editRoute.loader(
      routeArgs(getRequest(own.cookie, `${ORIGIN}/listnm/hunts/edit/walk?aiTitle=Forest%20Walk&aiDescription=Look%20up`), params),
    )) as ItemEditorData;
    expect(used.defaultValue).toMatchObject({ title: 'Forest Walk', description: '<p>Look up</p>' });
    expect(used.assistant?.used).toBe(true);
    const answer = await outcome(
      editRoute.action(
        routeArgs(
          post(own, '/listnm/hunts/edit/walk', {
            intent: 'save',
            title: 'Walk',
            description: '<p>Go <script>x()</script>now</p>',
            active: 'on',
            'steps[0].title': 'Golf',
            'steps[0].type': 'golf',
            'steps[0].par': '3 4 5',
            'steps[1].title': 'A',
            'steps[1].key': 'a',
            'steps[1].type': 'photo',
          }),
          params,
        ),
      ),
    );
    expect(answer.status).toBe(302);
    expect(await read(own, 'hunts/walk')).toEqual({
      title: 'Walk',
      description: '<p>Go now</p>',
      drawable: 'x.jpg',
      active: true,
      steps: [
        { key: 'golf', type: 'golf', title: 'Golf', par: [3, 4, 5] },
        { key: 'a', type: 'photo', title: 'A' },
      ],
    });
  });

  it('answers 400 for a golf step without its par', async () => {
    const own = await ownCommunity({ hunts: { walk: { title: 'Walk' } } });
    const refused = await outcome<ItemEditorActionData>(
      editRoute.action(
        routeArgs(
          post(own, '/listnm/hunts/edit/walk', { intent: 'save', title: 'Walk', 'steps[0].title': 'Golf', 'steps[0].type': 'golf' }),
          {
            context: 'hunts',
            itemId: 'walk',
          },
        ),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.data?.result.error?.['steps[0].par']?.[0]).toMatch(/^Enter the par of each hole/);
  });
});
