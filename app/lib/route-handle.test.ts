import { describe, expect, it } from 'vitest';
import { isEmbeddable, shellFlagsFromHandles } from './route-handle';

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

describe('isEmbeddable', () => {
  it('only a page whose own route says embeddable may be framed', () => {
    expect(isEmbeddable([undefined, { embeddable: true }])).toBe(true);
    expect(isEmbeddable([undefined, { title: 'Calendar' }])).toBe(false);
    // A layout's flag does not open its children.
    expect(isEmbeddable([{ embeddable: true }, { title: 'Settings' }])).toBe(false);
    expect(isEmbeddable([])).toBe(false);
    expect(isEmbeddable([undefined, { embeddable: 'yes' }])).toBe(false);
  });
});
