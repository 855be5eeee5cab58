import { describe, expect, it } from 'vitest';
import { MAX_ENTRIES, PublicPageCache } from './public-page-cache';

const text = (answer: { body: Buffer[] | null } | null) => (answer?.body ? Buffer.concat(answer.body).toString('utf8') : null);

describe('the public page cache', () => {
  const html = '<html><script nonce="N0nce">x</script><script nonce="N0nce">y</script>é</html>';
  const policy = "script-src 'self' 'nonce-N0nce'";

  it("answers a kept page with the request's own nonce in the HTML and the policy, and 304 for the browser's copy", () => {
    const cache = new PublicPageCache();
    let current = true;
    const etag = cache.store('http://a.test/calendar', {
      html,
      nonce: 'N0nce',
      policy,
      headers: [
        ['Content-Type', 'text/html; charset=utf-8'],
        ['Set-Cookie', 'x=1'],
      ],
      validity: { isCurrent: () => current, expiresAt: Date.now() + 60_000 },
    });
    expect(etag).toMatch(/^W\/"pc-/);
    const answer = cache.answer('http://a.test/calendar', 'Fresh', undefined)!;
    expect(answer.status).toBe(200);
    expect(text(answer)).toBe(html.replaceAll('N0nce', 'Fresh'));
    expect(answer.length).toBe(Buffer.byteLength(html.replaceAll('N0nce', 'Fresh')));
    expect(answer.headers).toContainEqual(['Content-Security-Policy', "script-src 'self' 'nonce-Fresh'"]);
    expect(answer.headers).toContainEqual(['ETag', etag]);
    expect(answer.headers.some(([name]) => name === 'Set-Cookie')).toBe(false);
    expect(cache.answer('http://a.test/calendar', 'Other', etag!)).toMatchObject({ status: 304, body: null });
    // Another host is another page (the project comes from the host).
    expect(cache.answer('http://b.test/calendar', 'Fresh', undefined)).toBeNull();

    current = false;
    expect(cache.answer('http://a.test/calendar', 'Fresh', undefined)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('drops a page once it expires, and keeps none that is already stale', () => {
    const cache = new PublicPageCache();
    cache.store('http://a.test/x', {
      html,
      nonce: 'N0nce',
      policy,
      headers: [],
      validity: { isCurrent: () => true, expiresAt: Date.now() - 1 },
    });
    expect(cache.size).toBe(0);
    cache.store('http://a.test/x', {
      html,
      nonce: 'N0nce',
      policy,
      headers: [],
      validity: { isCurrent: () => false, expiresAt: Date.now() + 1000 },
    });
    expect(cache.size).toBe(0);
  });

  it('combines the marks of several loaders of one request and forgets them once taken', () => {
    const cache = new PublicPageCache();
    let second = true;
    cache.markCacheable('scope-1', { isCurrent: () => true, expiresAt: 5_000 });
    cache.markCacheable('scope-1', { isCurrent: () => second, expiresAt: 3_000 });
    cache.markCacheable(null, { isCurrent: () => true, expiresAt: 1 });
    const validity = cache.takePending('scope-1')!;
    expect(validity.expiresAt).toBe(3_000);
    expect(validity.isCurrent()).toBe(true);
    second = false;
    expect(validity.isCurrent()).toBe(false);
    expect(cache.takePending('scope-1')).toBeNull();
  });

  it('keeps at most its number of pages, the least recently used going first', () => {
    const cache = new PublicPageCache();
    const validity = { isCurrent: () => true, expiresAt: Date.now() + 60_000 };
    for (let index = 0; index <= MAX_ENTRIES; index++) {
      cache.store(`http://a.test/${index}`, { html: 'x', nonce: 'N0nce', policy: null, headers: [], validity });
      if (index === 0) expect(cache.answer('http://a.test/0', 'n', undefined)).not.toBeNull();
    }
    expect(cache.size).toBe(MAX_ENTRIES);
    expect(cache.answer('http://a.test/0', 'n', undefined)).toBeNull();
    expect(cache.answer(`http://a.test/${MAX_ENTRIES}`, 'n', undefined)).not.toBeNull();
  });
});
