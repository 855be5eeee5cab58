import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import {
  EDITOR_DEFAULT_DELAY_SECONDS,
  HeaderSchema,
  IMAGE_REQUIRED,
  INVALID_DELAY,
  INVALID_IMAGE_URL,
  INVALID_VIDEO,
  VIDEO_REQUIRED,
  isImageUrl,
} from './header';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  const submission = parseWithZod(data, { schema: HeaderSchema });
  return {
    status: submission.status,
    error: submission.status === 'error' ? submission.error : undefined,
    value: submission.status === 'success' ? submission.value : undefined,
  };
};

describe('HeaderSchema', () => {
  it('requires an image for an image header', () => {
    const result = form({ headerType: 'images' });
    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({ images: [IMAGE_REQUIRED] });
  });

  it('reads images with captions, booleans and the default delay of 4', () => {
    const result = form({ headerType: 'images', 'images[0].imageURL': '/files/a.png', 'images[0].caption': ' Lake ', hideTitle: 'on' });
    expect(result.status).toBe('success');
    expect(result.value).toMatchObject({
      images: [{ imageURL: '/files/a.png', caption: 'Lake' }],
      hideTitle: true,
      autoplay: false,
      delaySeconds: EDITOR_DEFAULT_DELAY_SECONDS,
    });
  });

  it('requires a video code or video page for a video header', () => {
    expect(form({ headerType: 'video' }).error).toMatchObject({ videoURL: [VIDEO_REQUIRED] });
    expect(form({ headerType: 'video', videoURL: 'https://example.com/watch' }).error).toMatchObject({ videoURL: [INVALID_VIDEO] });
    expect(form({ headerType: 'video', videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }).status).toBe('success');
    expect(form({ headerType: 'video', videoURL: 'dQw4w9WgXcQ' }).status).toBe('success');
  });

  it('keeps the delay a whole number of seconds from 1 to 60', () => {
    expect(form({ headerType: 'video', videoURL: 'dQw4w9WgXcQ', delaySeconds: '0' }).error).toMatchObject({
      delaySeconds: [INVALID_DELAY],
    });
    expect(form({ headerType: 'video', videoURL: 'dQw4w9WgXcQ', delaySeconds: '2.5' }).error).toMatchObject({
      delaySeconds: [INVALID_DELAY],
    });
    expect(form({ headerType: 'video', videoURL: 'dQw4w9WgXcQ', delaySeconds: 'x' }).error).toMatchObject({
      delaySeconds: [INVALID_DELAY],
    });
  });
});

describe('header image addresses', () => {
  const image = (imageURL: string, extra: Record<string, string> = {}) =>
    form({
      headerType: 'images',
      'images[0].imageURL': imageURL,
      ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`images[0].${k}`, v])),
    });

  it('accepts http(s) addresses and files this console stored', () => {
    for (const url of [
      'https://storage.example.com/o/a.png?alt=media',
      'http://127.0.0.1:3000/files/x/a.png',
      '/files/demo/images/header/1/a%20b.png',
    ]) {
      expect(isImageUrl(url), url).toBe(true);
      expect(image(url).status, url).toBe('success');
    }
  });

  it('refuses javascript:, data:, protocol-relative, dot-dot and arbitrary strings, in every address field', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '//evil.example/a.png',
      '/files/../admin',
      '/files/a/../../x',
      'files/a.png',
      'anything at all',
      'https://exa mple.com/a.png',
    ]) {
      expect(isImageUrl(url.trim()), url).toBe(false);
      expect(image(url).error, url).toMatchObject({ 'images[0].imageURL': [INVALID_IMAGE_URL] });
      expect(image('/files/a.png', { thumbURL: url }).error, url).toMatchObject({ 'images[0].thumbURL': [INVALID_IMAGE_URL] });
      expect(image('/files/a.png', { originalURL: url }).error, url).toMatchObject({ 'images[0].originalURL': [INVALID_IMAGE_URL] });
    }
  });
});
