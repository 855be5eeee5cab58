import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { type AppLoadContext, createReadableStreamFromReadable, writeReadableStreamToWritable } from '@remix-run/node';
import compression from 'compression';
import express, { type Application, type Handler } from 'express';
import morgan from 'morgan';
import { hrefs } from '~/lib/hrefs';
import { bodyLimitFor, bodyTooLargeMessage, ByteCounter, declaredLength, isMultipart } from './limits';
import { CACHED_PAGE_CACHE_CONTROL, publicPageCache, type PublicPageCache } from './public-page-cache';
import { openRequestScope, REQUEST_SCOPE_HEADER } from './request-scope';
import { checkSameOrigin, CROSS_SITE_MESSAGE, DATA_PARAMETER_MESSAGE, hasDataParameter, MUTATING_METHODS } from './same-origin';
import { baseSecurityHeaders, contentSecurityPolicy, newNonce } from './security-headers';
import { FORWARDING_HEADERS, resolveForwarded, trustsHop, type ClientView, type TrustProxy } from './trust-proxy';

/**
 * The console's HTTP server: express with compression and the build's static files as
 * `remix-serve` serves them, and in front of Remix, in one place, what every request passes
 * (docs/decisions/007):
 *
 * - the client's address and protocol (trusted proxies only), handed to loaders and actions
 *   as the load context and used for the request's URL;
 * - body limits: a declared length over the limit is refused at once (413), a body without
 *   one is counted as it arrives and refused the moment it passes the limit;
 * - mutating requests from another origin and legacy `?_data=` posts are refused;
 * - security headers on every response, `Cache-Control: no-store` on signed-in answers.
 */

/** Remix's request handler (`createRequestHandler(build)` of @remix-run/node). */
export type RemixHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

export interface StaticAssets {
  /** The build's public path (`/build/`): immutable files, cached for a year. */
  publicPath: string;
  /** Where the browser build is (`public/build`). */
  buildDirectory: string;
  /** The public folder, cached for an hour. */
  publicDirectory: string;
}

export interface HttpAppOptions {
  /** The Remix handler to use for a request (a function, so `remix dev` can swap builds). */
  remix: () => RemixHandler;
  trustProxy: TrustProxy;
  /** PUBLIC_URL: its origin counts as the site's own. */
  publicUrl?: string | undefined;
  /** Static files; absent in tests that only talk to Remix. */
  assets?: StaticAssets;
  /** One line per answered request but static files (remix-serve's `morgan('tiny')`). */
  log?: boolean;
  /** `remix dev`: the page policy lets the dev server's sockets through. */
  development?: boolean;
  /** How long a refused request's remaining body is read and dropped before the answer is sent anyway and the connection closed. */
  lingerMs?: number;
  /** Rendered public pages for anonymous visitors (server/http/public-page-cache.ts); default the process's, null: none. */
  pageCache?: PublicPageCache | null;
}

/** The name of the staff session cookie (server/auth/session.ts): its presence means signed in. */
export const SESSION_COOKIE = '__session';

interface RequestFacts {
  view: ClientView;
  /** The request's URL as the client addressed it; null when it cannot be built. */
  url: URL | null;
  nonce: string;
}

const facts = new WeakMap<IncomingMessage, RequestFacts>();
/** Answers served from the static folders: not logged, as remix-serve did not log them. */
const staticAnswers = new WeakSet<ServerResponse>();
/** Requests answered by refuse(): whatever the app does with them afterwards is dropped. */
const refused = new WeakSet<IncomingMessage>();
/** Requests that sent `Expect: 100-continue` and have not been told to continue. */
const awaitingContinue = new WeakSet<IncomingMessage>();

const DEFAULT_LINGER_MS = 30_000;

