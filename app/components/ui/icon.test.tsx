import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon } from './icon';

describe('Icon', () => {
  it('draws a 24×24 line icon at its size, hidden from assistive technology', () => {
    const html = renderToStaticMarkup(
      <Icon size={16}>
        <path d="M4 6h16" />
      </Icon>,
    );
    expect(html).toBe(
      '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="M4 6h16"></path></svg>',
    );
  });

  it('draws only what its children fill without the line style, in its own view box', () => {
    const html = renderToStaticMarkup(
      <Icon size={18} viewBox="0 0 48 48" line={false}>
        <path fill="#EA4335" d="M0 0h1" />
      </Icon>,
    );
    expect(html).toBe(
      '<svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true" focusable="false"><path fill="#EA4335" d="M0 0h1"></path></svg>',
    );
  });

  it('is an image named by its title when it has one, and takes a stroke width of its own', () => {
    const html = renderToStaticMarkup(
      <Icon size={12} strokeWidth={2.5} title="Warning">
        <path d="M12 8v5" />
      </Icon>,
    );
    expect(html).toContain('role="img"');
    expect(html).toContain('stroke-width="2.5"');
    expect(html).not.toContain('aria-hidden');
    expect(html).toContain('<title>Warning</title><path d="M12 8v5"></path>');
  });
});
