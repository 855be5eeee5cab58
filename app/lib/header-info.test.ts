import { describe, expect, it } from 'vitest';
import { DEFAULT_DELAY_SECONDS, hasMedia, headerView, slideIndex, videoEmbedUrl, videoIdFrom } from './header-info';

describe('videoIdFrom', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    [' dQw4w9WgXcQ ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/123456', null],
    ['https://www.youtube.com/watch?v=short', null],
    ['not a video', null],
    [42, null],
  ])('%s → %s', (input, id) => {
    expect(videoIdFrom(input)).toBe(id);
  });

  it('embeds without cookies, muted when it plays by itself', () => {
    expect(videoEmbedUrl('dQw4w9WgXcQ', false)).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0&modestbranding=1&playsinline=1',
    );
    expect(videoEmbedUrl('dQw4w9WgXcQ', true)).toContain('autoplay=1&mute=1');
  });
});

describe('headerView', () => {
  const resolve = (url: unknown) => (typeof url === 'string' && url ? `/files/${url}` : null);

  it('keeps the images that have a URL, with their captions, in order', () => {
    const view = headerView(
      {
        images: [{ imageURL: 'a.jpg', caption: ' Lake ' }, { imageURL: '', caption: 'dropped' }, { imageURL: 'b.jpg' }],
        delaySeconds: 8,
        hideTitle: true,
      },
      resolve,
    );
    expect(view.slides).toEqual([
      { url: '/files/a.jpg', caption: 'Lake' },
      { url: '/files/b.jpg', caption: null },
    ]);
    expect(view.delaySeconds).toBe(8);
    expect(view.hideTitle).toBe(true);
    expect(hasMedia(view)).toBe(true);
  });

  it('defaults the slide time to 5 seconds and reads image lists stored with gaps', () => {
    const view = headerView({ images: { 0: { imageURL: 'a.jpg' }, 2: { imageURL: 'c.jpg' } }, delaySeconds: 0 }, resolve);
    expect(view.slides.map((slide) => slide.url)).toEqual(['/files/a.jpg', '/files/c.jpg']);
    expect(view.delaySeconds).toBe(DEFAULT_DELAY_SECONDS);
  });

  it('reads a video page URL and its playback mode; nothing stored means no media', () => {
    expect(headerView({ videoURL: 'https://youtu.be/dQw4w9WgXcQ', videoPlaybackMode: 'autoplay' }, resolve)).toMatchObject({
      videoId: 'dQw4w9WgXcQ',
      autoplay: true,
    });
    expect(hasMedia(headerView(null, resolve))).toBe(false);
  });
});

describe('slideIndex', () => {
  it('wraps around and falls back to the first slide', () => {
    expect(slideIndex('2', 3)).toBe(2);
    expect(slideIndex('3', 3)).toBe(0);
    expect(slideIndex('-1', 3)).toBe(2);
    expect(slideIndex('x', 3)).toBe(0);
    expect(slideIndex('1', 0)).toBe(0);
  });
});
