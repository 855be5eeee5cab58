import { describe, expect, it } from 'vitest';
import { getMenuIcon } from './library';
import { renderMenuIcon } from './render';
import { sanitizeSvg } from './sanitize';

const base = { glyph: 'tent', colorIconShape: '#ffffff', colorIconBackground: '#2E6B4F' };

describe('renderMenuIcon', () => {
  it('draws round icons on a filled circle in the community colours', () => {
    const svg = renderMenuIcon({ ...base, iconSet: 'svg_round', size: 64, title: 'Recreation' });
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 100 100" width="64" height="64" data-icon-shape="round" role="img" aria-label="Recreation">/,
    );
    expect(svg).toContain('<title>Recreation</title>');
    expect(svg).toContain('<circle cx="50" cy="50" r="48" fill="#2E6B4F"/>');
    expect(svg).toContain('color="#FFFFFF"');
    expect(svg).toContain(
      getMenuIcon('tent')
        ?.svg.replace(/^<svg[^>]*>/, '')
        .replace(/<\/svg>$/, ''),
    );
  });

  it('draws every svg set visibly differently', () => {
    const drawings = ['svg_round', 'svg_plain', 'svg_parks', 'svg_traditional', 'svg_vintage'].map((iconSet) =>
      renderMenuIcon({ ...base, iconSet }),
    );
    expect(new Set(drawings).size).toBe(5);
    const [round, plain, parks, traditional, vintage] = drawings;
    expect(plain).not.toContain('#2E6B4F');
    expect(plain).toContain('color="#FFFFFF"');
    expect(parks).toMatch(/<path d="M14 4h72[^"]*" fill="#2E6B4F"\/>/);
    expect(traditional).toContain('<rect x="2" y="2" width="96" height="96" rx="20" fill="#2E6B4F"/>');
    expect(vintage?.match(/stroke="#FFFFFF"/g)).toHaveLength(2);
    expect(round).not.toContain('stroke="#FFFFFF" stroke-width="3"');
  });

  it('draws legacy and font sets like their svg shape', () => {
    expect(renderMenuIcon({ ...base, iconSet: 'parks_color' })).toContain('data-icon-shape="parks"');
    expect(renderMenuIcon({ ...base, iconSet: 'handdrawn' })).toContain('data-icon-shape="plain"');
    expect(renderMenuIcon({ ...base, iconSet: 'solid' })).toContain('data-icon-shape="round"');
  });

  it('sanitizes an svg glyph and keeps its viewBox and stroke', () => {
    const svg = renderMenuIcon({
      ...base,
      iconSet: 'svg_traditional',
      glyph:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" stroke="currentColor" onload="x()"><script>alert(1)</script><path d="M0 0h48"/></svg>',
    });
    expect(svg).not.toMatch(/script|alert|onload/);
    expect(svg).toContain('viewBox="0 0 48 48" stroke="currentColor"><path d="M0 0h48"/></svg>');
    expect(sanitizeSvg(svg).length).toBeGreaterThan(0);
  });

  it('draws update_app for an unknown name and falls back to default colours', () => {
    const svg = renderMenuIcon({ glyph: 'no-such-icon', colorIconShape: 'javascript:x', colorIconBackground: null });
    expect(svg).toContain(
      getMenuIcon('update_app')
        ?.svg.replace(/^<svg[^>]*>/, '')
        .replace(/<\/svg>$/, ''),
    );
    expect(svg).toContain('fill="#FFFFFF"');
    expect(svg).toContain('color="#183449"');
    expect(svg).toContain('width="48" height="48"');
    expect(svg).toContain('aria-hidden="true"');
  });

  it('escapes the title', () => {
    expect(renderMenuIcon({ ...base, title: 'A "B" <C>' })).toContain('aria-label="A &quot;B&quot; &lt;C&gt;"');
  });
});
