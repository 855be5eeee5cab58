import { describe, expect, it } from 'vitest';
import { checkUploadedSvg, INVALID_SVG_MESSAGE, sanitizeSvg, SVG_WITH_IMAGE_MESSAGE } from './sanitize';

const wrap = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${inner}</svg>`;

describe('sanitizeSvg', () => {
  it('keeps drawing markup and drops whitespace between tags', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor">
      <path d="M3 3h18" />
      <circle cx="12" cy="12" r="4"/>
    </svg>`;
    expect(sanitizeSvg(svg)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor"><path d="M3 3h18"/><circle cx="12" cy="12" r="4"/></svg>',
    );
  });

  it('strips scripts, event handlers and foreign objects', () => {
    const out = sanitizeSvg(
      wrap(
        '<script>alert(1)</script><path d="M0 0" onclick="alert(2)" onload="x()"/><foreignObject><div><g></g><p>hi</p></div></foreignObject><rect width="2" height="2"/>',
      ),
    );
    expect(out).not.toMatch(/script|alert|onclick|onload|foreignObject|div|hi/);
    expect(out).toContain('<path d="M0 0"/>');
    expect(out).toContain('<rect width="2" height="2"/>');
  });

  it('removes <image>, links and external references', () => {
    const out = sanitizeSvg(
      wrap(
        '<image href="https://x.test/a.png"/><a href="javascript:alert(1)"><path d="M1 1"/></a><use href="https://x.test/s.svg#a"/><use xlink:href="#shape"/><rect fill="url(https://x.test/p)" stroke="url(#grad)"/>',
      ),
    );
    expect(out).not.toMatch(/image|javascript|x\.test|<a\b/);
    expect(out).toContain('<use xlink:href="#shape"/>');
    expect(out).toContain('<rect stroke="url(#grad)"/>');
  });

  it('does not let entities hide a javascript: href', () => {
    expect(sanitizeSvg(wrap('<use href="&#106;avascript:alert(1)"/>'))).toBe(wrap('<use/>'));
  });

  it('drops style sheets, comments, doctypes and dangerous style values', () => {
    const out = sanitizeSvg(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "boom">]><!-- c -->${wrap('<style>@import url(https://x.test)</style><rect style="fill:url(https://x.test/a)"/><circle style="fill:red"/>')}`,
    );
    expect(out).toBe(wrap('<rect/><circle style="fill:red"/>'));
  });

  it('closes unclosed tags, escapes text and adds xmlns to the root', () => {
    expect(sanitizeSvg('<svg viewBox="0 0 1 1"><g><title>a < b & "c"</title><path d="M0 0">')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><g><title>a &lt; b &amp; "c"</title><path d="M0 0"></path></g></svg>',
    );
  });

  it('returns an empty string when there is no svg root', () => {
    expect(sanitizeSvg('<html><body>hello</body></html>')).toBe('');
    expect(sanitizeSvg('not markup')).toBe('');
  });

  it('ignores anything after the root closes', () => {
    expect(sanitizeSvg(`${wrap('<path d="M0 0"/>')}<script>x()</script><svg><rect/></svg>`)).toBe(wrap('<path d="M0 0"/>'));
  });
});

describe('checkUploadedSvg (spec 02 §5)', () => {
  it('accepts a plain svg file', () => {
    expect(checkUploadedSvg(`<?xml version="1.0" encoding="UTF-8"?>\n${wrap('<path d="M0 0"/>')}\n`, 'tent.svg')).toBeNull();
  });

  it("rejects an svg with <image> tags with the spec's message", () => {
    expect(checkUploadedSvg(wrap('<image href="data:image/png;base64,AAAA"/>'))).toBe(
      'This svg is incompatible. Only upload svgs without <image> tags.',
    );
    expect(checkUploadedSvg(wrap('<svg:image href="a.png"/>'))).toBe(SVG_WITH_IMAGE_MESSAGE);
  });

  it('rejects anything that is not an svg file', () => {
    expect(checkUploadedSvg('\x89PNG\r\n')).toBe('Please only upload valid .svg files.');
    expect(checkUploadedSvg('<html></html>')).toBe(INVALID_SVG_MESSAGE);
    expect(checkUploadedSvg(wrap('<path d="M0 0"/>'), 'tent.png')).toBe(INVALID_SVG_MESSAGE);
    expect(checkUploadedSvg('<svg xmlns="http://www.w3.org/2000/svg"><path')).toBe(INVALID_SVG_MESSAGE);
  });
});
