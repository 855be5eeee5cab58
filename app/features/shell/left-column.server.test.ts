import { describe, expect, it } from 'vitest';
import { leftColumnChangeRedirect } from './left-column.server';

describe('the left column preference cookie', () => {
  it('is Secure when the request came over https, and not over plain http', async () => {
    const secure = await leftColumnChangeRedirect(new Request('https://console.test/?leftColumn=collapsed'));
    expect(secure?.headers.get('Set-Cookie')).toMatch(/^shell-left-column=.*; Secure/);
    const plain = await leftColumnChangeRedirect(new Request('http://localhost:3000/?leftColumn=collapsed'));
    expect(plain?.headers.get('Set-Cookie')).not.toMatch(/Secure/);
    expect(plain?.headers.get('Location')).toBe('/');
  });
});
