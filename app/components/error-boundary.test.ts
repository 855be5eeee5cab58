import { describe, expect, it } from 'vitest';
import { refusalMessage, statusMessage } from './error-boundary';

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
});
