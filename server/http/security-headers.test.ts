import { describe, expect, it } from 'vitest';
import { baseSecurityHeaders, contentSecurityPolicy, newNonce, scriptOrigin } from './security-headers';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );

describe('contentSecurityPolicy', () => {
  it('scripts only with the nonce or from our own origin; no plugins, no base or form targets elsewhere; never framed', () => {
    const policy = directives(contentSecurityPolicy({ nonce: 'abc123' }));
    expect(policy['script-src']).toEqual(["'self'", "'nonce-abc123'"]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['form-action']).toEqual(["'self'", 'https://accounts.google.com']);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(policy['frame-src']).toContain('https://www.youtube-nocookie.com');
    // The cropper reads the chosen file back through a blob: URL.
    expect(policy['connect-src']).toEqual(["'self'", 'blob:', 'data:']);
  });

  it('an embeddable page leaves frame-ancestors out', () => {
    expect(directives(contentSecurityPolicy({ nonce: 'n', embeddable: true }))['frame-ancestors']).toBeUndefined();
  });

  it("lets the project's help-desk widget load its script, styles, frames and calls", () => {
    const policy = directives(contentSecurityPolicy({ nonce: 'n', widgetOrigins: ['https://widget.help.example'] }));
    for (const name of ['script-src', 'style-src', 'connect-src', 'frame-src', 'font-src']) {
      expect(policy[name], name).toContain('https://widget.help.example');
    }
  });

  it('lets the dev server talk to the page only in development', () => {
    expect(directives(contentSecurityPolicy({ nonce: 'n', development: true }))['connect-src']).toContain('ws:');
  });
});

describe('helpers', () => {
  it('nonces are fresh, base64, 128 bits', () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });

  it("a widget's origin comes from its http(s) script URL only", () => {
    expect(scriptOrigin('https://widget.help.example/v2/loader.js?x=1')).toBe('https://widget.help.example');
    expect(scriptOrigin('javascript:alert(1)')).toBeNull();
    expect(scriptOrigin('not a url')).toBeNull();
    expect(scriptOrigin(null)).toBeNull();
  });

  it('HSTS only over https', () => {
    expect(baseSecurityHeaders('http')).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    expect(baseSecurityHeaders('https')['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
  });
});
