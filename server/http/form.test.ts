import { describe, expect, it } from 'vitest';
import { CommunitySchema } from '~/schemas/community';
import { FORM_MESSAGES, MAX_FORM_BYTES, readForm } from './form';

const URL = 'http://console.test/community-setup';

/** A body produced chunk by chunk as it is read, counting what was pulled. */
function countedBody(total: number, chunk = 64 * 1024) {
  const piece = new TextEncoder().encode('a'.repeat(chunk));
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) {
          controller.close();
          return;
        }
        const next = pulled === 0 ? new TextEncoder().encode(`a=${'a'.repeat(chunk - 2)}`) : piece;
        pulled += next.byteLength;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

function post(body: BodyInit | null, headers: Record<string, string | null> = {}) {
  const request = new Request(URL, { method: 'POST', body, duplex: 'half' } as RequestInit);
  for (const [name, value] of Object.entries(headers)) {
    if (value === null) request.headers.delete(name);
    else request.headers.set(name, value);
  }
  return request;
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; text: string }> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw new Error(`expected a thrown Response, got ${String(thrown)}`);
  return { status: thrown.status, text: await thrown.text() };
}

describe('reading a posted form', () => {
  it('reads urlencoded and multipart forms', async () => {
    const urlencoded = await readForm(post('intent=save&title=Pine+Hollow', { 'Content-Type': 'application/x-www-form-urlencoded' }));
    expect(Object.fromEntries(urlencoded)).toEqual({ intent: 'save', title: 'Pine Hollow' });
    const body = new FormData();
    body.append('intent', 'save');
    body.append('title', 'Café 🏕️');
    const multipart = await readForm(new Request(URL, { method: 'POST', body }));
    expect(Object.fromEntries(multipart)).toEqual({ intent: 'save', title: 'Café 🏕️' });
  });

  it('refuses a body that is not a form with 415 and says what it takes', async () => {
    for (const contentType of [null, 'text/plain', 'application/json', 'application/xml', '']) {
      const answer = await refusal(readForm(post('{"title":"x"}', { 'Content-Type': contentType })));
      expect(answer, String(contentType)).toEqual({ status: 415, text: FORM_MESSAGES.unsupportedType });
    }
  });

  it('refuses a declared length over 1 MB with 413 without reading the body', async () => {
    const body = countedBody(10 * MAX_FORM_BYTES);
    const request = post(body.stream, {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': String(MAX_FORM_BYTES + 1),
    });
    expect(await refusal(readForm(request))).toEqual({ status: 413, text: FORM_MESSAGES.tooLarge });
    expect(body.pulled()).toBe(0);
  });

  it('counts the bytes of a body without a length and stops reading at the limit (413)', async () => {
    const body = countedBody(100 * MAX_FORM_BYTES);
    const request = post(body.stream, { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(await refusal(readForm(request))).toEqual({ status: 413, text: FORM_MESSAGES.tooLarge });
    expect(body.pulled()).toBeLessThanOrEqual(MAX_FORM_BYTES + 2 * 64 * 1024);
    // A declared length that lies is counted all the same.
    const lying = countedBody(2 * MAX_FORM_BYTES);
    const small = post(lying.stream, { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '10' });
    expect((await refusal(readForm(small))).status).toBe(413);
  });

  it('reads a body of exactly the limit', async () => {
    const body = `a=${'a'.repeat(MAX_FORM_BYTES - 2)}`;
    const formData = await readForm(post(body, { 'Content-Type': 'application/x-www-form-urlencoded' }));
    expect(String(formData.get('a'))).toHaveLength(MAX_FORM_BYTES - 2);
  });

  it('refuses a multipart body over 1 MB (a form that is not an upload), files included', async () => {
    const body = new FormData();
    body.append('file', new File([new Uint8Array(MAX_FORM_BYTES)], 'big.png', { type: 'image/png' }));
    expect((await refusal(readForm(new Request(URL, { method: 'POST', body })))).status).toBe(413);
  });

  it('refuses an unreadable form with 400: cut-off multipart, no boundary, a broken stream', async () => {
    const cut = post('--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nPine', {
      'Content-Type': 'multipart/form-data; boundary=b',
    });
    expect(await refusal(readForm(cut))).toEqual({ status: 400, text: FORM_MESSAGES.unreadable });
    const noBoundary = post('--b\r\n', { 'Content-Type': 'multipart/form-data' });
    expect((await refusal(readForm(noBoundary))).status).toBe(400);
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('title=Pi'));
        controller.error(new Error('The connection was closed.'));
      },
    });
    expect((await refusal(readForm(post(broken, { 'Content-Type': 'application/x-www-form-urlencoded' })))).status).toBe(400);
  });

  it('refuses a form that does not fit its schema with 400 and the reason', async () => {
    const huge = post('intent=save&socialMedia%5B100000%5D.site=x', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(await refusal(readForm(huge, { schemas: CommunitySchema }))).toEqual({
      status: 400,
      text: 'The form sent row 100,001 of “socialMedia”, which holds at most 30 rows. Nothing was saved.',
    });
    const twice = post('title=a&title=b', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect((await refusal(readForm(twice, { schemas: [CommunitySchema] }))).text).toMatch(/“title” 2 times/);
    // Without a schema every list is held to the default cap.
    const unknown = post('rows%5B500%5D=x', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect((await refusal(readForm(unknown))).status).toBe(400);
  });
});
