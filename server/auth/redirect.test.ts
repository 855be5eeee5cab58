import { describe, expect, it } from 'vitest';
import { safeRedirectTo, sitePath } from './redirect';

describe('sitePath', () => {
  it('keeps paths of this site with their query and fragment', () => {
    expect(sitePath('/analytics')).toBe('/analytics');
    expect(sitePath('/analytics?range=7#top')).toBe('/analytics?range=7#top');
    expect(sitePath('/a/../b')).toBe('/b');
    expect(sitePath('/%09/x')).toBe('/%09/x');
    expect(sitePath('/caf\u00e9')).toBe('/caf%C3%A9');
  });

  it('refuses whatever a browser could read as another site, and anything that is not a path', () => {
    const refused = [
      '//evil.example',
      '///evil.example',
      'https://evil.example/x',
      '/\t/evil.example/x',
      '/\n/evil.example/x',
      '\t//evil.example',
      '/\\evil.example',
      '/.//evil.example',
      '/..//evil.example',
      '/x\u0000',
      '/x\u0085',
      'analytics',
      ' /analytics',
      'javascript:alert(1)',
      '',
      `/${'a'.repeat(2048)}`,
      42,
      null,
    ];
    for (const value of refused) expect(sitePath(value), JSON.stringify(value)).toBeNull();
  });
});

describe('safeRedirectTo', () => {
  it('leaves out home and the login screen', () => {
    expect(safeRedirectTo('/')).toBeNull();
    expect(safeRedirectTo('/login?action=logout')).toBeNull();
    expect(safeRedirectTo('/home/edit/x')).toBe('/home/edit/x');
    expect(safeRedirectTo('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});
