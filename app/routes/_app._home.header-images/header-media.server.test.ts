import { createCanvas } from '@napi-rs/canvas';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNSPLASH_BASE_URL } from '@server/providers/stock-photos';
import type { Services } from '@server/services';
import { MEDIA_TEXTS, type HeaderImagesActionData, type HeaderImagesData } from '~/features/header-editor/header-images.server';
import { stockChoiceValue } from '~/schemas/header';
import { aiImagesHandlers, OPENAI_KEY } from '../../../tests/mocks/ai-images';
import {
  EVIL_ID,
  imageRequests,
  PEXELS_KEY,
  PIXABAY_KEY,
  stockPhotosHandlers,
  stockRequests,
  UNSPLASH_KEY,
} from '../../../tests/mocks/stock-photos';
import { outcome as outcomeOf } from '../../../tests/setup/outcome';
import { COMMUNITY_A, demoPerson, installTestServices, sessionCookie } from '../../../tests/setup/services';
import { action, loader } from './route';

/**
 * The header editor's stock photo and AI image dialogs, and several files in one post: the
 * offline defaults (no vendor keys), then the services mocked by msw.
 */

const ORIGIN = 'http://console.test';
const args = (request: Request) => ({ request, params: { action: 'header-images' }, context: {} });
const outcome = (promise: Promise<unknown>) => outcomeOf<HeaderImagesActionData>(promise);
type Reply = { images?: Array<Record<string, string>>; delaySeconds?: string };

function post(cookie: string, fields: Record<string, string | File | File[]>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return new Request(`${ORIGIN}/header-images`, { method: 'POST', headers: { Cookie: cookie }, body });
}

function png(width: number, height: number, name: string): File {
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').fillStyle = '#c53';
  canvas.getContext('2d').fillRect(0, 0, width, height);
  return new File([new Uint8Array(canvas.toBuffer('image/png'))], name, { type: 'image/png' });
}

const base = { headerType: 'images', delaySeconds: '9' };

