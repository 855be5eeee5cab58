import { describe, expect, it } from 'vitest';
import { normalizeAddress, parseTrustProxy, resolveForwarded, TrustProxyError, trustsHop, type TrustProxy } from './trust-proxy';

const resolve = (trust: string, peer: string, headers: Record<string, string> = {}, encrypted = false) =>
  resolveForwarded({ peer, encrypted, headers: { host: 'console.example', ...headers } }, parseTrustProxy(trust));

describe('parseTrustProxy', () => {
  it('trusts nobody when unset, empty, false or 0', () => {
    for (const value of [undefined, '', '  ', 'false', 'off', '0']) expect(parseTrustProxy(value)).toEqual({ kind: 'none' });
  });

  it('reads a hop count', () => {
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
  });

  it('reads addresses, ranges and the named ranges', () => {
    const trust = parseTrustProxy('loopback, 10.1.0.0/16, 2001:db8::7, uniquelocal');
    expect(trust.kind).toBe('addresses');
    const trusted = (address: string) => trustsHop(trust, address, 0);
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('127.9.9.9')).toBe(true);
    expect(trusted('::1')).toBe(true);
    expect(trusted('::ffff:127.0.0.1')).toBe(true);
    expect(trusted('10.1.200.3')).toBe(true);
    expect(trusted('192.168.4.4')).toBe(true);
    expect(trusted('2001:db8::7')).toBe(true);
    expect(trusted('2001:db8::8')).toBe(false);
    expect(trusted('203.0.113.9')).toBe(false);
    expect(trusted('not an address')).toBe(false);
  });

  it('refuses entries that are not addresses or ranges, and trusting everyone', () => {
    expect(() => parseTrustProxy('proxy.internal')).toThrow(TrustProxyError);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/CIDR/);
    expect(() => parseTrustProxy('10.0.0.0/x')).toThrow(/CIDR/);
    expect(() => parseTrustProxy('true')).toThrow(/every address/);
    expect(() => parseTrustProxy('*')).toThrow(/every address/);
    expect(() => parseTrustProxy('99')).toThrow(/hop count/);
  });
});

