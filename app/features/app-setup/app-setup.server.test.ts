import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Services } from '@server/services';
import { demoPerson, installTestServices, sessionCookie } from '../../../tests/setup/services';
import { APP_SETUP_TOASTS, appSetupAction, appSetupLoader, type AppSetupActionData } from './app-setup.server';

/**
 * The app setup panel's loader and action against a fresh embedded database with the demo
 * data (app-data 'pine-hollow'), with sessions minted by the real session storage.
 */

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let superCookie: string;
let adminCookie: string;

beforeAll(async () => {
  ({ services, close } = await installTestServices('app-setup-panel'));
  superCookie = await sessionCookie(services.sessions, demoPerson('super'));
  adminCookie = await sessionCookie(services.sessions, demoPerson('adminA'));
});
afterAll(async () => {
  await close?.();
});

const get = (path: string, cookie = superCookie) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, body: FormData | Record<string, string>, cookie = superCookie) => {
  if (body instanceof FormData) return new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { Cookie: cookie }, body });
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
};

/** A `data()` answer's payload and status. */
function unwrap(value: unknown): { status: number; data: AppSetupActionData } {
  const candidate = value as { type?: string; data?: AppSetupActionData; init?: { status?: number } };
  expect(candidate.type).toBe('DataWithResponseInit');
  return { status: candidate.init?.status ?? 200, data: candidate.data! };
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a thrown Response');
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** A PNG header of the given size (what the size check reads). */
function pngOfSize(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

async function toastOf(response: Response) {
  const cookie = response.headers.get('Set-Cookie')?.split(';')[0] ?? '';
  return (await services.sessions.getSession(cookie)).get('toast');
}

describe('app setup loader', () => {
  it('lists the app ids of {product}/app-data and loads the chosen record', async () => {
    const data = await appSetupLoader(get('/app-setup?appId=pine-hollow'));
    expect(data.apps).toContainEqual({ packageName: 'pine-hollow', displayName: 'Pine Hollow RV' });
    expect(data.appsError).toBeNull();
    expect(data.appId).toBe('pine-hollow');
    expect(data.values).toMatchObject({
      appName: 'Pine Hollow RV',
      appTitle: 'Pine Hollow RV Resort',
      enableGridMenu: 'true',
      allowLocationFavorite: 'false',
      hideESPTitle: '',
      colorAccent: '#E39B2D',
    });
  });

  it('has no record without an app id', async () => {
    const data = await appSetupLoader(get('/app-setup'));
    expect(data.appId).toBeNull();
    expect(data.values.appName).toBe('');
  });

  it("says 'Error loading available app IDs' when the list cannot be read", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    // requireSuperAdmin reads the database too, so fail only the app-data read.
    const original = services.db.ref.bind(services.db);
    const refSpy = vi.spyOn(services.db, 'ref').mockImplementation((path?: string) => {
      if (path === services.paths.appData()) throw new Error('database down');
      return original(path as string);
    });
    const data = await appSetupLoader(get('/app-setup'));
    expect(data.appsError).toBe('Error loading available app IDs');
    refSpy.mockRestore();
    quiet.mockRestore();
  });

  it('is for super admins only', async () => {
    expect((await thrown(appSetupLoader(get('/app-setup', adminCookie)))).status).toBe(403);
  });
});

/** A multipart form of the given fields (files as File). */
function multipart(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe('app setup action', () => {
  it("refuses a save without an app id: 'Please select an app ID.'", async () => {
    const { status, data } = unwrap(await appSetupAction(post('/app-setup', { intent: 'save', appId: '', appName: 'Kept' })));
    expect(status).toBe(400);
    expect(data.result.error?.appId).toEqual(['Please select an app ID.']);
    expect(data.result.initialValue).toMatchObject({ appName: 'Kept' });
  });

  it('keeps the input on a validation error', async () => {
    const { status, data } = unwrap(
      await appSetupAction(
        post('/app-setup?appId=pine-hollow', { intent: 'save', appId: 'pine-hollow', appName: 'x'.repeat(31), resortsBetweenAds: '-2' }),
      ),
    );
    expect(status).toBe(400);
    expect(data.result.error?.appName).toEqual(['App name must be at most 30 characters.']);
    expect(data.result.error?.resortsBetweenAds).toEqual(['Must be 0 or more.']);
    expect(data.result.initialValue).toMatchObject({ appName: 'x'.repeat(31), resortsBetweenAds: '-2' });
  });

  it('saves the record (three-state flags, numbers, deployment texts) and redirects with the toast', async () => {
    const response = (await appSetupAction(
      post('/app-setup?appId=test-app', {
        intent: 'save',
        appId: 'test-app',
        appName: 'Test App',
        appTitle: 'Test Title',
        enableGridMenu: 'true',
        requestLocation: 'false',
        hideESPTitle: '',
        resortsBetweenAds: '4',
        adStartingPosition: '0',
        colorPrimary: '#112233',
      }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/app-setup?appId=test-app');
    const record = (await services.db.ref(services.paths.appData('test-app')).get()).val();
    expect(record).toEqual({
      appName: 'Test App',
      enableGridMenu: true,
      requestLocation: false,
      resortsBetweenAds: 4,
      adStartingPosition: 0,
      colorPrimary: '#112233',
      deploymentAssets: { appTitle: 'Test Title' },
    });
    expect(await toastOf(response)).toEqual({ kind: 'success', message: APP_SETUP_TOASTS.saved('test-app') });
  });

  it('sets a flag back to unset (removed from the record)', async () => {
    await appSetupAction(post('/app-setup?appId=test-app', { intent: 'save', appId: 'test-app', enableGridMenu: '' }));
    const record = (await services.db.ref(services.paths.appData('test-app')).get()).val();
    expect(record?.enableGridMenu).toBeUndefined();
  });

  it('Load App opens the app the picker shows', async () => {
    const response = (await appSetupAction(post('/app-setup?appId=test-app', { intent: 'load', appId: 'pine-hollow' }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/app-setup?appId=pine-hollow');
    const { status, data } = unwrap(await appSetupAction(post('/app-setup', { intent: 'load', appId: '' })));
    expect(status).toBe(400);
    expect(data.result.error?.appId).toEqual(['Please select an app ID.']);
  });

  it('never writes the fields of the app the form shows into another app the picker shows', async () => {
    const before = (await services.db.ref(services.paths.appData('pine-hollow')).get()).val();
    // A chosen app, none loaded: the form's fields are not its configuration.
    const fresh = unwrap(await appSetupAction(post('/app-setup', { intent: 'save', appId: 'pine-hollow', appName: 'Typed' })));
    expect(fresh.status).toBe(400);
    expect(fresh.data.result.error?.appId?.[0]).toMatch(/Press Load App to open pine-hollow/);
    expect(fresh.data.result.initialValue).toMatchObject({ appName: 'Typed' });
    // test-app's fields with pine-hollow chosen.
    const other = unwrap(
      await appSetupAction(post('/app-setup?appId=test-app', { intent: 'save', appId: 'pine-hollow', appName: 'Test App' })),
    );
    expect(other.status).toBe(400);
    expect(other.data.result.error?.appId?.[0]).toMatch(/shows the configuration of test-app/);
    expect((await services.db.ref(services.paths.appData('pine-hollow')).get()).val()).toEqual(before);
    const upload = unwrap(
      await appSetupAction(
        post(
          '/app-setup?appId=test-app',
          multipart({ intent: 'upload:appIcon', appId: 'pine-hollow', appIcon: new File([PNG], 'icon.png', { type: 'image/png' }) }),
        ),
      ),
    );
    expect(upload.status).toBe(400);
    expect(await services.storage.exists('app-icons/pine-hollow/app-icon.png')).toBe(false);
  });

  it('uploads an app icon to app-icons/{appId}/app-icon.{ext}, saves its URL and keeps every typed value unsaved', async () => {
    const form = multipart({
      intent: 'upload:appIcon',
      appId: 'test-app',
      appName: 'Typed name',
      shortDescription: 'Typed description',
      appIcon: new File([PNG], 'Icon.PNG', { type: 'image/png' }),
    });
    const { status, data } = unwrap(await appSetupAction(post('/app-setup?appId=test-app', form)));
    expect(status).toBe(200);
    expect(data.uploaded).toMatchObject({ field: 'appIcon', message: 'App icon uploaded successfully!' });
    expect(data.result.initialValue).toMatchObject({ appName: 'Typed name', shortDescription: 'Typed description' });
    expect(await services.storage.exists('app-icons/test-app/app-icon.png')).toBe(true);
    const record = (await services.db.ref(services.paths.appData('test-app')).get()).val();
    expect(record.deploymentAssets.appIcon).toBe(await services.storage.url('app-icons/test-app/app-icon.png'));
    expect(record.appName).not.toBe('Typed name');
  });

  it('stores an image of another size than recommended; the success and the size warning are separate messages (spec 01 §5)', async () => {
    const { data: sized } = unwrap(
      await appSetupAction(
        post(
          '/app-setup?appId=sized-app',
          multipart({
            intent: 'upload:notificationIcon',
            appId: 'sized-app',
            notificationIcon: new File([pngOfSize(128, 128)], 'bell.png', { type: 'image/png' }),
          }),
        ),
      ),
    );
    expect(await services.storage.exists('app-icons/sized-app/notification-icon.png')).toBe(true);
    expect(sized.uploaded?.message).toBe('Notification icon uploaded successfully!');
    // The screen says so beside the asset, in its own message.
    const data = await appSetupLoader(get('/app-setup?appId=sized-app'));
    expect(data.assetChecks.notificationIcon).toEqual({
      size: { width: 128, height: 128 },
      warning: 'The notification icon is 128x128 pixels; the recommended size is 96x96 pixels.',
    });

    const { data: right } = unwrap(
      await appSetupAction(
        post(
          '/app-setup?appId=sized-app',
          multipart({
            intent: 'upload:appIcon',
            appId: 'sized-app',
            appIcon: new File([pngOfSize(512, 512)], 'icon.png', { type: 'image/png' }),
          }),
        ),
      ),
    );
    expect(right.uploaded?.message).toBe('App icon uploaded successfully!');
    const after = await appSetupLoader(get('/app-setup?appId=sized-app'));
    expect(after.assetChecks.appIcon).toEqual({ size: { width: 512, height: 512 }, warning: null });
    expect(after.assetChecks.featuredImage).toBeUndefined();
  });

  it('saves assets with the configuration: a success toast, and the size warning beside the asset', async () => {
    const form = multipart({
      intent: 'save',
      appId: 'sized-app',
      featuredImage: new File([pngOfSize(1024, 512)], 'wide.png', { type: 'image/png' }),
    });
    const response = (await appSetupAction(post('/app-setup?appId=sized-app', form))) as Response;
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toEqual({ kind: 'success', message: 'App configuration for sized-app updated successfully!' });
    const data = await appSetupLoader(get('/app-setup?appId=sized-app'));
    expect(data.assetChecks.featuredImage?.warning).toBe('The featured image is 1024x512 pixels; the recommended size is 1024x500 pixels.');
  });

  it("refuses an upload without an app id: 'Please select an App ID first'", async () => {
    const form = multipart({
      intent: 'upload:featuredImage',
      appId: '',
      featuredImage: new File([PNG], 'wide.png', { type: 'image/png' }),
    });
    const { status, data } = unwrap(await appSetupAction(post('/app-setup', form)));
    expect(status).toBe(400);
    expect(data.result.error?.['']).toEqual(['Please select an App ID first']);
  });

  it("refuses a file that is not png or jpeg ('Incorrect Type')", async () => {
    const form = multipart({
      intent: 'upload:notificationIcon',
      appId: 'test-app',
      notificationIcon: new File(['GIF89a'], 'icon.gif', { type: 'image/gif' }),
    });
    const { status, data } = unwrap(await appSetupAction(post('/app-setup?appId=test-app', form)));
    expect(status).toBe(400);
    expect(data.uploadError?.title).toBe('Incorrect Type');
    expect(data.result.error?.notificationIcon?.[0]).toMatch(/Please upload files with the correct type: image\/png, image\/jpeg/);
  });

  it('uploads one asset even when another input still holds a refused file', async () => {
    const form = multipart({
      intent: 'upload:featuredImage',
      appId: 'test-app',
      notificationIcon: new File(['GIF89a'], 'icon.gif', { type: 'image/gif' }),
      featuredImage: new File([PNG], 'wide.jpeg', { type: 'image/jpeg' }),
    });
    const { status } = unwrap(await appSetupAction(post('/app-setup?appId=test-app', form)));
    expect(status).toBe(200);
    expect(await services.storage.exists('app-icons/test-app/featured-image.jpeg')).toBe(true);
    expect(await services.storage.exists('app-icons/test-app/notification-icon.gif')).toBe(false);
  });

  it("answers 'Error uploading app icon' when storage fails", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const put = vi.spyOn(services.storage, 'put').mockRejectedValueOnce(new Error('bucket down'));
    const form = multipart({ intent: 'upload:appIcon', appId: 'test-app', appIcon: new File([PNG], 'icon.png', { type: 'image/png' }) });
    const { status, data } = unwrap(await appSetupAction(post('/app-setup?appId=test-app', form)));
    expect(status).toBe(500);
    expect(data.result.error?.['']).toEqual(['Error uploading app icon']);
    put.mockRestore();
    quiet.mockRestore();
  });

  it("answers 'Error saving app configuration' when the write fails", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const original = services.db.ref.bind(services.db);
    const refSpy = vi.spyOn(services.db, 'ref').mockImplementation((path?: string) => {
      const ref = original(path as string);
      if (path === services.paths.appData('test-app'))
        return Object.assign(Object.create(ref), {
          update: () => Promise.reject(new Error('down')),
          transaction: () => Promise.reject(new Error('down')),
        });
      return ref;
    });
    const { status, data } = unwrap(await appSetupAction(post('/app-setup?appId=test-app', { intent: 'save', appId: 'test-app' })));
    expect(status).toBe(500);
    expect(data.result.error?.['']).toEqual(['Error saving app configuration']);
    refSpy.mockRestore();
    quiet.mockRestore();
  });

  it('refuses an intent the form does not have', async () => {
    expect((await thrown(appSetupAction(post('/app-setup', { intent: 'upload:appName', appId: 'x' })))).status).toBe(400);
  });

  it('is for super admins only', async () => {
    expect((await thrown(appSetupAction(post('/app-setup', { intent: 'save', appId: 'x' }, adminCookie)))).status).toBe(403);
  });
});

describe('two super admins editing one app', () => {
  const formOf = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const stored = async () => (await services.db.ref(services.paths.appData('pine-hollow')).get()).val() as Record<string, unknown>;

  it("answers a stale save with 409, their values and a new version, keeping A's change and everything B typed", async () => {
    const opened = await appSetupLoader(get('/app-setup?appId=pine-hollow'));
    expect(opened.version).toMatch(/^[\w-]{22}$/);
    const { appIcon: _a, notificationIcon: _n, featuredImage: _f, ...record } = opened.values;
    const fields = { ...formOf(record), appId: 'pine-hollow', version: opened.version!, intent: 'save' };

    const a = await appSetupAction(post('/app-setup?appId=pine-hollow', { ...fields, appName: 'Pine A' }));
    expect(a).toBeInstanceOf(Response);
    expect((await stored()).appName).toBe('Pine A');

    // An asset uploaded meanwhile does not count: the form does not show its address.
    await services.db
      .ref(services.paths.appData('pine-hollow'))
      .update({ 'deploymentAssets/appIcon': '/files/app-icons/pine-hollow/app-icon.png' });

    const b = unwrap(await appSetupAction(post('/app-setup?appId=pine-hollow', { ...fields, keywords: 'camping,b' })));
    expect(b.status).toBe(409);
    expect((await stored()).appName).toBe('Pine A');
    expect(b.data.conflict!.message).toBe(
      'The configuration of pine-hollow was changed by someone else while you were editing. Their version is shown below; your changes are still in the form. Save again to replace theirs.',
    );
    expect(b.data.conflict!.theirs).toContainEqual({ label: 'App Name', value: 'Pine A' });
    expect(b.data.result.initialValue).toMatchObject({ keywords: 'camping,b' });
    expect(b.data.version).toBe(b.data.conflict!.version);
    expect((await appSetupLoader(get('/app-setup?appId=pine-hollow'))).version).toBe(b.data.conflict!.version);

    const again = await appSetupAction(
      post('/app-setup?appId=pine-hollow', { ...fields, keywords: 'camping,b', version: b.data.version! }),
    );
    expect(again).toBeInstanceOf(Response);
    expect(await stored()).toMatchObject({
      appName: opened.values.appName,
      deploymentAssets: expect.objectContaining({ keywords: 'camping,b' }),
    });
    expect(((await stored()).deploymentAssets as Record<string, unknown>).appIcon).toBe('/files/app-icons/pine-hollow/app-icon.png');
  });
});
