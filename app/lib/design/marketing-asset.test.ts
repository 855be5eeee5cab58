import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MARKETING_ASSET,
  LAYOUT,
  MARKETING_ASSET,
  MARKETING_ASSET_TEXTS,
  featureIconSrc,
  marketingAssetDesign,
  marketingAssetSettings,
  normalizeHex8,
} from './marketing-asset';
import type { ImageElement, TextElement } from './types';

describe('marketing asset settings', () => {
  it('has the spec’s defaults', () => {
    const settings = marketingAssetSettings(null);
    expect(settings.title).toBe('INTRODUCING OUR MOBILE APP');
    expect(settings.subtitle).toBe('EVERYTHING YOU NEED IN THE PALM OF YOUR HAND');
    expect(settings.backgroundOverlayColor).toBe('#00000066');
    expect(settings.features.map((feature) => feature.name)).toEqual(['Notifications', 'Business listings', 'Calendar']);
    expect(settings).toEqual(DEFAULT_MARKETING_ASSET);
  });
  it('keeps 8-digit colours, makes 6-digit ones opaque and drops anything else', () => {
    expect(normalizeHex8('#12345678')).toBe('#12345678');
    expect(normalizeHex8('#abcdef')).toBe('#ABCDEFFF');
    expect(normalizeHex8('red')).toBeNull();
    expect(marketingAssetSettings({ fontColor: 'javascript:1' }).fontColor).toBe('#FFFFFFFF');
  });
  it('reads three features whatever was stored, with library icons only', () => {
    const settings = marketingAssetSettings({
      features: [{ id: 'a', name: 'Pool', visibility: false, iconData: { title: 'pool', svg: '<svg onload="x"/>' } }, 'junk'],
    });
    expect(settings.features).toHaveLength(3);
    expect(settings.features[0]).toMatchObject({
      id: 'a',
      name: 'Pool',
      visibility: false,
      iconData: { title: 'pool', iconSet: 'svg_plain' },
    });
    expect(settings.features[0]?.iconData.svg).not.toContain('onload');
    expect(settings.features[1]?.name).toBe('Business listings');
  });
});

describe('the marketing asset layout (spec 03 §9)', () => {
  it('centres the 780×780 border on the 900×900 canvas', () => {
    expect(LAYOUT.border).toEqual({ x: 60, y: 60, width: 780, height: 780 });
    expect(MARKETING_ASSET.size).toBe(900);
  });
  it('keeps the logo, features, QR and phone inside the border', () => {
    const inner = { left: 62, top: 62, right: 838, bottom: 838 };
    const boxes = [LAYOUT.logo, LAYOUT.qr, LAYOUT.phone, ...[0, 1, 2].map((index) => LAYOUT.feature(index).icon)];
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(inner.left);
      expect(box.y).toBeGreaterThanOrEqual(inner.top);
      expect(box.x + box.width).toBeLessThanOrEqual(inner.right);
      expect(box.y + box.height).toBeLessThanOrEqual(inner.bottom);
    }
    expect(LAYOUT.logo.width).toBe(100);
    expect(LAYOUT.phone.height).toBe(580);
    expect(LAYOUT.qr.width).toBe(80);
    expect(LAYOUT.feature(0).icon.width).toBe(32);
    expect(LAYOUT.feature(2).text.maxWidth).toBe(150);
  });
  it('stacks the texts without overlap', () => {
    const bottom = (t: { y: number; size: number; lineHeight: number; maxLines: number }) => t.y + t.size * t.lineHeight * t.maxLines;
    expect(bottom(LAYOUT.title)).toBeLessThanOrEqual(LAYOUT.subtitle.y);
    expect(bottom(LAYOUT.subtitle)).toBeLessThanOrEqual(LAYOUT.feature(0).icon.y);
    expect(LAYOUT.feature(2).icon.y + 32).toBeLessThanOrEqual(LAYOUT.andMore.y);
    expect(bottom(LAYOUT.andMore)).toBeLessThanOrEqual(LAYOUT.qr.y);
    expect(LAYOUT.title.x + LAYOUT.title.maxWidth).toBeLessThanOrEqual(LAYOUT.phone.x);
  });
});

describe('marketingAssetDesign', () => {
  const withImages = { ...DEFAULT_MARKETING_ASSET, bgUrl: '/files/bg.png', logoUrl: '/files/logo.png', phoneUrl: '/files/phone.png' };
  const images = (design: ReturnType<typeof marketingAssetDesign>) =>
    design.elements.filter((element): element is ImageElement => element.type === 'image');
  const texts = (design: ReturnType<typeof marketingAssetDesign>) =>
    design.elements.filter((element): element is TextElement => element.type === 'text').map((element) => element.text);

  it('draws the background under the overlay, then the border', () => {
    const design = marketingAssetDesign(withImages, { qr: 'data:image/png;base64,AA' });
    expect(design.elements[0]).toMatchObject({ type: 'image', src: '/files/bg.png', fit: 'cover', width: 900 });
    expect(design.elements[1]).toMatchObject({ type: 'rect', fill: '#00000066', width: 900 });
    expect(design.elements[2]).toMatchObject({ type: 'rect', stroke: '#FFFFFFFF', lineWidth: 4, width: 780 });
    expect(images(design).map((image) => image.src)).toContain('data:image/png;base64,AA');
    expect(texts(design)).toEqual([
      ...['INTRODUCING OUR MOBILE APP', 'EVERYTHING YOU NEED IN THE PALM OF YOUR HAND'],
      'Notifications',
      'Business listings',
      'Calendar',
      MARKETING_ASSET_TEXTS.andMore,
    ]);
  });
  it('leaves out hidden features, and more, the QR and images not chosen', () => {
    const hidden = {
      ...DEFAULT_MARKETING_ASSET,
      qrCodeVisibility: false,
      andMoreVisibility: false,
      features: DEFAULT_MARKETING_ASSET.features.map((feature, index) => ({ ...feature, visibility: index === 1 })),
    };
    const design = marketingAssetDesign(hidden, { qr: 'data:image/png;base64,AA' });
    expect(texts(design)).toEqual(['INTRODUCING OUR MOBILE APP', 'EVERYTHING YOU NEED IN THE PALM OF YOUR HAND', 'Business listings']);
    expect(images(design)).toHaveLength(1);
    expect(
      marketingAssetDesign(DEFAULT_MARKETING_ASSET, { qr: null }).elements.some(
        (element) => element.type === 'image' && element.src.startsWith('data:image/png'),
      ),
    ).toBe(false);
  });
  it('tints a feature icon with the opaque font colour', () => {
    const src = decodeURIComponent(featureIconSrc(DEFAULT_MARKETING_ASSET.features[0]!.iconData, '#11223344'));
    expect(src).toContain('stroke="#112233"');
    expect(src).not.toContain('currentColor');
    expect(src).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg width="96" height="96"/);
  });
});
