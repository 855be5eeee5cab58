/**
 * The few parts of express, compression and morgan the HTTP server uses, typed against Node's
 * own request and response (the packages ship no types and @types/express is not installed).
 */
declare module 'express' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type NextFunction = (error?: unknown) => void;
  export type Handler = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void;

  export interface Application {
    (req: IncomingMessage, res: ServerResponse): void;
    use(...handlers: Handler[]): Application;
    use(path: string, ...handlers: Handler[]): Application;
    all(path: string, ...handlers: Handler[]): Application;
    disable(setting: string): Application;
    set(setting: string, value: unknown): Application;
  }

  export interface StaticOptions {
    immutable?: boolean;
    maxAge?: string | number;
    index?: false | string;
    redirect?: boolean;
    setHeaders?: (res: ServerResponse, path: string) => void;
  }

  interface Express {
    (): Application;
    static(root: string, options?: StaticOptions): Handler;
  }

  const express: Express;
  export default express;
}

declare module 'compression' {
  import type { Handler } from 'express';

  export default function compression(): Handler;
}

declare module 'morgan' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { Handler } from 'express';

  export default function morgan(
    format: 'tiny' | 'combined' | 'common' | 'dev' | 'short',
    options?: { skip?: (req: IncomingMessage, res: ServerResponse) => boolean },
  ): Handler;
}

/** The part of autocannon the page benchmark (server/http/bench-pages.ts) uses. */
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }

  export interface Result {
    requests: { average: number; total: number };
    latency: { average: number; p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }

  export default function autocannon(options: Options): Promise<Result>;
}
