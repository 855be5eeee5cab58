import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiePair } from '@server/auth/session';
import type { Services } from '@server/services';
import { COMMUNITY_A, demoPerson, installTestServices, sessionCookie } from '../../../../tests/permission-matrix/fixtures';
import { IMAGE_REQUIRED, INVALID_VIDEO } from '~/schemas/header';
import { headerImagesPanel, type HeaderImagesActionData, type HeaderImagesData } from './header-images.server';

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
const get = (cookie: string) => new Request(`${ORIGIN}/header-images`, { headers: { Cookie: cookie } });

function post(cookie: string, fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return new Request(`${ORIGIN}/header-images`, { method: 'POST', headers: { Cookie: cookie }, body });
}

async function outcome(promise: Promise<unknown>) {
  try {
    const value = await promise;
    if (value instanceof Response) return { status: value.status, response: value, data: null as HeaderImagesActionData | null };
    const wrapped = value as { type?: string; data?: HeaderImagesActionData; init?: { status?: number } | null };
    if (wrapped?.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, response: null, data: wrapped.data! };
    return { status: 200, response: null, data: value as HeaderImagesActionData };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, response: error, data: null };
    throw error;
  }
}

function pngFile(width: number, height: number, name = 'sunset.png'): File {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#2a7';
  context.fillRect(0, 0, width, height);
  return new File([new Uint8Array(canvas.toBuffer('image/png'))], name, { type: 'image/png' });
}

const headerPath = () => services.paths.headerInfo(COMMUNITY_A, 'main-menu');
const stored = async () => (await services.db.ref(headerPath()).get()).val() as Record<string, any> | null;

