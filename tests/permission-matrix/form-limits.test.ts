import { parseWithZod } from '@conform-to/zod';
import type * as ConformZod from '@conform-to/zod';
import { data } from '@remix-run/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Services } from '@server/services';
import { MAX_LIST_ROWS } from '~/schemas/community';
import { MAX_HEADER_IMAGES } from '~/schemas/header';
import { MAX_TABS } from '~/schemas/menu-item';
import { demoPerson, installTestServices, sessionCookie, type Role } from '../setup/services';
import { ORIGIN } from './coverage';
import { remixApp, type RemixApp } from './remix-app';

/**
 * Issue 9, finding 2: huge list indexes. A 100-byte post naming row 100,000 of a list blocked
 * the server for minutes while conform built the array and the page rendered every empty row.
 * These posts are answered 400 before conform or zod sees the form (the parser is never called,
 * so no array is built), and a page never renders more rows than its list holds, whatever an
 * answer carries.
 */

vi.mock('@conform-to/zod', async (importOriginal) => {
  const actual = await importOriginal<typeof ConformZod>();
  return { ...actual, parseWithZod: vi.fn(actual.parseWithZod) };
});

const parses = () => vi.mocked(parseWithZod).mock.calls.length;

const rows = (count: number, row: (index: number) => Record<string, string>) => Array.from({ length: count }, (_, index) => row(index));

/** Actions answering replies with more rows than their lists hold (as a tampered or buggy answer could). */
const OVERSIZED = 100;
const OVERRIDES = {
  'routes/_app._home.community-setup': {
    action: async () =>
      data(
        {
          result: {
            status: 'error',
            initialValue: { title: 'Rows', socialMedia: rows(OVERSIZED, (i) => ({ site: 'facebook', url: `https://r${i}.example` })) },
            error: {},
          },
          lookedUp: null,
        },
        { status: 400 },
      ),
  },
  'routes/_app._home.header-images': {
    action: async () =>
      data(
        {
          result: {
            initialValue: { headerType: 'images', images: rows(OVERSIZED, (i) => ({ imageURL: `/files/${i}.png`, caption: `c${i}` })) },
          },
          uploadError: null,
        },
        { status: 400 },
      ),
  },
  'routes/_app._home.home.edit.$itemId': {
    action: async () =>
      data(
        {
          result: {
            initialValue: {
              menuId: 'main-menu',
              typeId: 'business',
              name: 'Shops',
              icon: 'store',
              tabs: rows(OVERSIZED, (i) => ({ id: `t${i}`, title: `Tab ${i}` })),
            },
          },
        },
        { status: 400 },
      ),
  },
};

let services: Services;
let close: () => Promise<void>;
let app: RemixApp;
let oversized: RemixApp;

beforeAll(async () => {
  ({ services, close } = await installTestServices('form-limits'));
  app = await remixApp();
  oversized = await remixApp(OVERRIDES);
});

afterAll(async () => {
  await close?.();
});

beforeEach(() => {
  vi.mocked(parseWithZod).mockClear();
});

async function post(target: RemixApp, role: Exclude<Role, 'anonymous'>, path: string, body: BodyInit) {
  const cookie = await sessionCookie(services.sessions, demoPerson(role));
  const request = new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { Cookie: cookie }, body });
  if (typeof body === 'string') request.headers.set('Content-Type', 'application/x-www-form-urlencoded');
  const response = await target.handle(request);
  return { status: response.status, html: await response.text() };
}

const multipart = (entries: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(entries)) body.append(name, value);
  return body;
};

describe('a huge list index', () => {
  it('posted to /community-setup is answered 400 with the reason, and conform never builds the form', async () => {
    const { status, html } = await post(app, 'adminA', '/community-setup', 'intent=save&socialMedia%5B100000%5D.site=x');
    expect(status).toBe(400);
    expect(html).toContain('The form sent row 100,001 of “socialMedia”, which holds at most 30 rows. Nothing was saved.');
    expect(parses()).toBe(0);
    // The same post inside the list's cap is parsed (and refused by the schema): the spy sees parses.
    const inside = await post(app, 'adminA', '/community-setup', `intent=save&socialMedia%5B${MAX_LIST_ROWS - 1}%5D.site=x`);
    expect(inside.status).toBe(400);
    expect(parses()).toBeGreaterThan(0);
  });

  it('posted to /header-images (an upload form) is answered 400 without parsing', async () => {
    const { status, html } = await post(
      app,
      'editorA',
      '/header-images',
      multipart({ intent: 'save', headerType: 'images', 'images[5000].caption': 'x' }),
    );
    expect(status).toBe(400);
    expect(html).toContain('which holds at most 50 rows');
    expect(parses()).toBe(0);
    const inside = await post(
      app,
      'editorA',
      '/header-images',
      multipart({ intent: 'save', headerType: 'images', 'images[0].caption': 'x' }),
    );
    expect(inside.status).toBe(400);
    expect(parses()).toBeGreaterThan(0);
  });

  it("posted to a menu item's tabs is answered 400 without parsing", async () => {
    const { status, html } = await post(
      app,
      'adminA',
      '/home/edit/messages',
      multipart({ intent: 'save', typeId: 'business', 'tabs[5000].title': 'x' }),
    );
    expect(status).toBe(400);
    expect(html).toContain('which holds at most 12 rows');
    expect(parses()).toBe(0);
  });
});

describe('a page answering more rows than its list holds', () => {
  it('shows at most MAX_LIST_ROWS social links', async () => {
    const { html } = await post(oversized, 'adminA', '/community-setup', 'intent=save');
    expect(html).toContain(`aria-label="Link ${MAX_LIST_ROWS}"`);
    expect(html).not.toContain(`aria-label="Link ${MAX_LIST_ROWS + 1}"`);
  });

  it('shows at most MAX_HEADER_IMAGES header images', async () => {
    const { html } = await post(oversized, 'editorA', '/header-images', multipart({ intent: 'save' }));
    expect(html).toContain(`aria-label="Image ${MAX_HEADER_IMAGES}"`);
    expect(html).not.toContain(`aria-label="Image ${MAX_HEADER_IMAGES + 1}"`);
  });

  it('shows at most MAX_TABS tabs of a menu item', async () => {
    const { html } = await post(oversized, 'adminA', '/home/edit/messages', multipart({ intent: 'save' }));
    expect(html).toContain(`Tab ${MAX_TABS} title`);
    expect(html).not.toContain(`Tab ${MAX_TABS + 1} title`);
  });
});
