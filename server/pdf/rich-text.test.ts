import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '@server/html';
import { plainTextOfBlocks, richTextBlocks } from './rich-text';

describe('rich text for the PDF', () => {
  it('reads paragraphs, headings, lists and bold, italic, underlined and coloured runs', () => {
    const html = sanitizeRichText(
      '<h2>Welcome</h2><p>Pool <strong>open</strong> <em>9&ndash;5</em> &amp; <u>free</u>, <span style="color: #c00000">red</span></p><ul><li>One</li><li>Two</li></ul><ol><li>First</li><li>Second</li></ol><p class="ql-align-center">Centre<br>next line</p>',
    );
    const blocks = richTextBlocks(html);
    expect(blocks.map((block) => block.kind)).toEqual(['h2', 'p', 'li', 'li', 'li', 'li', 'p']);
    expect(plainTextOfBlocks(blocks)).toBe('Welcome\nPool open 9–5 & free, red\n• One\n• Two\n1. First\n2. Second\nCentre\nnext line');
    const runs = blocks[1]!.runs;
    expect(runs.find((run) => run.text === 'open')).toMatchObject({ bold: true, italic: false });
    expect(runs.find((run) => run.text === '9–5')).toMatchObject({ italic: true });
    expect(runs.find((run) => run.text === 'free')).toMatchObject({ underline: true });
    expect(runs.find((run) => run.text === 'red')?.color).toEqual({ r: 192 / 255, g: 0, b: 0 });
    expect(blocks[6]!.align).toBe('center');
  });

  it('takes what the sanitizer drops as nothing and stray text as a paragraph', () => {
    expect(richTextBlocks(sanitizeRichText('<script>alert(1)</script><img src=x onerror=y>'))).toEqual([]);
    expect(plainTextOfBlocks(richTextBlocks('Just   text'))).toBe('Just text');
    expect(richTextBlocks('')).toEqual([]);
  });
});
