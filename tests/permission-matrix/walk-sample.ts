/**
 * The exhaustive walks over every POST line of the permission matrix (malformed bodies, forms
 * posted into another community) take minutes on a 2-core machine. `npm test` walks a sample
 * that still reaches every route: the first line of each route and every `EVERY`th of the rest,
 * the same lines on every run. The sample is taken over a walk's whole list of lines before it is
 * split by route family (./walk-lines.ts), so the split changes nothing of what is walked.
 * `npm run test:walks` (WALKS=all) walks them all.
 */
export const WALK_ALL = process.env.WALKS === 'all';
const EVERY = 5;

export function walkSample<T>(lines: readonly T[], routeOf: (line: T) => string): T[] {
  if (WALK_ALL) return [...lines];
  const seen = new Set<string>();
  return lines.filter((line, index) => {
    const route = routeOf(line);
    if (!seen.has(route)) {
      seen.add(route);
      return true;
    }
    return index % EVERY === 0;
  });
}
