import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorsOf, valueOf } from '~/schemas/listing/testing';
import {
  EMPTY_LOCATION,
  LOCATION_TEXTS,
  locationFormSchema,
  locationFormValue,
  locationFormValueOfPost,
  locationPosition,
  locationRecord,
} from './location';

const strict = locationFormSchema({ gpsRequired: true, titleRequired: true, allowNoLocation: true });
const loose = locationFormSchema({ gpsRequired: false, titleRequired: false, allowNoLocation: false });

describe('locationFormSchema', () => {
  it('takes a full location, trimmed', () => {
    expect(
      valueOf(strict, {
        title: ' Lakeshore Diner ',
        address: '212 Lakeshore Road',
        city: 'Lake Luzerne',
        state: 'NY',
        zip: '12846',
        latitude: ' 43.3188',
        longitude: '-73.8302 ',
        placeId: 'ChIJ-lakeshore-diner',
      }),
    ).toEqual({
      noLocation: false,
      title: 'Lakeshore Diner',
      address: '212 Lakeshore Road',
      city: 'Lake Luzerne',
      state: 'NY',
      zip: '12846',
      latitude: '43.3188',
      longitude: '-73.8302',
      placeId: 'ChIJ-lakeshore-diner',
    });
  });

  it("asks for the title and the position with the spec's messages when they are required", () => {
    expect(errorsOf(strict, { address: '1 Main Street' })).toEqual({
      title: [LOCATION_TEXTS.titleRequired],
      latitude: ['Latitude is required to map accurately.'],
      longitude: ['Longitude is required to map accurately.'],
    });
    expect(LOCATION_TEXTS.titleRequired).toBe('Title is required.');
  });

  it('asks for decimals: words get the required message, numbers off the globe the range message', () => {
    expect(errorsOf(strict, { title: 'x', latitude: 'north', longitude: '181' })).toEqual({
      latitude: [LOCATION_TEXTS.latitudeRequired],
      longitude: ['Longitude must be a number between -180 and 180.'],
    });
    expect(errorsOf(strict, { title: 'x', latitude: '-90.5', longitude: '1e3' })).toEqual({
      latitude: ['Latitude must be a number between -90 and 90.'],
      longitude: [LOCATION_TEXTS.longitudeRequired],
    });
  });

  it('lets a place go without a position when GPS is not required, but never half of one', () => {
    expect(valueOf(loose, { address: '1 Main Street' })).toEqual({ ...EMPTY_LOCATION, address: '1 Main Street' });
    expect(errorsOf(loose, { latitude: '43.1' })).toEqual({ longitude: [LOCATION_TEXTS.longitudeRequired] });
    expect(errorsOf(loose, { longitude: '-73' })).toEqual({ latitude: [LOCATION_TEXTS.latitudeRequired] });
  });

  it('skips the location rules for an item without a location, but still asks for its title', () => {
    expect(valueOf(strict, { noLocation: 'on', title: 'Delivery only' })).toMatchObject({ noLocation: true, title: 'Delivery only' });
    expect(errorsOf(strict, { noLocation: 'on' })).toEqual({ title: [LOCATION_TEXTS.titleRequired] });
  });

  it("ignores a posted 'no location' box where it is not offered", () => {
    expect(errorsOf(locationFormSchema({ gpsRequired: true, titleRequired: false, allowNoLocation: false }), { noLocation: 'on' })).toEqual(
      {
        latitude: [LOCATION_TEXTS.latitudeRequired],
        longitude: [LOCATION_TEXTS.longitudeRequired],
      },
    );
  });

  it('bounds every field and refuses a place id that is not one', () => {
    expect(errorsOf(loose, { title: 'x'.repeat(201), zip: '1'.repeat(21), latitude: '1'.repeat(31), longitude: '2' })).toMatchObject({
      title: [LOCATION_TEXTS.tooLong],
      zip: [LOCATION_TEXTS.tooLong],
      latitude: [LOCATION_TEXTS.tooLong],
    });
    expect(errorsOf(loose, { placeId: 'places/x?y' })).toEqual({ placeId: [LOCATION_TEXTS.invalidPlace] });
  });

  it('works nested in an editor form, under the widget name', () => {
    const schema = z.object({ location: locationFormSchema({ gpsRequired: true, titleRequired: false, allowNoLocation: true }) });
    expect(valueOf(schema, { 'location.latitude': '43', 'location.longitude': '-73' }).location).toMatchObject({ latitude: '43' });
    expect(errorsOf(schema, { 'location.title': 'x' })).toEqual({
      'location.latitude': [LOCATION_TEXTS.latitudeRequired],
      'location.longitude': [LOCATION_TEXTS.longitudeRequired],
    });
  });
});

describe('locationFormValue', () => {
  it('reads stored strings and numbers', () => {
    expect(
      locationFormValue({
        title: 'Pool',
        address: '1 Main',
        latitude: 43.3119,
        longitude: '-73.8349',
        zip: 12846,
        placeId: 'ChIJ-x',
        other: 1,
      }),
    ).toEqual({
      noLocation: false,
      title: 'Pool',
      address: '1 Main',
      city: '',
      state: '',
      zip: '12846',
      latitude: '43.3119',
      longitude: '-73.8349',
      placeId: 'ChIJ-x',
    });
  });

  it('reads a saved item without location fields as an item without a location, and a new item as one with', () => {
    expect(locationFormValue({ title: 'Delivery only', phone: '5185550100' }).noLocation).toBe(true);
    expect(locationFormValue({})).toEqual(EMPTY_LOCATION);
    expect(locationFormValue({ title: 5, latitude: {}, city: null })).toEqual(EMPTY_LOCATION);
  });
});

describe('locationRecord', () => {
  it('stores latitude and longitude as strings and clears emptied fields', () => {
    expect(
      locationRecord({ ...EMPTY_LOCATION, title: 'Pool', city: 'Lake Luzerne', latitude: '+43.50', longitude: '-73.8349', placeId: '' }),
    ).toEqual({
      title: 'Pool',
      address: null,
      city: 'Lake Luzerne',
      state: null,
      zip: null,
      latitude: '43.5',
      longitude: '-73.8349',
      placeId: null,
    });
  });

  it('gives an item without a location none of the location fields', () => {
    expect(
      locationRecord({ ...EMPTY_LOCATION, noLocation: true, title: 'Delivery', address: '1 Main', latitude: '43', longitude: '-73' }),
    ).toEqual({
      title: 'Delivery',
      address: null,
      city: null,
      state: null,
      zip: null,
      latitude: null,
      longitude: null,
      placeId: null,
    });
  });
});

describe('locationPosition', () => {
  it('reads a whole position only', () => {
    expect(locationPosition({ latitude: '43.3', longitude: -73.8 })).toEqual({ latitude: 43.3, longitude: -73.8 });
    expect(locationPosition({ latitude: '43.3' })).toBeNull();
    expect(locationPosition({ latitude: '95', longitude: '0' })).toBeNull();
  });
});

describe('locationFormValueOfPost', () => {
  it('shows a posted location as typed, and nothing for no post', () => {
    expect(locationFormValueOfPost({ address: '212 Lakeshore Road', latitude: '43.x', noLocation: 'on', query: 'diner' })).toEqual({
      ...EMPTY_LOCATION,
      noLocation: true,
      address: '212 Lakeshore Road',
      latitude: '43.x',
    });
    expect(locationFormValueOfPost({ zip: 12846 })).toEqual(EMPTY_LOCATION);
    expect(locationFormValueOfPost(undefined)).toBeNull();
    expect(locationFormValueOfPost('text')).toBeNull();
  });
});
