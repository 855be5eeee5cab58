import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './html';

describe('sanitizeRichText', () => {
  it("keeps the toolbar's formatting", () => {
    const html =
      '<h2>Pool hours</h2><p style="text-align: center"><strong>Open</strong> <em>daily</em> <u>9–9</u></p><ul><li>Towels</li></ul>';
    expect(sanitizeRichText(html)).toBe(html.replace('text-align: center', 'text-align:center'));
    expect(sanitizeRichText('<span style="color: #ff0000; background-color: rgb(1, 2, 3)">x</span>')).toBe(
      '<span style="color:#ff0000;background-color:rgb(1, 2, 3)">x</span>',
    );
  });

  it('drops scripts, handlers, frames, images and unsafe links; links open safely', () => {
    expect(sanitizeRichText('<p onclick="x()">a<script>alert(1)</script><iframe src="//x"></iframe><img src=x onerror=y></p>')).toBe(
      '<p>a</p>',
    );
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener noreferrer" target="_blank">x</a>');
    expect(sanitizeRichText('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeRichText('<span style="position: fixed">x</span>')).toBe('<span>x</span>');
  });

  it('turns nothing into an empty string', () => {
    expect(sanitizeRichText(undefined)).toBe('');
    expect(sanitizeRichText('   ')).toBe('');
  });
});
