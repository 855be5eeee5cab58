import { createCanvas } from '@napi-rs/canvas';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookiePair } from '@server/auth/session';
import { decodeImage } from '@server/images/pipeline';
import { OFFLINE_ATTRIBUTION } from '@server/providers/places';
import type { Services } from '@server/services';
import { PLACES_TEXTS, type HeaderImagesActionData, type HeaderImagesData } from '~/features/header-editor/header-images.server';
import { IMAGE_REQUIRED, INVALID_IMAGE_URL, INVALID_VIDEO } from '~/schemas/header';
import { placesHandlers } from '../../../tests/mocks/places';
import { BUSY_PHOTO, PLACE_BUSY, PLACE_WITH_PHOTOS, PLACES_KEY, photoReference, placesRequests } from '../../../tests/mocks/places/google';
import { outcome as outcomeOf } from '../../../tests/setup/outcome';
import { COMMUNITY_A, COMMUNITY_B, demoPerson, installTestServices, sessionCookie } from '../../../tests/setup/services';
import { action, loader } from './route';

const ORIGIN = 'http://console.test';
let services: Services;
let close: () => Promise<void>;
let editor: string;
let outsider: string;

beforeAll(async () => {
  ({ services, close } = await installTestServices('header-images-panel'));
  editor = await sessionCookie(services.sessions, demoPerson('editorA'));
  outsider = await sessionCookie(services.sessions, demoPerson('remote'));
});

afterAll(async () => {
  await close?.();
});

const args = (request: Request) => ({ request, params: { action: 'header-images' }, context: {} });
const get = (cookie: string, search = '') => new Request(`${ORIGIN}/header-images${search}`, { headers: { Cookie: cookie } });

function post(cookie: string, fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`${ORIGIN}/header-images`, { method: 'POST', headers: { Cookie: cookie }, body });
}

const outcome = (promise: Promise<unknown>) => outcomeOf<HeaderImagesActionData>(promise);

function pngFile(width: number, height: number, name = 'sunset.png'): File {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#2a7';
  context.fillRect(0, 0, width, height);
  return new File([new Uint8Array(canvas.toBuffer('image/png'))], name, { type: 'image/png' });
}

const headerPath = () => services.paths.headerInfo(COMMUNITY_A, 'main-menu');
/** The stored header as these tests read it. */
interface StoredHeader {
  [field: string]: unknown;
  images?: Array<Record<string, unknown>>;
  videoURL?: string;
}
const stored = async () => (await services.db.ref(headerPath()).get()).val() as StoredHeader | null;
type Reply = { images: Array<Record<string, string>> };

