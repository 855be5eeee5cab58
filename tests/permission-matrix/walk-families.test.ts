import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../setup/services';
import { methodOf, resolveRequest } from './coverage';
import { LINES as COMMUNITY_LINES, isBound } from './form-community';
import { FORM_SCHEMAS, LINES as BODY_LINES, REFUSALS, ROUTE_LINES, routes } from './malformed-bodies';
import { MATRIX } from './matrix';
import { rowFamily, routes as matrixRoutes } from './permission-matrix';
import { WALK_FAMILIES, familyOf, linesOf, type WalkFamily } from './walk-lines';

/**
 * The permission matrix and the walks run one route family per test file
 * (permission-matrix.<family>.test.ts, malformed-bodies.<family>.test.ts,
 * form-community.<family>.test.ts): together they reach every action, and every line is in
 * exactly one family.
 */

const FAMILIES = Object.keys(WALK_FAMILIES) as WalkFamily[];

describe('the malformed-bodies walk', () => {
  it('walks every action the matrix lets anyone use', () => {
    const walked = new Set(ROUTE_LINES.map((line) => line.routeId));
    for (const id of Object.keys(FORM_SCHEMAS)) expect(walked, `the walk reaches ${id}`).toContain(id);
    const usable = MATRIX.filter(
      ({ request, expected }) => methodOf(request) === 'POST' && request.form && ROLES.some((role) => !REFUSALS.includes(expected[role])),
    );
    const targets = new Set(usable.map(({ request }) => resolveRequest(routes, request).handler?.id));
    expect([...walked].sort()).toEqual([...targets].sort());
  });
});

describe('a form opened for another community', () => {
  it('walks every action of the console', () => {
    const bound = COMMUNITY_LINES.filter(isBound);
    expect(new Set(bound.map((line) => line.routeId)).size).toBeGreaterThan(25);
  });
});

describe('the walks’ route families', () => {
  it.each([
    ['the malformed-bodies walk', BODY_LINES],
    ['the form-community walk', COMMUNITY_LINES],
  ] as const)('put every route of %s in a family, each line in one', (_walk, lines) => {
    const homeless = [...new Set(lines.map((line) => line.routeId).filter((id) => familyOf(id) === null))];
    expect(homeless, 'routes of no family: name one in walk-lines.ts').toEqual([]);
    expect(FAMILIES.reduce((sum, family) => sum + linesOf(lines, family).length, 0)).toBe(lines.length);
  });

  it('put every line of the permission matrix in a family', () => {
    const homeless = MATRIX.filter((row) => rowFamily(matrixRoutes, row) === null).map((row) => row.request.path);
    expect(homeless, 'lines of no family: name their route in walk-lines.ts').toEqual([]);
  });

  it('gives every family a file of the matrix and of each walk', () => {
    const files = readdirSync(new URL('.', import.meta.url));
    for (const family of FAMILIES) {
      expect(files).toContain(`permission-matrix.${family}.test.ts`);
      expect(files).toContain(`malformed-bodies.${family}.test.ts`);
      expect(files).toContain(`form-community.${family}.test.ts`);
    }
  });
});
