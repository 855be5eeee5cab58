import { describe, expect, it } from 'vitest';
import { htmlToText } from './text';

describe('htmlToText', () => {
  it('keeps paragraphs, line breaks and links readable', () => {
    const html =
      '<html><head><style>p{color:red}</style></head><body><h1>Welcome</h1><p>Hello&nbsp;Ann,<br>your code is <b>42</b>.</p>' +
      '<p><a href="https://example.com/a?x=1&amp;y=2">Open the console</a></p><ul><li>One</li><li>Two</li></ul></body></html>';
    expect(htmlToText(html)).toBe(
      'Welcome\n\nHello Ann,\nyour code is 42.\n\nOpen the console (https://example.com/a?x=1&y=2)\n\n- One\n\n- Two',
    );
  });

  it('writes a bare link once', () => {
    expect(htmlToText('<a href="https://example.com">https://example.com</a>')).toBe('https://example.com');
  });

  it('decodes numeric entities and leaves unknown ones', () => {
    expect(htmlToText('caf&#233; &#x2013; &bogus; &lt;tag&gt;')).toBe('café – &bogus; <tag>');
  });
});
