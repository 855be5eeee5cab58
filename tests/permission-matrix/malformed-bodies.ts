import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeAny } from 'zod';
import { HONEYPOT_NAME_FIELD, HONEYPOT_VALID_FROM_FIELD } from '@server/auth/honeypot';
import { embeddedSqlite } from '@server/db';
import { FORM_MESSAGES, MAX_FORM_BYTES } from '@server/http/form';
import { shapeNodeOf } from '@server/http/form-shape';
import type { Services } from '@server/services';
import { AppSetupSchema } from '~/schemas/app-setup';
import { CommunitySchema } from '~/schemas/community';
import { HeaderSchema } from '~/schemas/header';
import { IntegrationsSchema } from '~/schemas/integrations';
import { LOGIN_FORM_SCHEMAS } from '~/schemas/login';
import { MenuItemSchema } from '~/schemas/menu-item';
import { demoPerson, installTestServices, sessionCookie, type Role } from '../setup/services';
import { ORIGIN } from './coverage';
import { isTypedControl, postForms, submission, type HtmlForm } from './html-forms';
import { LOGIN, REMOTE, UNKNOWN_INTENT, type Outcome } from './matrix';
import { remixApp, type RemixApp } from './remix-app';
import { appRoutes } from './routes';
import { actionLines, linesOf, type ActionLine, type WalkFamily } from './walk-lines';
import { walkSample } from './walk-sample';

/**
 * The malformed-bodies walk (issue 9, finding 11): every action of the app — each POST line of
 * the permission matrix, as a role the line lets in — is sent bodies a browser never sends,
 * through Remix's own request handler with the page render (./remix-app.ts): no content type,
 * text/plain, JSON, an empty body, cut-off multipart, multipart without its boundary, garbage
 * bytes, bodies over the limit (declared and streamed), huge list indexes, conform's list
 * button and state fields tampered with, every field of the form sent twice or as `name[0]`,
 * an unknown intent, very long values. Each answer is a 4xx (or the normal 200/3xx where the
 * input is acceptable), never a 500, with JavaScript (single fetch's `.data` requests) and
 * without (documents). A page's real form posted without JavaScript with every typed field far
 * too long comes back with everything that was typed.
 *
 * Every request runs in a database transaction that is rolled back afterwards, and sessions
 * are minted fresh for it, as in the permission matrix: nothing is shared with other tests.
 */

/** The schemas of the forms each route's action reads (its fields are sent twice, as lists …). */
export const FORM_SCHEMAS: Readonly<Record<string, readonly ZodTypeAny[]>> = {
  'routes/_app._home.community-setup': [CommunitySchema],
  'routes/_app._home.add-community': [CommunitySchema],
  'routes/_app._home.header-images': [HeaderSchema],
  'routes/_app._home.add': [MenuItemSchema],
  'routes/_app._home.home.edit.$itemId': [MenuItemSchema],
  'routes/_app._home.app-setup': [AppSetupSchema],
  'routes/_app._home.integrations': [IntegrationsSchema],
  'routes/login': LOGIN_FORM_SCHEMAS,
};

/** A page showing each route's form, where it is not the line's own address. */
const FORM_PAGE_PATHS: Readonly<Record<string, string>> = { 'routes/_app._home.add': '/add?type=website' };
/** Fields of a page's form a person never types into (the sign-in forms' honeypot). */
const UNTYPED_FIELDS = [HONEYPOT_NAME_FIELD, HONEYPOT_VALID_FROM_FIELD];

/** Roles in the order a line's user is chosen: the first whose outcome is a use, not a refusal. */
const ROLE_PREFERENCE: readonly Role[] = ['adminA', 'system', 'super', 'editorA', 'editorB', 'anonymous', 'remote'];
export const REFUSALS: readonly Outcome[] = [LOGIN, REMOTE, 401, 403, 404, 405];

export const routes = appRoutes();

interface BodyLine extends ActionLine {
  schemas: readonly ZodTypeAny[];
}

/** Every POST line of the matrix that reads a form, with a role it lets in. */
export const LINES: BodyLine[] = actionLines(routes, ROLE_PREFERENCE, REFUSALS).map((line) => ({
  ...line,
  schemas: FORM_SCHEMAS[line.routeId] ?? [],
}));

/** One line per route (its first): the body-level cases do not depend on the intent. */
export const ROUTE_LINES = [...new Map(LINES.map((line) => [line.routeId, line])).values()];

