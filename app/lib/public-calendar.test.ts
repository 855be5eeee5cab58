import { describe, expect, it } from 'vitest';
import { hrefs } from './hrefs';
import {
  EMBED_FRAME_ATTRIBUTE,
  EMBED_HEIGHT_LIMITS,
  EMBED_SCRIPT_PATH,
  PUBLIC_CALENDAR_DEFAULTS,
  embedCode,
  parsePublicCalendarQuery,
  publicCalendarSearch,
  publicCalendarUrl,
  readColor,
  readDate,
} from './public-calendar';

const parse = (query: string) => parsePublicCalendarQuery(new URLSearchParams(query));

describe('the public calendar query', () => {
  it('has the spec defaults when empty', () => {
    expect(parse('')).toEqual({
      clocation: 'demo-campground',
      selectedTab: 'events-resort',
      defaultView: 'listMonth',
      isCondensed: false,
      isTabbed: false,
      startDate: null,
      endDate: null,
      duration: null,
      colorBackground: null,
      colorAccent: null,
      colorPrimary: null,
      colorText: null,
      colorDate: null,
      hideArrows: false,
      expand: false,
      date: null,
    });
  });

  it('falls back to the defaults for values it cannot read', () => {
    const query = parse(
      'clocation=a/b&selectedTab=x.y&defaultView=timeGridWeek&duration=-3&startDate=2026-02-30&endDate=soon&colorText=red&hideArrows=no',
    );
    expect(query).toMatchObject({
      clocation: PUBLIC_CALENDAR_DEFAULTS.clocation,
      selectedTab: PUBLIC_CALENDAR_DEFAULTS.selectedTab,
      defaultView: 'listMonth',
      duration: null,
      startDate: null,
      endDate: null,
      colorText: null,
      hideArrows: false,
    });
  });

  it('reads flags, dates, durations and colours', () => {
    const query = parse(
      'clocation=pine&selectedTab=activities&defaultView=dayGridMonth&isCondensed=true&isTabbed=1&hideArrows&expand=on&startDate=2026-12-01&endDate=2026-12-31&duration=14&colorAccent=%23ABC&colorDate=0d6efd80',
    );
    expect(query).toMatchObject({
      clocation: 'pine',
      selectedTab: 'activities',
      defaultView: 'dayGridMonth',
      isCondensed: true,
      isTabbed: true,
      hideArrows: true,
      expand: true,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      duration: 14,
      colorAccent: '#aabbcc',
      colorDate: '#0d6efd80',
    });
  });

  it('drops an end before the start', () => {
    expect(parse('startDate=2026-12-10&endDate=2026-12-01')).toMatchObject({ startDate: '2026-12-10', endDate: null });
  });

  it('writes only what differs from the defaults, and reads it back', () => {
    const search = publicCalendarSearch({
      clocation: 'pine',
      selectedTab: 'events-resort',
      defaultView: 'dayGridMonth',
      colorText: '#FFF',
      expand: true,
    });
    expect(search).toEqual({ clocation: 'pine', defaultView: 'dayGridMonth', colorText: '#ffffff', expand: 'true' });
    const url = new URL(hrefs.publicCalendar(search), 'http://x');
    expect(parsePublicCalendarQuery(url.searchParams)).toMatchObject({
      clocation: 'pine',
      defaultView: 'dayGridMonth',
      colorText: '#ffffff',
      expand: true,
    });
  });

  it('reads colours and dates strictly', () => {
    expect(readColor('#12345')).toBeNull();
    expect(readColor('javascript:alert(1)')).toBeNull();
    expect(readColor(' #FfF ')).toBe('#ffffff');
    expect(readDate('2026-11-29T10:00:00Z')).toBe('2026-11-29');
    expect(readDate('2028-02-29')).toBe('2028-02-29');
    expect(readDate('2027-02-29')).toBeNull();
  });
});

describe('embedCode and publicCalendarUrl', () => {
  const origin = 'https://console.example';

  it('writes the marked, titled, lazy frame at the chosen height, then the fitting script', () => {
    const code = embedCode({
      origin,
      search: { clocation: 'pine', selectedTab: 'kids-club', expand: 'true' },
      title: 'Pine calendar',
      height: 640,
    });
    const [frame, script] = code.split('\n');
    expect(frame).toBe(
      '<iframe src="https://console.example/calendar?clocation=pine&amp;selectedTab=kids-club&amp;expand=true" title="Pine calendar" ' +
        `width="100%" height="640" style="border:0" loading="lazy" ${EMBED_FRAME_ATTRIBUTE}></iframe>`,
    );
    expect(script).toBe(`<script src="https://console.example${EMBED_SCRIPT_PATH}" async></script>`);
  });

  it('escapes the title and the address, and reads back as one frame with those values', () => {
    const title = 'Bob\'s "Fun" <Days> & Nights';
    const code = embedCode({ origin: `${origin}/`, search: { clocation: 'a"b<c>' }, title });
    expect(code).not.toContain('<Days>');
    expect(code).toContain('title="Bob&#39;s &quot;Fun&quot; &lt;Days&gt; &amp; Nights"');
    // One tag of each, and each attribute ends where it should: no value leaks a quote or a tag.
    expect(code.match(/</g)).toHaveLength(4);
    expect(code.match(/"/g)).toHaveLength(14);
    const decode = (value: string) =>
      value.replace(/&(amp|quot|#39|lt|gt);/g, (_match, name: string) => ({ amp: '&', quot: '"', '#39': "'", lt: '<', gt: '>' })[name]!);
    const attribute = (name: string) => decode(new RegExp(` ${name}="([^"]*)"`).exec(code)![1]!);
    expect(attribute('title')).toBe(title);
    expect(attribute('src')).toBe('https://console.example/calendar?clocation=a%22b%3Cc%3E');
  });

  it('defaults to 800 px, keeps the height within its limits and never writes an empty title', () => {
    const height = (value: number | null) =>
      /height="(\d+)"/.exec(embedCode({ origin, search: { clocation: 'p' }, title: '  ', height: value }))![1];
    expect(height(null)).toBe(String(PUBLIC_CALENDAR_DEFAULTS.embedHeight));
    expect(height(Number.NaN)).toBe('800');
    expect(height(10)).toBe(String(EMBED_HEIGHT_LIMITS.min));
    expect(height(1e9)).toBe(String(EMBED_HEIGHT_LIMITS.max));
    expect(height(640.4)).toBe('640');
    expect(embedCode({ origin, search: { clocation: 'p' }, title: ' \n ' })).toContain('title="Calendar"');
  });

  it('writes the absolute screen address', () => {
    expect(publicCalendarUrl('http://localhost:3000/', { clocation: 'pine', defaultView: 'dayGridMonth' })).toBe(
      'http://localhost:3000/calendar?clocation=pine&defaultView=dayGridMonth',
    );
  });
});
