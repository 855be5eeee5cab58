import { describe, expect, it } from 'vitest';
import { getSocialIcon, isSocialSite, SOCIAL_ICONS, SOCIAL_SITES } from './social';

describe('social icons (spec 03 §3)', () => {
  it('covers the eight sites with sanitized glyphs', () => {
    expect(SOCIAL_SITES).toEqual(['youtube', 'twitter', 'pinterest', 'instagram', 'facebook', 'google', 'tripadvisor', 'cio']);
    expect(SOCIAL_ICONS).toHaveLength(8);
    for (const icon of SOCIAL_ICONS)
      expect(icon.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24".*currentColor.*<\/svg>$/);
  });

  it("finds a community's social media site", () => {
    expect(getSocialIcon('Facebook')?.label).toBe('Facebook');
    expect(getSocialIcon('tripadvisor')?.site).toBe('tripadvisor');
    expect(getSocialIcon('myspace')).toBeUndefined();
    expect(isSocialSite('cio')).toBe(true);
  });
});
