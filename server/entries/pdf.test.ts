import { describe, expect, it } from 'vitest';
import { ENTRY_PDF_TEXTS } from '~/lib/entry-pdf';
import {
  boundedAnswer,
  entryFacts,
  entryImageSource,
  entryPdfFileName,
  entryPdfJobId,
  MAX_ANSWER_CHARS,
  MAX_ENTRY_CHARS,
  MAX_ENTRY_IMAGE_BYTES,
} from './pdf';

/** The rules of a form entry's PDF (./pdf.ts): which image answers are read, the job's id, the facts, long answers. */

const PNG = 'iVBORw0KGgo=';

describe('entryImageSource', () => {
  it('reads a data URL of an image, and files of the community in storage (URL or bare path)', () => {
    expect(entryImageSource(`data:image/png;base64,${PNG}`, 'c1')).toEqual({ kind: 'data', base64: PNG });
    expect(entryImageSource(`data:image/jpeg;charset=utf-8;base64,\n${PNG}`, 'c1')).toEqual({ kind: 'data', base64: PNG });
    expect(entryImageSource('/files/user-written/c1/forms/f/e/signature.jpg', 'c1')).toEqual({
      kind: 'stored',
      path: 'user-written/c1/forms/f/e/signature.jpg',
    });
    expect(entryImageSource('https://console.example/files/c1/images/x/1/a%20b.png', 'c1')).toEqual({
      kind: 'stored',
      path: 'c1/images/x/1/a b.png',
    });
    expect(
      entryImageSource(
        'https://firebasestorage.googleapis.com/v0/b/bucket/o/user-written%2Fc1%2Fforms%2Ff%2Fe%2Fp.jpg?alt=media&token=t',
        'c1',
      ),
    ).toEqual({ kind: 'stored', path: 'user-written/c1/forms/f/e/p.jpg' });
    expect(entryImageSource('user-written/c1/forms/f/e/p.jpg', 'c1')).toEqual({ kind: 'stored', path: 'user-written/c1/forms/f/e/p.jpg' });
    // The bucket's own address form, as the guest app may store it: read from this product's storage.
    expect(entryImageSource('gs://bucket/user-written/c1/p.jpg', 'c1')).toEqual({ kind: 'stored', path: 'user-written/c1/p.jpg' });
  });

  it('refuses other sites, other communities, paths that climb, and what is no image', () => {
    for (const value of [
      'https://tracker.example/pixel.jpg',
      'gs://bucket/user-written/c2/p.jpg',
      '/files/user-written/c2/forms/f/e/p.jpg',
      '/files/c2/images/x.png',
      'user-written/c1x/p.jpg',
      'user-written/c1/../c2/p.jpg',
      '//evil.example/c1/p.jpg',
    ])
      expect(entryImageSource(value, 'c1'), value).toEqual({ kind: 'refused', problem: 'foreign' });
    for (const value of [
      'data:text/html;base64,PGI+',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:image/png,raw',
      'data:image/png;base64,!!!',
      42,
      null,
    ])
      expect(entryImageSource(value, 'c1'), String(value)).toEqual({ kind: 'refused', problem: 'unreadable' });
    expect(entryImageSource(`data:image/png;base64,${'A'.repeat(Math.ceil((MAX_ENTRY_IMAGE_BYTES * 4) / 3) + 400)}`, 'c1')).toEqual({
      kind: 'refused',
      problem: 'too-large',
    });
  });
});

describe('the job and its file', () => {
  it('gives an entry one job id, its own, that the job-status page takes', () => {
    const ref = { product: 'amc', community: 'c1', item: 'f', entryId: 'e-1' };
    expect(entryPdfJobId(ref)).toBe(entryPdfJobId({ ...ref }));
    expect(entryPdfJobId(ref)).toMatch(/^entry-pdf--[0-9a-f]{40}$/);
    expect(entryPdfJobId({ ...ref, community: 'c2' })).not.toBe(entryPdfJobId(ref));
    // Keys joined with '-' would collide; the id does not.
    expect(entryPdfJobId({ ...ref, item: 'f-e', entryId: '1' })).not.toBe(entryPdfJobId({ ...ref, item: 'f', entryId: 'e-1' }));
  });

  it('names the file after the entry with the random key', () => {
    expect(entryPdfFileName('-Nx1 a', '6f1c2d3e-aaaa-bbbb-cccc-111122223333')).toBe('-Nx1-a-6f1c2d3e-aaaa-bbbb-cccc-111122223333.pdf');
  });
});

describe('entryFacts', () => {
  it('lists the submission in the community zone, who sent it, the event of an RSVP and the status as of the PDF', () => {
    const facts = entryFacts(
      {
        createdBy: 'guest-1',
        loggedInEmail: 'ann@mail.example',
        createDate: Date.UTC(2026, 6, 1, 20, 20),
        completed: 2,
        eventTitle: 'Pancake Breakfast',
        eventStartDate: Date.UTC(2026, 6, 3, 12),
        answers: { 'rsvp-name': { value: 'Ann Lee' } },
      },
      'America/New_York',
      Date.UTC(2026, 6, 2, 13),
    );
    expect(facts).toEqual([
      { label: 'Submitted', value: '07/01/2026 04:20 PM' },
      { label: 'Name', value: 'Ann Lee' },
      { label: 'E-mail', value: 'ann@mail.example' },
      { label: 'User id', value: 'guest-1' },
      { label: 'Event', value: 'Pancake Breakfast, 07/03/2026 08:00 AM' },
      { label: 'Status', value: 'Completed (as of 07/02/2026 09:00 AM)' },
    ]);
    expect(entryFacts({}, 'UTC', 0)).toEqual([
      { label: 'Submitted', value: 'Unknown' },
      { label: 'Status', value: 'Open (as of )' },
    ]);
  });
});

describe('boundedAnswer', () => {
  it('keeps an answer whole up to the limit, and says how much of a longer one is left out', () => {
    expect(boundedAnswer('short')).toBe('short');
    const long = 'x'.repeat(MAX_ANSWER_CHARS + 1234);
    expect(boundedAnswer(long)).toBe(`${'x'.repeat(MAX_ANSWER_CHARS)}\n${ENTRY_PDF_TEXTS.answerCut(1234)}`);
  });
});

describe('boundedAnswer within what the entry has left', () => {
  it('cuts at the room left when it is less than an answer may have', () => {
    expect(boundedAnswer('abcdef', 4)).toBe(`abcd\n${ENTRY_PDF_TEXTS.answerCut(2)}`);
    expect(boundedAnswer('abcdef', 0)).toBe(ENTRY_PDF_TEXTS.answerCut(6));
    expect(MAX_ENTRY_CHARS).toBeGreaterThan(MAX_ANSWER_CHARS);
  });
});
