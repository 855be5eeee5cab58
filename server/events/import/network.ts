import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

/**
 * The server's own network is no calendar source (spec 02 §3 import list: staff type the feed or
 * site address). A feed's host is resolved before each request (the first and every redirect);
 * every address it resolves to must be public, and the request then connects to those checked
 * addresses (`pinnedFetch`), so a DNS answer that changes between the check and the connection
 * (rebinding) cannot reach loopback, private, link-local, CGNAT, multicast, reserved or
 * unspecified IPv4 and IPv6 ranges (IPv4 written inside IPv6 too: mapped, compatible, NAT64, 6to4).
 */

export const PRIVATE_NETWORK_MESSAGE = 'The calendar address points to a private network.';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (throws when it resolves to none). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

function ipv4Number(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.reduce((sum, part) => sum * 256 + Number(part), 0);
}

/** [first address, prefix length] of the IPv4 ranges that are not the public internet. */
const IPV4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function ipv4Blocked(value: number): boolean {
  return IPV4_BLOCKED.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = ipv4Number(base)!;
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (a zone id dropped, a dotted IPv4 tail read); null when it is none. */
function ipv6Groups(text: string): number[] | null {
  let value = text.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (dotted) {
    const v4 = ipv4Number(dotted[1]!);
    if (v4 === null) return null;
    value = `${value.slice(0, -dotted[1]!.length)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = value.split('::');
  if (halves.length > 2) return null;
  const read = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN));
  const head = read(halves[0]!);
  const tail = halves.length === 2 ? read(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.some((group) => Number.isNaN(group)) ? null : groups;
}

function ipv6Blocked(groups: number[]): boolean {
  const [g0, g1, g2, , , g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const embedded = (high: number, low: number) => ipv4Blocked(high * 65536 + low);
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (zeroUpTo(5) && g5 === 0xffff) return embedded(g6, g7); // ::ffff:a.b.c.d (mapped)
  if (zeroUpTo(6)) return true; // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
  if (g0 === 0x64 && g1 === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return embedded(g6, g7); // NAT64
  if (g0 === 0x2002) return embedded(g1, g2); // 6to4
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80 || (g0 & 0xffc0) === 0xfec0) return true; // link-local, site-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/** True for an address (IPv4 or IPv6 text) outside the public internet; true for text that is no address. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const version = isIP(bare.replace(/%.*$/, ''));
  if (version === 4) return ipv4Blocked(ipv4Number(bare)!);
  if (version === 6) {
    const groups = ipv6Groups(bare);
    return groups === null || ipv6Blocked(groups);
  }
  return true;
}

export type HostCheck = { ok: true; addresses: ResolvedAddress[] } | { ok: false; reason: 'private' | 'unresolved' };

/** The addresses a request to `hostname` may connect to: all public, or the reason not. */
export async function checkHost(resolve: HostResolver, hostname: string): Promise<HostCheck> {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const literal = isIP(host.replace(/%.*$/, ''));
  if (literal !== 0)
    return isPrivateAddress(host)
      ? { ok: false, reason: 'private' }
      : { ok: true, addresses: [{ address: host, family: literal as 4 | 6 }] };
  if (host === 'localhost' || host.endsWith('.localhost')) return { ok: false, reason: 'private' };
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    return { ok: false, reason: 'unresolved' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'unresolved' };
  if (addresses.some((entry) => isPrivateAddress(entry.address))) return { ok: false, reason: 'private' };
  return { ok: true, addresses };
}

export interface PinnedInit {
  headers: Record<string, string>;
  signal: AbortSignal;
}

/** Statuses a Response may not have a body with. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A GET of `url` over node's http(s) that connects only to `addresses` (already checked) instead
 * of resolving the host again; TLS still checks the certificate against the URL's host name. No
 * redirect is followed (the caller checks each). With no addresses it resolves as usual.
 */
export function pinnedFetch(url: string, init: PinnedInit, addresses: ResolvedAddress[]): Promise<Response> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    const candidates =
      options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
    const chosen = candidates.length > 0 ? candidates : addresses;
    if (options.all) (callback as (error: null, all: ResolvedAddress[]) => void)(null, chosen);
    else callback(null, chosen[0]!.address, chosen[0]!.family);
  };
  return new Promise<Response>((resolve, reject) => {
    const request = client.request(
      target,
      { method: 'GET', headers: init.headers, signal: init.signal, ...(addresses.length > 0 ? { lookup } : {}) },
      (incoming) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (Array.isArray(value)) for (const item of value) headers.append(name, item);
          else if (value !== undefined) headers.set(name, value);
        }
        const status = incoming.statusCode && incoming.statusCode >= 200 && incoming.statusCode <= 599 ? incoming.statusCode : 502;
        if (NULL_BODY.has(status)) {
          incoming.resume();
          resolve(new Response(null, { status, headers }));
          return;
        }
        resolve(new Response(Readable.toWeb(incoming) as ReadableStream<Uint8Array>, { status, headers }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}
