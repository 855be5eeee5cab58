import { describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE_MESSAGE, ImageTooLargeError } from '@server/images/dimensions';
import type { ParsedUpload } from '@server/storage';
import { AI_UNAVAILABLE, answerHeaderPost, comparableHeader, storeFailureMessage } from './editor';
import { appendImage, type HeaderDeps } from './editor-post';

describe('appendImage', () => {
  it('adds the image after the last posted row, leaving out empty fields', () => {
    const formData = new FormData();
    formData.set('images[0].imageURL', 'https://example.test/a.png');
    formData.set('images[2].imageURL', 'https://example.test/c.png');
    appendImage(formData, { imageURL: 'https://example.test/d.png', imageName: 'd', caption: undefined, date: 5 });
    expect(formData.get('images[3].imageURL')).toBe('https://example.test/d.png');
    expect(formData.get('images[3].imageName')).toBe('d');
    expect(formData.get('images[3].date')).toBe('5');
    expect(formData.has('images[3].caption')).toBe(false);
  });

  it('starts the list when none was posted', () => {
    const formData = new FormData();
    appendImage(formData, { imageURL: 'https://example.test/a.png' });
    expect(formData.get('images[0].imageURL')).toBe('https://example.test/a.png');
  });
});

describe('storeFailureMessage', () => {
  it('says the broken limit, naming the file when several were posted', () => {
    expect(storeFailureMessage(new ImageTooLargeError(), 'big.png', 1)).toBe(IMAGE_TOO_LARGE_MESSAGE);
    expect(storeFailureMessage(new ImageTooLargeError(), 'big.png', 2)).toBe(`big.png: ${IMAGE_TOO_LARGE_MESSAGE}`);
  });

  it('says a file that is no image could not be read', () => {
    expect(storeFailureMessage(new Error('bad'), 'notes.txt', 1)).toBe('The image could not be read. Please upload a PNG or JPEG image.');
    expect(storeFailureMessage(new Error('bad'), 'notes.txt', 3)).toBe(
      'The image notes.txt could not be read. Please upload PNG or JPEG images.',
    );
  });
});

describe('comparableHeader', () => {
  it('shows the type by its label, each image by name and caption, and a video only for a video header', () => {
    const value = {
      headerType: 'images' as const,
      images: [
        { imageURL: 'https://example.test/a.png', imageName: 'Lake', caption: 'At dawn' },
        { imageURL: 'https://example.test/b.png' },
      ],
      videoURL: 'abc',
      autoplay: false,
      delaySeconds: 5,
      hideTitle: false,
    };
    expect(comparableHeader(value)).toMatchObject({ headerType: 'Image(s)', images: ['Lake (At dawn)', 'Image 2'], videoURL: '' });
    expect(comparableHeader({ ...value, headerType: 'video' })).toMatchObject({ headerType: 'Video', videoURL: 'abc' });
  });
});

describe('answerHeaderPost', () => {
  it('refuses the AI buttons where AI images are not offered, before anything is read', async () => {
    const upload: ParsedUpload = { ok: true, formData: new FormData() };
    const deps = {} as HeaderDeps;
    const target = { context: 'dining', formAction: '/x', returnTo: '/y', aiImages: false };
    for (const intent of ['ai', 'ai-generate', 'ai-use', 'ai-cancel'] as const) {
      expect(await answerHeaderPost(deps, 'demo', upload, intent, target)).toEqual({
        kind: 'refused',
        status: 403,
        message: AI_UNAVAILABLE,
      });
    }
  });
});