/** The fields a schema's form has, by name: single values, and the fields of a list's first row. */
function schemaFields(schemas: readonly ZodTypeAny[]): Array<{ name: string; single: boolean }> {
  const fields: Array<{ name: string; single: boolean }> = [];
  for (const schema of schemas) {
    const root = shapeNodeOf(schema);
    if (root.kind !== 'object') continue;
    for (const [key, child] of Object.entries(root.shape)) {
      const node = shapeNodeOf(child);
      if (node.kind === 'value') fields.push({ name: key, single: true });
      if (node.kind === 'list') {
        const item = shapeNodeOf(node.item);
        if (item.kind === 'value') fields.push({ name: key, single: false });
        if (item.kind === 'object') {
          for (const [sub, leaf] of Object.entries(item.shape)) {
            if (shapeNodeOf(leaf).kind === 'value') fields.push({ name: `${key}[0].${sub}`, single: true });
          }
        }
      }
    }
  }
  return [...new Map(fields.map((field) => [field.name, field])).values()];
}

/** The lists a schema knows, with a field of their rows: `socialMedia` and `site`. */
function schemaLists(schemas: readonly ZodTypeAny[]): Array<{ name: string; field: string | null }> {
  const lists: Array<{ name: string; field: string | null }> = [];
  for (const schema of schemas) {
    const root = shapeNodeOf(schema);
    if (root.kind !== 'object') continue;
    for (const [key, child] of Object.entries(root.shape)) {
      const node = shapeNodeOf(child);
      if (node.kind !== 'list') continue;
      const item = shapeNodeOf(node.item);
      lists.push({ name: key, field: item.kind === 'object' ? (Object.keys(item.shape)[0] ?? null) : null });
    }
  }
  return lists;
}

let services: Services;
let close: () => Promise<void>;
let sqlite: Database.Database;
let app: RemixApp;
let seeded: unknown;

type Body = string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null;

interface Sent {
  status: number;
  text: string;
  describe: string;
}

/** The `.data` address single fetch posts to with JavaScript (`/` is `/_root.data`). */
function dataPath(path: string): string {
  const url = new URL(path, ORIGIN);
  const pathname = url.pathname === '/' ? '/_root' : url.pathname.replace(/\/$/, '');
  return `${pathname}.data${url.search}`;
}

const encoded = (entries: ReadonlyArray<readonly [string, string]>) => new URLSearchParams(entries as Array<[string, string]>).toString();

/** Runs `work` in a transaction that is rolled back: whatever it writes to the database is gone afterwards. */
async function rolledBack<T>(work: () => Promise<T>): Promise<T> {
  sqlite.exec('BEGIN');
  try {
    return await work();
  } finally {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
  }
}

/** The line's role's session cookie ('' for anonymous), minted for one request. */
const cookieOf = async (line: BodyLine) =>
  line.role === 'anonymous' ? '' : sessionCookie(services.sessions, demoPerson(line.role), { communityKey: line.request.communityKey });

/** Sends one request as the line's role, in a transaction rolled back afterwards; the whole answer is read. */
function send(line: BodyLine, body: Body, options: { contentType?: string | null; js?: boolean; label: string }): Promise<Sent> {
  return rolledBack(async () => {
    const headers = new Headers();
    const cookie = await cookieOf(line);
    if (cookie) headers.set('Cookie', cookie);
    const init: RequestInit & { duplex?: 'half' } = { method: 'POST', headers, body, duplex: 'half' };
    const request = new Request(`${ORIGIN}${options.js ? dataPath(line.request.path) : line.request.path}`, init);
    // The Request constructor gives a string body text/plain: set exactly what the case sends.
    if (options.contentType === null) request.headers.delete('Content-Type');
    else if (options.contentType !== undefined) request.headers.set('Content-Type', options.contentType);
    const response = await app.handle(request);
    const text = await response.text();
    return { status: response.status, text, describe: `${options.label} (${options.js ? 'with' : 'without'} JavaScript) as ${line.role}` };
  });
}

/** A 4xx, or the normal answer (2xx, 3xx) where the input happens to be acceptable; never a 5xx. */
function expectHandled(sent: Sent) {
  expect(sent.status, `${sent.describe} answered ${sent.status}: ${sent.text.slice(0, 300)}`).toBeLessThan(500);
}

function expectStatus(sent: Sent, status: number) {
  expect(sent.status, `${sent.describe} answered ${sent.status}: ${sent.text.slice(0, 300)}`).toBe(status);
}

