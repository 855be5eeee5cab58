import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';

/**
 * A browser stand-in for loader and action tests of the sign-in routes: it keeps cookies
 * between requests (honouring Max-Age=0 and past Expires), calls a route's exported loader or
 * action with a real Request and the load context the HTTP server would give (the client's
 * address), and normalises what comes back (a Response, thrown or returned, or single-fetch
 * `data()`) into status, headers and data.
 */

export const ORIGIN = 'http://console.test';

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>;

export interface RouteAnswer<T = unknown> {
  status: number;
  headers: Headers;
  /** The loader's or action's data; null for a Response. */
  data: T | null;
  /** The redirect target, for 3xx answers. */
  location: string | null;
}

interface DataWithInit {
  type: 'DataWithResponseInit';
  data: unknown;
  init: ResponseInit | null;
}

const isDataWithInit = (value: unknown): value is DataWithInit =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';

export class RouteClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly headers: Record<string, string> = {},
    readonly options: {
      /** The client's address the HTTP server reports (load context `clientAddress`); none by default. */
      clientAddress?: string | null;
      /** The site's origin as the request arrived ('https://…' for https); default ORIGIN. */
      origin?: string;
    } = {},
  ) {}

  /** The Cookie header this browser sends. */
  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Takes the answer's Set-Cookie headers into the jar. */
  store(headers: Headers): void {
    for (const header of headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const expired = attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(attributeValue).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  request(path: string, init: RequestInit = {}): Request {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) if (!headers.has(name)) headers.set(name, value);
    if (this.cookies.size > 0) headers.set('Cookie', this.cookieHeader);
    return new Request(new URL(path, this.options.origin ?? ORIGIN), { ...init, headers });
  }

  async call<T>(handler: Handler, request: Request): Promise<RouteAnswer<T>> {
    let result: unknown;
    try {
      result = await handler({ request, params: {}, context: { clientAddress: this.options.clientAddress ?? null } });
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      result = thrown;
    }
    let answer: RouteAnswer<T>;
    if (result instanceof Response) {
      answer = { status: result.status, headers: result.headers, data: null, location: result.headers.get('Location') };
    } else if (isDataWithInit(result)) {
      const headers = new Headers(result.init?.headers);
      answer = { status: result.init?.status ?? 200, headers, data: result.data as T, location: null };
    } else {
      answer = { status: 200, headers: new Headers(), data: result as T, location: null };
    }
    this.store(answer.headers);
    return answer;
  }

  get<T>(handler: Handler, path: string): Promise<RouteAnswer<T>> {
    return this.call<T>(handler, this.request(path));
  }

  post<T>(handler: Handler, path: string, fields: Record<string, string>): Promise<RouteAnswer<T>> {
    const body = new URLSearchParams(fields);
    return this.call<T>(handler, this.request(path, { method: 'POST', body }));
  }
}