export function createHttpApp(options: HttpAppOptions): Application {
  const { trustProxy } = options;
  const lingerMs = options.lingerMs ?? DEFAULT_LINGER_MS;
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  const app = express();
  app.disable('x-powered-by');
  // Express's own req.ip / req.protocol / req.hostname follow the same trust.
  app.set('trust proxy', (address: string, hop: number) => trustsHop(trustProxy, address, hop));
  // One line per request, refusals included; static files are left out.
  if (options.log) app.use(morgan('tiny', { skip: (_req, res) => staticAnswers.has(res) }));

  // 1. Who is asking, and the headers every answer carries.
  app.use((req, res, next) => {
    const view = resolveForwarded(
      { peer: req.socket.remoteAddress, encrypted: (req.socket as TLSSocket).encrypted === true, headers: req.headers },
      trustProxy,
    );
    if (!view.peerTrusted) for (const name of FORWARDING_HEADERS) delete req.headers[name];
    const path = req.url ?? '';
    // HTTP/1.0 clients (some health checkers) may send no Host: the address they connected to.
    const host = view.host ?? (req.headers.host === undefined ? localHost(req) : null);
    let url: URL | null = null;
    if (host && path.startsWith('/')) {
      try {
        url = new URL(`${view.protocol}://${host}${path}`);
      } catch {
        url = null;
      }
    }
    const nonce = newNonce();
    facts.set(req, { view, url, nonce });
    for (const [name, value] of Object.entries(baseSecurityHeaders(view.protocol))) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', contentSecurityPolicy({ nonce, development: options.development }));
    next();
  });

  // 2. What is refused before anything reads the body.
  app.use((req, res, next) => {
    const { url } = facts.get(req)!;
    if (!url) return refuse(req, res, 400, 'This request has no valid Host header or address.', lingerMs);

    const length = declaredLength(req.headers['content-length']);
    if (length === 'invalid') return refuse(req, res, 400, 'This request has an invalid Content-Length.', lingerMs);
    const limit = bodyLimitFor(req.headers['content-type']);
    if (length !== null && length > limit) return refuse(req, res, 413, bodyTooLargeMessage(limit), lingerMs);

    const method = (req.method ?? 'GET').toUpperCase();
    if (MUTATING_METHODS.has(method)) {
      if (hasDataParameter(url)) return refuse(req, res, 400, DATA_PARAMETER_MESSAGE, lingerMs);
      const ownOrigins = publicOrigin ? [url.origin, publicOrigin] : [url.origin];
      if (!checkSameOrigin({ method, headers: req.headers, ownOrigins }).ok) return refuse(req, res, 403, CROSS_SITE_MESSAGE, lingerMs);
    }
    if (awaitingContinue.has(req)) {
      awaitingContinue.delete(req);
      res.writeContinue();
    }
    next();
  });

  app.use(compression());
  if (options.assets) {
    const { publicPath, buildDirectory, publicDirectory } = options.assets;
    const setHeaders = (res: ServerResponse) => staticAnswers.add(res);
    app.use(publicPath, express.static(buildDirectory, { immutable: true, maxAge: '1y', setHeaders }));
    app.use(express.static(publicDirectory, { maxAge: '1h', setHeaders }));
  }

  const pageCache = options.pageCache === undefined ? publicPageCache() : options.pageCache;
  if (pageCache) {
    // 3. Public pages kept for anonymous visitors (the public calendar), answered without Remix.
    app.use((req, res, next) => {
      if (req.method !== 'GET' || isSignedIn(req)) return next();
      const { url, nonce } = facts.get(req)!;
      const answer = pageCache.answer(url!.href, nonce, req.headers['if-none-match']);
      if (!answer) return next();
      res.statusCode = answer.status;
      for (const [name, value] of answer.headers) res.setHeader(name, value);
      if (answer.status === 304 || !answer.body) {
        res.removeHeader('Content-Security-Policy');
        res.end();
        return;
      }
      res.setHeader('Content-Length', answer.length);
      // The kept chunks in one write (writev), nothing copied.
      res.cork();
      for (const chunk of answer.body) res.write(chunk);
      res.end();
      res.uncork();
    });
  }

  const remix: Handler = (req, res, next) => {
    handleWithRemix(req, res, options.remix(), lingerMs, pageCache).catch((error: unknown) => {
      // A body refused half-way fails the action reading it: that answer was already given.
      if (refused.has(req)) return;
      next(error);
    });
  };
  app.all('*', remix);
  return app;
}

