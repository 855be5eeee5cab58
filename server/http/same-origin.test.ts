import { describe, expect, it } from 'vitest';
import { checkSameOrigin, hasDataParameter } from './same-origin';

const OWN = ['https://console.example', 'https://public.example'];
const check = (headers: Record<string, string>, method = 'POST') => checkSameOrigin({ method, headers, ownOrigins: OWN });

describe('checkSameOrigin', () => {
  it.each([
    // Sec-Fetch-Site decides when present.
    [{ 'sec-fetch-site': 'same-origin' }, true],
    [{ 'sec-fetch-site': 'none' }, true],
    [{ 'sec-fetch-site': 'same-site' }, false],
    [{ 'sec-fetch-site': 'cross-site' }, false],
    [{ 'sec-fetch-site': 'cross-site', origin: 'https://console.example' }, false],
    [{ 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }, true],
    // Else Origin.
    [{ origin: 'https://console.example' }, true],
    [{ origin: 'https://public.example' }, true],
    [{ origin: 'https://console.example:443' }, true],
    [{ origin: 'http://console.example' }, false],
    [{ origin: 'https://studio.console.example' }, false],
    [{ origin: 'https://evil.example' }, false],
    [{ origin: 'null' }, false],
    [{ origin: 'garbage' }, false],
    [{ origin: 'https://evil.example', referer: 'https://console.example/home' }, false],
    // Else Referer.
    [{ referer: 'https://console.example/home?x=1' }, true],
    [{ referer: 'https://evil.example/console.example' }, false],
    [{ referer: 'not a url' }, false],
    // Nothing says where it came from: curl, server-to-server without a session pass …
    [{}, true],
    [{ cookie: 'theme=dark' }, true],
    // … a signed-in post does not.
    [{ cookie: '__session=abc' }, false],
    [{ cookie: 'theme=dark; __session=abc' }, false],
    [{ cookie: '__session=abc', origin: 'https://console.example' }, true],
    [{ cookie: '__session=abc', referer: 'https://console.example/home' }, true],
    [{ cookie: '__session=abc', 'sec-fetch-site': 'same-origin' }, true],
  ])('%j → %s', (headers, ok) => {
    expect(check(headers).ok).toBe(ok);
  });

  it('only mutating methods are checked', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(check({ 'sec-fetch-site': 'cross-site' }, method).ok).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post'])
      expect(check({ 'sec-fetch-site': 'cross-site' }, method).ok).toBe(false);
  });

  it('says which header refused it', () => {
    expect(check({ 'sec-fetch-site': 'same-site' })).toEqual({ ok: false, reason: 'sec-fetch-site' });
    expect(check({ origin: 'https://evil.example' })).toEqual({ ok: false, reason: 'origin' });
    expect(check({ referer: 'https://evil.example/' })).toEqual({ ok: false, reason: 'referer' });
    expect(check({ cookie: '__session=abc' })).toEqual({ ok: false, reason: 'no-source' });
  });
});

describe('hasDataParameter', () => {
  it('finds the legacy _data parameter, with or without a value', () => {
    expect(hasDataParameter(new URL('https://console.example/sort-alpha?_data=routes%2Fx'))).toBe(true);
    expect(hasDataParameter(new URL('https://console.example/sort-alpha?index&_data'))).toBe(true);
    expect(hasDataParameter(new URL('https://console.example/sort-alpha.data'))).toBe(false);
    expect(hasDataParameter(new URL('https://console.example/sort-alpha?data=1'))).toBe(false);
  });
});
