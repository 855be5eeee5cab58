import { describe, expect, it } from 'vitest';
import { coverageProblems, unknownIntentProbes } from './coverage';
import { MATRIX } from './matrix';
import { loadFacts, routes } from './permission-matrix';

/**
 * The permission matrix (./matrix.ts) covers the app: a line for every address pattern, method
 * and intent, and an unknown-intent probe for every action that declares its intents. The lines
 * and probes run by route family in permission-matrix.<family>.test.ts.
 */

const facts = await loadFacts();

describe('the permission matrix', () => {
  it('has a line for every address pattern, method and intent, and no line that points at nothing', () => {
    expect(coverageProblems(routes, facts, MATRIX), 'permission-matrix coverage').toEqual([]);
  });

  it('probes every action that declares its intents', () => {
    const probes = unknownIntentProbes(routes, facts, MATRIX);
    const declaring = [...facts.values()]
      .filter((module) => module.intents !== null && module.methods.includes('POST'))
      .map((module) => module.file);
    expect(probes.map((probe) => probe.file).sort()).toEqual(declaring.sort());
  });
});