describe('normalizeAddress', () => {
  it('plain addresses, IPv4-mapped IPv6 as IPv4, ports and brackets removed', () => {
    expect(normalizeAddress('203.0.113.5')).toBe('203.0.113.5');
    expect(normalizeAddress('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(normalizeAddress('203.0.113.5:4431')).toBe('203.0.113.5');
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeAddress('unknown')).toBeNull();
    expect(normalizeAddress('_hidden')).toBeNull();
    expect(normalizeAddress('')).toBeNull();
    expect(normalizeAddress(undefined)).toBeNull();
  });
});

describe('resolveForwarded', () => {
  it('without trusted proxies the client is the socket peer, whatever the headers say', () => {
    const view = resolve('', '198.51.100.20', {
      'x-forwarded-for': '203.0.113.1',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    });
    expect(view).toEqual({ clientAddress: '198.51.100.20', protocol: 'http', host: 'console.example', peerTrusted: false });
  });

  it('a spoofed header from a peer that is not a listed proxy is ignored', () => {
    const view = resolve('10.0.0.0/8', '198.51.100.20', { 'x-forwarded-for': '10.0.0.5', 'x-forwarded-proto': 'https' });
    expect(view.clientAddress).toBe('198.51.100.20');
    expect(view.protocol).toBe('http');
    expect(view.peerTrusted).toBe(false);
  });

  it('behind a trusted proxy the client is the address it reports', () => {
    const view = resolve('loopback', '127.0.0.1', { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' });
    expect(view).toEqual({ clientAddress: '203.0.113.7', protocol: 'https', host: 'console.example', peerTrusted: true });
  });

  it('reads X-Forwarded-For from the right: what the client sent itself sits left of the proxies and is never taken', () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; the proxy at 127.0.0.1 appended the real peer.
    expect(resolve('loopback', '127.0.0.1', { 'x-forwarded-for': '1.1.1.1, 203.0.113.7' }).clientAddress).toBe('203.0.113.7');
    // Rotating the spoofed part changes nothing.
    expect(resolve('loopback', '127.0.0.1', { 'x-forwarded-for': '9.9.9.9, 8.8.8.8, 203.0.113.7' }).clientAddress).toBe('203.0.113.7');
  });

  it('skips every trusted hop, and stops at the first one that is not', () => {
    const view = resolve('10.0.0.0/8', '10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 203.0.113.7, 10.0.0.9, 10.0.0.3' });
    expect(view.clientAddress).toBe('203.0.113.7');
  });

  it('a hop count trusts that many proxies nearest the server', () => {
    expect(resolve('1', '10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 203.0.113.7' }).clientAddress).toBe('203.0.113.7');
    expect(resolve('2', '10.0.0.2', { 'x-forwarded-for': '1.1.1.1, 203.0.113.7, 10.0.0.3' }).clientAddress).toBe('203.0.113.7');
    // Fewer addresses than hops: the leftmost one.
    expect(resolve('3', '10.0.0.2', { 'x-forwarded-for': '203.0.113.7' }).clientAddress).toBe('203.0.113.7');
  });

  it('a trusted proxy without X-Forwarded-For is the client', () => {
    expect(resolve('loopback', '::ffff:127.0.0.1').clientAddress).toBe('127.0.0.1');
  });

  it('an address a trusted proxy reports that is not an address cannot be told', () => {
    expect(resolve('loopback', '127.0.0.1', { 'x-forwarded-for': 'unknown' }).clientAddress).toBeNull();
    expect(resolve('1', '10.0.0.2', { 'x-forwarded-for': '203.0.113.7:51234' }).clientAddress).toBe('203.0.113.7');
  });

  it('the protocol is https on a TLS connection, or when a trusted proxy says so', () => {
    expect(resolve('', '198.51.100.20', {}, true).protocol).toBe('https');
    expect(resolve('loopback', '127.0.0.1', { 'x-forwarded-proto': 'HTTPS' }).protocol).toBe('https');
    expect(resolve('loopback', '127.0.0.1', { 'x-forwarded-proto': 'gopher' }).protocol).toBe('http');
  });

  it('appended forwarded values: the one the outermost trusted proxy wrote counts, not what the client sent', () => {
    // Client sent "X-Forwarded-Proto: https" over plain http; the proxy appended "http".
    const view = resolve('loopback', '127.0.0.1', { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https, http' });
    expect(view.protocol).toBe('http');
    // Two trusted proxies, each appending: the outer one (which the client reached) wrote the first of theirs.
    const twoHops = resolve('10.0.0.0/8', '10.0.0.2', {
      'x-forwarded-for': '203.0.113.7, 10.0.0.9',
      'x-forwarded-proto': 'https, http',
    });
    expect(twoHops.protocol).toBe('https');
  });

  it('the host is X-Forwarded-Host only from a trusted proxy, and only when it is a host', () => {
    expect(resolve('loopback', '127.0.0.1', { 'x-forwarded-host': 'Admin.Example:8443' }).host).toBe('admin.example:8443');
    expect(resolve('loopback', '127.0.0.1', { 'x-forwarded-host': 'evil.example/path' }).host).toBe('console.example');
    expect(resolve('', '127.0.0.1', { 'x-forwarded-host': 'evil.example' }).host).toBe('console.example');
    expect(resolveForwarded({ peer: '127.0.0.1', encrypted: false, headers: { host: 'bad host' } }, { kind: 'none' }).host).toBeNull();
  });

  it('no peer address (a closed socket) is no client address', () => {
    const trust: TrustProxy = { kind: 'none' };
    expect(resolveForwarded({ peer: undefined, encrypted: false, headers: { host: 'a.example' } }, trust).clientAddress).toBeNull();
  });
});
