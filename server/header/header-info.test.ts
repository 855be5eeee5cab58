import { describe, expect, it } from 'vitest';
import { headerFormValue, headerImageSize, headerRecord } from './header-info';

describe('header info', () => {
  it('sizes header images 1125x600, or 1125x450 for esp apps', () => {
    expect(headerImageSize({})).toEqual({ width: 1125, height: 600 });
    expect(headerImageSize({ espApp: true })).toEqual({ width: 1125, height: 450 });
  });

  it('reads a stored node into the form, defaulting the delay to 4', () => {
    const value = headerFormValue({
      images: { a: { imageURL: '/x.png', caption: 'Hi', fileInfo: { thumb: '/x_t.png' }, date: 5 }, b: { caption: 'no url' } },
      hideTitle: true,
    });
    expect(value).toEqual({
      headerType: 'images',
      images: [{ imageURL: '/x.png', caption: 'Hi', thumbURL: '/x_t.png', date: 5, originalURL: undefined, imageName: undefined }],
      videoURL: undefined,
      autoplay: false,
      delaySeconds: 4,
      hideTitle: true,
    });
    expect(headerFormValue({ videoURL: 'dQw4w9WgXcQ', videoPlaybackMode: 'autoplay', delaySeconds: 8 })).toMatchObject({
      headerType: 'video',
      autoplay: true,
      delaySeconds: 8,
    });
  });

  it('clears the video for images and the images for a video, keeping fields it does not edit', () => {
    const stored = { videoURL: 'dQw4w9WgXcQ', images: [{ imageURL: '/x.png', radio: 'r1', fileInfo: { size: 10 } }] };
    const images = headerRecord(
      {
        headerType: 'images',
        images: [{ imageURL: '/x.png', caption: 'C', thumbURL: '/t.png' }],
        videoURL: 'dQw4w9WgXcQ',
        autoplay: true,
        delaySeconds: 4,
        hideTitle: false,
      },
      stored,
    );
    expect(images).toEqual({
      delaySeconds: 4,
      hideTitle: false,
      images: [{ imageURL: '/x.png', radio: 'r1', caption: 'C', fileInfo: { size: 10, thumb: '/t.png' } }],
    });
    const video = headerRecord(
      {
        headerType: 'video',
        images: [{ imageURL: '/x.png' }],
        videoURL: 'https://youtu.be/dQw4w9WgXcQ',
        autoplay: false,
        delaySeconds: 5,
        hideTitle: true,
      },
      stored,
    );
    expect(video).toEqual({ videoURL: 'dQw4w9WgXcQ', delaySeconds: 5, hideTitle: true });
  });
});
