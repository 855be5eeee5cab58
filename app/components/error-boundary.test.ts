import { describe, expect, it } from 'vitest';
import { errorContent, ownText, refusalMessage, statusMessage } from './error-boundary';

/** What Remix hands an error boundary for a thrown Response (an ErrorResponse). */
const thrown = (status: number, data: unknown) => ({ status, statusText: '', internal: false, data });

describe('the error boundary', () => {
  it('shows the message a refused request came with (400, 403, 413, 415)', () => {
    expect(refusalMessage(thrown(403, 'This calendar does not accept new events.'))).toBe('This calendar does not accept new events.');
    expect(refusalMessage(thrown(413, 'This request is too large (over 1 MB). Nothing was saved.'))).toBe(
      'This request is too large (over 1 MB). Nothing was saved.',
    );
    expect(refusalMessage(thrown(400, '  The form sent “title” 2 times; it takes one value. Nothing was saved. '))).toBe(
      'The form sent “title” 2 times; it takes one value. Nothing was saved.',
    );
    expect(refusalMessage(thrown(415, 'This address takes a web form.'))).toBe('This address takes a web form.');
  });

  it("keeps the page's own text for other statuses, bare reason phrases, data that is not text and errors that are not responses", () => {
    expect(refusalMessage(thrown(404, 'Not Found'))).toBeNull();
    expect(refusalMessage(thrown(403, 'Forbidden'))).toBeNull();
    expect(refusalMessage(thrown(400, 'Bad Request'))).toBeNull();
    expect(refusalMessage(thrown(400, { reason: 'x' }))).toBeNull();
    expect(refusalMessage(thrown(400, 'x'.repeat(1001)))).toBeNull();
    expect(refusalMessage(new Error('boom'))).toBeNull();
    expect(statusMessage(415).title).toBe('Not a form');
  });

  it('shows what a 403 of the server says about who may do this, instead of a bare "No access"', () => {
    const canNotify = {
      reason: 'can-notify',
      title: 'Sending notifications is not open to you',
      text: 'Ask a location admin of Pine Hollow.',
    };
    expect(errorContent(thrown(403, canNotify))).toEqual({ title: canNotify.title, text: canNotify.text });
    // A body without both texts keeps the general ones.
    expect(errorContent(thrown(403, { reason: 'can-notify' }))).toEqual(statusMessage(403));
  });

  it("lets a route say what was not found: its handler's text for that status, the status's title unless it gives one", () => {
    const notFound = thrown(404, 'Not Found');
    expect(errorContent(notFound)).toEqual(statusMessage(404));
    const handlers = {
      404: ({ params }: { params: Record<string, string | undefined> }) => ({ text: `No community with the key ${params.key}.` }),
    };
    expect(errorContent(notFound, { key: 'lakeside' }, handlers)).toEqual({
      title: 'Page not found',
      text: 'No community with the key lakeside.',
    });
    expect(errorContent(thrown(404, 'x'), {}, { 404: () => ({ title: 'No such icon', text: 'Gone.' }) })).toEqual({
      title: 'No such icon',
      text: 'Gone.',
    });
    // Other statuses, and errors that are not responses, keep the general texts.
    expect(errorContent(thrown(403, 'Forbidden'), {}, handlers)).toEqual(statusMessage(403));
    expect(errorContent(new Error('boom'), {}, handlers)).toEqual(statusMessage(500));
    expect(errorContent(thrown(404, 'This icon no longer exists.'), {}, { 404: ownText('No icon.') }).text).toBe(
      'This icon no longer exists.',
    );
    expect(errorContent(thrown(404, { reason: 'x' }), {}, { 404: ownText('No icon.') }).text).toBe('No icon.');
  });
});
