import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { CALENDAR_TEXTS, calendarConfigSchema, calendarSectionOfErrors, newCalendarSchema } from './calendar-config';

function parse(fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  return parseWithZod(form, { schema: calendarConfigSchema });
}
const errorsOf = (result: ReturnType<typeof parse>) => result.reply().error ?? {};

describe('newCalendarSchema', () => {
  it("asks for the title with 'Calendar title is required.'", () => {
    const form = new FormData();
    form.append('title', '   ');
    expect(parseWithZod(form, { schema: newCalendarSchema }).reply().error?.title).toEqual(['Calendar title is required.']);
  });
});

describe('calendarConfigSchema', () => {
  it('reads the config: defaults, audiences without blanks or repeats, e-mails lower case', () => {
    const result = parse({
      title: 'Activities',
      'audiences[0].title': 'Family',
      'audiences[1].title': '',
      'audiences[2].title': 'Family',
      'audiences[3].title': 'Kids',
      'userCreatedEmails[0]': 'Staff@Example.com',
      'userCreatedEmails[1]': '',
    });
    expect(result.status).toBe('success');
    if (result.status !== 'success') return;
    expect(result.value).toEqual({
      title: 'Activities',
      priorNotificationTime: 15,
      audiences: ['Family', 'Kids'],
      allowUserCreated: false,
      userCreatedRequiresApproval: false,
      userCreatedEmails: ['staff@example.com'],
      imports: [],
      version: null,
    });
  });

  it('needs a staff e-mail for approval, and valid addresses', () => {
    const errors = errorsOf(parse({ title: 'A', allowUserCreated: 'on', userCreatedRequiresApproval: 'on', 'userCreatedEmails[0]': '' }));
    expect(errors.userCreatedEmails).toEqual(['You must include at least one email address to have approval.']);
    expect(calendarSectionOfErrors(Object.keys(errors))).toBe('user-created');
    expect(errorsOf(parse({ title: 'A', 'userCreatedEmails[0]': 'not-mail' }))['userCreatedEmails[0]']).toEqual([
      CALENDAR_TEXTS.invalidEmail,
    ]);
    expect(parse({ title: 'A', userCreatedRequiresApproval: 'on', 'userCreatedEmails[0]': 'a@b.example' }).status).toBe('success');
  });

  it('needs every select of an import that has a calendar ID, and ignores blank import rows', () => {
    const errors = errorsOf(
      parse({ title: 'A', 'imports[0].calendarId': 'abc@group.calendar.google.com', 'imports[0].type': 'google', 'imports[1].title': '' }),
    );
    expect(errors['imports[0].audience']).toEqual(['If you add a calendar ID you must include all selects below.']);
    expect(errors['imports[0].eventContext']).toEqual(['If you add a calendar ID you must include all selects below.']);
    expect(calendarSectionOfErrors(Object.keys(errors))).toBe('import');
    expect(
      errorsOf(parse({ title: 'A', 'imports[0].calendarId': 'x', 'imports[0].audience': 'family', 'imports[0].eventContext': 'resort' }))[
        'imports[0].type'
      ],
    ).toEqual([CALENDAR_TEXTS.importIncomplete]);
    const ok = parse({
      title: 'A',
      'imports[0].calendarId': 'https://example.org/feed.ics',
      'imports[0].type': 'iCal',
      'imports[0].audience': 'family',
      'imports[0].eventContext': 'resort',
      'imports[1].title': '',
    });
    expect(ok.status === 'success' && ok.value.imports).toHaveLength(1);
    expect(parse({ title: 'A', 'imports[0].type': 'tribe' }).status).toBe('success');
  });

  it('refuses a bad reminder time and too many rows', () => {
    expect(errorsOf(parse({ title: 'A', priorNotificationTime: '1.5' })).priorNotificationTime).toEqual([CALENDAR_TEXTS.invalidNumber]);
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`audiences[${index}].title`, `A${index}`]));
    expect(parse({ title: 'A', ...many }).status).toBe('error');
    expect(errorsOf(parse({ title: '' })).title).toEqual([CALENDAR_TEXTS.titleRequired]);
  });
});