describe('offline (no vendor keys)', () => {
  let services: Services;
  let close: () => Promise<void>;
  let editor: string;
  beforeAll(async () => {
    ({ services, close } = await installTestServices('header-media-offline'));
    editor = await sessionCookie(services.sessions, demoPerson('editorA'));
  });
  afterAll(async () => close?.());

  it('adds several chosen files at once without JavaScript, in order, keeping what was typed', async () => {
    const answer = await outcome(
      action(
        args(
          post(editor, {
            intent: 'upload',
            ...base,
            image: [png(600, 400, 'one.png'), png(1125, 600, 'two.png'), png(300, 900, 'three.png')],
          }),
        ),
      ),
    );
    expect(answer.status).toBe(200);
    const reply = answer.data!.result.initialValue as Reply;
    expect(reply.images!.map((image) => image.imageName)).toEqual(['one.png', 'two.png', 'three.png']);
    expect(reply.delaySeconds).toBe('9');
    // The one with the header's aspect shows its crop; the others are blurred to fit.
    expect(reply.images!.map((image) => image.imageURL!.split('/').pop())).toEqual(['one_blur.png', 'two_crop.png', 'three_blur.png']);
  });

  it('says which of several files is not an image, storing none of the rest after it', async () => {
    const bogus = new File(['nope'], 'broken.png', { type: 'image/png' });
    const answer = await outcome(action(args(post(editor, { intent: 'upload', ...base, image: [png(600, 400, 'fine.png'), bogus] }))));
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.data!.result.error)).toContain('The image broken.png could not be read.');
  });

  it('opens the stock dialog (also by GET ?stock=), searches the offline samples and says it is offline', async () => {
    const opened = await outcome(action(args(post(editor, { intent: 'stock', ...base }))));
    expect(opened.data!.stock).toMatchObject({ query: '', photos: [], offline: true, searched: false });
    const searched = await outcome(action(args(post(editor, { intent: 'stock-search', ...base, stockQuery: 'beach', stockPage: '1' }))));
    expect(searched.status).toBe(200);
    const stock = searched.data!.stock!;
    expect(stock.offlineMessage).toMatch(/offline/);
    expect(stock.photos[0]).toMatchObject({ source: 'offline', id: 'beach-day.jpg', index: 0 });
    expect((searched.data!.result.initialValue as Reply).delaySeconds).toBe('9');
    const loaded = (await loader(
      args(new Request(`${ORIGIN}/header-images?stock=forest`, { headers: { Cookie: editor } })),
    )) as HeaderImagesData;
    expect(loaded.stock!.photos[0]!.id).toBe('forest-trail.jpg');
    expect(loaded.stockOffline).toBe(true);
    expect(loaded.uploadUrl).toBe('/uploads?bucket=header');
  });

  it('pages by posting the form: the header as typed comes back with the next or previous page', async () => {
    const typed = { ...base, 'images[0].imageURL': '/files/typed.png', 'images[0].caption': 'Typed, not saved' };
    const more = await outcome(action(args(post(editor, { intent: 'stock-more', ...typed, stockQuery: 'lake', stockPage: '1' }))));
    expect(more.status).toBe(200);
    expect(more.data!.stock).toMatchObject({ query: 'lake', page: 2, hasMore: false });
    expect(more.data!.stock!.photos.length).toBeGreaterThan(0);
    const reply = more.data!.result.initialValue as Reply;
    expect(reply.delaySeconds).toBe('9');
    expect(reply.images).toEqual([{ imageURL: '/files/typed.png', caption: 'Typed, not saved' }]);
    const back = await outcome(action(args(post(editor, { intent: 'stock-previous', ...typed, stockQuery: 'lake', stockPage: '2' }))));
    expect(back.data!.stock).toMatchObject({ page: 1, hasMore: true });
    expect(back.data!.stock!.photos[0]!.id).toBe('lake-dusk.jpg');
    expect((back.data!.result.initialValue as Reply).images![0]!.caption).toBe('Typed, not saved');
    // Search starts again from the first page, whatever page was shown.
    const search = await outcome(action(args(post(editor, { intent: 'stock-search', ...typed, stockQuery: 'forest', stockPage: '2' }))));
    expect(search.data!.stock).toMatchObject({ query: 'forest', page: 1 });
    // A page before the first is the first.
    const before = await outcome(action(args(post(editor, { intent: 'stock-previous', ...typed, stockQuery: 'lake', stockPage: '1' }))));
    expect(before.data!.stock!.page).toBe(1);
  });

  it('copies the chosen sample into storage like an upload, without a credit caption, and closes the dialog', async () => {
    const answer = await outcome(
      action(
        args(
          post(editor, {
            intent: 'stock-photo',
            ...base,
            stockQuery: 'beach',
            stockPhoto: 'offline:beach-day.jpg',
          }),
        ),
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.data!.stock).toBeNull();
    const [image] = (answer.data!.result.initialValue as Reply).images!;
    expect(image!.imageURL).toMatch(new RegExp(`/${COMMUNITY_A}/images/header/\\d+/beach-day_crop\\.png$`));
    expect(image!.caption ?? '').toBe('');
  });

  it('asks for a choice, and refuses addresses off the services’ hosts, keeping the results', async () => {
    const none = await outcome(action(args(post(editor, { intent: 'stock-photo', ...base, stockQuery: 'beach' }))));
    expect(none.status).toBe(400);
    expect(none.data!.stock).toMatchObject({ error: MEDIA_TEXTS.stockChoose });
    expect(none.data!.stock!.photos.length).toBeGreaterThan(0);
    for (const stockPhoto of ['http://169.254.169.254/latest x', 'offline:beach-day.jpg Sample photo', 'offline:../../etc/passwd']) {
      const evil = await outcome(action(args(post(editor, { intent: 'stock-photo', ...base, stockQuery: 'beach', stockPhoto }))));
      expect(evil.status, stockPhoto).toBe(400);
      expect(evil.data!.stock!.error).toBe(MEDIA_TEXTS.stockInvalid);
      expect(evil.data!.stock!.photos.length).toBeGreaterThan(0);
    }
  });

  it('AI: every button of the dialog posts the form, so the header as typed comes back', async () => {
    const typed = { ...base, 'images[0].imageURL': '/files/typed.png', 'images[0].caption': 'Typed, not saved' };
    for (const [intent, fields] of [
      ['ai', {}],
      ['ai-generate', { aiPrompt: 'Pines' }],
      ['ai-generate', { aiPrompt: '' }],
      ['ai-cancel', {}],
    ] as const) {
      const answer = await outcome(action(args(post(editor, { intent, ...typed, ...fields }))));
      expect(answer.status, intent).toBe(200);
      const reply = answer.data!.result.initialValue as Reply;
      expect(reply.delaySeconds, intent).toBe('9');
      expect(reply.images, intent).toEqual([{ imageURL: '/files/typed.png', caption: 'Typed, not saved' }]);
    }
  });

  it('AI: an empty prompt does nothing; a prompt makes the offline drawing, kept in storage; Use Image adds it', async () => {
    const empty = await outcome(action(args(post(editor, { intent: 'ai-generate', ...base, aiPrompt: '   ' }))));
    expect(empty.status).toBe(200);
    expect(empty.data!.ai).toMatchObject({ prompt: '', image: null, error: null, offline: true });
    const made = await outcome(action(args(post(editor, { intent: 'ai-generate', ...base, aiPrompt: 'Sunset over the lake!' }))));
    expect(made.status).toBe(200);
    const ai = made.data!.ai!;
    expect(ai.image!.path).toMatch(new RegExp(`^${COMMUNITY_A}/images/ai/\\d+/ai-sunset-over-the-lake\\.png$`));
    expect(await services.storage.exists(ai.image!.path)).toBe(true);
    const used = await outcome(
      action(args(post(editor, { intent: 'ai-use', ...base, aiPrompt: 'Sunset over the lake!', aiImage: ai.image!.path }))),
    );
    expect(used.status).toBe(200);
    expect(used.data!.ai).toBeNull();
    const [image] = (used.data!.result.initialValue as Reply).images!;
    expect(image!.imageURL).toMatch(/\/images\/header\/\d+\/ai-sunset-over-the-lake_(crop|blur)\.png$/);
  });

  it('AI: Use Image refuses a path outside the community’s generated images', async () => {
    for (const aiImage of [
      'demo-town/images/ai/1/ai-x.png',
      `${COMMUNITY_A}/images/header/1/x.png`,
      `${COMMUNITY_A}/images/ai/1/../../x.png`,
      '',
    ]) {
      const answer = await outcome(action(args(post(editor, { intent: 'ai-use', ...base, aiImage }))));
      expect(answer.status, aiImage).toBe(400);
      expect(answer.data!.ai!.error).toBe(MEDIA_TEXTS.aiMissing);
    }
  });
});

