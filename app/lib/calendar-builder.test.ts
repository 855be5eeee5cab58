import { describe, expect, it } from 'vitest';
import {
  builderCalendarSearch,
  builderSearch,
  embedHeight,
  previewHeight,
  readBuilderQuery,
  readHeight,
  type BuilderDefaults,
} from './calendar-builder';
import { hrefs } from './hrefs';
import { parsePublicCalendarQuery } from './public-calendar';

const defaults: BuilderDefaults = {
  tabs: ['activities', 'kids-club', 'events-resort'],
  colors: { colorBackground: '#1f4d3a', colorAccent: '#e39b2d', colorPrimary: '#183449', colorText: '#ffffff', colorDate: '#0d6efd' },
};
const read = (query: string) => readBuilderQuery(new URLSearchParams(query), defaults);

describe('the calendar builder query', () => {
  it("starts from the selector's first calendar, Agenda, the community's colours and the default heights", () => {
    const choices = read('');
    expect(choices).toEqual({
      selectedTab: 'activities',
      defaultView: 'listMonth',
      colors: defaults.colors,
      height: null,
      hideArrows: false,
      expand: false,
      isCondensed: false,
      code: 'embed',
    });
    expect(previewHeight(choices)).toBe(898);
    expect(embedHeight(choices)).toBe(800);
    expect(builderCalendarSearch('pine', choices, defaults)).toEqual({ clocation: 'pine', selectedTab: 'activities' });
  });

  it('reads what the form sends (checkboxes, colour pickers, the height) and what a written address says', () => {
    const choices = read(
      'selectedTab=kids-club&defaultView=dayGridMonth&colorBackground=%23AA0000&colorAccent=%23e39b2d&colorText=%23000000&height=640&hideArrows=true&expand=on&isCondensed=1&code=screen',
    );
    expect(choices).toMatchObject({
      selectedTab: 'kids-club',
      defaultView: 'dayGridMonth',
      height: 640,
      hideArrows: true,
      expand: true,
      isCondensed: true,
      code: 'screen',
    });
    expect(choices.colors).toEqual({ ...defaults.colors, colorBackground: '#aa0000', colorText: '#000000' });
    expect(embedHeight(choices)).toBe(640);
    expect(previewHeight(choices)).toBe(640);
  });

  it('falls back for every value it cannot use', () => {
    const choices = read(
      'selectedTab=events-local&defaultView=week&colorBackground=red&colorDate=%23zzzzzz&height=abc&hideArrows=no&code=pdf',
    );
    expect(choices).toEqual(read(''));
    expect(read('selectedTab=../../x').selectedTab).toBe('activities');
    expect(readBuilderQuery(new URLSearchParams(''), { ...defaults, tabs: [] }).selectedTab).toBe('events-resort');
    expect(readHeight('199')).toBeNull();
    expect(readHeight('5001')).toBeNull();
    expect(readHeight('-5')).toBeNull();
    expect(readHeight('12.5')).toBeNull();
    expect(readHeight(' 200 ')).toBe(200);
    expect(readHeight('5000')).toBe(5000);
  });

  it('takes an 8-digit community colour without its alpha for the picker', () => {
    const choices = readBuilderQuery(new URLSearchParams('colorBackground=%2311223380'), defaults);
    expect(choices.colors.colorBackground).toBe('#112233');
  });

  it("writes the canonical public query: the community's own colours, the spec's text and date colours and false flags left out", () => {
    const choices = read(
      'selectedTab=events-resort&colorBackground=%231F4D3A&colorAccent=%23ff0000&colorText=%23FFFFFF&colorDate=%230d6efd&expand=true&height=700',
    );
    const search = builderCalendarSearch('pine', choices, defaults);
    // events-resort is the public calendar's default: not written; height is the frame's, not the calendar's.
    expect(search).toEqual({ clocation: 'pine', colorAccent: '#ff0000', expand: 'true' });
    const parsed = parsePublicCalendarQuery(new URL(hrefs.publicCalendar(search), 'http://x').searchParams);
    expect(parsed).toMatchObject({
      clocation: 'pine',
      selectedTab: 'events-resort',
      colorAccent: '#ff0000',
      colorBackground: null,
      expand: true,
    });
  });

  it("writes the builder's own query so that it reads back the same choices, with the tab asked for", () => {
    const choices = read('selectedTab=events-resort&defaultView=dayGridMonth&colorPrimary=%23000000&height=700&isCondensed=true');
    const search = builderSearch('pine', choices, defaults, 'ical');
    expect(search).toEqual({
      selectedTab: 'events-resort',
      defaultView: 'dayGridMonth',
      colorPrimary: '#000000',
      isCondensed: 'true',
      height: '700',
      code: 'ical',
    });
    const again = read(new URL(hrefs.calendarBuilder(search), 'http://x').search);
    expect(again).toEqual({ ...choices, code: 'ical' });
    expect(builderSearch('pine', choices, defaults, 'embed')).not.toHaveProperty('code');
  });
});
