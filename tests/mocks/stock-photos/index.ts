import { createCanvas } from '@napi-rs/canvas';
import { http, HttpResponse } from 'msw';
import { PEXELS_BASE_URL, PIXABAY_BASE_URL, UNSPLASH_BASE_URL } from '@server/providers/stock-photos';

/**
 * The three stock photo services as documented (one section per vendor, STYLE 19):
 * - Pexels `GET /v1/search` with `Authorization: {key}`; Unsplash `GET /search/photos` with
 *   `Authorization: Client-ID {key}`; Pixabay `GET /api/?key=…`.
 * - Behaviour by query: 'busy' → rate limited (pexels/pixabay 429 with Retry-After 30, unsplash
 *   403 'Rate Limit Exceeded' with X-Ratelimit-Remaining 0); 'broken' → 500; 'garbled' → 200
 *   with an HTML body; anything else → 15 results a page, three pages (pexels: next_page on
 *   pages 1–2; unsplash: total_pages 3; pixabay: totalHits 45).
 * - A wrong key → 401 (pexels, unsplash) or 400 '[ERROR 400] Invalid or missing API key' (pixabay).
 * - A photo by id: Pexels `GET /v1/photos/{id}` and Unsplash `GET /photos/{id}` (ids 1–45,
 *   unsplash 'u1'–'u45'; others 404), Pixabay `GET /api/?key&id=` (others: no hits). Id 666
 *   (unsplash 'u666') answers a photo whose image address is on an outside host.
 * - Unsplash `GET /photos/{id}/download` (links.download_location) with the key → `{ url }`; each
 *   call is recorded as service 'unsplash-download'.
 * - Image hosts: any path answers a small JPEG; '/redirect-away' redirects to an outside host;
 *   '/not-an-image' answers HTML.
 */
export const PEXELS_KEY = 'test-pexels-key';
export const UNSPLASH_KEY = 'test-unsplash-key';
export const PIXABAY_KEY = 'test-pixabay-key';
/** Every request the services' APIs received (not the image hosts'), in order. */
export const stockRequests: Array<{ service: string; url: string; auth: string | null }> = [];
/** Every address the image hosts were asked for. */
export const imageRequests: string[] = [];

export function stockJpeg(width = 64, height = 40): Buffer {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#3a7';
  context.fillRect(0, 0, width, height);
  return canvas.toBuffer('image/jpeg', 80);
}

const range = (page: number) => Array.from({ length: 15 }, (_, index) => (page - 1) * 15 + index + 1);
/** The photos the by-id lookups know: those of the three pages, and 666 whose image lives elsewhere. */
const known = (id: number) => (id >= 1 && id <= 45) || id === EVIL_ID;
export const EVIL_ID = 666;
const imageHost = (host: string, id: number) => (id === EVIL_ID ? 'https://evil.example' : host);

function pexelsPhoto(id: number, query: string) {
  const host = imageHost('https://images.pexels.com', id);
  return {
    id,
    width: 4000,
    height: 3000,
    url: `https://www.pexels.com/photo/${query}-${id}/`,
    photographer: `Pexels Person ${id}`,
    src: {
      original: `${host}/photos/${id}/pexels-photo-${id}.jpeg`,
      large2x: `${host}/photos/${id}/pexels-photo-${id}.jpeg?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940`,
      medium: `${host}/photos/${id}/pexels-photo-${id}.jpeg?auto=compress&cs=tinysrgb&h=350`,
    },
  };
}

function unsplashPhoto(id: number) {
  const host = imageHost('https://images.unsplash.com', id);
  return {
    id: `u${id}`,
    width: 5000,
    height: 3333,
    urls: {
      regular: `${host}/photo-${id}-abc?ixid=x&w=1080`,
      small: `${host}/photo-${id}-abc?ixid=x&w=400`,
    },
    links: { html: `https://unsplash.com/photos/u${id}`, download_location: `${UNSPLASH_BASE_URL}/photos/u${id}/download?ixid=x` },
    user: { name: `Unsplash Person ${id}` },
  };
}

function pixabayPhoto(id: number, query: string) {
  const host = imageHost('https://pixabay.com', id);
  return {
    id,
    pageURL: `https://pixabay.com/photos/${query}-${id}/`,
    previewURL: `https://cdn.pixabay.com/photo/2020/01/01/${id}_150.jpg`,
    webformatURL: `${host}/get/g${id}_640.jpg`,
    largeImageURL: `${host}/get/g${id}_1280.jpg`,
    imageWidth: 1920,
    imageHeight: 1280,
    user: `pixabay_person_${id}`,
  };
}

