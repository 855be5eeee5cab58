import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderEntryPdf } from './entry';
import { visualPieces } from './scripts';

/**
 * Entry PDFs in the scripts Liberation Sans lacks (./scripts.ts): each answer's text comes back
 * out of the PDF (poppler's pdftotext, which undoes the visual order of right-to-left text), every
 * font is embedded (pdffonts), and nothing prints as '?'.
 */

const ANSWERS = {
  chinese: '我们的营地很安静，谢谢！',
  japanese: 'こんにちは、キャンプ場です。漢字も。',
  korean: '안녕하세요 캠핑장입니다',
  arabic: 'مرحبا بكم في المخيم',
  hebrew: 'שלום וברוכים הבאים',
  mixed: 'Site 12: שלום (חדר 3) and مرحبا',
};

function tool(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8' });
}

async function entryPdf(): Promise<string> {
  const { bytes } = await renderEntryPdf({
    title: '登记表 Registration',
    facts: [{ label: 'Name', value: '김민준' }],
    parts: Object.entries(ANSWERS).map(([label, text]) => ({ kind: 'answer' as const, label: `${label} 答`, text, empty: false })),
    footer: 'Entry e1',
    documentTitle: 'Registration',
    now: 0,
  });
  const file = join(mkdtempSync(join(tmpdir(), 'entry-scripts-')), 'entry.pdf');
  writeFileSync(file, bytes);
  return file;
}

describe('entry PDFs in every script', () => {
  it('draws Chinese, Japanese, Korean, Arabic and Hebrew as text in embedded fonts, never as "?"', async () => {
    const file = await entryPdf();
    const text = tool('pdftotext', ['-layout', file, '-']);
    expect(text).not.toContain('?');
    const flat = text.replace(/\s+/g, ' ');
    for (const answer of [ANSWERS.chinese, ANSWERS.japanese, ANSWERS.korean]) expect(flat).toContain(answer);
    expect(flat).toContain('登记表 Registration');
    expect(flat).toContain('김민준');
    // Right-to-left lines come back in reading order, word by word.
    for (const word of ['مرحبا', 'بكم', 'المخيم', 'שלום', 'וברוכים', 'הבאים']) expect(flat).toContain(word);

    const fonts = tool('pdffonts', [file]);
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    for (const name of ['LiberationSans', 'DroidSansFallback', 'NanumSquare', 'NotoNaskhArabic', 'NotoSansHebrew']) {
      expect(rows.some((row) => row.includes(name))).toBe(true);
    }
    // Every font embedded (emb = yes), none left to the reader.
    for (const row of rows) expect(row).toMatch(/\byes\b/);
    expect(readFileSync(file).length).toBeLessThan(200_000);
  });

  it('embeds no fallback font when the text is Latin only', async () => {
    const { bytes } = await renderEntryPdf({
      title: 'Registration',
      facts: [],
      parts: [{ kind: 'answer', label: 'Name', text: 'Zoë Ångström', empty: false }],
      footer: 'Entry e2',
      documentTitle: 'Registration',
      now: 0,
    });
    const file = join(mkdtempSync(join(tmpdir(), 'entry-latin-')), 'entry.pdf');
    writeFileSync(file, bytes);
    expect(tool('pdffonts', [file])).not.toMatch(/Droid|Nanum|Noto/);
  });
});

describe('visualPieces', () => {
  it('puts a right-to-left line in visual order, pieces of one direction each, brackets mirrored', () => {
    expect(visualPieces('abc')).toEqual([{ text: 'abc', rtl: false }]);
    // Hebrew first: a right-to-left paragraph; the number stays left to right.
    expect(visualPieces('שלום 12')).toEqual([
      { text: '12', rtl: false },
      { text: 'שלום ', rtl: true },
    ]);
    // Latin first: left to right, the Hebrew words in their own right-to-left piece.
    expect(visualPieces('Site שלום עולם!')).toEqual([
      { text: 'Site ', rtl: false },
      { text: 'שלום עולם', rtl: true },
      { text: '!', rtl: false },
    ]);
    expect(visualPieces('(שלום)').map((piece) => piece.text)).toEqual([')שלום(']);
  });
});
