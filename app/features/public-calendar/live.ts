import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef, type RefObject } from 'react';
import { EMBED_MESSAGE_TYPE } from '~/lib/public-calendar';

/**
 * The public calendar's two scripts, both optional (the page is whole without them):
 *
 * - live updates: an EventSource on the calendar's live route; each 'change' reloads the page's
 *   data (Remix revalidation, no page reload), and so does a 'ready' whose version is not the one
 *   the page was built from. A change told during a reload is reloaded after it. While the stream
 *   is open the document carries `data-live-calendar="open"`. A refused stream (503: the server has its maximum)
 *   is not retried by the browser, a closed one after the server's `retry`.
 * - framed (embedded by another site): the document's height is posted to the parent window
 *   whenever it changes (`{ type: EMBED_MESSAGE_TYPE, height }`, app/lib/public-calendar.ts), for
 *   public/calendar-embed.js to size the iframe.
 */

export function useLiveCalendar(liveHref: string, builtFrom: number): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  // A change told while the data is being reloaded: reloaded again once that load has ended.
  const missed = useRef(false);
  const builtFromRef = useRef(builtFrom);
  builtFromRef.current = builtFrom;

  useEffect(() => {
    if (revalidator.state === 'idle' && missed.current) {
      missed.current = false;
      revalidator.revalidate();
    }
  }, [revalidator]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(liveHref);
    const root = document.documentElement;
    const reload = () => {
      if (latest.current.state === 'idle') latest.current.revalidate();
      else missed.current = true;
    };
    // 'ready' names the version the stream starts from: a change made between the page's load and
    // the stream's opening is reloaded at once (a refused or closed stream leaves the mark off).
    const onReady = (event: MessageEvent<string>) => {
      root.dataset.liveCalendar = 'open';
      if (Number(event.data) !== builtFromRef.current) reload();
    };
    const onChange = () => reload();
    const onError = () => {
      delete root.dataset.liveCalendar;
    };
    source.addEventListener('ready', onReady);
    source.addEventListener('change', onChange);
    source.addEventListener('error', onError);
    return () => {
      source.removeEventListener('ready', onReady);
      source.removeEventListener('change', onChange);
      source.removeEventListener('error', onError);
      source.close();
      delete root.dataset.liveCalendar;
    };
  }, [liveHref]);
}

/** Posts the height of `element` (the page's content: the theme's root is at least the window's height). */
export function useEmbedHeight(element: RefObject<HTMLElement>): void {
  useEffect(() => {
    const target = element.current;
    if (window.parent === window || !target) return;
    let last = 0;
    const post = () => {
      const style = getComputedStyle(target);
      const height = Math.ceil(target.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: EMBED_MESSAGE_TYPE, height }, '*');
    };
    post();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', post);
      return () => window.removeEventListener('resize', post);
    }
    const observer = new ResizeObserver(post);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
}
