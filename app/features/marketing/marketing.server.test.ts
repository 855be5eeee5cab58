import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbValue } from '@server/db';
import type { Services } from '@server/services';
import * as route from '~/routes/_app.marketing._index';
import { outcome } from '../../../tests/setup/outcome';
import { installTestServices, sessionCookie } from '../../../tests/setup/services';
import type { MarketingActionData, MarketingData } from './marketing.server';

/**
 * The marketing screen's loader and action with real requests, sessions and the embedded
 * database: each test makes a community of its own, with an admin (or editor, or system
 * administrator) of its own.
 */

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('marketing-screen'));
});

afterAll(async () => {
  await close?.();
});

interface Own {
  community: string;
  cookie: string;
}

type Rights = 'admin' | 'editor' | 'system';

async function ownCommunity(packageNames: Record<string, DbValue> = {}, rights: Rights = 'admin'): Promise<Own> {
  counter += 1;
  const community = `marketing-test-${counter}`;
  const second = `marketing-test-${counter}-b`;
  const uid = `marketing-person-${counter}`;
  const flags: Record<string, DbValue> = {
    isEditor: true,
    ...(rights === 'editor' ? {} : { isAdmin: true }),
    ...(rights === 'system' ? { isResortSystem: true } : {}),
  };
  await services.db.ref().update({
    [services.paths.community(community)]: { title: `Marketing Test ${counter}`, timeZone: 'America/New_York', packageNames },
    [services.paths.community(second)]: { title: `Marketing Test ${counter} B`, timeZone: 'America/New_York' },
    [services.paths.userAuthorization(uid)]: {
      editorDefault: community,
      communities: { [community]: flags, ...(rights === 'system' ? { [second]: flags } : {}) },
    },
  });
  const cookie = await sessionCookie(
    services.sessions,
    { uid, email: `${uid}@test.example`, displayName: 'Marketing Person' },
    { communityKey: community },
  );
  return { community, cookie };
}

const get = (own: Own, search = '', host?: string) =>
  new Request(`${host ? `http://${host}` : ORIGIN}/marketing${search}`, {
    headers: { Cookie: own.cookie, ...(host ? { Host: host } : {}) },
  });
function post(own: Own, fields: Record<string, string | File>) {
  const body = new FormData();
  body.append('_community', own.community);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`${ORIGIN}/marketing?index`, { method: 'POST', headers: { Cookie: own.cookie, Origin: ORIGIN }, body });
}
const args = (request: Request) => ({ request, params: {}, context: {} });
const load = (request: Request) => outcome<MarketingData>(route.loader(args(request)));
const act = (request: Request) => outcome<MarketingActionData>(route.action(args(request)));
const stored = async (own: Own) => (await services.db.ref(services.paths.communityPackageNames(own.community)).get()).val() as unknown;

const PINE = { android: 'com.pine.app', ios: 'com.pine.ios', iosId: 6450012345, oneLink: 'https://pine.example/app' };

function pngFile(name = 'phone.png'): File {
  const canvas = createCanvas(300, 600);
  canvas.getContext('2d').fillRect(0, 0, 300, 600);
  return new File([new Uint8Array(canvas.toBuffer('image/png'))], name, { type: 'image/png' });
}

