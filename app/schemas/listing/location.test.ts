import { describe, expect, it } from 'vitest';
import { INVALID_LATITUDE, INVALID_LONGITUDE, LATITUDE_REQUIRED, LONGITUDE_REQUIRED, coordinatesToForm } from './coordinates';
import { LocationSchema } from './location';
import { INVALID_URL, PHONE_DIGITS, TITLE_REQUIRED } from './shared';
import { errorsOf, valueOf } from './testing';

describe('a location (spec 03 §3 location data, §5 location rules)', () => {
  it('needs a title and checks the phone and website', () => {
    expect(errorsOf(LocationSchema, { phone: '12345', website: 'pool' })).toEqual({
      title: [TITLE_REQUIRED],
      phone: [PHONE_DIGITS],
      website: [INVALID_URL],
    });
  });

  it('may have no position at all', () => {
    const value = valueOf(LocationSchema, { title: 'Main Pavilion', 'coordinates.latitude': '', 'coordinates.longitude': '' });
    expect(value.coordinates).toEqual({ latitude: null, longitude: null });
    expect(valueOf(LocationSchema, { title: 'Main Pavilion' }).coordinates).toEqual({ latitude: null, longitude: null });
  });

  it('asks for the missing half of a position with the spec text', () => {
    expect(errorsOf(LocationSchema, { title: 'Pool', 'coordinates.longitude': '-73.8349' })).toEqual({
      'coordinates.latitude': [LATITUDE_REQUIRED],
    });
    expect(errorsOf(LocationSchema, { title: 'Pool', 'coordinates.latitude': '43.3119' })).toEqual({
      'coordinates.longitude': [LONGITUDE_REQUIRED],
    });
    expect(LATITUDE_REQUIRED).toBe('Latitude is required to map accurately.');
    expect(LONGITUDE_REQUIRED).toBe('Longitude is required to map accurately.');
  });

  it('takes decimals in range, kept as the strings typed', () => {
    expect(errorsOf(LocationSchema, { title: 'Pool', 'coordinates.latitude': '91', 'coordinates.longitude': '1e2' })).toEqual({
      'coordinates.latitude': [INVALID_LATITUDE],
      'coordinates.longitude': [INVALID_LONGITUDE],
    });
    const value = valueOf(LocationSchema, { title: 'Pool', 'coordinates.latitude': ' 43.3119 ', 'coordinates.longitude': '-73.8349' });
    expect(value.coordinates).toEqual({ latitude: '43.3119', longitude: '-73.8349' });
  });

  it('shows a stored position, strings or numbers, in the form', () => {
    expect(coordinatesToForm({ latitude: '43.3126', longitude: -73.8347 })).toEqual({ latitude: '43.3126', longitude: '-73.8347' });
    expect(coordinatesToForm({ latitude: null })).toEqual({ latitude: '', longitude: '' });
  });
});
