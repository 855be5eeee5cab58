import type { CalendarIndex } from './calendar-index';

/**
 * The live route's stream (`/calendar/live`, server-sent events): an open calendar page is told
 * when its calendar's events change and reloads its data itself (no reload of the page, no
 * polling). Bounded: at most MAX_LIVE_CONNECTIONS streams per process (more are refused with 503,
 * which an EventSource does not retry), changes coalesced to one message per COALESCE_MS, a
 * comment every HEARTBEAT_MS to keep proxies from closing the connection, and every stream ended
 * after MAX_STREAM_MS (the browser reconnects after `retry`), so a forgotten tab costs little.
 */

export const MAX_LIVE_CONNECTIONS = 500;
export const COALESCE_MS = 500;
export const HEARTBEAT_MS = 25_000;
export const MAX_STREAM_MS = 30 * 60_000;
/** How long a browser waits before reconnecting after a stream ends. */
export const RECONNECT_MS = 15_000;

let openStreams = 0;

export const liveStreamCount = (): number => openStreams;

/** A stream of the index's changes, or null when the process already holds its maximum of streams. */
export function liveCalendarStream(index: CalendarIndex, signal: AbortSignal): ReadableStream<Uint8Array> | null {
  if (openStreams >= MAX_LIVE_CONNECTIONS) return null;
  openStreams += 1;
  const encoder = new TextEncoder();
  let cleanup: () => void = () => undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let ended = false;
      let pending: NodeJS.Timeout | undefined;
      const send = (text: string) => {
        if (!ended) controller.enqueue(encoder.encode(text));
      };
      const end = () => {
        if (ended) return;
        ended = true;
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      const unsubscribe = index.subscribe((version) => {
        if (pending) return;
        pending = setTimeout(() => {
          pending = undefined;
          send(`event: change\ndata: ${version}\n\n`);
        }, COALESCE_MS);
      });
      const heartbeat = setInterval(() => {
        if (index.closed) end();
        else send(': still here\n\n');
      }, HEARTBEAT_MS);
      const lifetime = setTimeout(end, MAX_STREAM_MS);
      heartbeat.unref();
      lifetime.unref();
      const onAbort = () => end();
      signal.addEventListener('abort', onAbort);
      cleanup = () => {
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        if (pending) clearTimeout(pending);
        signal.removeEventListener('abort', onAbort);
        openStreams -= 1;
        cleanup = () => undefined;
      };
      send(`retry: ${RECONNECT_MS}\nevent: ready\ndata: ${index.version}\n\n`);
      if (signal.aborted) end();
    },
    cancel() {
      cleanup();
    },
  });
}
