import { describe, expect, it } from 'vitest';
import { haversineMiles, isLatLng } from './geo';

describe('haversineMiles', () => {
  it('measures known great-circle distances', () => {
    // JFK to LAX: 2,475 miles on the ellipsoid, about 2,470 on the mean sphere.
    const coast = haversineMiles({ latitude: 40.6413, longitude: -73.7781 }, { latitude: 33.9416, longitude: -118.4085 });
    expect(coast).toBeGreaterThan(2465);
    expect(coast).toBeLessThan(2475);
    // One degree of latitude: about 69.1 miles.
    expect(haversineMiles({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(69.09, 1);
    expect(haversineMiles({ latitude: 43.3, longitude: -73.8 }, { latitude: 43.3, longitude: -73.8 })).toBe(0);
  });

  it('is symmetric and handles the antimeridian', () => {
    const a = { latitude: 10, longitude: 179.9 };
    const b = { latitude: 10, longitude: -179.9 };
    expect(haversineMiles(a, b)).toBeCloseTo(haversineMiles(b, a), 10);
    expect(haversineMiles(a, b)).toBeLessThan(15);
  });
});

describe('isLatLng', () => {
  it('accepts positions on the globe only', () => {
    expect(isLatLng({ latitude: -90, longitude: 180 })).toBe(true);
    expect(isLatLng({ latitude: 90.1, longitude: 0 })).toBe(false);
    expect(isLatLng({ latitude: 0, longitude: -180.5 })).toBe(false);
    expect(isLatLng({ latitude: Number.NaN, longitude: 0 })).toBe(false);
  });
});
