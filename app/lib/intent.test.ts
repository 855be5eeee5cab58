import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { intent, intentNames, intents, parseIntent } from './intent';

const Intent = intents(
  intent('save'),
  z.object({ intent: z.literal('move-down'), argument: z.coerce.number().int().min(0).max(99) }),
  z.object({ intent: z.literal('upload'), field: z.enum(['icon', 'splash']) }),
);

const form = (entries: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) for (const one of [value].flat()) data.append(key, one);
  return data;
};

async function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, text: await error.text() };
    throw error;
  }
  throw new Error('was not refused');
}

describe('intents', () => {
  it('lists the names a route answers', () => {
    expect(intentNames(Intent)).toEqual(['save', 'move-down', 'upload']);
  });

  it('reads a plain intent, an intent with an argument, and the fields an intent declares', () => {
    expect(parseIntent(form({ intent: 'save', title: 'x' }), Intent)).toEqual({ intent: 'save' });
    expect(parseIntent(form({ intent: 'move-down:3' }), Intent)).toEqual({ intent: 'move-down', argument: 3 });
    expect(parseIntent(form({ intent: 'upload', field: 'icon' }), Intent)).toEqual({ intent: 'upload', field: 'icon' });
  });

  it('uses the fallback when the form has no intent (Enter in a text field submits without a button)', () => {
    expect(parseIntent(form({}), Intent, { fallback: 'save' })).toEqual({ intent: 'save' });
  });

  it('answers 400 with a message to anything else', async () => {
    expect(await refusal(() => parseIntent(form({ intent: 'drop-table' }), Intent))).toEqual({
      status: 400,
      text: 'This form cannot do "drop-table". Reload the page and try again.',
    });
    expect((await refusal(() => parseIntent(form({}), Intent))).status).toBe(400);
    expect((await refusal(() => parseIntent(form({ intent: ['save', 'upload'] }), Intent))).status).toBe(400);
    expect((await refusal(() => parseIntent(form({ intent: 'move-down:999' }), Intent))).status).toBe(400);
    expect((await refusal(() => parseIntent(form({ intent: 'upload', field: 'passwd' }), Intent))).status).toBe(400);
    expect((await refusal(() => parseIntent(form({ intent: 'x'.repeat(500) }), Intent))).status).toBe(400);
    const withFile = new FormData();
    withFile.append('intent', new Blob(['x']), 'intent.txt');
    expect((await refusal(() => parseIntent(withFile, Intent))).status).toBe(400);
  });
});
