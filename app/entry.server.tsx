import { PassThrough } from 'node:stream';
import { type AppLoadContext, type EntryContext, createReadableStreamFromReadable } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { newNonce } from '@server/http/security-headers';
import { NonceProvider } from './components/nonce';
import { pagePolicy } from './lib/page-policy.server';
import { startPlatform } from './services.server';

// Parses the environment (stopping start-up on a bad variable), opens the database,
// seeds the demo data on an empty embedded database and starts the job workers.
startPlatform();

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? newNonce();
  // The page's own policy replaces the server's default (its frames, the help-desk widget).
  responseHeaders.set('Content-Security-Policy', pagePolicy(remixContext, nonce, process.env.NODE_ENV === 'development'));
  // Crawlers and locked-down browsers get the whole document at once; others stream.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are reported by onShellError; later ones are logged here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests and answers thrown on purpose (404, 403 …) are not failures.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(error);
}