describe('with vendor keys (services mocked by msw)', () => {
  const server = setupServer(...stockPhotosHandlers, ...aiImagesHandlers);
  let services: Services;
  let close: () => Promise<void>;
  let editor: string;
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'bypass' });
    ({ services, close } = await installTestServices('header-media-keyed', {
      env: { PEXELS_API_KEY: PEXELS_KEY, UNSPLASH_ACCESS_KEY: UNSPLASH_KEY, PIXABAY_API_KEY: PIXABAY_KEY, OPENAI_API_KEY: OPENAI_KEY },
    }));
    editor = await sessionCookie(services.sessions, demoPerson('editorA'));
  });
  afterEach(() => {
    stockRequests.length = 0;
    imageRequests.length = 0;
  });
  afterAll(async () => {
    server.close();
    await close?.();
  });

  it('searches the three services 15 a page each, pages on, and copies the chosen photo with its credit as caption', async () => {
    const page1 = await outcome(action(args(post(editor, { intent: 'stock-search', ...base, stockQuery: 'lake' }))));
    expect(page1.data!.stock).toMatchObject({ page: 1, hasMore: true, offline: false });
    const page2 = await outcome(action(args(post(editor, { intent: 'stock-more', ...base, stockQuery: 'lake', stockPage: '1' }))));
    expect(page2.data!.stock).toMatchObject({ page: 2, hasMore: true, offline: false });
    expect(new Set(stockRequests.map((request) => new URL(request.url).searchParams.get('page')))).toEqual(new Set(['1', '2']));
    expect(page2.data!.stock!.photos).toHaveLength(45);
    const photo = page2.data!.stock!.photos[0]!;
    expect(stockChoiceValue(photo)).toBe('pexels:16');
    const chosen = await outcome(
      action(args(post(editor, { intent: 'stock-photo', ...base, stockQuery: 'lake', stockPhoto: stockChoiceValue(photo) }))),
    );
    expect(chosen.status).toBe(200);
    const [image] = (chosen.data!.result.initialValue as Reply).images!;
    expect(image).toMatchObject({ caption: 'Photo by Pexels Person 16 on Pexels', imageName: 'pexels-photo-16.jpeg' });
    expect((chosen.data!.result.initialValue as Reply).delaySeconds).toBe('9');
  });

  it('an Unsplash photo: its download is reported with the access key while it is copied', async () => {
    const chosen = await outcome(
      action(args(post(editor, { intent: 'stock-photo', ...base, stockQuery: 'lake', stockPhoto: 'unsplash:u4' }))),
    );
    expect(chosen.status).toBe(200);
    expect((chosen.data!.result.initialValue as Reply).images![0]).toMatchObject({
      caption: 'Photo by Unsplash Person 4 on Unsplash',
      imageName: 'photo-4-abc.jpg',
    });
    expect(stockRequests.filter((request) => request.service === 'unsplash-download')).toEqual([
      { service: 'unsplash-download', url: `${UNSPLASH_BASE_URL}/photos/u4/download?ixid=x`, auth: `Client-ID ${UNSPLASH_KEY}` },
    ]);
  });

  it('a Pixabay photo is looked up by its id and its temporary address copied into storage at once', async () => {
    const chosen = await outcome(
      action(args(post(editor, { intent: 'stock-photo', ...base, stockQuery: 'lake', stockPhoto: 'pixabay:12' }))),
    );
    expect(chosen.status).toBe(200);
    const [image] = (chosen.data!.result.initialValue as Reply).images!;
    expect(image).toMatchObject({ caption: 'Image by pixabay_person_12 from Pixabay', imageName: 'g12_1280.jpg' });
    expect(imageRequests).toEqual(['https://pixabay.com/get/g12_1280.jpg']);
    // What the form keeps is the community's own copy, never Pixabay's address.
    expect(image!.imageURL).toMatch(new RegExp(`/${COMMUNITY_A}/images/header/\\d+/g12_1280_(crop|blur)\\.png$`));
  });

  it('refuses a foreign address (400, with the reason), fetching nothing, and keeps the results and the form', async () => {
    for (const stockPhoto of [
      'https://evil.example/x.jpg',
      'https://images.pexels.com/photos/1/pexels-photo-1.jpeg Photo by Someone on Pexels',
      'pexels:https://evil.example/x.jpg',
      'pixabay:1?key=x',
    ]) {
      const refused = await outcome(action(args(post(editor, { intent: 'stock-photo', ...base, stockQuery: 'lake', stockPhoto }))));
      expect(refused.status, stockPhoto).toBe(400);
      expect(refused.data!.stock!.error).toBe('That photo cannot be used. Please choose another one.');
      expect(refused.data!.stock!.photos).toHaveLength(45);
      expect((refused.data!.result.initialValue as Reply).delaySeconds).toBe('9');
    }
    // A photo the service answers with an image elsewhere: refused too.
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const elsewhere = await outcome(
      action(args(post(editor, { intent: 'stock-photo', ...base, stockQuery: 'lake', stockPhoto: `pexels:${EVIL_ID}` }))),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.data!.stock!.error).toBe('That photo cannot be used. Please choose another one.');
    log.mockRestore();
    expect(imageRequests).toEqual([]);
  });

  it('says so when the service is rate limited, keeping the form', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const busy = await outcome(action(args(post(editor, { intent: 'stock-search', ...base, stockQuery: 'busy' }))));
    expect(busy.status).toBe(200);
    expect(busy.data!.stock!.error).toBe('Pexels is busy (too many requests). Please try again in 30 seconds.');
    expect((busy.data!.result.initialValue as Reply).delaySeconds).toBe('9');
    log.mockRestore();
  });

  it('generates with dall-e-3 and says when the prompt is refused (502 with the reason)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const made = await outcome(action(args(post(editor, { intent: 'ai-generate', ...base, aiPrompt: 'a canoe at dawn' }))));
    expect(made.status).toBe(200);
    expect(made.data!.ai).toMatchObject({ offline: false, prompt: 'a canoe at dawn' });
    expect(await services.storage.exists(made.data!.ai!.image!.path)).toBe(true);
    const refused = await outcome(action(args(post(editor, { intent: 'ai-generate', ...base, aiPrompt: 'something forbidden' }))));
    expect(refused.status).toBe(502);
    expect(refused.data!.ai).toMatchObject({ image: null, prompt: 'something forbidden' });
    expect(refused.data!.ai!.error).toMatch(/content policy/);
    log.mockRestore();
  });
});