describe('header images panel', () => {
  it('lets staff of the community in, and nobody else', async () => {
    const loaded = await outcome(loader(args(get(editor))));
    expect(loaded.status).toBe(200);
    const data = (await loader(args(get(editor)))) as HeaderImagesData;
    expect(data.target).toEqual({ width: 1125, height: 600 });
    expect(data.accept).toEqual(['image/png', 'image/jpeg']);
    expect((await outcome(loader(args(get(''))))).status).toBe(302);
    expect((await outcome(action(args(post(outsider, { intent: 'save' }))))).status).toBe(302);
  });

  it('answers 400 to an intent the editor does not have', async () => {
    for (const intent of ['delete', 'publish', '']) {
      expect((await outcome(action(args(post(editor, { intent, headerType: 'images', delaySeconds: '4' }))))).status).toBe(400);
    }
  });

  it('uploads an image (cropped), stores original, crop and thumbnail, and saves it with its caption', async () => {
    const upload = await outcome(
      action(
        args(post(editor, { intent: 'upload', headerType: 'images', delaySeconds: '4', image: pngFile(900, 600), crop: '0,0,900,480' })),
      ),
    );
    expect(upload.status).toBe(200);
    const initial = upload.data!.result.initialValue as Reply;
    const images = initial.images as Array<Record<string, string>>;
    expect(images).toHaveLength(1);
    const first = images[0]!;
    expect(first.imageURL).toMatch(/\/demo-campground\/images\/header\/\d+\/sunset_crop\.png$/);
    expect(first.originalURL).toMatch(/\/sunset\.png$/);
    expect(first.thumbURL).toMatch(/sunset_thumb\.png$/);
    const folder = first.imageURL!.replace(/^.*\/files\//, '').replace(/\/[^/]+$/, '');
    const files = (await services.storage.list(decodeURIComponent(folder))).map((entry) => entry.path.split('/').pop());
    expect(files.sort()).toEqual(['sunset.png', 'sunset_crop.png', 'sunset_thumb.png']);
    // Not saved yet.
    expect((await stored())?.images?.some((image) => image.imageURL === first.imageURL)).toBeFalsy();

    const fields: Record<string, string> = {
      intent: 'save',
      headerType: 'images',
      delaySeconds: '6',
      hideTitle: 'on',
      videoURL: 'dQw4w9WgXcQ',
    };
    for (const [key, value] of Object.entries(first)) fields[`images[0].${key}`] = String(value);
    fields['images[0].caption'] = 'Lakeside sunset';
    const saved = await outcome(action(args(post(editor, fields))));
    expect(saved.status).toBe(302);
    expect(saved.response!.headers.get('Location')).toBe('/');
    const session = await services.sessions.getSession(cookiePair(saved.response!.headers.get('Set-Cookie')!));
    expect(session.get('toast')).toMatchObject({ message: 'Header saved.' });
    const header = await stored();
    expect(header).toMatchObject({ delaySeconds: 6, hideTitle: true });
    expect(header!.videoURL).toBeUndefined(); // images clear the video
    expect(header!.images).toHaveLength(1);
    expect(header?.images?.[0]).toMatchObject({
      imageURL: first.imageURL,
      originalURL: first.originalURL,
      imageName: 'sunset.png',
      caption: 'Lakeside sunset',
    });
    expect(typeof header?.images?.[0]?.date).toBe('number');
  });

  it('stores the whole image and a blurred-to-fit copy without a crop (no JavaScript), and saves with Save', async () => {
    const saved = await outcome(
      action(args(post(editor, { intent: 'save', headerType: 'images', delaySeconds: '4', image: pngFile(500, 500, 'square.png') }))),
    );
    expect(saved.status).toBe(302);
    const header = await stored();
    expect(header!.images).toHaveLength(1);
    expect(header?.images?.[0]?.imageURL).toMatch(/square_blur\.png$/);
  });

  it('refuses other file types with the Incorrect Type text and keeps what was typed', async () => {
    const result = await outcome(
      action(
        args(
          post(editor, {
            intent: 'upload',
            headerType: 'images',
            delaySeconds: '7',
            image: new File(['GIF89a'], 'a.gif', { type: 'image/gif' }),
          }),
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data!.uploadError).toEqual({
      title: 'Incorrect Type',
      message: 'Please upload files with the correct type: image/png, image/jpeg',
    });
    expect((result.data!.result.initialValue as Record<string, string>).delaySeconds).toBe('7');
  });

  it('answers a file that is not really an image with a message, storing nothing', async () => {
    const result = await outcome(
      action(
        args(
          post(editor, {
            intent: 'upload',
            headerType: 'images',
            delaySeconds: '4',
            image: new File(['not a png'], 'fake.png', { type: 'image/png' }),
          }),
        ),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data!.result.error).toMatchObject({ image: ['The image could not be read. Please upload a PNG or JPEG image.'] });
    expect((await services.storage.list('demo-campground/images/header')).some((entry) => entry.path.endsWith('fake.png'))).toBe(false);
  });

  it('says "Image is required." when the type is images and none is left', async () => {
    const result = await outcome(action(args(post(editor, { intent: 'save', headerType: 'images', delaySeconds: '4' }))));
    expect(result.status).toBe(400);
    expect(result.data!.result.error).toMatchObject({ images: [IMAGE_REQUIRED] });
  });

  it('saves a video reduced to its code, which removes the images', async () => {
    const bad = await outcome(
      action(args(post(editor, { intent: 'save', headerType: 'video', videoURL: 'https://example.com/x', delaySeconds: '4' }))),
    );
    expect(bad.status).toBe(400);
    expect(bad.data!.result.error).toMatchObject({ videoURL: [INVALID_VIDEO] });
    expect((bad.data!.result.initialValue as Record<string, string>).videoURL).toBe('https://example.com/x');

    const saved = await outcome(
      action(
        args(
          post(editor, {
            intent: 'save',
            headerType: 'video',
            videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            autoplay: 'on',
            delaySeconds: '4',
            'images[0].imageURL': '/files/x.png',
          }),
        ),
      ),
    );
    expect(saved.status).toBe(302);
    expect(await stored()).toEqual({ videoURL: 'dQw4w9WgXcQ', videoPlaybackMode: 'autoplay', delaySeconds: 4, hideTitle: false });
    const data = (await loader(args(get(editor)))) as HeaderImagesData;
    expect(data.defaultValue).toMatchObject({ headerType: 'video', videoURL: 'dQw4w9WgXcQ', autoplay: true, images: [] });
  });

  it('removes and reorders images without saving (conform intents)', async () => {
    const fields: Record<string, string> = {
      headerType: 'images',
      delaySeconds: '4',
      'images[0].imageURL': '/a.png',
      'images[1].imageURL': '/b.png',
    };
    const moved = await outcome(
      action(
        args(post(editor, { ...fields, __intent__: JSON.stringify({ type: 'reorder', payload: { name: 'images', from: 0, to: 1 } }) })),
      ),
    );
    expect(moved.status).toBe(200);
    expect((moved.data!.result.initialValue as Reply).images.map((image) => image.imageURL)).toEqual(['/b.png', '/a.png']);
    const removed = await outcome(
      action(args(post(editor, { ...fields, __intent__: JSON.stringify({ type: 'remove', payload: { name: 'images', index: 0 } }) }))),
    );
    expect((removed.data!.result.initialValue as Reply).images.map((image) => image.imageURL)).toEqual(['/b.png']);
  });
});

/** The stored file behind a /files/… URL. */
async function storedImage(storage: Services['storage'], url: string) {
  const path = decodeURIComponent(url.replace(/^.*\/files\//, ''));
  const object = await storage.get(path);
  expect(object).not.toBeNull();
  return decodeImage(await object!.bytes());
}

/** Provider failures are logged (console.error) besides the message shown; tests keep the log quiet. */
const quietLog = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);
afterEach(() => {
  vi.restoreAllMocks();
});

describe('header images: addresses checked on save, whatever the browser sent', () => {
  it('refuses javascript:, data: and arbitrary strings as imageURL or thumbURL, storing nothing and keeping the form', async () => {
    const good = { imageURL: '/files/demo-campground/images/header/1/lake.png', caption: 'Lake' };
    await services.db.ref(headerPath()).set({ images: [good], delaySeconds: 5, hideTitle: false });
    const before = await stored();
    for (const [field, value] of [
      ['imageURL', 'javascript:alert(document.cookie)'],
      ['imageURL', 'data:image/svg+xml,<svg onload=alert(1)>'],
      ['imageURL', 'anything at all'],
      ['thumbURL', 'javascript:alert(1)'],
      ['originalURL', '//evil.example/x.png'],
    ] as const) {
      const fields: Record<string, string> = {
        intent: 'save',
        headerType: 'images',
        delaySeconds: '5',
        'images[0].imageURL': String(good.imageURL),
        'images[0].caption': 'Typed caption',
      };
      fields[`images[0].${field}`] = value;
      const refused = await outcome(action(args(post(editor, fields))));
      expect(refused.status, `${field} ${value}`).toBe(400);
      expect(refused.data!.result.error).toMatchObject({ [`images[0].${field}`]: [INVALID_IMAGE_URL] });
      expect((refused.data!.result.initialValue as Reply).images[0]).toMatchObject({ caption: 'Typed caption' });
    }
    expect(await stored()).toEqual(before);
  });
});

describe('header images: two people editing the header at once', () => {
  it("answers a stale save with 409, their values and a new version, keeping A's change and everything B typed", async () => {
    const lake = { imageURL: '/files/demo-campground/images/header/1/lake.png', imageName: 'lake.png', caption: 'Lake' };
    await services.db.ref(headerPath()).set({ images: [lake], delaySeconds: 5, hideTitle: false });
    const opened = (await loader(args(get(editor)))) as HeaderImagesData;
    const fields = {
      intent: 'save',
      headerType: 'images',
      'images[0].imageURL': lake.imageURL,
      'images[0].imageName': lake.imageName,
      version: opened.version,
    };

    const a = await outcome(action(args(post(editor, { ...fields, 'images[0].caption': 'From A', delaySeconds: '5' }))));
    expect(a.status).toBe(302);
    expect((await stored())!.images![0]).toMatchObject({ caption: 'From A' });

    const b = await outcome(action(args(post(editor, { ...fields, 'images[0].caption': 'From B', delaySeconds: '9' }))));
    expect(b.status).toBe(409);
    expect(await stored()).toMatchObject({ delaySeconds: 5, images: [expect.objectContaining({ caption: 'From A' })] });
    const conflict = b.data!.conflict!;
    expect(conflict.message).toBe(
      'The header was changed by someone else while you were editing. Their version is shown below; your changes are still in the form. Save again to replace theirs.',
    );
    expect(conflict.theirs).toEqual([
      { label: 'Image(s)', value: 'lake.png (From A)' },
      { label: 'Slideshow Delay (seconds)', value: '5' },
    ]);
    expect((b.data!.result.initialValue as Reply).images[0]).toMatchObject({ caption: 'From B' });
    expect(b.data!.version).toBe(conflict.version);

    // An Upload on the way keeps the version the form holds.
    const step = await outcome(action(args(post(editor, { ...fields, intent: 'upload', delaySeconds: '9' }))));
    expect(step.data!.version).toBe(opened.version);

    const again = await outcome(
      action(args(post(editor, { ...fields, 'images[0].caption': 'From B', delaySeconds: '9', version: conflict.version }))),
    );
    expect(again.status).toBe(302);
    expect(await stored()).toMatchObject({ delaySeconds: 9, images: [expect.objectContaining({ caption: 'From B' })] });
  });
});

describe('the places picker, offline (no GOOGLE_MAPS_API_KEY)', () => {
  it('is offered when the community has a place id, and opens over the stored form with ?places=1', async () => {
    const data = (await loader(args(get(editor)))) as HeaderImagesData;
    expect(data.places).toMatchObject({ available: true, offline: true });
    // Staff cannot act on "API key": the notice says what they can do instead.
    for (const text of [data.places.offlineMessage, data.places.offlineHint]) {
      expect(text).not.toMatch(/api key|offline/i);
    }
    expect(data.places.offlineMessage).toMatch(/upload your own image/);
    expect(data.places.offlineMessage).toMatch(/ask an administrator/);
    expect(data.picker).toBeNull();
    const opened = (await loader(args(get(editor, '?places=1')))) as HeaderImagesData;
    expect(opened.picker).toMatchObject({ offline: true, error: null, chosen: null, retry: false });
    expect(opened.picker!.photos.map((photo) => photo.id)).toEqual([
      'offline/campfire-night.jpg',
      'offline/lakeside-sunrise.jpg',
      'offline/pine-trail.jpg',
    ]);
    expect(opened.picker!.photos[0]!.attributions).toEqual([{ displayName: `${OFFLINE_ATTRIBUTION}: Campfire night` }]);
  });

  it('is not offered to a community without a place id', async () => {
    const townEditor = await sessionCookie(services.sessions, demoPerson('editorB'));
    const data = (await loader(args(get(townEditor)))) as HeaderImagesData;
    expect(data.places.available).toBe(false);
    const opened = await outcome(action(args(post(townEditor, { intent: 'places', headerType: 'images', delaySeconds: '4' }))));
    expect(opened.data!.picker).toMatchObject({ photos: [], error: PLACES_TEXTS.noPlace, retry: false });
    expect((await services.db.ref(services.paths.community(COMMUNITY_B)).child('placeId').get()).val()).toBeNull();
  });

  it('opens over the form as typed (intent places), without validation messages', async () => {
    const opened = await outcome(
      action(
        args(
          post(editor, {
            intent: 'places',
            headerType: 'images',
            delaySeconds: '9',
            'images[0].imageURL': '/a.png',
            'images[0].caption': 'Kept',
          }),
        ),
      ),
    );
    expect(opened.status).toBe(200);
    expect(opened.data!.picker!.photos).toHaveLength(3);
    expect(opened.data!.result.initialValue).toMatchObject({ delaySeconds: '9', images: [{ imageURL: '/a.png', caption: 'Kept' }] });
    expect(opened.data!.result.error).toEqual({});

    const closed = await outcome(action(args(post(editor, { intent: 'places-cancel', headerType: 'images', delaySeconds: '9' }))));
    expect(closed.status).toBe(200);
    expect(closed.data!.picker).toBeNull();
    expect((closed.data!.result.initialValue as Record<string, string>).delaySeconds).toBe('9');
  });

  it('asks for a choice when Add Photo is posted without one', async () => {
    const result = await outcome(action(args(post(editor, { intent: 'place-photo', headerType: 'images', delaySeconds: '5' }))));
    expect(result.status).toBe(400);
    expect(result.data!.picker).toMatchObject({ error: PLACES_TEXTS.choose });
    expect(result.data!.picker!.photos).toHaveLength(3);
    expect((result.data!.result.initialValue as Record<string, string>).delaySeconds).toBe('5');
  });

  it('adds a chosen sample photo, stored like an upload and cut to the header aspect, and saves it with Save', async () => {
    const picked = await outcome(
      action(
        args(
          post(editor, {
            intent: 'place-photo',
            placePhoto: 'offline/pine-trail.jpg',
            headerType: 'images',
            delaySeconds: '5',
            'images[0].imageURL': '/a.png',
          }),
        ),
      ),
    );
    expect(picked.status).toBe(200);
    expect(picked.data!.picker).toBeNull();
    const images = (picked.data!.result.initialValue as { images: Array<Record<string, string>> }).images;
    expect(images).toHaveLength(2);
    expect(images[0]!.imageURL).toBe('/a.png');
    expect(images[1]!.imageURL).toMatch(/\/demo-campground\/images\/header\/\d+\/place-photo-pine-trail_crop\.png$/);
    expect(images[1]).toMatchObject({ imageName: 'place-photo-pine-trail.jpg' });
    expect(images[1]!.originalURL).toMatch(/place-photo-pine-trail\.jpg$/);
    expect(images[1]!.thumbURL).toMatch(/place-photo-pine-trail_thumb\.png$/);
    // The 1125x450 sample, cut around its centre to 1125:600.
    expect(await storedImage(services.storage, images[1]!.imageURL!)).toMatchObject({ width: 844, height: 450 });

    const fields: Record<string, string> = { intent: 'save', headerType: 'images', delaySeconds: '5' };
    for (const [key, value] of Object.entries(images[1]!)) fields[`images[0].${key}`] = String(value);
    const saved = await outcome(action(args(post(editor, fields))));
    expect(saved.status).toBe(302);
    expect((await stored())!.images).toEqual([
      expect.objectContaining({ imageURL: images[1]!.imageURL, imageName: 'place-photo-pine-trail.jpg' }),
    ]);
  });

  it('answers an unknown photo id in the picker with 400 (the post is at fault, not the service), keeping the form', async () => {
    const log = quietLog();
    const result = await outcome(
      action(
        args(post(editor, { intent: 'place-photo', placePhoto: 'offline/../../secret.jpg', headerType: 'images', delaySeconds: '6' })),
      ),
    );
    expect(result.status).toBe(400);
    expect(result.data!.picker).toMatchObject({
      error: 'The places service could not find that photo. Please choose another one.',
      chosen: 'offline/../../secret.jpg',
    });
    expect((result.data!.result.initialValue as Record<string, string>).delaySeconds).toBe('6');
    expect(log).not.toHaveBeenCalled();
  });
});

describe('the places picker with GOOGLE_MAPS_API_KEY (Google mocked by msw)', () => {
  const server = setupServer(...placesHandlers);
  let keyed: Services;
  let closeKeyed: () => Promise<void>;
  let cookie: string;
  const placeIdPath = () => keyed.paths.community(COMMUNITY_A) + '/placeId';

  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'bypass' });
    ({ services: keyed, close: closeKeyed } = await installTestServices('header-images-places', {
      env: { GOOGLE_MAPS_API_KEY: PLACES_KEY },
    }));
    cookie = await sessionCookie(keyed.sessions, demoPerson('editorA'));
  });
  afterAll(async () => {
    server.close();
    await closeKeyed?.();
  });

  it('offers the first nine photos of the place, with keyless thumbnails and their authors', async () => {
    expect((await keyed.db.ref(placeIdPath()).get()).val()).toBe(PLACE_WITH_PHOTOS);
    const data = (await loader(args(get(cookie)))) as HeaderImagesData;
    expect(data.places).toMatchObject({ available: true, offline: false });
    const opened = await outcome(action(args(post(cookie, { intent: 'places', headerType: 'images', delaySeconds: '4' }))));
    const picker = opened.data!.picker!;
    expect(picker).toMatchObject({ offline: false, error: null });
    expect(picker.photos).toHaveLength(9);
    expect(picker.photos[8]!.attributions).toEqual([{ displayName: 'Guest 9', uri: 'https://maps.google.com/maps/contrib/100009' }]);
    expect(JSON.stringify(opened.data)).not.toContain(PLACES_KEY);
  });

  it('fetches the chosen photo on the server, stores it cut to 1125:600 and adds it to the images', async () => {
    placesRequests.length = 0;
    const id = `places/${PLACE_WITH_PHOTOS}/photos/${photoReference(1)}`;
    const picked = await outcome(
      action(
        args(
          post(cookie, {
            intent: 'place-photo',
            placePhoto: id,
            [`placeCredit:${id}`]: 'Guest 2',
            [`placeCredit:places/${PLACE_WITH_PHOTOS}/photos/${photoReference(2)}`]: 'Guest 3',
            headerType: 'video',
            videoURL: 'x',
            delaySeconds: '4',
          }),
        ),
      ),
    );
    expect(picked.status).toBe(200);
    const initial = picked.data!.result.initialValue as { headerType: string; images: Array<Record<string, string>> };
    expect(initial.headerType).toBe('images');
    expect(initial.images).toHaveLength(1);
    // The photo's authors are credited in its caption (and the credits of the others are not kept).
    expect(initial.images[0]!.caption).toBe('Photo: Guest 2');
    expect(JSON.stringify(initial)).not.toContain('Guest 3');
    expect(initial.images[0]!.imageURL).toMatch(/\/demo-campground\/images\/header\/\d+\/place-photo-AUc7tXV-photo-2_crop\.png$/);
    // 1600x1200 from Google, cut around its centre: 1600x853 (no blurred copy needed).
    expect(await storedImage(keyed.storage, initial.images[0]!.imageURL!)).toMatchObject({ width: 1600, height: 853 });
    expect(await storedImage(keyed.storage, initial.images[0]!.originalURL!)).toMatchObject({ width: 1600, height: 1200 });
    expect(placesRequests.map((request) => request.url)).toEqual([
      `https://places.googleapis.com/v1/${id}/media?maxWidthPx=1600&skipHttpRedirect=true`,
      `https://lh3.googleusercontent.com/places/${photoReference(1)}=w1600`,
    ]);
  });

  it('says so in the picker when Google answers 429, keeping the form and the choice', async () => {
    const log = quietLog();
    const id = `places/${PLACE_WITH_PHOTOS}/photos/${BUSY_PHOTO}`;
    const busy = await outcome(
      action(
        args(
          post(cookie, {
            intent: 'place-photo',
            placePhoto: id,
            headerType: 'images',
            delaySeconds: '8',
            'images[0].imageURL': '/kept.png',
          }),
        ),
      ),
    );
    expect(busy.status).toBe(502);
    expect(busy.data!.picker).toMatchObject({
      error: 'The places service is busy (too many requests). Please try again in 12 seconds.',
      chosen: id,
    });
    expect(busy.data!.picker!.photos).toHaveLength(9);
    expect(busy.data!.result.initialValue).toMatchObject({ delaySeconds: '8', images: [{ imageURL: '/kept.png' }] });

    await keyed.db.ref(placeIdPath()).set(PLACE_BUSY);
    try {
      const opened = await outcome(action(args(post(cookie, { intent: 'places', headerType: 'images', delaySeconds: '8' }))));
      expect(opened.status).toBe(200);
      expect(opened.data!.picker).toMatchObject({
        photos: [],
        error: 'The places service is busy (too many requests). Please try again in 30 seconds.',
        retry: true,
      });
      const loaded = (await loader(args(get(cookie, '?places=1')))) as HeaderImagesData;
      expect(loaded.picker!.error).toMatch(/busy/);
    } finally {
      await keyed.db.ref(placeIdPath()).set(PLACE_WITH_PHOTOS);
    }
    expect(log).toHaveBeenCalledTimes(3);
  });
});
