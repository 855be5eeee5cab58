import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Services } from '@server/services';
import { demoPerson, installTestServices, sessionCookie } from '../../../../tests/permission-matrix/fixtures';
import { APP_SETUP_TOASTS, appSetupPanel, type AppSetupActionData, type AppSetupLoaderData } from './app-setup.server';

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

const args = (request: Request) => ({ request, params: { action: 'app-setup' }, context: {} });
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
  const cookie = response.headers.get('Set-Cookie')!.split(';')[0];
  return (await services.sessions.getSession(cookie)).get('toast');
}

describe('app setup loader', () => {
  it('lists the app ids of {product}/app-data and loads the chosen record', async () => {
    const data = (await appSetupPanel.loader(args(get('/app-setup?appId=pine-hollow')))) as AppSetupLoaderData;
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
    const data = (await appSetupPanel.loader(args(get('/app-setup')))) as AppSetupLoaderData;
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
    const data = (await appSetupPanel.loader(args(get('/app-setup')))) as AppSetupLoaderData;
    expect(data.appsError).toBe('Error loading available app IDs');
    refSpy.mockRestore();
    quiet.mockRestore();
  });

  it('is for super admins only', async () => {
    expect((await thrown(appSetupPanel.loader(args(get('/app-setup', adminCookie))))).status).toBe(403);
  });
});

