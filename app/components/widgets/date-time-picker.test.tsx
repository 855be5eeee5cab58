import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DATE_TIME_TEXTS } from '~/lib/date-time';
import { DateTimePicker } from './date-time-picker';

const NY = 'America/New_York';
/** 2026-07-04 13:20 in New York. */
const NOW = Date.UTC(2026, 6, 4, 17, 20);

describe('DateTimePicker (server render, as a browser without JavaScript gets it)', () => {
  it('starts a new value at the next hour, as plain text inputs and the hidden instant', () => {
    const page = renderToString(<DateTimePicker name="start" label="Start" defaultValue={null} timeZone={NY} now={NOW} />);
    expect(page).toMatch(/type="hidden" name="start" value="1783188000000"/);
    expect(page).toMatch(/name="start-date"[^>]*value="07\/04\/2026"/);
    expect(page).toMatch(/name="start-time"[^>]*value="02:00 PM"/);
    expect(page).not.toContain('<select');
    expect(page).not.toContain('role="grid"');
    expect(Date.UTC(2026, 6, 4, 18)).toBe(1783188000000);
  });

  it('shows a stored value in the community zone, and a date without time as the day only', () => {
    const stored = renderToString(<DateTimePicker name="end" label="End" defaultValue={NOW} timeZone={NY} now={NOW} />);
    expect(stored).toMatch(/name="end-time"[^>]*value="01:20 PM"/);
    const day = renderToString(<DateTimePicker name="day" label="Day" defaultValue={NOW} timeZone={NY} withTime={false} now={NOW} />);
    expect(day).toMatch(/type="hidden" name="day" value="1783137600000"/);
    expect(day).not.toContain('name="day-time"');
  });

  it('ties its errors to its inputs', () => {
    const page = renderToString(
      <DateTimePicker name="start" label="Start" defaultValue={null} timeZone={NY} now={NOW} errors={[DATE_TIME_TEXTS.required]} />,
    );
    expect(page).toContain('Date and time are required');
    expect(page).toMatch(/name="start-date"[^>]*aria-invalid="true"/);
    expect(page).toContain('<legend');
  });
});