function localHost(req: IncomingMessage): string | null {
  const { localAddress, localPort } = req.socket;
  if (!localAddress || !localPort) return null;
  const address = localAddress.startsWith('::ffff:') ? localAddress.slice(7) : localAddress;
  return address.includes(':') ? `[${address}]:${localPort}` : `${address}:${localPort}`;
}

/**
 * An HTTP server for the app. It answers `Expect: 100-continue` itself, after the checks, so a
 * client about to send a refused body is told before it sends it.
 */
export function createHttpServer(app: Application): Server {
  const server = createServer(app);
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    awaitingContinue.add(req);
    app(req, res);
  });
  return server;
}

async function handleWithRemix(
  req: IncomingMessage,
  res: ServerResponse,
  remix: RemixHandler,
  lingerMs: number,
  pageCache: PublicPageCache | null,
): Promise<void> {
  const { view, url, nonce } = facts.get(req)!;
  const method = (req.method ?? 'GET').toUpperCase();

  // Abort loaders and actions when the answer can no longer be sent.
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on('finish', () => {
    controller = null;
  });
  res.on('close', () => controller?.abort());

  let body: BodyInit | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const limit = bodyLimitFor(req.headers['content-type']);
    if (isMultipart(req.headers['content-type'])) {
      body = countedBody(req, limit, () => {
        controller?.abort();
        refuse(req, res, 413, bodyTooLargeMessage(limit), lingerMs);
      });
    } else {
      const read = await readBody(req, limit);
      if (read === 'aborted') return;
      if (read === 'too-large') return refuse(req, res, 413, bodyTooLargeMessage(limit), lingerMs);
      body = read as BodyInit;
    }
  }

  const headers = remixHeaders(req.headers);
  // What the loaders of a page read once for all of them (server/http/request-scope.ts); posts get none.
  const scope = method === 'GET' || method === 'HEAD' ? openRequestScope() : null;
  if (scope) headers.set(REQUEST_SCOPE_HEADER, scope.id);
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (body !== undefined) {
    init.body = body;
    init.duplex = 'half';
  }
  try {
    const request = new Request(url!.href, init);
    let response = await remix(request, { clientAddress: view.clientAddress, cspNonce: nonce });
    const validity = scope && pageCache ? pageCache.takePending(scope.id) : null;
    if (
      validity &&
      pageCache &&
      method === 'GET' &&
      response.status === 200 &&
      !isSignedIn(req) &&
      !response.headers.has('Set-Cookie') &&
      /^text\/html\b/i.test(response.headers.get('Content-Type') ?? '')
    ) {
      // A page its route marked public: kept for the next anonymous visitor, sent with its ETag.
      const html = await response.text();
      const headers = new Headers(response.headers);
      // Staff get another page at the same address (with their actions): caches between must not mix them.
      headers.append('Vary', 'Cookie');
      const etag = pageCache.store(url!.href, {
        html,
        nonce,
        policy: headers.get('Content-Security-Policy'),
        headers: [...headers.entries()],
        validity,
      });
      if (etag) {
        headers.set('ETag', etag);
        headers.set('Cache-Control', CACHED_PAGE_CACHE_CONTROL);
      }
      response = new Response(html, { status: response.status, headers });
    }
    await send(req, res, response);
  } finally {
    scope?.close();
  }
}

