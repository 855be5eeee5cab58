import { describe, expect, it } from 'vitest';
import { zonedInstant } from '~/lib/date-time';
import { ianaZone } from '../zones';
import { agreementOf, corpusFiles, temporalInstant, type FileAgreement } from './agreement';

/**
 * The import's occurrences against ical.js's over the calendar corpus (agreement.ts), and the
 * one wall-clock rule (editor and import) against the Temporal proposal's polyfill in every
 * clock change of a few zones. `npm test` runs every other corpus file; `npm run
 * test:ical-corpus` runs them all (ICAL_CORPUS=all).
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
  'icaljs-multiple-rrules.ics':
    'ical.js leaves out the last Sunday (29 July, 11:00 PDT) the monthly BYDAY=SU RRULE gives before its UNTIL when a second RRULE ends',
  'ric-issue-27-t1.ics': 'ical.js does not match a UTC EXDATE (12:00 Z) to the occurrence it names in Berlin (14:00 CEST)',
  'ric-issue-27-t2.ics': 'ical.js does not match a UTC EXDATE (12:00 Z) to the occurrence it names in Berlin (14:00 CEST)',
  'ric-issue-28-rrule-with-utc-endinginz.ics':
    "ical.js does not match Outlook's DATE-TIME RECURRENCE-ID (midnight in 'GMT Standard Time') to the all-day occurrence it moves, so the moved days stay where they were",
  'ric-issue-107-omitting-last-event.ics':
    "ical.js does not know Windows zone names: TZID 'Pacific Standard Time' (its VTIMEZONE misnamed 'Pacific Standard Time:') is Los Angeles by CLDR, ical.js reads it as floating",
  'icaljs-only-dtstart-time.ics':
    "not an ical.js fault but a product rule: a timed event without DTEND or DURATION lasts the editor's default hour",
  'ric-zero-size-event.ics':
    "not an ical.js fault but a product rule: a timed event without DTEND or DURATION lasts the editor's default hour",
  'own-gap-and-fold-new-york.ics':
    'ical.js reads a time the spring change skips with the offset after the jump (02:15 → 01:15 EST) and a repeated time as its second instant; RFC 5545 §3.3.5 says the offset before the jump and the first instant, as the import and Temporal do',
  'own-fold-east-of-utc.ics':
    'ical.js takes the second instant of a repeated time (Sydney, Chatham, Lord Howe Island) and reads a skipped time with the offset after the jump; RFC 5545 §3.3.5 says the first instant and the offset before the jump, as the import and Temporal do',
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
    const raw = results.reduce((sum, result) => sum + result.agreed, 0);
    const rawTotal = results.reduce((sum, result) => sum + result.agreed + Math.max(result.onlyOurs.length, result.onlyTheirs.length), 0);
    console.log(
      `ical.js agreement: ${(rate * 100).toFixed(2)} % of ${total} occurrences in ${results.length} files ` +
        `(${((raw / rawTotal) * 100).toFixed(2)} % before the differences listed as ical.js's)` +
        (explained.length > 0 ? `\nical.js wrong:\n  ${explained.join('\n  ')}` : '') +
        (unexplained.length > 0 ? `\ndiffering:\n  ${unexplained.join('\n  ')}` : ''),
    );
    expect(rate).toBeGreaterThanOrEqual(0.995);
  });

  it("reads every wall-clock time around each clock change of 2027 (2027–2028 in the whole run) as Temporal's 'compatible' reading (RFC 5545 §3.3.5), in the editor and the import", () => {
    const zones = [
      'America/New_York',
      'America/Los_Angeles',
      'Europe/London',
      'Australia/Sydney',
      'Pacific/Chatham',
      'Australia/Lord_Howe',
      'America/Santiago',
      'Pacific/Auckland',
    ];
    const QUARTER = 15 * 60_000;
    let checked = 0;
    for (const zone of zones) {
      const imported = ianaZone(zone);
      // Changes found twelve hours at a time, then to the hour; wall-clock quarter hours from two hours before to two after.
      const offset = (ms: number) => imported.toFloating(ms) - ms;
      const lastYear = process.env.ICAL_CORPUS === 'all' ? 2029 : 2028;
      for (let ms = Date.UTC(2027, 0, 1); ms < Date.UTC(lastYear, 0, 1); ms += 12 * 3_600_000) {
        if (offset(ms) === offset(ms + 12 * 3_600_000)) continue;
        let change = ms;
        while (offset(change + 3_600_000) === offset(ms)) change += 3_600_000;
        const around = imported.toFloating(change);
        for (let floating = around - 2 * 3_600_000; floating <= around + 3 * 3_600_000; floating += QUARTER) {
          const wall = new Date(floating).toISOString().slice(0, 16);
          const expected = temporalInstant(wall, zone);
          const date = new Date(floating);
          const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
          expect(`${zone} ${wall} ${imported.toInstant(floating)}`).toBe(`${zone} ${wall} ${expected}`);
          expect(`${zone} ${wall} ${zonedInstant(day, { hour: date.getUTCHours(), minute: date.getUTCMinutes() }, zone)}`).toBe(
            `${zone} ${wall} ${expected}`,
          );
          checked += 1;
        }
      }
    }
    console.log(`wall-clock times checked against Temporal: ${checked}`);
    expect(checked).toBeGreaterThan(300);
  });
});
