import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHost, isPrivateAddress, pinnedFetch, type HostResolver } from './network';

/** The private-network guard of calendar imports: address ranges, the resolver check, the pinned connection. */

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:101::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '203.0.113.10', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:808:808::1'])(
    'lets %s through',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('checkHost', () => {
  const resolver =
    (answers: Record<string, string[]>): HostResolver =>
    async (hostname) => {
      const found = answers[hostname];
      if (!found) throw new Error('ENOTFOUND');
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };

  it('takes a host whose every address is public, and refuses one with any private address', async () => {
    const resolve = resolver({
      'public.example': ['203.0.113.1', '2001:db8::1'],
      'mixed.example': ['203.0.113.1', '10.0.0.1'],
      'v6-loop.example': ['::1'],
      'empty.example': [],
    });
    expect(await checkHost(resolve, 'public.example')).toEqual({
      ok: true,
      addresses: [
        { address: '203.0.113.1', family: 4 },
        { address: '2001:db8::1', family: 6 },
      ],
    });
    expect(await checkHost(resolve, 'mixed.example')).toEqual({ ok: false, reason: 'private' });
    expect(await checkHost(resolve, 'v6-loop.example')).toEqual({ ok: false, reason: 'private' });
    expect(await checkHost(resolve, 'empty.example')).toEqual({ ok: false, reason: 'unresolved' });
    expect(await checkHost(resolve, 'nowhere.example')).toEqual({ ok: false, reason: 'unresolved' });
  });

  it('checks literal addresses and localhost without asking the resolver', async () => {
    const asked: string[] = [];
    const resolve: HostResolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: '203.0.113.1', family: 4 }];
    };
    expect(await checkHost(resolve, '[::1]')).toEqual({ ok: false, reason: 'private' });
    expect(await checkHost(resolve, '169.254.169.254')).toEqual({ ok: false, reason: 'private' });
    expect(await checkHost(resolve, 'calendar.localhost')).toEqual({ ok: false, reason: 'private' });
    expect(await checkHost(resolve, '8.8.8.8')).toEqual({ ok: true, addresses: [{ address: '8.8.8.8', family: 4 }] });
    expect(asked).toEqual([]);
  });
});

describe('pinnedFetch', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/moved') {
        response.writeHead(302, { Location: '/elsewhere' });
        response.end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/calendar', 'X-Host': request.headers.host ?? '' });
      response.end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const init = () => ({ headers: { Accept: 'text/calendar' }, signal: AbortSignal.timeout(5000) });

  it('connects to the checked address, not to what the name would resolve to now, and keeps the Host', async () => {
    // The name does not resolve at all: the only way to reach the server is the given address.
    const response = await pinnedFetch(`http://calendar.invalid:${port}/feed.ics`, init(), [{ address: '127.0.0.1', family: 4 }]);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-host')).toBe(`calendar.invalid:${port}`);
    expect(await response.text()).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });

  it('does not follow redirects', async () => {
    const response = await pinnedFetch(`http://calendar.invalid:${port}/moved`, init(), [{ address: '127.0.0.1', family: 4 }]);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/elsewhere');
  });
});
