import { describe, expect, it } from 'vitest';
import { agreementOf, corpusFiles, type FileAgreement } from './agreement';

/**
 * The import's occurrences against ical.js's over the calendar corpus (agreement.ts). `npm test`
 * runs every other file; `npm run test:ical-corpus` runs them all (ICAL_CORPUS=all).
 */

/** Files where the two differ and ical.js is the one that is wrong, with the reason. */
const ICALJS_WRONG: Record<string, string> = {
  'ric-duplicated-rrule.ics':
    'ical.js gives an occurrence twice when two RRULEs give it; a recurrence set has each date once (RFC 5545 §3.8.5.3)',
  'ric-rdate.ics': 'ical.js gives an occurrence twice when an RDATE repeats a date the RRULE gives; a recurrence set has each date once',
  'ric-rdate2.ics': 'ical.js gives an occurrence twice when an RDATE repeats a date the RRULE gives; a recurrence set has each date once',
  'ric-multiple-rrule.ics': 'ical.js stops the weekly RRULE when the second (monthly, COUNT=2) RRULE ends; each RRULE gives its own dates',
  'ric-fablab-cottbus.ics':
    "ical.js reads times before the VTIMEZONE's first onset as UTC; the TZID is Europe/Berlin, whose offset then was +01:00 (the import uses the IANA zone)",
  'ric-issue-113-period-in-rdate.ics':
    'ical.js reads times in a VTIMEZONE made of RDATE onsets as UTC; the TZID is America/Vancouver (PDT, -07:00, that September)',
  'ric-issue-128-only-first-event.ics':
    'COUNT=-1 beside UNTIL: ical.js gives nothing at all, not even DTSTART; the import ignores the invalid COUNT and repeats to UNTIL',
  'ric-discourse-no-dtend.ics':
    "not an ical.js fault but a product rule: a timed event without DTEND or DURATION lasts the editor's default hour (RFC 5545: it ends at its start)",
};

describe('the import agrees with ical.js over the calendar corpus', () => {
  const all = corpusFiles();
  const files = process.env.ICAL_CORPUS === 'all' ? all : all.filter((_, index) => index % 2 === 0);

  it(`gives the same occurrences for at least 99.5 % of them (${files.length} of ${all.length} files)`, () => {
    expect(all.length).toBeGreaterThanOrEqual(50);
    const results: FileAgreement[] = files.map((file) => agreementOf(file));
    let agreed = 0;
    let total = 0;
    const explained: string[] = [];
    const unexplained: string[] = [];
    for (const result of results) {
      if (result.theirError) {
        explained.push(
          `${result.file}: ical.js cannot read it (${result.theirError}); ours ${result.ours.length} occurrences, not counted`,
        );
        continue;
      }
      const differing = result.onlyOurs.length + result.onlyTheirs.length;
      const reason = ICALJS_WRONG[result.file];
      if (differing === 0) {
        agreed += result.agreed;
        total += result.agreed;
        continue;
      }
      const line = `${result.file}: only ours ${JSON.stringify(result.onlyOurs.slice(0, 3))}, only ical.js ${JSON.stringify(result.onlyTheirs.slice(0, 3))}`;
      if (reason) {
        // ical.js is wrong here: what it gives differently is not counted against the import.
        agreed += result.agreed + result.onlyOurs.length;
        total += result.agreed + result.onlyOurs.length;
        explained.push(`${line} (${reason})`);
      } else {
        agreed += result.agreed;
        total += result.agreed + Math.max(result.onlyOurs.length, result.onlyTheirs.length);
        unexplained.push(line);
      }
    }
    const rate = total === 0 ? 1 : agreed / total;
    console.log(
      `ical.js agreement: ${(rate * 100).toFixed(2)} % of ${total} occurrences in ${results.length} files` +
        (explained.length > 0 ? `\nical.js wrong:\n  ${explained.join('\n  ')}` : '') +
        (unexplained.length > 0 ? `\ndiffering:\n  ${unexplained.join('\n  ')}` : ''),
    );
    expect(rate).toBeGreaterThanOrEqual(0.995);
  });
});
