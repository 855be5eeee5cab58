import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { AppLoadContext } from '@remix-run/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../tests/setup/tmp';
import { createHttpApp, createHttpServer, type RemixHandler } from './app';
import { MAX_BODY_BYTES, MAX_MULTIPART_BODY_BYTES } from './limits';
import { parseTrustProxy } from './trust-proxy';

/**
 * The HTTP server in front of a stand-in for Remix that records what reaches it: the limits,
 * the cross-site refusals, the headers and the client's address, over real connections.
 */

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  context: AppLoadContext;
  bodyBytes: number;
}

let seen: Seen[] = [];
/** What the stand-in answers; by default 200 text. */
let answer: (request: Request) => Response | Promise<Response>;

const remix: RemixHandler = async (request, context) => {
  let bodyBytes = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bodyBytes += value.byteLength;
    }
  }
  seen.push({ url: request.url, method: request.method, headers: request.headers, context, bodyBytes });
  return answer(request);
};

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The server said "100 Continue". */
  continued: boolean;
}

interface SendOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string | number>;
  /** The body: a string, or a size to generate in 64 KiB chunks ('a' bytes). */
  body?: string | number;
  /** Send the body only after "100 Continue". */
  expectContinue?: boolean;
}

function sendTo(server: Server, { method = 'GET', path = '/', headers = {}, body, expectContinue = false }: SendOptions): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    let continued = false;
    const request = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false });
    const writeBody = () => {
      if (body === undefined) return request.end();
      if (typeof body === 'string') return request.end(body);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let left = body;
      const pump = () => {
        while (left > 0) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= piece.length;
          if (!request.write(piece)) return void request.once('drain', pump);
        }
        request.end();
      };
      pump();
    };
    request.on('continue', () => {
      continued = true;
      writeBody();
    });
    // The server may answer, and close, before the whole body is sent.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text, continued }));
      response.on('error', reject);
    });
    if (!expectContinue) writeBody();
  });
}

const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const dir = makeTempDir('http-app');
const publicDirectory = join(dir, 'public');
const buildDirectory = join(publicDirectory, 'build');

let server: Server;
let proxied: Server;
let origin: string;
const send = (options: SendOptions) => sendTo(server, options);