/** The refusal's message reaches the person: in the page's error boundary, or in the data the browser's boundary shows. */
function expectRefusal(sent: Sent, status: number, message: string | RegExp) {
  expectStatus(sent, status);
  const shown = typeof message === 'string' ? sent.text.includes(message) : message.test(sent.text);
  const main =
    /<main[\s\S]*<\/main>/
      .exec(sent.text)?.[0]
      .replace(/<[^>]+>/g, ' ')
      .slice(-600) ?? sent.text.slice(0, 600);
  expect(shown, `${sent.describe} shows “${String(message)}”; it showed: ${main}`).toBe(true);
}

const ROWS_REFUSED = /The form sent row [\d,]+ of “[^”]+”, which holds at most \d+ rows?\. Nothing was saved\./;

/** A multipart body from entries, with its boundary. */
function multipart(
  entries: ReadonlyArray<readonly [string, string]>,
  boundary = 'walk-boundary',
  options: { asFiles?: boolean } = {},
): string {
  const disposition = (name: string) =>
    options.asFiles ? `form-data; name="${name}"; filename="${name}.txt"\r\nContent-Type: text/plain` : `form-data; name="${name}"`;
  return (
    entries.map(([name, value]) => `--${boundary}\r\nContent-Disposition: ${disposition(name)}\r\n\r\n${value}\r\n`).join('') +
    `--${boundary}--\r\n`
  );
}

/** A body that arrives in pieces without a declared length, `total` bytes of `a=aaaa…`. */
function streamedBody(total: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('a'.repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      const piece = sent === 0 ? new TextEncoder().encode('a=') : chunk;
      sent += piece.byteLength;
      controller.enqueue(piece);
    },
  });
}

const formOf = (line: BodyLine): Array<[string, string]> => Object.entries(line.request.form ?? {});

/** The walk over the lines of one route family (./walk-lines.ts), with a database of its own. */
export function walkMalformedBodies(family: WalkFamily) {
  beforeAll(async () => {
    ({ services, close } = await installTestServices(`malformed-bodies-${family}`));
    sqlite = embeddedSqlite(services.db);
    seeded = (await services.db.ref('').get()).val();
    app = await remixApp();
  });

  afterAll(async () => {
    await close?.();
  });

  describe(`the malformed-bodies walk: ${family}`, () => {
    // The sample is taken over the whole walk, so `npm test` walks the same lines however it is split.
    walkLines(
      linesOf(
        walkSample(LINES, (line) => line.routeId),
        family,
      ),
      linesOf(ROUTE_LINES, family),
    );
  });
}