/** A non-multipart body, whole, or why not. */
function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array | 'too-large' | 'aborted'> {
  return new Promise((resolve) => {
    const counter = new ByteCounter(limit);
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => {
      if (!counter.add(chunk.length)) {
        // Drop what was held; refuse() reads and drops the rest.
        chunks.length = 0;
        cleanup();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = () => {
      cleanup();
      resolve('aborted');
    };
    // The error listener stays: an aborted upload must never be an unhandled error.
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
    };
    const onClose = () => {
      if (!req.complete) onError();
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(bodyTooLargeMessage(limit));
    this.name = 'BodyTooLargeError';
  }
}

/** A multipart body as a stream that fails, and calls `onExceeded`, once it passes the limit. */
function countedBody(req: IncomingMessage, limit: number, onExceeded: () => void): ReadableStream<Uint8Array> {
  const counter = new ByteCounter(limit);
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (counter.add(chunk.length)) callback(null, chunk);
      else callback(new BodyTooLargeError(limit));
    },
  });
  counted.on('error', (error) => {
    if (error instanceof BodyTooLargeError) {
      req.unpipe(counted);
      onExceeded();
    }
  });
  req.on('error', (error) => counted.destroy(error));
  req.pipe(counted);
  return createReadableStreamFromReadable(counted) as ReadableStream<Uint8Array>;
}

/** The request's headers for Remix; a request scope named by the client is none of its business. */
function remixHeaders(source: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || name === REQUEST_SCOPE_HEADER) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

function isSignedIn(req: IncomingMessage): boolean {
  const cookie = req.headers.cookie ?? '';
  return cookie.split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  if (refused.has(req) || res.headersSent || res.writableEnded || res.destroyed) {
    // Refused half-way (a body past its limit), or gone.
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  // The answer's own headers replace the defaults set above (its page policy, its caching).
  for (const name of new Set(response.headers.keys())) res.removeHeader(name);
  for (const [name, value] of response.headers) res.appendHeader(name, value);
  if (isSignedIn(req)) {
    const cacheControl = response.headers.get('Cache-Control');
    // Only what the app marks public (stored files) may be kept; signed-in pages and data never.
    if (!cacheControl || !/\bpublic\b/i.test(cacheControl)) res.setHeader('Cache-Control', 'no-store');
  }
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

const TITLES: Record<number, string> = { 400: 'Bad request', 403: 'Request refused', 413: 'Request too large' };
const BACK = "Use your browser's Back button to return to the form.";

/**
 * Answers a request the server will not pass on: the message as a small page for browsers,
 * as plain text for anything else.
 *
 * A body still on its way is first read and dropped (never held), and the answer follows its
 * last byte. Answering earlier loses clients: Node's own client stops sending once it has a
 * whole answer and then waits forever, and closing the connection under a client that is
 * still sending resets it, so the answer can be lost. A client still sending after `lingerMs`
 * is answered anyway and the connection closed. A client waiting for "100 Continue" sends
 * nothing more and is answered at once.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: number, message: string, lingerMs: number): void {
  if (res.headersSent || res.writableEnded || refused.has(req)) return;
  refused.add(req);
  const text = status === 413 || status === 403 ? `${message} ${BACK}` : message;
  const title = TITLES[status] ?? 'Request refused';
  const html = /\btext\/html\b/i.test(req.headers.accept ?? '');
  const body = html
    ? `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} - App Admin</title></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="${hrefs.home()}">App Admin home</a></p></main></body></html>`
    : `${text}\n`;
  const answer = (close: boolean) => {
    if (res.headersSent || res.writableEnded || res.destroyed) return;
    res.statusCode = status;
    res.setHeader('Content-Type', html ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.setHeader('Cache-Control', 'no-store');
    if (close) res.setHeader('Connection', 'close');
    res.end(body);
  };

  if (awaitingContinue.has(req)) {
    // The client will not send the body, so the connection cannot be reused.
    awaitingContinue.delete(req);
    return answer(true);
  }
  if (req.complete || req.destroyed) return answer(false);

  let done = false;
  const finish = (close: boolean) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    answer(close);
  };
  const timer = setTimeout(() => finish(true), lingerMs);
  req.on('data', () => undefined);
  req.on('error', () => undefined);
  req.once('end', () => finish(false));
  req.once('close', () => finish(true));
  req.resume();
}
