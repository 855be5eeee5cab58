import { describe, expect, it } from 'vitest';
import { shellFlagsFromHandles } from './route-handle';

describe('shell flags from route handles', () => {
  it('shows everything by default', () => {
    expect(shellFlagsFromHandles([undefined, undefined])).toEqual({ title: null, noLeftColumn: false, isRemote: false });
  });

  it('takes noLeftColumn and isRemote from any matched route, and the deepest title', () => {
    expect(shellFlagsFromHandles([undefined, { title: 'Marketing' }, { noLeftColumn: true, title: 'Calendar Builder' }])).toEqual({
      title: 'Calendar Builder',
      noLeftColumn: true,
      isRemote: false,
    });
    expect(shellFlagsFromHandles([{ isRemote: true }, null, 'x'])).toEqual({ title: null, noLeftColumn: false, isRemote: true });
  });
});