/** `sampled`: the lines whose every field is sent (./walk-sample.ts); `routeLines`: the first line of each route. */
function walkLines(sampled: readonly BodyLine[], routeLines: readonly BodyLine[]) {
  it('has lines to walk', () => {
    expect(routeLines.length).toBeGreaterThan(0);
  });

  describe.each(routeLines.map((line) => [line.routeId, line] as const))('%s', (_id, line) => {
    const form = formOf(line);
    const body = encoded(form);

    it.each([true, false])('refuses bodies that are not forms with 415 (JavaScript: %s)', async (js) => {
      const message = FORM_MESSAGES.unsupportedType;
      expectRefusal(await send(line, body, { contentType: null, js, label: 'no content type' }), 415, message);
      expectRefusal(await send(line, body, { contentType: 'text/plain', js, label: 'text/plain' }), 415, message);
      const json = JSON.stringify(Object.fromEntries(form));
      expectRefusal(await send(line, json, { contentType: 'application/json', js, label: 'JSON' }), 415, message);
    });

    it.each([true, false])('refuses unreadable forms with 400 (JavaScript: %s)', async (js) => {
      const truncated = multipart(form).slice(0, -20);
      expectStatus(
        await send(line, truncated, { contentType: 'multipart/form-data; boundary=walk-boundary', js, label: 'cut-off multipart' }),
        400,
      );
      expectStatus(await send(line, multipart(form), { contentType: 'multipart/form-data', js, label: 'multipart without boundary' }), 400);
      const garbage = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256);
      expectStatus(await send(line, garbage, { contentType: 'multipart/form-data; boundary=x', js, label: 'garbage multipart' }), 400);
    });

    it('answers empty bodies and garbage bytes with a 4xx or the normal answer', async () => {
      const garbage = new Uint8Array(4096).map((_, i) => (i * 7919 + 13) % 256);
      for (const js of [true, false]) {
        expectHandled(await send(line, '', { contentType: 'application/x-www-form-urlencoded', js, label: 'empty urlencoded' }));
        expectHandled(await send(line, garbage, { contentType: 'application/x-www-form-urlencoded', js, label: 'garbage urlencoded' }));
        expectHandled(
          await send(line, `${body}&%zz=%&%E0%A4%A=1&=`, { contentType: 'application/x-www-form-urlencoded', js, label: 'bad escapes' }),
        );
      }
      // Every field but the intent sent as a file.
      const files = multipart(
        form.filter(([name]) => name !== 'intent'),
        'walk-boundary',
        { asFiles: true },
      ).replace(/--walk-boundary--\r\n$/, multipart(form.filter(([name]) => name === 'intent')));
      expectHandled(await send(line, files, { contentType: 'multipart/form-data; boundary=walk-boundary', label: 'fields sent as files' }));
    });

    it('refuses bodies over the limit with 413, declared or streamed', async () => {
      const big = `${body}&filler=${'x'.repeat(MAX_FORM_BYTES)}`;
      const message = FORM_MESSAGES.tooLarge;
      expectRefusal(await send(line, big, { contentType: 'application/x-www-form-urlencoded', label: 'a body over 1 MB' }), 413, message);
      expectRefusal(
        await send(line, streamedBody(MAX_FORM_BYTES + 100_000), {
          contentType: 'application/x-www-form-urlencoded',
          js: true,
          label: 'a streamed body over 1 MB',
        }),
        413,
        message,
      );
      expectRefusal(
        await send(line, multipart([...form, ['filler', 'x'.repeat(MAX_FORM_BYTES)]]), {
          contentType: 'multipart/form-data; boundary=walk-boundary',
          label: 'a multipart body with over 1 MB of text',
        }),
        413,
        message,
      );
    });

    it('refuses huge list indexes with 400', async () => {
      const lists = [...schemaLists(line.schemas), { name: 'notAList', field: 'x' }];
      for (const list of lists) {
        const key = list.field ? `${list.name}[100000].${list.field}` : `${list.name}[100000]`;
        for (const js of [true, false]) {
          expectRefusal(
            await send(line, `${body}&${encodeURIComponent(key)}=x`, { contentType: 'application/x-www-form-urlencoded', js, label: key }),
            400,
            ROWS_REFUSED,
          );
        }
        if (!list.field) continue;
        const nested = `${list.name}[0].rows[5000].x`;
        expectRefusal(
          await send(line, `${body}&${encodeURIComponent(nested)}=x`, { contentType: 'application/x-www-form-urlencoded', label: nested }),
          400,
          ROWS_REFUSED,
        );
      }
    });

    it("refuses tampered list buttons and conform's state field with 400", async () => {
      const tampered = [
        '{not json',
        JSON.stringify({ type: 'update', payload: { name: 'title', value: 'x' } }),
        JSON.stringify({ type: 'insert', payload: { name: 'title' } }),
        JSON.stringify({ type: 'remove', payload: { name: 'socialMedia', index: 100000 } }),
        JSON.stringify({ type: 'reorder', payload: { name: 'images', from: 0, to: 100000 } }),
        JSON.stringify({ type: 'insert', payload: { name: 'notAList[0].x' } }),
      ];
      for (const intent of tampered) {
        expectStatus(
          await send(line, encoded([...form, ['__intent__', intent]]), {
            contentType: 'application/x-www-form-urlencoded',
            label: `__intent__ ${intent}`,
          }),
          400,
        );
      }
      expectStatus(
        await send(line, encoded([...form, ['__state__', '{}']]), { contentType: 'application/x-www-form-urlencoded', label: '__state__' }),
        400,
      );
    });

    it('answers an unknown intent with 400', async () => {
      const unknown = encoded([...form.filter(([name]) => name !== 'intent'), ['intent', UNKNOWN_INTENT]]);
      for (const js of [true, false]) {
        expectStatus(await send(line, unknown, { contentType: 'application/x-www-form-urlencoded', js, label: 'an unknown intent' }), 400);
      }
    });

    it.each(schemaFields(line.schemas).map((field) => [field.name, field] as const))(
      'answers %s sent twice or as a list',
      async (_name, field) => {
        const others = form.filter(([name]) => name !== field.name);
        const twice = encoded([...others, [field.name, 'first'], [field.name, 'second']]);
        const listed = encoded([...others, [`${field.name}[0]`, 'first'], [`${field.name}.sub`, 'x']]);
        const sentTwice = await send(line, twice, {
          contentType: 'application/x-www-form-urlencoded',
          js: true,
          label: `${field.name} twice`,
        });
        if (field.single) expectStatus(sentTwice, 400);
        else expectHandled(sentTwice);
        expectStatus(
          await send(line, listed, { contentType: 'application/x-www-form-urlencoded', js: true, label: `${field.name}[0]` }),
          400,
        );
      },
    );
  });

  describe.each(sampled.map((line) => [`${line.request.path} ${line.request.form?.intent ?? '(no intent)'}`, line] as const))(
    '%s',
    (_title, line) => {
      const form = formOf(line);
      const schemaNames = schemaFields(line.schemas).map((field) => field.name);

      it('answers every field sent twice without a 500, with JavaScript and without', async () => {
        const names = [...new Set([...form.map(([name]) => name).filter((name) => name !== 'intent'), ...schemaNames])];
        const values = new Map(form);
        const doubled = [
          ...names.flatMap((name) => [
            [name, values.get(name) ?? 'x'],
            [name, values.get(name) ?? 'y'],
          ]),
          ...form.filter(([name]) => name === 'intent'),
        ] as Array<[string, string]>;
        for (const js of [true, false]) {
          expectHandled(
            await send(line, encoded(doubled), { contentType: 'application/x-www-form-urlencoded', js, label: 'every field twice' }),
          );
        }
        expectHandled(
          await send(line, multipart(doubled), {
            contentType: 'multipart/form-data; boundary=walk-boundary',
            label: 'every field twice (multipart)',
          }),
        );
      });

      it('answers fields sent as lists without a 500', async () => {
        const listed = form.map(([name, value]) => (name === 'intent' ? [name, value] : [`${name}[0]`, value])) as Array<[string, string]>;
        for (const js of [true, false]) {
          expectHandled(
            await send(line, encoded(listed), { contentType: 'application/x-www-form-urlencoded', js, label: 'fields as name[0]' }),
          );
        }
      });

      it('answers very long values without a 500', async () => {
        const long = form.map(([name, value]) => (name === 'intent' ? [name, value] : [name, `${value}${'λ'.repeat(5_000)}`])) as Array<
          [string, string]
        >;
        for (const js of [true, false]) {
          expectHandled(
            await send(line, encoded(long), { contentType: 'application/x-www-form-urlencoded', js, label: 'very long values' }),
          );
        }
      });
    },
  );

  /** Each route's page, and the post form a person fills in there (the one with the most typed fields). */
  const FORM_PAGES = routeLines.filter((line) => line.schemas.length > 0);

  it.each(FORM_PAGES.map((line) => [line.routeId, line] as const))(
    'shows %s again with everything typed when the values are refused (no JavaScript)',
    async (_id, line) => {
      const pagePath = FORM_PAGE_PATHS[line.routeId] ?? line.request.path;
      const html = await rolledBack(async () => {
        const cookie = await cookieOf(line);
        const page = await app.handle(new Request(`${ORIGIN}${pagePath}`, { headers: cookie ? { Cookie: cookie } : {} }));
        expect(page.status, `GET ${pagePath}`).toBe(200);
        return page.text();
      });
      const forms = postForms(html);
      const typed = (candidate: HtmlForm) => candidate.controls.filter(isTypedControl).length;
      const form = forms.sort((a, b) => typed(b) - typed(a))[0];
      expect(form && typed(form), `a form to type into on ${pagePath}`).toBeGreaterThan(0);
      const buttons = form!.controls.filter((control) => control.tag === 'button' && control.name === 'intent');
      const submitter = buttons.find((button) => ['save', 'password'].includes(button.value)) ?? buttons[0] ?? null;

      const markers = new Map<string, string>();
      const entries = submission(form!, submitter).map(([name, value], index): [string, string] => {
        const control = form!.controls.find((candidate) => candidate.name === name);
        if (!control || !isTypedControl(control) || UNTYPED_FIELDS.includes(name)) return [name, value];
        // Longer than any of these fields may be: the answer refuses them and shows them again.
        const marker = `typed${index}-${'x'.repeat(Math.min(25_000, Math.floor(MAX_FORM_BYTES / 2 / form!.controls.length)))}`;
        markers.set(name, marker);
        return [name, marker];
      });
      expect(markers.size).toBeGreaterThan(0);
      for (const js of [false, true]) {
        const sent = await send(line, encoded(entries), {
          contentType: 'application/x-www-form-urlencoded',
          js,
          label: 'the page’s form with long values',
        });
        expectStatus(sent, 400);
        const lost = [...markers].filter(([, marker]) => !sent.text.includes(marker)).map(([name]) => name);
        expect(lost, `fields whose typed value did not come back (${sent.describe})`).toEqual([]);
      }
    },
  );

  it('leaves the demo data as seeded (every request ran on its own, rolled back)', async () => {
    expect((await services.db.ref('').get()).val()).toEqual(seeded);
  });
}
