import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INVALID_URL, PHONE_DIGITS, TITLE_REQUIRED, TOO_MANY_ROWS, checkbox, phone, requiredText, titleList, url } from './shared';
import { errorsOf, valueOf } from './testing';

const Schema = z.object({ title: requiredText(TITLE_REQUIRED, 10), phone: phone(), website: url(), on: checkbox(), rows: titleList() });

describe('the list editors’ shared rules (spec 03 §5)', () => {
  it('requires a title with the spec text and caps its length', () => {
    expect(errorsOf(Schema, {}).title).toEqual([TITLE_REQUIRED]);
    expect(errorsOf(Schema, { title: '   ' }).title).toEqual([TITLE_REQUIRED]);
    expect(errorsOf(Schema, { title: 'x'.repeat(11) }).title).toHaveLength(1);
    expect(valueOf(Schema, { title: '  Pets  ' }).title).toBe('Pets');
  });

  it('counts the digits of a phone number: seven are enough, fewer are refused with the spec text', () => {
    expect(PHONE_DIGITS).toBe('Phone Number needs to have more than seven digits.');
    expect(errorsOf(Schema, { title: 'A', phone: '555-014' }).phone).toEqual([PHONE_DIGITS]);
    expect(errorsOf(Schema, { title: 'A', phone: 'call the office' }).phone).toEqual([PHONE_DIGITS]);
    expect(valueOf(Schema, { title: 'A', phone: '555-0147' }).phone).toBe('555-0147');
    expect(valueOf(Schema, { title: 'A', phone: '(518) 555-0147' }).phone).toBe('(518) 555-0147');
    expect(valueOf(Schema, { title: 'A' }).phone).toBeUndefined();
  });

  it('checks web addresses with the spec text', () => {
    expect(INVALID_URL).toBe('Valid URL(e.g. https://example.com) is required.');
    for (const website of ['example.com', 'ftp://example.com', 'https://localhost', 'javascript:alert(1)'])
      expect(errorsOf(Schema, { title: 'A', website }).website, website).toEqual([INVALID_URL]);
    expect(valueOf(Schema, { title: 'A', website: 'https://www.pinehollowrv.example/park-rules' }).website).toBe(
      'https://www.pinehollowrv.example/park-rules',
    );
  });

  it('reads an unticked checkbox as false and a ticked one as true', () => {
    expect(valueOf(Schema, { title: 'A' }).on).toBe(false);
    expect(valueOf(Schema, { title: 'A', on: 'on' }).on).toBe(true);
  });

  it('asks for the title of an empty row and caps the rows', () => {
    expect(errorsOf(Schema, { title: 'A', 'rows[0].title': 'Pick up', 'rows[1].title': '' })['rows[1].title']).toEqual([TITLE_REQUIRED]);
    const many = Array.from({ length: 21 }, (_, index): [string, string] => [`rows[${index}].title`, `Option ${index}`]);
    expect(errorsOf(Schema, [['title', 'A'], ...many]).rows).toEqual([TOO_MANY_ROWS]);
  });
});
