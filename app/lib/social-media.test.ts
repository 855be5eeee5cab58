import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MAX_SOCIAL_LINKS,
  SOCIAL_MESSAGES,
  SOCIAL_SITE_LABELS,
  SOCIAL_SITES,
  socialMediaFormSchema,
  socialMediaFormValue,
  socialMediaRecord,
} from './social-media';

const stored = [
  { site: 'facebook', url: 'https://www.facebook.com/lakesidegrillpinehollow' },
  { site: 'instagram', url: 'https://www.instagram.com/lakesidegrillpinehollow' },
];

function post(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [name, entry] of entries) data.append(name, entry);
  return parseWithZod(data, { schema: z.object({ social: socialMediaFormSchema }) });
}
const errorsOf = (submission: ReturnType<typeof post>) => submission.reply().error ?? {};

describe('social media', () => {
  it('has a label for every site of the spec', () => {
    expect(SOCIAL_SITES).toEqual(['youtube', 'twitter', 'pinterest', 'instagram', 'facebook', 'google', 'tripadvisor', 'cio']);
    expect(SOCIAL_SITE_LABELS.tripadvisor).toBe('Tripadvisor');
  });

  it('round-trips the stored links; none is null', () => {
    expect(socialMediaRecord(socialMediaFormValue(stored))).toEqual(stored);
    expect(socialMediaRecord([])).toBeNull();
    expect(socialMediaRecord([{ site: 'facebook', url: 'https://f.example', remove: true }])).toBeNull();
  });

  it('reads odd stored shapes without throwing', () => {
    for (const value of [null, 'x', 3, [null, 1, 'x'], { 0: stored[0] }, [{ site: 'myspace', url: 'https://m.example' }], [{ site: 7 }]]) {
      expect(() => socialMediaFormValue(value)).not.toThrow();
    }
    expect(socialMediaFormValue({ 0: stored[0] })).toEqual([stored[0]]);
    expect(socialMediaFormValue([{ site: 'MySpace', url: 'https://m.example' }])).toEqual([{ site: '', url: 'https://m.example' }]);
    expect(socialMediaFormValue([{ site: 'Facebook', url: ' https://f.example ' }])).toEqual([
      { site: 'facebook', url: 'https://f.example' },
    ]);
  });

  it('parses rows, dropping empty and removed ones', () => {
    const submission = post([
      ['social[0].site', 'youtube'],
      ['social[0].url', 'https://youtube.com/@pine'],
      ['social[1].site', 'facebook'],
      ['social[1].url', 'https://facebook.com/pine'],
      ['social[1].remove', 'on'],
      ['social[2].site', ''],
      ['social[2].url', ''],
    ]);
    expect(submission.status === 'success' && submission.value.social).toEqual([{ site: 'youtube', url: 'https://youtube.com/@pine' }]);
  });

  it('needs a site of the list and a valid address', () => {
    const errors = errorsOf(
      post([
        ['social[0].url', 'https://youtube.com/@pine'],
        ['social[1].site', 'facebook'],
        ['social[2].site', 'myspace'],
        ['social[2].url', 'javascript:alert(1)'],
      ]),
    );
    expect(errors['social[0].site']).toEqual([SOCIAL_MESSAGES.siteRequired]);
    expect(errors['social[1].url']).toEqual([SOCIAL_MESSAGES.urlRequired]);
    expect(errors['social[2].site']).toEqual([SOCIAL_MESSAGES.siteRequired]);
    expect(errors['social[2].url']).toEqual([SOCIAL_MESSAGES.invalidUrl]);
  });

  it('holds at most the most links', () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i): Array<[string, string]> => [
        [`social[${i}].site`, 'google'],
        [`social[${i}].url`, `https://g.example/${i}`],
      ]).flat();
    expect(post(rows(MAX_SOCIAL_LINKS)).status).toBe('success');
    expect(errorsOf(post(rows(MAX_SOCIAL_LINKS + 1)))['social']).toEqual([SOCIAL_MESSAGES.tooMany]);
    expect(errorsOf(post(rows(MAX_SOCIAL_LINKS + 2)))['social']).toEqual([SOCIAL_MESSAGES.tooMany]);
  });

  it('answers hostile input with errors, never a throw', () => {
    for (const value of ['x', 5, [{ site: ['facebook'], url: 'https://f.example' }], [{ site: 'facebook', url: { a: 1 } }]]) {
      expect(() => socialMediaFormSchema.safeParse(value)).not.toThrow();
    }
    expect(socialMediaFormSchema.safeParse([{ site: 'facebook', url: { a: 1 } }]).success).toBe(false);
  });
});
