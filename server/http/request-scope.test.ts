import { describe, expect, it } from 'vitest';
import { openRequestScope, openScopeCount, perRequest, REQUEST_SCOPE_HEADER } from './request-scope';

const requestIn = (scope: string | null) =>
  new Request('http://console.test/', { headers: scope ? { [REQUEST_SCOPE_HEADER]: scope } : {} });

describe('per-request reads', () => {
  it('reads once per scope and key, each caller getting a copy of its own', async () => {
    const scope = openRequestScope();
    let reads = 0;
    const read = async () => ({ count: (reads += 1), list: [1, 2] });
    const first = await perRequest(requestIn(scope.id), 'key', read);
    const second = await perRequest(requestIn(scope.id), 'key', read);
    expect(reads).toBe(1);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    first.list.push(3);
    expect((await perRequest(requestIn(scope.id), 'key', read)).list).toEqual([1, 2]);
    expect(await perRequest(requestIn(scope.id), 'other', read)).toEqual({ count: 2, list: [1, 2] });
    scope.close();
  });

  it('reads every time without a scope, with an unknown one, and after the scope is closed', async () => {
    let reads = 0;
    const read = async () => (reads += 1);
    await perRequest(requestIn(null), 'key', read);
    await perRequest(requestIn(null), 'key', read);
    await perRequest(requestIn('made-up'), 'key', read);
    const scope = openRequestScope();
    await perRequest(requestIn(scope.id), 'key', read);
    scope.close();
    await perRequest(requestIn(scope.id), 'key', read);
    expect(reads).toBe(5);
  });

  it('keeps no failed read: the next caller reads again', async () => {
    const scope = openRequestScope();
    let reads = 0;
    const read = async () => {
      reads += 1;
      if (reads === 1) throw new Error('down');
      return reads;
    };
    await expect(perRequest(requestIn(scope.id), 'key', read)).rejects.toThrow('down');
    expect(await perRequest(requestIn(scope.id), 'key', read)).toBe(2);
    expect(await perRequest(requestIn(scope.id), 'key', read)).toBe(2);
    scope.close();
  });

  it('gives every request a scope of its own and forgets it when closed', () => {
    const before = openScopeCount();
    const one = openRequestScope();
    const two = openRequestScope();
    expect(one.id).not.toBe(two.id);
    expect(openScopeCount()).toBe(before + 2);
    one.close();
    two.close();
    expect(openScopeCount()).toBe(before);
  });
});