function special(query: string, service: string) {
  if (query === 'busy') {
    if (service === 'unsplash') return new HttpResponse('Rate Limit Exceeded', { status: 403, headers: { 'X-Ratelimit-Remaining': '0' } });
    return new HttpResponse('Too Many Requests', { status: 429, headers: { 'Retry-After': '30' } });
  }
  if (query === 'broken') return new HttpResponse('oops', { status: 500 });
  if (query === 'garbled') return new HttpResponse('<html>maintenance</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
  return null;
}

const imageHandler = ({ request }: { request: Request }) => {
  imageRequests.push(request.url);
  const url = new URL(request.url);
  if (url.pathname.endsWith('/redirect-away'))
    return new HttpResponse(null, { status: 302, headers: { Location: 'https://evil.example/x.jpg' } });
  if (url.pathname.endsWith('/redirect-home')) {
    return new HttpResponse(null, { status: 302, headers: { Location: `${url.origin}/photos/1/final-photo.jpeg` } });
  }
  if (url.pathname.endsWith('/not-an-image')) return new HttpResponse('<html></html>', { headers: { 'Content-Type': 'text/html' } });
  return new HttpResponse(new Uint8Array(stockJpeg()), { headers: { 'Content-Type': 'image/jpeg' } });
};

export const stockPhotosHandlers = [
  http.get(`${PEXELS_BASE_URL}/search`, ({ request }) => {
    stockRequests.push({ service: 'pexels', url: request.url, auth: request.headers.get('Authorization') });
    if (request.headers.get('Authorization') !== PEXELS_KEY) return HttpResponse.json({ error: 'Unauthorized' }, { status: 401 });
    const url = new URL(request.url);
    const query = url.searchParams.get('query') ?? '';
    const page = Number(url.searchParams.get('page') ?? '1');
    const answer = special(query, 'pexels');
    if (answer) return answer;
    return HttpResponse.json({
      page,
      per_page: 15,
      total_results: 45,
      ...(page < 3 ? { next_page: `${PEXELS_BASE_URL}/search?page=${page + 1}` } : {}),
      photos: range(page).map((id) => pexelsPhoto(id, query)),
    });
  }),
  http.get(`${UNSPLASH_BASE_URL}/search/photos`, ({ request }) => {
    stockRequests.push({ service: 'unsplash', url: request.url, auth: request.headers.get('Authorization') });
    if (request.headers.get('Authorization') !== `Client-ID ${UNSPLASH_KEY}`) {
      return HttpResponse.json({ errors: ['OAuth error: The access token is invalid'] }, { status: 401 });
    }
    const url = new URL(request.url);
    const query = url.searchParams.get('query') ?? '';
    const page = Number(url.searchParams.get('page') ?? '1');
    const answer = special(query, 'unsplash');
    if (answer) return answer;
    return HttpResponse.json({
      total: 45,
      total_pages: 3,
      results: range(page).map((id) => unsplashPhoto(id)),
    });
  }),
  http.get(`${PEXELS_BASE_URL}/photos/:id`, ({ request, params }) => {
    stockRequests.push({ service: 'pexels', url: request.url, auth: request.headers.get('Authorization') });
    if (request.headers.get('Authorization') !== PEXELS_KEY) return HttpResponse.json({ error: 'Unauthorized' }, { status: 401 });
    const id = Number(params.id);
    return known(id) ? HttpResponse.json(pexelsPhoto(id, 'photo')) : HttpResponse.json({ error: 'Not Found' }, { status: 404 });
  }),
  http.get(`${UNSPLASH_BASE_URL}/photos/:id`, ({ request, params }) => {
    stockRequests.push({ service: 'unsplash', url: request.url, auth: request.headers.get('Authorization') });
    if (request.headers.get('Authorization') !== `Client-ID ${UNSPLASH_KEY}`) {
      return HttpResponse.json({ errors: ['OAuth error: The access token is invalid'] }, { status: 401 });
    }
    const id = Number(String(params.id).replace(/^u/, ''));
    return String(params.id).startsWith('u') && known(id)
      ? HttpResponse.json(unsplashPhoto(id))
      : HttpResponse.json({ errors: ["Couldn't find Photo"] }, { status: 404 });
  }),
  http.get(`${UNSPLASH_BASE_URL}/photos/:id/download`, ({ request, params }) => {
    stockRequests.push({ service: 'unsplash-download', url: request.url, auth: request.headers.get('Authorization') });
    if (request.headers.get('Authorization') !== `Client-ID ${UNSPLASH_KEY}`) {
      return HttpResponse.json({ errors: ['OAuth error: The access token is invalid'] }, { status: 401 });
    }
    const id = String(params.id).replace(/^u/, '');
    return HttpResponse.json({ url: `https://images.unsplash.com/photo-${id}-abc?ixid=x` });
  }),
  http.get(PIXABAY_BASE_URL, ({ request }) => {
    const url = new URL(request.url);
    stockRequests.push({ service: 'pixabay', url: request.url, auth: url.searchParams.get('key') });
    if (url.searchParams.get('key') !== PIXABAY_KEY) return new HttpResponse('[ERROR 400] Invalid or missing API key', { status: 400 });
    const byId = url.searchParams.get('id');
    if (byId !== null) {
      const id = Number(byId);
      return HttpResponse.json(
        known(id) ? { total: 1, totalHits: 1, hits: [pixabayPhoto(id, 'photo')] } : { total: 0, totalHits: 0, hits: [] },
      );
    }
    const query = url.searchParams.get('q') ?? '';
    const page = Number(url.searchParams.get('page') ?? '1');
    const answer = special(query, 'pixabay');
    if (answer) return answer;
    return HttpResponse.json({
      total: 45,
      totalHits: 45,
      hits: range(page).map((id) => pixabayPhoto(id, query)),
    });
  }),
  http.get('https://images.pexels.com/*', imageHandler),
  http.get('https://images.unsplash.com/*', imageHandler),
  http.get('https://pixabay.com/get/*', imageHandler),
  // An outside host: reached only if a guard fails.
  http.get('https://evil.example/*', imageHandler),
];