describe('header images panel', () => {
  it('lets staff of the community in, and nobody else', async () => {
    const loaded = await outcome(headerImagesPanel.loader(args(get(editor))));
    expect(loaded.status).toBe(200);
    const data = (await headerImagesPanel.loader(args(get(editor)))) as HeaderImagesData;
    expect(data.target).toEqual({ width: 1125, height: 600 });
    expect(data.accept).toEqual(['image/png', 'image/jpeg']);
    expect((await outcome(headerImagesPanel.loader(args(get(''))))).status).toBe(302);
    expect((await outcome(headerImagesPanel.action!(args(post(outsider, { intent: 'save' }))))).status).toBe(302);
  });

  it('uploads an image (cropped), stores original, crop and thumbnail, and saves it with its caption', async () => {
    const upload = await outcome(
      headerImagesPanel.action!(
        args(post(editor, { intent: 'upload', headerType: 'images', delaySeconds: '4', image: pngFile(900, 600), crop: '0,0,900,480' })),
      ),
    );
    expect(upload.status).toBe(200);
    const initial = upload.data!.result.initialValue as Record<string, any>;
    const images = initial.images as Array<Record<string, string>>;
    expect(images).toHaveLength(1);
    expect(images[0].imageURL).toMatch(/\/demo-campground\/images\/header\/\d+\/sunset_crop\.png$/);
    expect(images[0].originalURL).toMatch(/\/sunset\.png$/);
    expect(images[0].thumbURL).toMatch(/sunset_thumb\.png$/);
    const folder = images[0].imageURL.replace(/^.*\/files\//, '').replace(/\/[^/]+$/, '');
    const files = (await services.storage.list(decodeURIComponent(folder))).map((entry) => entry.path.split('/').pop());
    expect(files.sort()).toEqual(['sunset.png', 'sunset_crop.png', 'sunset_thumb.png']);
    // Not saved yet.
    expect((await stored())?.images?.some((image: any) => image.imageURL === images[0].imageURL)).toBeFalsy();

    const fields: Record<string, string> = { intent: 'save', headerType: 'images', delaySeconds: '6', hideTitle: 'on', videoURL: 'dQw4w9WgXcQ' };
    for (const [key, value] of Object.entries(images[0])) fields[`images[0].${key}`] = String(value);
    fields['images[0].caption'] = 'Lakeside sunset';
    const saved = await outcome(headerImagesPanel.action!(args(post(editor, fields))));
    expect(saved.status).toBe(302);
    expect(saved.response!.headers.get('Location')).toBe('/');
    const session = await services.sessions.getSession(cookiePair(saved.response!.headers.get('Set-Cookie')!));
    expect(session.get('toast')).toMatchObject({ message: 'Header saved.' });
    const header = await stored();
    expect(header).toMatchObject({ delaySeconds: 6, hideTitle: true });
    expect(header!.videoURL).toBeUndefined(); // images clear the video
    expect(header!.images).toHaveLength(1);
    expect(header!.images[0]).toMatchObject({ imageURL: images[0].imageURL, originalURL: images[0].originalURL, imageName: 'sunset.png', caption: 'Lakeside sunset' });
    expect(typeof header!.images[0].date).toBe('number');
  });

  it('stores the whole image and a blurred-to-fit copy without a crop (no JavaScript), and saves with Save', async () => {
    const saved = await outcome(headerImagesPanel.action!(args(post(editor, { intent: 'save', headerType: 'images', delaySeconds: '4', image: pngFile(500, 500, 'square.png') }))));
    expect(saved.status).toBe(302);
    const header = await stored();
    expect(header!.images).toHaveLength(1);
    expect(header!.images[0].imageURL).toMatch(/square_blur\.png$/);
  });

  it('refuses other file types with the Incorrect Type text and keeps what was typed', async () => {
    const result = await outcome(
      headerImagesPanel.action!(args(post(editor, { intent: 'upload', headerType: 'images', delaySeconds: '7', image: new File(['GIF89a'], 'a.gif', { type: 'image/gif' }) }))),
    );
    expect(result.status).toBe(400);
    expect(result.data!.uploadError).toEqual({ title: 'Incorrect Type', message: 'Please upload files with the correct type: image/png, image/jpeg' });
    expect((result.data!.result.initialValue as Record<string, string>).delaySeconds).toBe('7');
  });

  it('answers a file that is not really an image with a message, storing nothing', async () => {
    const result = await outcome(
      headerImagesPanel.action!(args(post(editor, { intent: 'upload', headerType: 'images', delaySeconds: '4', image: new File(['not a png'], 'fake.png', { type: 'image/png' }) }))),
    );
    expect(result.status).toBe(400);
    expect(result.data!.result.error).toMatchObject({ image: ['The image could not be read. Please upload a PNG or JPEG image.'] });
    expect((await services.storage.list('demo-campground/images/header')).some((entry) => entry.path.endsWith('fake.png'))).toBe(false);
  });

  it('says "Image is required." when the type is images and none is left', async () => {
    const result = await outcome(headerImagesPanel.action!(args(post(editor, { intent: 'save', headerType: 'images', delaySeconds: '4' }))));
    expect(result.status).toBe(400);
    expect(result.data!.result.error).toMatchObject({ images: [IMAGE_REQUIRED] });
  });

  it('saves a video reduced to its code, which removes the images', async () => {
    const bad = await outcome(headerImagesPanel.action!(args(post(editor, { intent: 'save', headerType: 'video', videoURL: 'https://example.com/x', delaySeconds: '4' }))));
    expect(bad.status).toBe(400);
    expect(bad.data!.result.error).toMatchObject({ videoURL: [INVALID_VIDEO] });
    expect((bad.data!.result.initialValue as Record<string, string>).videoURL).toBe('https://example.com/x');

    const saved = await outcome(
      headerImagesPanel.action!(
        args(post(editor, { intent: 'save', headerType: 'video', videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', autoplay: 'on', delaySeconds: '4', 'images[0].imageURL': '/files/x.png' })),
      ),
    );
    expect(saved.status).toBe(302);
    expect(await stored()).toEqual({ videoURL: 'dQw4w9WgXcQ', videoPlaybackMode: 'autoplay', delaySeconds: 4, hideTitle: false });
    const data = (await headerImagesPanel.loader(args(get(editor)))) as HeaderImagesData;
    expect(data.defaultValue).toMatchObject({ headerType: 'video', videoURL: 'dQw4w9WgXcQ', autoplay: true, images: [] });
  });

  it('removes and reorders images without saving (conform intents)', async () => {
    const fields: Record<string, string> = { headerType: 'images', delaySeconds: '4', 'images[0].imageURL': '/a.png', 'images[1].imageURL': '/b.png' };
    const moved = await outcome(headerImagesPanel.action!(args(post(editor, { ...fields, __intent__: JSON.stringify({ type: 'reorder', payload: { name: 'images', from: 0, to: 1 } }) }))));
    expect(moved.status).toBe(200);
    expect((moved.data!.result.initialValue as any).images.map((image: any) => image.imageURL)).toEqual(['/b.png', '/a.png']);
    const removed = await outcome(headerImagesPanel.action!(args(post(editor, { ...fields, __intent__: JSON.stringify({ type: 'remove', payload: { name: 'images', index: 0 } }) }))));
    expect((removed.data!.result.initialValue as any).images.map((image: any) => image.imageURL)).toEqual(['/b.png']);
  });
});