beforeAll(async () => {
  mkdirSync(buildDirectory, { recursive: true });
  writeFileSync(join(buildDirectory, 'entry-ABC.js'), 'console.log(1);');
  writeFileSync(join(publicDirectory, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const assets = { publicPath: '/build/', buildDirectory, publicDirectory };
  server = createHttpServer(createHttpApp({ remix: () => remix, trustProxy: parseTrustProxy(''), assets, lingerMs: 2_000 }));
  proxied = createHttpServer(
    createHttpApp({ remix: () => remix, trustProxy: parseTrustProxy('loopback'), publicUrl: 'https://console.example', lingerMs: 2_000 }),
  );
  await Promise.all([listen(server), listen(proxied)]);
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all([close(server), close(proxied)]);
});

beforeEach(() => {
  seen = [];
  answer = () => new Response('ok', { headers: { 'Content-Type': 'text/plain' } });
});

const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('body limits', () => {
  it('a Content-Length over 1 MB is refused with 413 before anything reads the body', async () => {
    const response = await send({
      method: 'POST',
      path: '/login',
      headers: { ...form, 'Content-Length': MAX_BODY_BYTES + 1 },
      body: MAX_BODY_BYTES + 1,
    });
    expect(response.status).toBe(413);
    expect(response.body).toContain('This request is too large (over 1 MB). Nothing was saved.');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(seen).toEqual([]);
  });

  it('a client that waits for "100 Continue" is refused without being asked for the body', async () => {
    const response = await send({
      method: 'POST',
      path: '/login',
      headers: { ...form, 'Content-Length': 5_000_000, Expect: '100-continue' },
      body: 5_000_000,
      expectContinue: true,
    });
    expect(response.status).toBe(413);
    expect(response.continued).toBe(false);
    expect(seen).toEqual([]);
  });

  it('a client that waits for "100 Continue" with a body within the limit is asked for it', async () => {
    const response = await send({
      method: 'POST',
      path: '/login',
      headers: { ...form, 'Content-Length': 1_000, Expect: '100-continue' },
      body: 1_000,
      expectContinue: true,
    });
    expect(response.status).toBe(200);
    expect(response.continued).toBe(true);
    expect(seen[0]!.bodyBytes).toBe(1_000);
  });

  it('a body without a length is counted as it arrives and refused once past 1 MB', async () => {
    const response = await send({
      method: 'POST',
      path: '/login',
      headers: { ...form, 'Transfer-Encoding': 'chunked' },
      body: 3 * MAX_BODY_BYTES,
    });
    expect(response.status).toBe(413);
    expect(response.body).toContain('(over 1 MB)');
    expect(seen).toEqual([]);
  });

  it('a body of exactly 1 MB, with or without a length, reaches the app whole', async () => {
    expect(
      (await send({ method: 'POST', path: '/login', headers: { ...form, 'Content-Length': MAX_BODY_BYTES }, body: MAX_BODY_BYTES })).status,
    ).toBe(200);
    expect(
      (await send({ method: 'POST', path: '/login', headers: { ...form, 'Transfer-Encoding': 'chunked' }, body: MAX_BODY_BYTES })).status,
    ).toBe(200);
    expect(seen.map((request) => request.bodyBytes)).toEqual([MAX_BODY_BYTES, MAX_BODY_BYTES]);
  });

  it('multipart bodies (uploads) may be larger, and are refused by length or once counted past their limit', async () => {
    const multipart = { 'Content-Type': 'multipart/form-data; boundary=x' };
    const small = await send({
      method: 'POST',
      path: '/header-images',
      headers: { ...multipart, 'Content-Length': 5_000_000 },
      body: 5_000_000,
    });
    expect(small.status).toBe(200);
    expect(seen[0]!.bodyBytes).toBe(5_000_000);

    const declared = await send({
      method: 'POST',
      path: '/header-images',
      headers: { ...multipart, 'Content-Length': MAX_MULTIPART_BODY_BYTES + 1 },
      body: 10,
    });
    expect(declared.status).toBe(413);
    expect(declared.body).toContain('This request is too large (over 100 MB). Nothing was saved.');

    seen = [];
    const streamed = await send({
      method: 'POST',
      path: '/header-images',
      headers: { ...multipart, 'Transfer-Encoding': 'chunked' },
      body: MAX_MULTIPART_BODY_BYTES + 64 * 1024,
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body).toContain('(over 100 MB)');
  }, 60_000);

  it('a GET never has its body read', async () => {
    expect((await send({ path: '/', headers: { 'Content-Length': 10 }, body: 'abcdefghij' })).status).toBe(200);
    expect(seen[0]!.bodyBytes).toBe(0);
  });
});

describe('cross-site requests', () => {
  it.each([
    ['Origin of another site', { Origin: 'http://evil.example' }],
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site', Origin: 'http://evil.example' }],
    ['Sec-Fetch-Site same-site (a sibling such as studio.)', { 'Sec-Fetch-Site': 'same-site', Origin: 'http://studio.127.0.0.1.example' }],
    ['Referer of another site', { Referer: 'http://evil.example/page' }],
    ['the session cookie and no Origin, Sec-Fetch-Site or Referer', { Cookie: '__session=abc' }],
  ])('a post with %s is refused with 403 and never reaches the app', async (_label, headers) => {
    const response = await send({
      method: 'POST',
      path: '/sort-alpha',
      headers: { ...form, Accept: 'text/html', ...headers },
      body: 'intent=sort-alpha',
    });
    expect(response.status).toBe(403);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('This request came from another site, so it was refused. Nothing was saved.');
    expect(seen).toEqual([]);
  });

  it('a post from our own origin, or naming none without a session (curl), passes', async () => {
    const sources: Array<Record<string, string>> = [
      { Origin: origin, 'Sec-Fetch-Site': 'same-origin' },
      { Origin: origin },
      { Referer: `${origin}/home` },
      { Origin: origin, Cookie: '__session=abc' },
      {},
    ];
    for (const headers of sources) {
      expect(
        (await send({ method: 'POST', path: '/sort-alpha', headers: { ...form, ...headers }, body: 'intent=sort-alpha' })).status,
      ).toBe(200);
    }
    expect(seen).toHaveLength(5);
  });

  it('a cross-site GET is a link: it passes', async () => {
    expect((await send({ path: '/home', headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(200);
  });

  it('a post with a legacy _data parameter is refused with 400, whatever its origin', async () => {
    const response = await send({
      method: 'POST',
      path: '/sort-alpha?_data=routes%2F_app._home.%24action',
      headers: { ...form, Origin: origin },
      body: 'intent=sort-alpha',
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain('Requests with a _data parameter are not accepted.');
    expect(seen).toEqual([]);
  });

  it("PUBLIC_URL's origin counts as our own", async () => {
    const response = await sendTo(proxied, {
      method: 'POST',
      path: '/sort-alpha',
      headers: { ...form, Origin: 'https://console.example' },
      body: 'a=1',
    });
    expect(response.status).toBe(200);
  });
});

describe('headers', () => {
  const expectBase = (headers: IncomingHttpHeaders) => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-powered-by']).toBeUndefined();
    expect(headers['strict-transport-security']).toBeUndefined();
  };

  it('on app answers, static files, 404s and refusals', async () => {
    expectBase((await send({ path: '/home' })).headers);
    const asset = await send({ path: '/build/entry-ABC.js' });
    expect(asset.status).toBe(200);
    expectBase(asset.headers);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const publicFile = await send({ path: '/favicon.svg' });
    expectBase(publicFile.headers);
    expect(publicFile.headers['cache-control']).toBe('public, max-age=3600');
    answer = () => new Response('Not Found', { status: 404 });
    const missing = await send({ path: '/nope' });
    expect(missing.status).toBe(404);
    expectBase(missing.headers);
    expectBase((await send({ method: 'POST', path: '/x', headers: { Origin: 'http://evil.example' } })).headers);
  });

  it("the app's own policy replaces the default (one header, not two)", async () => {
    answer = () => new Response('<svg/>', { headers: { 'Content-Security-Policy': "default-src 'none'" } });
    const response = await send({ path: '/files/a.svg' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'");
  });

  it('the nonce in the load context is the one in the policy, fresh for every request', async () => {
    const first = await send({ path: '/a' });
    const second = await send({ path: '/b' });
    const nonces = seen.map((request) => request.context.cspNonce);
    expect(first.headers['content-security-policy']).toContain(`'nonce-${nonces[0]}'`);
    expect(second.headers['content-security-policy']).toContain(`'nonce-${nonces[1]}'`);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('signed-in answers are never stored; what the app marks public (stored files) and static files keep their caching', async () => {
    const cookie = '__session=abc; theme=x';
    expect((await send({ path: '/home', headers: { Cookie: cookie } })).headers['cache-control']).toBe('no-store');
    answer = () => new Response('{}', { headers: { 'Cache-Control': 'private, max-age=60' } });
    expect((await send({ path: '/home.data', headers: { Cookie: cookie } })).headers['cache-control']).toBe('no-store');
    answer = () => new Response('png', { headers: { 'Cache-Control': 'public, max-age=300' } });
    expect((await send({ path: '/files/a.png', headers: { Cookie: cookie } })).headers['cache-control']).toBe('public, max-age=300');
    expect((await send({ path: '/build/entry-ABC.js', headers: { Cookie: cookie } })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    // Without the session cookie the app's own caching stands.
    answer = () => new Response('{}', { headers: { 'Cache-Control': 'private, max-age=60' } });
    expect((await send({ path: '/home', headers: { Cookie: 'theme=x' } })).headers['cache-control']).toBe('private, max-age=60');
  });

  it('keeps every Set-Cookie of an answer', async () => {
    answer = () => {
      const headers = new Headers();
      headers.append('Set-Cookie', 'a=1; Path=/');
      headers.append('Set-Cookie', 'b=2; Path=/');
      return new Response('ok', { headers });
    };
    expect((await send({ path: '/' })).headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });
});

describe('client address and protocol', () => {
  it('without a trusted proxy: the socket peer, http, and forwarding headers removed before the app sees them', async () => {
    await send({
      path: '/x',
      headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'evil.example:8443' },
    });
    const [request] = seen;
    expect(request!.context.clientAddress).toBe('127.0.0.1');
    expect(request!.url).toBe(`${origin}/x`);
    expect(request!.headers.has('x-forwarded-for')).toBe(false);
    expect(request!.headers.has('x-forwarded-host')).toBe(false);
  });

  it('rotating X-Forwarded-For does not change the address the app is given', async () => {
    for (const spoofed of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      await send({ path: '/login', headers: { 'X-Forwarded-For': spoofed } });
    expect(seen.map((request) => request.context.clientAddress)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });

  it('behind a trusted proxy: its client, https from X-Forwarded-Proto (with HSTS), its host', async () => {
    const response = await sendTo(proxied, {
      path: '/home?x=1',
      headers: { 'X-Forwarded-For': '1.1.1.1, 203.0.113.7', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'console.example' },
    });
    const [request] = seen;
    expect(request!.context.clientAddress).toBe('203.0.113.7');
    expect(request!.url).toBe('https://console.example/home?x=1');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('an origin check behind a trusted proxy compares with the address the client used', async () => {
    const headers = { ...form, 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'admin.example', Origin: 'https://admin.example' };
    expect((await sendTo(proxied, { method: 'POST', path: '/sort-alpha', headers, body: 'a=1' })).status).toBe(200);
    expect(
      (await sendTo(proxied, { method: 'POST', path: '/sort-alpha', headers: { ...headers, Origin: 'http://admin.example' }, body: 'a=1' }))
        .status,
    ).toBe(403);
  });

  it('a request with a malformed Host is refused with 400', async () => {
    expect((await send({ path: '/', headers: { Host: 'bad host' } })).status).toBe(400);
  });

  it('an HTTP/1.0 request without Host (a health checker) is addressed to where it connected', async () => {
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /healthcheck HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(seen[0]!.url).toBe(`http://127.0.0.1:${port}/healthcheck`);
  });

  it('an absolute-form request line (meant for a proxy) is refused with 400', async () => {
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET http://evil.example/x HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(seen).toEqual([]);
  });
});
