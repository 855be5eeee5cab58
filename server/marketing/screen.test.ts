import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from '@server/storage';
import { appStoreUrl, badgeSnippet, googlePlayUrl } from '~/lib/marketing';
import { badgeSection, findMarketingImage, oneLinkSection } from './screen';

/** Decodes a QR code image (a data URL) the way a phone's camera would see it. */
async function decode(dataUrl: string): Promise<string | null> {
  const bytes = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
  const image = await loadImage(bytes);
  // Drawn at 400 px, as the page or a print shows it.
  const size = 400;
  const canvas = createCanvas(size, size);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.drawImage(image, 0, 0, size, size);
  const { data } = context.getImageData(0, 0, size, size);
  return jsQR(new Uint8ClampedArray(data), size, size)?.data ?? null;
}

describe('the one-link section', () => {
  const link = 'https://pinehollow.go.link/app?campaign=front-desk&adj_t=abc123';

  it('has a QR code, drawn on the server, that decodes to exactly the one-link URL (SVG and PNG)', async () => {
    const section = await oneLinkSection({ oneLink: link });
    expect(section?.url).toBe(link);
    expect(section?.qrSvg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(section?.qrPng).toMatch(/^data:image\/png;base64,/);
    expect(await decode(section!.qrSvg)).toBe(link);
    expect(await decode(section!.qrPng)).toBe(link);
  });

  it('keeps four modules of quiet zone around the code', async () => {
    const section = await oneLinkSection({ oneLink: link });
    const svg = Buffer.from(section!.qrSvg.split(',')[1]!, 'base64').toString();
    const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
    // The dark modules' path starts at the quiet zone's edge: x = 4, y = 4 modules in.
    const firstMove = /<path[^>]*stroke="#000000"[^>]*d="M(\d+) (\d+)/.exec(svg);
    expect(Number(firstMove?.[1])).toBeGreaterThanOrEqual(4);
    expect(Number(firstMove?.[2])).toBeGreaterThanOrEqual(4);
    expect(size).toBeGreaterThan(21 + 8 - 1);
  });

  it('is left out without a one-link URL, and shows an uploaded QR image beside it', async () => {
    expect(await oneLinkSection({ android: 'com.a' })).toBeNull();
    expect((await oneLinkSection({ oneLink: link, qrCode: '/files/c/qr.png' }))?.uploadedQr).toBe('/files/c/qr.png');
  });
});

describe('the badge snippets', () => {
  it('show when both package names are set, linking each store by its rule', () => {
    const section = badgeSection({ android: 'com.pine.app', ios: 'com.pine.ios', iosId: 6450012345 }, 'https://console.example');
    expect(section?.appStoreUrl).toBe('https://apps.apple.com/app/id6450012345');
    expect(section?.googlePlayUrl).toBe('https://play.google.com/store/apps/details?id=com.pine.app');
    expect(section?.vertical).toContain('flex-direction:column');
    expect(section?.horizontal).toContain('flex-direction:row');
    for (const snippet of [section!.vertical!, section!.horizontal!]) {
      expect(snippet).toContain('href="https://apps.apple.com/app/id6450012345"');
      expect(snippet).toContain('href="https://play.google.com/store/apps/details?id=com.pine.app"');
      expect(snippet).toContain('src="https://console.example/badges/app-store-badge.svg"');
      expect(snippet).toContain('src="https://console.example/badges/google-play-badge.svg"');
      expect(snippet).toContain('alt="Download on the App Store"');
      expect(snippet).toContain('alt="Get it on Google Play"');
    }
  });

  it('are left out unless both package names are set; without the iOS ID there is no App Store link', () => {
    expect(badgeSection({ android: 'com.a' }, 'https://c.example')).toBeNull();
    expect(badgeSection({ ios: 'com.i', iosId: 1 }, 'https://c.example')).toBeNull();
    expect(badgeSection({ android: 'com.a', ios: 'com.i' }, 'https://c.example')).toMatchObject({ appStoreUrl: null, vertical: null });
  });

  it('escape what they put in attributes', () => {
    expect(googlePlayUrl('com.a"><script>')).toBe('https://play.google.com/store/apps/details?id=com.a%22%3E%3Cscript%3E');
    expect(appStoreUrl(12)).toBe('https://apps.apple.com/app/id12');
    expect(badgeSnippet('vertical', { origin: 'https://c.example/"x', iosId: 1, android: 'a' })).toContain(
      'https://c.example/&quot;x/badges',
    );
  });
});

describe('marketing images found in storage', () => {
  const storage = (files: Record<string, string>, failing = false) =>
    ({
      exists: async (path: string) => {
        if (failing) throw new Error('storage down');
        return path in files;
      },
      url: async (path: string) => files[path]!,
    }) as unknown as FileStorage;

  it("the community's own image first, then the shared images/marketing one", async () => {
    const both = storage({
      'c1/images/social_marketing_introducing.png': '/files/c1/images/social_marketing_introducing.png',
      'images/marketing/social_marketing_introducing.png': '/files/images/marketing/social_marketing_introducing.png',
      'images/marketing/social_marketing_downloaded.png': '/files/images/marketing/social_marketing_downloaded.png',
    });
    expect(await findMarketingImage(both, 'c1', 'introducing')).toBe('/files/c1/images/social_marketing_introducing.png');
    expect(await findMarketingImage(both, 'c1', 'downloaded')).toBe('/files/images/marketing/social_marketing_downloaded.png');
  });

  it('a missing image, or storage failing, is silently ignored', async () => {
    expect(await findMarketingImage(storage({}), 'c1', 'introducing')).toBeNull();
    expect(await findMarketingImage(storage({}, true), 'c1', 'downloaded')).toBeNull();
  });
});
