/**
 * Header info (spec 01 §3.3, spec 02 §3): a video and/or images with captions shown above the
 * home screen, lists and detail pages. Pure helpers shared by the server (reading what is
 * stored) and the browser (the carousel).
 */

export const DEFAULT_DELAY_SECONDS = 5;
/** Header height with an image or video, and without (spec 01 §9). */
export const HEADER_HEIGHT_WITH_MEDIA = 261;
export const HEADER_HEIGHT_WITHOUT_MEDIA = 50;

export interface HeaderSlide {
  url: string;
  caption: string | null;
}

export interface HeaderView {
  /** A video code (YouTube), when the header is a video. */
  videoId: string | null;
  autoplay: boolean;
  slides: HeaderSlide[];
  delaySeconds: number;
  hideTitle: boolean;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video code of a stored videoURL: either the code itself or a video page URL, which is
 * reduced to its code (spec 02 §3). Null for anything that is neither.
 */
export function videoIdFrom(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (VIDEO_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m|music)\./, '');
  let candidate: string | null = null;
  if (host === 'youtu.be') candidate = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    candidate = url.searchParams.get('v');
    const path = url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/);
    if (!candidate && path) candidate = path[1] ?? null;
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

export function videoEmbedUrl(videoId: string, autoplay: boolean): string {
  const query = new URLSearchParams({ rel: '0', modestbranding: '1', playsinline: '1' });
  if (autoplay) {
    query.set('autoplay', '1');
    query.set('mute', '1');
  }
  return `https://www.youtube-nocookie.com/embed/${videoId}?${query}`;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : isObject(value) ? Object.values(value) : []);

/**
 * What a stored header-info node shows. `resolveUrl` turns a stored image URL into one the
 * browser can load (null drops the slide).
 */
export function headerView(stored: unknown, resolveUrl: (url: unknown) => string | null): HeaderView {
  const info = isObject(stored) ? stored : {};
  const slides = listOf(info.images).flatMap((image) => {
    if (!isObject(image)) return [];
    const url = resolveUrl(image.imageURL);
    if (!url) return [];
    const caption = typeof image.caption === 'string' && image.caption.trim() ? image.caption.trim() : null;
    return [{ url, caption }];
  });
  const delay = Number(info.delaySeconds);
  return {
    videoId: videoIdFrom(info.videoURL),
    autoplay: info.videoPlaybackMode === 'autoplay',
    slides,
    delaySeconds: Number.isFinite(delay) && delay > 0 ? delay : DEFAULT_DELAY_SECONDS,
    hideTitle: info.hideTitle === true,
  };
}

export function hasMedia(view: HeaderView): boolean {
  return view.videoId !== null || view.slides.length > 0;
}

/** A slide index from the query (no-JS navigation), wrapped into range. */
export function slideIndex(value: string | null, count: number): number {
  const index = Number.parseInt(value ?? '', 10);
  if (!Number.isFinite(index) || count === 0) return 0;
  return ((index % count) + count) % count;
}
