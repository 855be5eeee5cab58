import { describe, expect, it } from 'vitest';
import { AiImagesError, aiImagesErrorMessage } from './ai-images';
import { PlacesError, placeSearchErrorMessage, placesErrorMessage } from './places';
import { busyMessage, ProviderError, retryAfterOf } from './provider-error';
import { StockPhotosError, stockPhotosErrorMessage } from './stock-photos';

describe('the shared provider error', () => {
  it('is the base of the places, stock photos and AI images errors, which keep their names and fields', () => {
    const places = new PlacesError('not-found', 'places: gone', 404);
    const stock = new StockPhotosError('rate-limited', 'pexels: status 429', 'pexels', 429, 30);
    const ai = new AiImagesError('content-policy', 'openai: refused', 400);
    for (const error of [places, stock, ai]) expect(error).toBeInstanceOf(ProviderError);
    expect([places.name, stock.name, ai.name]).toEqual(['PlacesError', 'StockPhotosError', 'AiImagesError']);
    expect(places).toMatchObject({ kind: 'not-found', status: 404, retryAfter: undefined, message: 'places: gone' });
    expect(stock).toMatchObject({ kind: 'rate-limited', source: 'pexels', status: 429, retryAfter: 30 });
    expect(ai).toMatchObject({ kind: 'content-policy', status: 400 });
  });

  it('reads Retry-After as positive seconds only', () => {
    expect(retryAfterOf(new Response(null, { headers: { 'Retry-After': '20' } }))).toBe(20);
    expect(retryAfterOf(new Response(null, { headers: { 'Retry-After': 'Wed, 21 Oct 2015 07:28:00 GMT' } }))).toBeUndefined();
    expect(retryAfterOf(new Response(null, { headers: { 'Retry-After': '0' } }))).toBeUndefined();
    expect(retryAfterOf(new Response(null))).toBeUndefined();
  });

  it('leaves every port’s busy message as it was', () => {
    expect(busyMessage('Pexels', 30)).toBe('Pexels is busy (too many requests). Please try again in 30 seconds.');
    expect(placesErrorMessage(new PlacesError('rate-limited', '', 429, 12))).toBe(
      'The places service is busy (too many requests). Please try again in 12 seconds.',
    );
    expect(placeSearchErrorMessage(new PlacesError('rate-limited', '', 429))).toBe(
      'The places service is busy (too many requests). Please try again in a minute.',
    );
    expect(aiImagesErrorMessage(new AiImagesError('rate-limited', '', 429, 20))).toBe(
      'The image service is busy (too many requests). Please try again in 20 seconds.',
    );
    expect(stockPhotosErrorMessage(new StockPhotosError('rate-limited', '', 'unsplash', 403))).toBe(
      'Unsplash is busy (too many requests). Please try again in a minute.',
    );
    expect(stockPhotosErrorMessage(new StockPhotosError('rate-limited', '', null, 429))).toBe(
      'The stock photo service is busy (too many requests). Please try again in a minute.',
    );
  });
});
