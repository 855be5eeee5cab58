import { matchRoutes, stripBasename, type AgnosticRouteObject } from '@remix-run/router';
import { describe, expect, it } from 'vitest';
import { createCachedMatchRoutes } from './route-matching';

/** A route tree with every kind of route the router ranks: index, pathless layouts, params, optional segments, splats, absolute and case-sensitive paths. */
const ROUTES: AgnosticRouteObject[] = [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'login', path: 'login' },
      { id: 'login-reset', path: 'login/reset/:token' },
      { id: 'healthcheck', path: 'healthcheck' },
      {
        id: 'app',
        children: [
          { id: 'home', index: true },
          { id: 'action', path: ':action' },
          {
            id: 'listnm',
            path: 'listnm/:context',
            children: [
              { id: 'listnm-index', index: true },
              { id: 'listnm-add', path: 'add' },
              { id: 'listnm-edit', path: 'edit/:itemId' },
              { id: 'listnm-path', path: ':path' },
              { id: 'listnm-sort', path: 'sort', caseSensitive: true },
            ],
          },
          { id: 'listnm-switch', path: 'listnm/switch-community' },
          { id: 'detail', path: 'detailUpdate/:communityKey/:section?/:itemId?' },
          { id: 'optional-lang', path: ':lang?/about' },
          { id: 'absolute', path: '/abs', children: [{ id: 'absolute-child', path: '/abs/child' }] },
          { id: 'files', path: 'files/*' },
          { id: 'splat', path: '*' },
        ],
      },
      { id: 'dev-outbox', path: 'dev/outbox' },
    ],
  },
];

const PATHS = [
  '/',
  '',
  '/login',
  '/LOGIN',
  '/login/',
  '/login/reset/abc',
  '/login/reset/a%2Fb',
  '/healthcheck',
  '/faqs',
  '/listnm/faqs',
  '/listnm/faqs/',
  '/listnm/faqs/add',
  '/listnm/faqs/edit/item-1',
  '/listnm/faqs/SORT',
  '/listnm/faqs/sort',
  '/listnm/faqs/header-images',
  '/listnm/switch-community',
  '/listnm/caf%C3%A9',
  '/listnm/%E0%A4%A',
  '/detailUpdate/demo',
  '/detailUpdate/demo/events',
  '/detailUpdate/demo/events/e1',
  '/detailUpdate/demo/events/e1/extra',
  '/about',
  '/fr/about',
  '/abs',
  '/abs/child',
  '/files',
  '/files/a/b/c.txt',
  '/no/such/page',
  '//double//slashes',
  '/with?query=1',
  '/with#hash',
  '/with?query=1#hash',
];

describe('the cached route matcher', () => {
  const cached = createCachedMatchRoutes({ stripBasename });

  it('answers what @remix-run/router answers, for every path and basename, on repeated calls', () => {
    for (let round = 0; round < 3; round += 1) {
      for (const path of PATHS) {
        for (const basename of [undefined, '/', '/listnm', '/app']) {
          expect(cached(ROUTES, path, basename)).toEqual(matchRoutes(ROUTES, path, basename));
          expect(cached(ROUTES, { pathname: path }, basename)).toEqual(matchRoutes(ROUTES, { pathname: path }, basename));
        }
      }
    }
  });

  it('answers the same once the paths it remembers have been forgotten (a bounded memory)', () => {
    const forgetful = createCachedMatchRoutes({ stripBasename }, { remembered: 3 });
    for (let round = 0; round < 3; round += 1) for (const path of PATHS) expect(forgetful(ROUTES, path)).toEqual(matchRoutes(ROUTES, path));
  });

  it('matches the same route objects and hands every caller objects of its own', () => {
    const first = cached(ROUTES, '/listnm/faqs/edit/item-1')!;
    const second = cached(ROUTES, '/listnm/faqs/edit/item-1')!;
    expect(first.map((match) => match.route.id)).toEqual(['root', 'app', 'listnm', 'listnm-edit']);
    expect(first[3]!.route).toBe(ROUTES[0]!.children![3]!.children![2]!.children![2]);
    expect(second[0]).not.toBe(first[0]);
    expect(second[0]!.params).not.toBe(first[0]!.params);
  });

  it('ranks a new routes array of its own (a render builds one per request)', () => {
    const other: AgnosticRouteObject[] = [{ id: 'only', path: 'only' }];
    expect(cached(other, '/only')?.map((match) => match.route.id)).toEqual(['only']);
    expect(cached(other, '/listnm/faqs')).toBeNull();
    expect(cached(ROUTES, '/only')?.at(-1)?.route.id).toBe('action');
    expect(cached(ROUTES, '/only/deeper')?.at(-1)?.route.id).toBe('splat');
  });

  it('refuses what the router refuses: an index route with children', () => {
    const bad = [{ id: 'bad', index: true, children: [{ id: 'child', path: 'x' }] }] as unknown as AgnosticRouteObject[];
    expect(() => matchRoutes(bad, '/x')).toThrow('Index routes must not have child routes');
    expect(() => cached(bad, '/x')).toThrow('Index routes must not have child routes');
  });
});
