import { describe, expect, it } from 'vitest';
import { assistantUseHref, plainToHtml } from '~/lib/assistant';
import { AssistantIntent, AssistantSearchSchema } from './assistant';

describe('the assistant forms', () => {
  it('need a prompt of at most 1000 characters', () => {
    expect(AssistantSearchSchema.safeParse({ prompt: '  ' }).error?.issues[0]?.message).toBe('Enter a prompt.');
    expect(AssistantSearchSchema.safeParse({ prompt: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe(
      'The prompt is too long (at most 1000 characters).',
    );
    expect(AssistantSearchSchema.parse({ prompt: ' bingo ', appType: 'city' })).toMatchObject({
      prompt: 'bingo',
      appType: 'city',
      contextTitle: '',
    });
  });

  it('take only 20-character response keys and known field actions', () => {
    const ok = { intent: 'field', argument: 'title-shorten', promptKey: '-Nabc', responseKey: 'abcdefghij0123456789' };
    expect(AssistantIntent.parse(ok)).toMatchObject({ argument: { field: 'title', action: 'shorten' } });
    expect(AssistantIntent.safeParse({ ...ok, responseKey: 'short' }).success).toBe(false);
    expect(AssistantIntent.safeParse({ ...ok, argument: 'title-delete' }).success).toBe(false);
    expect(AssistantIntent.safeParse({ ...ok, promptKey: 'a/b' }).success).toBe(false);
  });

  it('turns plain text into escaped paragraphs', () => {
    expect(plainToHtml('One <b>\nline\n\nTwo & more')).toBe('<p>One &lt;b&gt;<br>line</p><p>Two &amp; more</p>');
  });

  it('carries Use back to the editor in its query, keeping the editor’s own query', () => {
    expect(assistantUseHref('/detail/events/cal/ev?scope=event', 'Bingo & Co', 'Fun')).toBe(
      '/detail/events/cal/ev?scope=event&aiTitle=Bingo+%26+Co&aiDescription=Fun',
    );
    expect(assistantUseHref('https://evil.example/x', 'a', 'b')).toBe('/?aiTitle=a&aiDescription=b');
  });
});
