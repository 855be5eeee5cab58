import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * Which proxies in front of the server are believed about the client (TRUST_PROXY).
 *
 * - unset, empty or `false`: none. The client is the socket's peer; X-Forwarded-* headers are
 *   ignored (and removed before the app sees them).
 * - a hop count (`1`, `2` …): that many proxies nearest the server, whatever their address.
 * - a comma list of addresses, CIDR ranges and the names `loopback` (127.0.0.0/8, ::1),
 *   `linklocal` (169.254.0.0/16, fe80::/10) and `uniquelocal` (10.0.0.0/8, 172.16.0.0/12,
 *   192.168.0.0/16, fc00::/7): a peer in the list is a proxy.
 *
 * Trusting every address is not offered: any client could then choose its own address.
 */
export type TrustProxy =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; entries: readonly string[]; list: BlockList };

const NAMED_RANGES: Record<string, ReadonlyArray<readonly [string, number]>> = {
  loopback: [
    ['127.0.0.0', 8],
    ['::1', 128],
  ],
  linklocal: [
    ['169.254.0.0', 16],
    ['fe80::', 10],
  ],
  uniquelocal: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['fc00::', 7],
  ],
};

export class TrustProxyError extends Error {}

export const NO_TRUSTED_PROXY: TrustProxy = { kind: 'none' };

/** Parses TRUST_PROXY; throws TrustProxyError saying what is wrong. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'false' || value === 'off' || value === 'none') return NO_TRUSTED_PROXY;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops === 0) return NO_TRUSTED_PROXY;
    if (hops > 32) throw new TrustProxyError('must be a hop count from 0 to 32');
    return { kind: 'hops', hops };
  }
  if (value === 'true' || value === '*' || value === 'all') {
    throw new TrustProxyError('cannot trust every address (any client could then choose its own); list the proxies or give a hop count');
  }
  const list = new BlockList();
  const entries: string[] = [];
  for (const entry of value.split(',').map((item) => item.trim())) {
    if (entry === '') continue;
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [network, prefix] of named) list.addSubnet(network, prefix, familyOf(network));
    } else if (entry.includes('/')) {
      const [network = '', prefixText = ''] = entry.split('/');
      const address = normalizeAddress(network);
      const prefix = Number(prefixText);
      const max = address && isIP(address) === 4 ? 32 : 128;
      if (!address || !/^\d+$/.test(prefixText) || prefix > max) {
        throw new TrustProxyError(`has "${entry}", which is not a CIDR range such as 10.0.0.0/8 or fd00::/8`);
      }
      list.addSubnet(address, prefix, familyOf(address));
    } else {
      const address = normalizeAddress(entry);
      if (!address) {
        throw new TrustProxyError(`has "${entry}", which is not an IP address, a CIDR range, loopback, linklocal or uniquelocal`);
      }
      list.addAddress(address, familyOf(address));
    }
    entries.push(entry);
  }
  if (entries.length === 0) return NO_TRUSTED_PROXY;
  return { kind: 'addresses', entries, list };
}

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 4 ? 'ipv4' : 'ipv6');

/**
 * An IP address in its plain form: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as IPv4, brackets and
 * a port (`[2001:db8::1]:443`, `1.2.3.4:5678`) removed. Null when it is not an address
 * (`unknown`, a host name, an obfuscated identifier).
 */
export function normalizeAddress(raw: string | undefined | null): string | null {
  if (!raw) return null;
  let value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  const zone = value.indexOf('%');
  if (zone !== -1) value = value.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(value);
  if (mapped) value = mapped[1]!;
  return isIP(value) === 0 ? null : value.toLowerCase();
}

/** Whether the hop at `index` (0 = the socket's peer, 1 = the address it reports …) is a trusted proxy. */
export function trustsHop(trust: TrustProxy, address: string | null, index: number): boolean {
  switch (trust.kind) {
    case 'none':
      return false;
    case 'hops':
      return index < trust.hops;
    case 'addresses': {
      const plain = normalizeAddress(address);
      return plain !== null && trust.list.check(plain, familyOf(plain));
    }
  }
}

export interface ForwardedInput {
  /** The socket's remote address. */
  peer: string | undefined;
  /** The connection itself is TLS. */
  encrypted: boolean;
  headers: IncomingHttpHeaders;
}

export interface ClientView {
  /** The client's address: the peer, or what trusted proxies report. Null when it cannot be told. */
  clientAddress: string | null;
  /** How the client reached us: the connection's own protocol, or X-Forwarded-Proto from a trusted proxy. */
  protocol: 'http' | 'https';
  /** The host the client asked for: Host, or X-Forwarded-Host from a trusted proxy. Null when missing or malformed. */
  host: string | null;
  /** The peer is a trusted proxy, so its X-Forwarded-* headers were believed. */
  peerTrusted: boolean;
}

/** Headers only a trusted proxy may set; removed from requests of anyone else. */
export const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  'x-forwarded-port',
  'x-real-ip',
  'forwarded',
];

const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const listOf = (header: string | string[] | undefined): string[] =>
  (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Who the client is and how it reached us. X-Forwarded-For is read from the right: the peer
 * first, then each address a trusted proxy reports, stopping at the first hop that is not a
 * trusted proxy: that hop is the client. A client cannot move itself by sending the header:
 * what it sends sits left of what the trusted proxies append.
 *
 * X-Forwarded-Proto and X-Forwarded-Host count only when the peer is trusted. Proxies that
 * append rather than replace leave one value per proxy; the value read is the one the
 * outermost trusted proxy wrote (the proxy the client connected to).
 */
export function resolveForwarded(input: ForwardedInput, trust: TrustProxy): ClientView {
  const peer = normalizeAddress(input.peer);
  const ownProtocol = input.encrypted ? 'https' : 'http';
  const ownHost = hostOf(input.headers.host);
  const peerTrusted = peer !== null && trustsHop(trust, peer, 0);
  if (!peerTrusted) return { clientAddress: peer, protocol: ownProtocol, host: ownHost, peerTrusted: false };

  const chain: Array<string | null> = [peer, ...listOf(input.headers['x-forwarded-for']).reverse().map(normalizeAddress)];
  let index = 0;
  while (index < chain.length - 1 && chain[index] != null && trustsHop(trust, chain[index]!, index)) index++;
  const clientAddress = chain[index] ?? null;

  // The number of trusted proxies the request passed through (at least the peer).
  const proxies = Math.max(1, index);
  const pick = (values: string[]) => (values.length === 0 ? undefined : values[Math.max(0, values.length - proxies)]);

  const forwardedProto = pick(listOf(input.headers['x-forwarded-proto']))?.toLowerCase();
  const protocol = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : ownProtocol;
  const forwardedHost = hostOf(pick(listOf(input.headers['x-forwarded-host'])));
  return { clientAddress, protocol, host: forwardedHost ?? ownHost, peerTrusted: true };
}

function hostOf(value: string | string[] | undefined): string | null {
  const host = (Array.isArray(value) ? value[0] : value)?.trim();
  return host && host.length <= 300 && HOST.test(host) ? host.toLowerCase() : null;
}
