import { describe, expect, it } from 'vitest';
import { isOfferedTimeZone, timeZoneLabel, timeZoneOptions, timeZoneOptionsWith } from './timezones';

describe('time zone options (spec 01 §5)', () => {
  it('offers America/* and Australia/* plus Pacific/Auckland and Pacific/Chatham only', () => {
    const zones = timeZoneOptions();
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('Australia/Sydney');
    expect(zones).toContain('Pacific/Auckland');
    expect(zones).toContain('Pacific/Chatham');
    expect(zones.every((zone) => /^(America|Australia)\//.test(zone) || zone === 'Pacific/Auckland' || zone === 'Pacific/Chatham')).toBe(
      true,
    );
    expect(isOfferedTimeZone('Europe/London')).toBe(false);
  });

  it('keeps a stored zone outside the list', () => {
    expect(timeZoneOptionsWith('Europe/London')[0]).toBe('Europe/London');
    expect(timeZoneOptionsWith('America/Chicago')).toBe(timeZoneOptions());
    expect(timeZoneLabel('America/New_York')).toBe('America/New York');
  });
});