describe('app setup action', () => {
  it("refuses a save without an app id: 'Please select an app ID.'", async () => {
    const { status, data } = unwrap(await appSetupPanel.action!(args(post('/app-setup', { intent: 'save', appId: '', appName: 'Kept' }))));
    expect(status).toBe(400);
    expect(data.result.error?.appId).toEqual(['Please select an app ID.']);
    expect(data.result.initialValue).toMatchObject({ appName: 'Kept' });
  });

  it('keeps the input on a validation error', async () => {
    const { status, data } = unwrap(
      await appSetupPanel.action!(
        args(post('/app-setup', { intent: 'save', appId: 'pine-hollow', appName: 'x'.repeat(31), resortsBetweenAds: '-2' })),
      ),
    );
    expect(status).toBe(400);
    expect(data.result.error?.appName).toEqual(['App name must be at most 30 characters.']);
    expect(data.result.error?.resortsBetweenAds).toEqual(['Must be 0 or more.']);
    expect(data.result.initialValue).toMatchObject({ appName: 'x'.repeat(31), resortsBetweenAds: '-2' });
  });

  it('saves the record (three-state flags, numbers, deployment texts) and redirects with the toast', async () => {
    const response = (await appSetupPanel.action!(
      args(
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
      ),
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
    // The toast travels in the session flash.
    const cookie = response.headers.get('Set-Cookie')!.split(';')[0];
    const root = await services.sessions.getSession(cookie);
    expect(root.get('toast')).toEqual({ kind: 'success', message: APP_SETUP_TOASTS.saved('test-app') });
  });

  it('sets a flag back to unset (removed from the record)', async () => {
    await appSetupPanel.action!(args(post('/app-setup', { intent: 'save', appId: 'test-app', enableGridMenu: '' })));
    const record = (await services.db.ref(services.paths.appData('test-app')).get()).val();
    expect(record?.enableGridMenu).toBeUndefined();
  });

  it('uploads an app icon to app-icons/{appId}/app-icon.{ext} and saves its URL', async () => {
    const form = new FormData();
    form.append('intent', 'upload-appIcon');
    form.append('appId', 'test-app');
    form.append('appIcon', new File([PNG], 'Icon.PNG', { type: 'image/png' }));
    const response = (await appSetupPanel.action!(args(post('/app-setup', form)))) as Response;
    expect(response.status).toBe(302);
    expect(await services.storage.exists('app-icons/test-app/app-icon.png')).toBe(true);
    const url = (await services.db.ref(`${services.paths.appData('test-app')}/deploymentAssets/appIcon`).get()).val();
    expect(url).toBe(await services.storage.url('app-icons/test-app/app-icon.png'));
  });

  it('stores an image of another size than recommended, with a warning naming both sizes (spec 01 §5)', async () => {
    const form = new FormData();
    form.append('intent', 'upload-notificationIcon');
    form.append('appId', 'sized-app');
    form.append('notificationIcon', new File([pngOfSize(128, 128)], 'bell.png', { type: 'image/png' }));
    const response = (await appSetupPanel.action!(args(post('/app-setup', form)))) as Response;
    expect(response.status).toBe(302);
    expect(await services.storage.exists('app-icons/sized-app/notification-icon.png')).toBe(true);
    expect(await toastOf(response)).toEqual({
      kind: 'warning',
      message: 'Notification icon uploaded successfully! The notification icon is 128x128 pixels; the recommended size is 96x96 pixels.',
    });
    // The screen keeps saying so beside the asset.
    const data = (await appSetupPanel.loader(args(get('/app-setup?appId=sized-app')))) as AppSetupLoaderData;
    expect(data.assetChecks.notificationIcon).toEqual({
      size: { width: 128, height: 128 },
      warning: 'The notification icon is 128x128 pixels; the recommended size is 96x96 pixels.',
    });

    const right = new FormData();
    right.append('intent', 'upload-appIcon');
    right.append('appId', 'sized-app');
    right.append('appIcon', new File([pngOfSize(512, 512)], 'icon.png', { type: 'image/png' }));
    const ok = (await appSetupPanel.action!(args(post('/app-setup', right)))) as Response;
    expect(await toastOf(ok)).toEqual({ kind: 'success', message: 'App icon uploaded successfully!' });
    const after = (await appSetupPanel.loader(args(get('/app-setup?appId=sized-app')))) as AppSetupLoaderData;
    expect(after.assetChecks.appIcon).toEqual({ size: { width: 512, height: 512 }, warning: null });
    expect(after.assetChecks.featuredImage).toBeUndefined();
  });

  it('names the sizes of assets saved with the configuration', async () => {
    const form = new FormData();
    form.append('intent', 'save');
    form.append('appId', 'sized-app');
    form.append('featuredImage', new File([pngOfSize(1024, 512)], 'wide.png', { type: 'image/png' }));
    const response = (await appSetupPanel.action!(args(post('/app-setup', form)))) as Response;
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toEqual({
      kind: 'warning',
      message:
        'App configuration for sized-app updated successfully! The featured image is 1024x512 pixels; the recommended size is 1024x500 pixels.',
    });
  });

  it("refuses an upload without an app id: 'Please select an App ID first'", async () => {
    const form = new FormData();
    form.append('intent', 'upload-featuredImage');
    form.append('appId', '');
    form.append('featuredImage', new File([PNG], 'wide.png', { type: 'image/png' }));
    const { status, data } = unwrap(await appSetupPanel.action!(args(post('/app-setup', form))));
    expect(status).toBe(400);
    expect(data.result.error?.['']).toEqual(['Please select an App ID first']);
  });

  it("refuses a file that is not png or jpeg ('Incorrect Type')", async () => {
    const form = new FormData();
    form.append('intent', 'upload-notificationIcon');
    form.append('appId', 'test-app');
    form.append('notificationIcon', new File(['GIF89a'], 'icon.gif', { type: 'image/gif' }));
    const { status, data } = unwrap(await appSetupPanel.action!(args(post('/app-setup', form))));
    expect(status).toBe(400);
    expect(data.uploadError?.title).toBe('Incorrect Type');
    expect(data.result.error?.notificationIcon?.[0]).toMatch(/Please upload files with the correct type: image\/png, image\/jpeg/);
  });

  it('uploads one asset even when another input still holds a refused file', async () => {
    const form = new FormData();
    form.append('intent', 'upload-featuredImage');
    form.append('appId', 'test-app');
    form.append('notificationIcon', new File(['GIF89a'], 'icon.gif', { type: 'image/gif' }));
    form.append('featuredImage', new File([PNG], 'wide.jpeg', { type: 'image/jpeg' }));
    const response = (await appSetupPanel.action!(args(post('/app-setup', form)))) as Response;
    expect(response.status).toBe(302);
    expect(await services.storage.exists('app-icons/test-app/featured-image.jpeg')).toBe(true);
    expect(await services.storage.exists('app-icons/test-app/notification-icon.gif')).toBe(false);
  });

  it("answers 'Error uploading app icon' when storage fails", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const put = vi.spyOn(services.storage, 'put').mockRejectedValueOnce(new Error('bucket down'));
    const form = new FormData();
    form.append('intent', 'upload-appIcon');
    form.append('appId', 'test-app');
    form.append('appIcon', new File([PNG], 'icon.png', { type: 'image/png' }));
    const { status, data } = unwrap(await appSetupPanel.action!(args(post('/app-setup', form))));
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
        return Object.assign(Object.create(ref), { update: () => Promise.reject(new Error('down')) });
      return ref;
    });
    const { status, data } = unwrap(await appSetupPanel.action!(args(post('/app-setup', { intent: 'save', appId: 'test-app' }))));
    expect(status).toBe(500);
    expect(data.result.error?.['']).toEqual(['Error saving app configuration']);
    refSpy.mockRestore();
    quiet.mockRestore();
  });

  it('is for super admins only', async () => {
    expect((await thrown(appSetupPanel.action!(args(post('/app-setup', { intent: 'save', appId: 'x' }, adminCookie))))).status).toBe(403);
  });
});
