import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeImage } from '@server/images/pipeline';
import { AI_OFFLINE_MESSAGE, AiImagesError, aiImagesErrorMessage, aiImagesProvider } from '.';
import { aiImagesHandlers, aiRequests, OPENAI_KEY } from '../../../tests/mocks/ai-images';
import { rejection } from '../../../tests/setup/rejection';

const server = setupServer(...aiImagesHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  aiRequests.length = 0;
});
afterAll(() => server.close());

const openai = (key = OPENAI_KEY, timeoutMs?: number) => aiImagesProvider({ OPENAI_API_KEY: key }, timeoutMs ? { timeoutMs } : {});

describe('OpenAI images', () => {
  it('asks for one dall-e-3 image, 1024x1024, standard quality, and answers the PNG', async () => {
    const image = await openai().generate('a lake at dawn');
    expect(aiRequests).toEqual([
      {
        auth: `Bearer ${OPENAI_KEY}`,
        body: { model: 'dall-e-3', prompt: 'a lake at dawn', n: 1, size: '1024x1024', quality: 'standard', response_format: 'b64_json' },
      },
    ]);
    expect(image.contentType).toBe('image/png');
    expect(image.revisedPrompt).toBe('A detailed image of a lake at dawn');
    const decoded = await decodeImage(image.bytes);
    expect([decoded.width, decoded.height]).toEqual([1024, 1024]);
  });

  it('says when the prompt is refused under the content policy', async () => {
    const error = await rejection(openai().generate('something forbidden'), AiImagesError);
    expect(error.kind).toBe('content-policy');
    expect(aiImagesErrorMessage(error)).toBe(
      'The image service refused this prompt under its content policy. Please describe the image differently.',
    );
  });

  it('maps 429 (with Retry-After), 5xx, a bad key and answers without a PNG', async () => {
    const busy = await rejection(openai().generate('busy lake'), AiImagesError);
    expect(busy).toMatchObject({ kind: 'rate-limited', retryAfter: 20, status: 429 });
    expect(aiImagesErrorMessage(busy)).toContain('try again in 20 seconds');
    expect((await rejection(openai().generate('broken lake'), AiImagesError)).kind).toBe('vendor');
    expect((await rejection(openai('wrong').generate('lake'), AiImagesError)).kind).toBe('unauthorized');
    expect((await rejection(openai().generate('garbled lake'), AiImagesError)).kind).toBe('invalid-response');
    expect((await rejection(openai().generate('not png lake'), AiImagesError)).kind).toBe('invalid-response');
  });

  it('gives up after its timeout', async () => {
    const error = await rejection(openai(OPENAI_KEY, 200).generate('slow lake'), AiImagesError);
    expect(error.kind).toBe('timeout');
  });
});

describe('the offline default', () => {
  it('is chosen without OPENAI_API_KEY, asks nobody, and draws a 1024x1024 PNG from the prompt', async () => {
    const provider = aiImagesProvider({ OPENAI_API_KEY: undefined });
    expect(provider.offline).toBe(true);
    expect(AI_OFFLINE_MESSAGE).toContain('offline');
    const one = await provider.generate('sunset over the lake');
    const other = await provider.generate('snowy mountain cabin');
    const decoded = await decodeImage(one.bytes);
    expect([decoded.width, decoded.height]).toEqual([1024, 1024]);
    expect(Buffer.from(one.bytes).equals(Buffer.from(other.bytes))).toBe(false);
    expect(aiRequests).toEqual([]);
  });
});
