import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MenuIcon } from './menu-icon';

describe('MenuIcon', () => {
  it('inlines the sanitized svg with role img and the title as its name', () => {
    const html = renderToStaticMarkup(
      <MenuIcon title="Dining" iconSet="svg_vintage" glyph="dining" colorIconShape="#FFFFFF" colorIconBackground="#B5472A" size={40} />,
    );
    expect(html).toMatch(/^<span role="img" aria-label="Dining" title="Dining" style="[^"]*width:40px;height:40px[^"]*"><svg /);
    expect(html).toContain('data-icon-shape="vintage"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('fill="#B5472A"');
  });

  it('never lets markup from a stored svg run', () => {
    const html = renderToStaticMarkup(
      <MenuIcon
        title="x"
        glyph={
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><script>alert(1)</script><path d="M0 0" onclick="alert(2)"/></svg>'
        }
      />,
    );
    expect(html).not.toMatch(/script|alert|onclick/);
  });
});
