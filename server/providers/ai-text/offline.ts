import type { AiIdea, AiIdeaRequest, AiItemContext, AiReworkRequest, AiTextProvider } from './types';

/**
 * The offline default (ARCHITECTURE "External services"): no OPENAI_API_KEY, so nobody is asked.
 * It drafts template text from what the prompt and the item itself say (its title, place and
 * date) and invents nothing else: no made-up prices, times or promises. The dialog says on
 * screen that the assistant is offline, so nobody takes the drafts for AI writing.
 */
export const AI_TEXT_OFFLINE_MESSAGE =
  'The AI writing assistant is offline: no OpenAI key is configured, so the drafts below are templates made from your prompt and the details already entered.';

const clean = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function titleCase(text: string): string {
  const small = new Set(['a', 'an', 'and', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);
  return text
    .split(' ')
    .map((word, index) => (index > 0 && small.has(word.toLowerCase()) ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** The prompt's words as a title: at most 8 words, without a trailing full stop. */
function titleOfPrompt(prompt: string): string {
  const words = clean(prompt)
    .replace(/[.!?]+$/, '')
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
  return titleCase(words.join(' '));
}

const sentence = (text: string) => {
  const trimmed = clean(text);
  if (!trimmed) return '';
  const first = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
};

function whereWhen(context: AiItemContext): string {
  const where = clean(context.location);
  const when = clean(context.when);
  if (where && when) return `Find us at ${where} on ${when}.`;
  if (where) return `Find us at ${where}.`;
  if (when) return `Mark your calendar: ${when}.`;
  return '';
}

export function offlineIdeas(request: AiIdeaRequest): AiIdea[] {
  const { context } = request;
  const noun = request.assistantPath === 'hunts' ? 'hunt' : 'event';
  const itemTitle = clean(context.title);
  const promptTitle = titleOfPrompt(request.prompt) || itemTitle || (noun === 'hunt' ? 'Scavenger Hunt' : 'Community Event');
  const about = sentence(request.prompt);
  const place = whereWhen(context);
  const audience = request.appType === 'city' ? 'neighbors' : request.appType === 'resort' ? 'guests' : 'everyone';
  const first: AiIdea = {
    title: promptTitle,
    description: [`Join us for ${promptTitle}.`, place].filter(Boolean).join(' '),
  };
  const second: AiIdea = {
    title: itemTitle && itemTitle !== promptTitle ? itemTitle : `${promptTitle} – All Welcome`,
    description: [about, `This ${noun} is open to all ${audience}.`, place].filter(Boolean).join(' '),
  };
  return [first, second];
}

const EMOJI: Array<[RegExp, string]> = [
  [/music|band|concert|dance|karaoke/i, '🎶'],
  [/food|dinner|lunch|breakfast|bbq|barbecue|potluck|pancake/i, '🍽️'],
  [/swim|pool|lake|beach|water/i, '🏊'],
  [/kid|child|family/i, '👨‍👩‍👧'],
  [/hunt|treasure|search/i, '🔎'],
  [/fire|campfire|s'more/i, '🔥'],
  [/movie|film/i, '🎬'],
  [/game|bingo|trivia/i, '🎲'],
];

function emojiOf(text: string): string {
  return EMOJI.find(([pattern]) => pattern.test(text))?.[1] ?? '🎉';
}

function shorten(text: string, field: 'title' | 'description'): string {
  const trimmed = clean(text);
  if (field === 'title') return trimmed.split(' ').slice(0, 5).join(' ');
  const sentences = trimmed.match(/[^.!?]+[.!?]*/g)?.map((part) => part.trim()) ?? [trimmed];
  if (sentences.length > 1) return sentences.slice(0, Math.max(1, Math.ceil(sentences.length / 2))).join(' ');
  const words = trimmed.split(' ');
  return words.length > 12 ? `${words.slice(0, Math.ceil(words.length / 2)).join(' ')}…` : trimmed;
}

export function offlineRework(request: AiReworkRequest): string {
  const text = clean(request.text);
  const other = clean(request.other);
  switch (request.action) {
    case 'shorten':
      return shorten(text, request.field);
    case 'lengthen':
      if (request.field === 'title') return other ? `${text}: ${titleOfPrompt(other)}` : text;
      return [sentence(text), other && !text.includes(other) ? `Come and enjoy ${other}.` : ''].filter(Boolean).join(' ');
    case 'emojify': {
      const emoji = emojiOf(`${text} ${other}`);
      return text.startsWith(emoji) ? text : `${emoji} ${text}`;
    }
    case 'rephrase':
      if (request.field === 'title') return titleCase(text.toLowerCase());
      {
        const sentences = text.match(/[^.!?]+[.!?]*/g)?.map((part) => part.trim()) ?? [text];
        return sentences.length > 1 ? [...sentences.slice(1), sentences[0]].join(' ') : sentence(text);
      }
    case 'regenerate':
      if (request.field === 'title') return titleOfPrompt(other) || text;
      return other ? `Join us for ${other}.` : text;
  }
}

export function createOfflineAiText(): AiTextProvider {
  return {
    offline: true,
    async ideas(request) {
      return offlineIdeas(request);
    },
    async rework(request) {
      return offlineRework(request) || clean(request.text);
    },
    async describe(title, assistantPath) {
      const noun = assistantPath === 'hunts' ? 'hunt' : 'event';
      const name = clean(title);
      return name ? `Join us for ${name}. More details about this ${noun} will follow.` : '';
    },
  };
}
