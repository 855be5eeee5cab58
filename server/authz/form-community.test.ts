import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffSessionStorage, readSession, type StaffSessionStorage } from '@server/auth/session';
import { readForm } from '@server/http/form';
import { parseUpload } from '@server/storage/upload';
import { FORM_COMMUNITY_FIELD, SWITCH_COMMUNITY_FIELD, type CommunityRefusal } from '~/lib/form-community';
import { COMMUNITY_A, COMMUNITY_B, openDemoDb, roleCookies, type DemoDb, type Role } from '../../tests/setup/services';
import { createAuthz, type Authz } from './require';

/**
 * A form opened for one community is never saved into another (docs/decisions/018): the staff
 * check and the form reader together refuse it, whichever the action calls first, with a 409
 * that carries the message and everything posted; "Switch … and save" selects the form's
 * community again and sends the same post back (307). Every action is walked in
 * tests/permission-matrix/form-community.ts.
 */

const ORIGIN = 'http://console.test';
let demo: DemoDb;
let sessions: StaffSessionStorage;
let authz: Authz;
let cookies: Record<Role, string>;

beforeAll(async () => {
  demo = await openDemoDb('authz-form-community');
  sessions = createStaffSessionStorage({
    db: demo.db,
    paths: demo.paths,
    secrets: ['a-test-secret-that-is-at-least-32-chars'],
    secure: false,
  });
  authz = createAuthz({ db: demo.db, paths: demo.paths, env: demo.env, sessions });
  cookies = await roleCookies(sessions);
});

afterAll(() => demo?.db.close());

function post(role: Role, fields: Record<string, string>, path = '/add?index') {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { Cookie: cookies[role], 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; body: CommunityRefusal | null; headers: Headers }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    const text = await error.text();
    return { status: error.status, body: text ? (JSON.parse(text) as CommunityRefusal) : null, headers: error.headers };
  }
  throw new Error('expected a refusal');
}

const FAQ = { intent: 'save', question: 'Where is the pool?', answer: 'Behind the office.' };

describe('a form opened for another community than the selected one', () => {
  it('is refused with 409, the message naming both communities, and everything typed sent back', async () => {
    // The system admin's session selects Pine Hollow (A); the form was opened when Maple Falls (B) was.
    const request = post('system', { ...FAQ, [FORM_COMMUNITY_FIELD]: COMMUNITY_B });
    await authz.requireStaff(request);
    const { status, body } = await refusal(readForm(request));
    expect(status).toBe(409);
    expect(body).toEqual({
      reason: 'community-changed',
      message:
        'This form was opened for Maple Falls, but Pine Hollow RV Resort is now selected, so nothing was saved. Switch back to Maple Falls to save it; what you typed is below.',
      formCommunity: { key: COMMUNITY_B, name: 'Maple Falls' },
      selected: { key: COMMUNITY_A, name: 'Pine Hollow RV Resort' },
      canSwitch: true,
      action: '/add?index',
      fields: [...Object.entries(FAQ), [FORM_COMMUNITY_FIELD, COMMUNITY_B]],
    });
  });

  it('is refused whichever the action calls first: the form reader or the staff check', async () => {
    const request = post('system', { ...FAQ, [FORM_COMMUNITY_FIELD]: COMMUNITY_B });
    await readForm(request);
    expect((await refusal(authz.requireStaff(request))).status).toBe(409);
    // The helpers built on the staff check check too.
    const admin = post('system', { ...FAQ, [FORM_COMMUNITY_FIELD]: COMMUNITY_B });
    await authz.requireLocationAdmin(admin);
    expect((await refusal(readForm(admin))).status).toBe(409);
  });

  it('is refused by the upload reader too, before any file is stored', async () => {
    const body = new FormData();
    body.append(FORM_COMMUNITY_FIELD, COMMUNITY_B);
    body.append('image', new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' }));
    const request = new Request(`${ORIGIN}/header-images`, { method: 'POST', headers: { Cookie: cookies.system }, body });
    await authz.requireStaff(request);
    expect((await refusal(parseUpload(request, { accept: ['image/*'] }))).status).toBe(409);
  });

  it('passes when it names the selected community, or none (no form of the console)', async () => {
    const same = post('system', { ...FAQ, [FORM_COMMUNITY_FIELD]: COMMUNITY_A });
    await authz.requireStaff(same);
    expect((await readForm(same)).get('question')).toBe(FAQ.question);
    const none = post('system', FAQ);
    await authz.requireStaff(none);
    expect((await readForm(none)).get('question')).toBe(FAQ.question);
  });

  it('names no community the person may not manage, and offers no switch there', async () => {
    const request = post('adminA', { ...FAQ, [FORM_COMMUNITY_FIELD]: COMMUNITY_B });
    await authz.requireStaff(request);
    const { status, body } = await refusal(readForm(request));
    expect(status).toBe(409);
    expect(body).toMatchObject({ formCommunity: { key: '', name: 'another community' }, canSwitch: false });
  });

  it('a route naming its own community compares with that one, and offers no switch', async () => {
    const request = post('system', { ...FAQ, [FORM_COMMUNITY_FIELD]: COMMUNITY_A });
    await authz.requireStaff(request, { community: COMMUNITY_B });
    expect(await refusal(readForm(request))).toMatchObject({ status: 409, body: { canSwitch: false } });
    const own = post('system', { ...FAQ, [FORM_COMMUNITY_FIELD]: COMMUNITY_B });
    await authz.requireStaff(own, { community: COMMUNITY_B });
    expect((await readForm(own)).get('answer')).toBe(FAQ.answer);
  });

  it('"Switch … and save" selects the form\'s community and sends the same post back (307)', async () => {
    const request = post('system', { ...FAQ, [FORM_COMMUNITY_FIELD]: COMMUNITY_B, [SWITCH_COMMUNITY_FIELD]: COMMUNITY_B });
    await authz.requireStaff(request);
    const { status, headers } = await refusal(readForm(request));
    expect(status).toBe(307);
    expect(headers.get('Location')).toBe('/add?index');
    const cookie = headers.get('Set-Cookie')!.split(';')[0]!;
    expect((await readSession(sessions, new Request(ORIGIN, { headers: { Cookie: cookie } }))).get('communityKey')).toBe(COMMUNITY_B);

    // The same post again, now with Maple Falls selected: it passes.
    const again = new Request(`${ORIGIN}/add?index`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...FAQ, [FORM_COMMUNITY_FIELD]: COMMUNITY_B, [SWITCH_COMMUNITY_FIELD]: COMMUNITY_B }),
    });
    expect((await authz.requireStaff(again)).community).toBe(COMMUNITY_B);
    expect((await readForm(again)).get('question')).toBe(FAQ.question);
  });

  it('a switch to a community the person may not manage is refused like any other', async () => {
    const request = post('adminA', { ...FAQ, [FORM_COMMUNITY_FIELD]: COMMUNITY_B, [SWITCH_COMMUNITY_FIELD]: COMMUNITY_B });
    await authz.requireStaff(request);
    expect((await refusal(readForm(request))).status).toBe(409);
  });
});
