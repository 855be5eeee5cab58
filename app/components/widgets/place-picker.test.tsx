import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EMPTY_LOCATION, LOCATION_TEXTS } from '~/lib/location';
import { detailsUrlOf, PLACE_PICKER_TEXTS, PLACE_SEARCH_OFFLINE_TEXT, PlacePicker } from './place-picker';

const FILLED = {
  ...EMPTY_LOCATION,
  title: 'Lakeside Grill',
  address: '4120 Lakeshore Road',
  city: 'Lake Luzerne',
  state: 'NY',
  zip: '12846',
  latitude: '43.3126',
  longitude: '-73.8347',
  placeId: 'ChIJ-grill',
};
const html = (props: Partial<Parameters<typeof PlacePicker>[0]> = {}) =>
  renderToString(
    <PlacePicker
      name="location"
      defaultValue={FILLED}
      allowNoLocation={false}
      searchUrl="/places/search?community=demo-campground"
      offline={false}
      searchIntent={{ name: 'intent', value: 'place-search' }}
      {...props}
    />,
  );

describe('PlacePicker (server render, as a browser without JavaScript gets it)', () => {
  it('posts every field under its name, with the place id hidden', () => {
    const page = html();
    for (const [field, value] of Object.entries({
      title: 'Lakeside Grill',
      address: '4120 Lakeshore Road',
      latitude: '43.3126',
      longitude: '-73.8347',
    })) {
      expect(page).toMatch(new RegExp(`name="location\\.${field}"[^>]*value="${value}"`));
    }
    expect(page).toMatch(/type="hidden" name="location\.placeId" value="ChIJ-grill"/);
    expect(page).not.toContain(LOCATION_TEXTS.noLocation);
    expect(page).not.toContain('role="combobox"');
  });

  it('offers a Search button carrying the search intent, and the answers as placeChoice buttons', () => {
    const page = html({
      query: 'diner',
      suggestions: [
        { placeId: 'offline-lakeshore-diner', title: 'Lakeshore Diner', subtitle: '212 Lakeshore Road, Lake Luzerne, NY, USA' },
      ],
    });
    expect(page).toMatch(/type="submit"[^>]*name="intent" value="place-search"/);
    expect(page).toMatch(/name="location\.query"[^>]*value="diner"/);
    expect(page).toMatch(/type="submit" name="placeChoice" value="offline-lakeshore-diner"/);
    expect(page).toContain('Lakeshore Diner');
    expect(page).toContain(PLACE_PICKER_TEXTS.choose);
    expect(html({ suggestions: [] })).toContain(PLACE_PICKER_TEXTS.noResults);
    // A form that reads one intent per post: the choice is that intent, with the place as its argument.
    const withIntent = html({ choiceIntent: 'place-choice', suggestions: [{ placeId: 'ChIJ-1', title: 'Diner', subtitle: '' }] });
    expect(withIntent).toMatch(/type="submit" name="intent" value="place-choice:ChIJ-1"/);
    expect(withIntent).not.toContain('name="placeChoice"');
  });

  it('shows errors by field name or full name, tied to their fields', () => {
    const page = html({
      errors: { latitude: [LOCATION_TEXTS.latitudeRequired], 'location.longitude': [LOCATION_TEXTS.longitudeRequired] },
    });
    expect(page).toContain('Latitude is required to map accurately.');
    expect(page).toContain('Longitude is required to map accurately.');
    expect(page).toMatch(/aria-invalid="true"[^>]*aria-describedby="[^"]*-latitude-error"/);
  });

  it("says when it is offline, and hides the location when 'Item Does Not Have A Location' is ticked", () => {
    expect(html({ offline: true })).toContain(PLACE_SEARCH_OFFLINE_TEXT.slice(0, 40));
    const without = html({ allowNoLocation: true, defaultValue: { ...FILLED, noLocation: true } });
    expect(without).toContain(LOCATION_TEXTS.noLocation);
    expect(without).toMatch(/type="checkbox"[^>]*name="location\.noLocation"[^>]*checked=""/);
    expect(without).not.toContain('name="location.address"');
    expect(without).toContain('name="location.title"');
  });

  it('asks the details beside the search route, with the same caller', () => {
    expect(detailsUrlOf('/places/search?uuid=abc&q=x', 'ChIJ-1')).toBe('/places/details?uuid=abc&placeId=ChIJ-1');
  });
});