describe('the marketing screen', () => {
  it('shows the badges, the one-link with its QR code and the images to an admin of the community', async () => {
    const own = await ownCommunity({ ...PINE, phoneOnlyImage: '/files/x/phone.png' });
    await services.storage.put(
      `${own.community}/images/social_marketing_downloaded.png`,
      new Uint8Array(createCanvas(10, 10).toBuffer('image/png')),
      {
        contentType: 'image/png',
      },
    );
    const { status, data } = await load(get(own));
    expect(status).toBe(200);
    const view = data!.view;
    expect(view.badges?.appStoreUrl).toBe('https://apps.apple.com/app/id6450012345');
    expect(view.badges?.vertical).toContain(`${ORIGIN}/badges/app-store-badge.svg`);
    expect(view.oneLink?.url).toBe(PINE.oneLink);
    expect(view.phoneOnlyImage).toBe('/files/x/phone.png');
    expect(view.introducingImage).toBeNull();
    expect(view.ongoingImage).toMatch(new RegExp(`/files/${own.community}/images/social_marketing_downloaded\\.png$`));
    expect(data!.editing).toBe(false);
    expect(data!.form.canChooseScope).toBe(false);
    expect((await load(get(own, '?edit=package'))).data!.editing).toBe(true);
  });

  it('is refused to an editor who is not an admin of the community (403), and in the studio project', async () => {
    const editor = await ownCommunity(PINE, 'editor');
    expect((await load(get(editor))).status).toBe(403);
    expect((await act(post(editor, { intent: 'save', android: 'x' }))).status).toBe(403);
    expect(await stored(editor)).toEqual(PINE);
    const admin = await ownCommunity(PINE);
    const studio = await load(get(admin, '', 'studio.localhost:3000'));
    expect(studio.status).toBe(302);
    expect(studio.response?.headers.get('Location')).toBe('/?unavailable=marketing');
  });

  it("saves only the changed fields ('Saved!'); an emptied field is removed", async () => {
    const own = await ownCommunity({ ...PINE, legacyField: 'kept' });
    const { data } = await load(get(own, '?edit=package'));
    const answer = await act(
      post(own, { intent: 'save', ...data!.form.defaults, android: 'com.pine.new', oneLink: '', version: data!.form.version }),
    );
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get('Location')).toBe('/marketing');
    expect(answer.response?.headers.get('Set-Cookie')).toBeTruthy();
    expect(await stored(own)).toEqual({ android: 'com.pine.new', ios: 'com.pine.ios', iosId: 6450012345, legacyField: 'kept' });
  });

  it('closes without writing when nothing changed', async () => {
    const own = await ownCommunity(PINE);
    const before = (await services.db.ref(services.paths.community(own.community)).get()).val() as unknown;
    const { data } = await load(get(own, '?edit=package'));
    const answer = await act(post(own, { intent: 'save', ...data!.form.defaults, version: data!.form.version }));
    expect(answer.status).toBe(302);
    expect(answer.response?.headers.get('Location')).toBe('/marketing');
    expect(answer.response?.headers.get('Set-Cookie')).toBeNull();
    expect((await services.db.ref(services.paths.community(own.community)).get()).val()).toEqual(before);
  });

  it('refuses a one-link URL that is no URL and an iOS ID that is no number, keeping what was typed', async () => {
    const own = await ownCommunity(PINE);
    const answer = await act(post(own, { intent: 'save', android: 'com.typed', oneLink: 'pine app', iosId: 'six' }));
    expect(answer.status).toBe(400);
    expect(answer.data!.result.error).toMatchObject({
      oneLink: ['Valid URL(e.g. https://example.com) is required.'],
      iosId: ['iOS ID must be a number.'],
    });
    expect(answer.data!.result.initialValue).toMatchObject({ android: 'com.typed', oneLink: 'pine app' });
    expect(await stored(own)).toEqual(PINE);
  });

  it('answers a stale form with 409, their values beside it, and keeps theirs', async () => {
    const own = await ownCommunity(PINE);
    const { data } = await load(get(own, '?edit=package'));
    await services.db.ref(services.paths.communityPackageNames(own.community)).update({ oneLink: 'https://theirs.example' });
    const answer = await act(post(own, { intent: 'save', ...data!.form.defaults, android: 'com.mine', version: data!.form.version }));
    expect(answer.status).toBe(409);
    expect(answer.data!.conflict?.theirs).toEqual([
      { label: 'Android Package Name', value: 'com.pine.app' },
      { label: 'One-Link URL', value: 'https://theirs.example' },
    ]);
    expect(answer.data!.version).not.toBe(data!.form.version);
    expect(await stored(own)).toMatchObject({ android: 'com.pine.app', oneLink: 'https://theirs.example' });
  });

  it('a system administrator with more than one community chooses: Update System clears the community fields', async () => {
    const own = await ownCommunity(PINE, 'system');
    const { data } = await load(get(own, '?edit=package'));
    expect(data!.form.canChooseScope).toBe(true);
    const fields = { ...data!.form.defaults, tableId: 'system-table', version: data!.form.version };
    const asked = await act(post(own, { intent: 'save', ...fields }));
    expect(asked.status).toBe(200);
    expect(asked.data!.ask).toBe(true);
    expect(await stored(own)).toEqual(PINE);
    const unchanged = await act(post(own, { intent: 'save', ...data!.form.defaults, version: data!.form.version }));
    expect(unchanged.response?.headers.get('Location')).toBe('/marketing');

    await services.db.ref(services.paths.communityPackageNames(own.community)).update({ tableId: 'community-table' });
    const fresh = (await load(get(own, '?edit=package'))).data!;
    const system = await act(
      post(own, { intent: 'update-system', ...fresh.form.defaults, tableId: 'system-table', version: fresh.form.version }),
    );
    expect(system.status).toBe(302);
    expect(await stored(own)).toEqual(PINE);
    expect((await services.db.ref(services.paths.systemPackageNames()).get()).val()).toMatchObject({ tableId: 'system-table' });
    await services.db.ref(services.paths.systemPackageNames()).remove();
  });

  it('Update System is refused to everyone else; Update Community Only writes at community level', async () => {
    const own = await ownCommunity(PINE);
    const { data } = await load(get(own, '?edit=package'));
    expect((await act(post(own, { intent: 'update-system', ...data!.form.defaults, tableId: 't' }))).status).toBe(403);
    expect((await services.db.ref(services.paths.systemPackageNames()).get()).exists()).toBe(false);
    const community = await act(
      post(own, { intent: 'update-community', ...data!.form.defaults, tableId: 't', version: data!.form.version }),
    );
    expect(community.status).toBe(302);
    expect(await stored(own)).toEqual({ ...PINE, tableId: 't' });
  });

  it('without JavaScript, a chosen image is stored with Upload and saved with Save', async () => {
    const own = await ownCommunity(PINE);
    const { data } = await load(get(own, '?edit=package'));
    const uploaded = await act(
      post(own, { intent: 'upload', ...data!.form.defaults, version: data!.form.version, phoneOnlyImageFile: pngFile() }),
    );
    expect(uploaded.status).toBe(200);
    const url = String((uploaded.data!.result.initialValue as Record<string, unknown>).phoneOnlyImage);
    expect(url).toMatch(new RegExp(`/files/${own.community}/images/marketing/\\d+/phone_crop\\.png$`));
    expect(await stored(own)).toEqual(PINE);
    const saved = await act(post(own, { intent: 'save', ...data!.form.defaults, phoneOnlyImage: url, version: data!.form.version }));
    expect(saved.status).toBe(302);
    expect(await stored(own)).toEqual({ ...PINE, phoneOnlyImage: url });
  });

  it("refuses a file of another type with the uploader's words", async () => {
    const own = await ownCommunity(PINE);
    const gif = new File([new Uint8Array([71, 73, 70, 56])], 'a.gif', { type: 'image/gif' });
    const answer = await act(post(own, { intent: 'upload', ...PINE, iosId: String(PINE.iosId), introducingMarketingImageFile: gif }));
    expect(answer.status).toBe(400);
    expect(answer.data!.result.error).toMatchObject({
      introducingMarketingImage: ['Please upload files with the correct type: image/png, image/jpeg'],
    });
  });
});
