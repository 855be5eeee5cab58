import { busyMessage, ProviderError, type ProviderErrorKind } from '../provider-error';

/**
 * The AI text port (spec 02 §7 "AI assistant helper": the event-coordinator assistant's
 * function get_event_idea with appType and location; a chat model that writes a description
 * from a title; helpers that rephrase, shorten, lengthen, emojify and regenerate a text).
 * Drafts of a title and a description for an event or a hunt, and one field reworked.
 */

/** The chat model of spec 02 §7 (description from a title, and here every text request). */
export const AI_TEXT_MODEL = 'gpt-3.5-turbo-1106';
/** The function the assistant answers through (spec 02 §7). */
export const AI_IDEA_FUNCTION = 'get_event_idea';
/** A run gives up after this long (the job then fails and its pending prompt is removed). */
export const AI_TEXT_TIMEOUT_MS = 60_000;
/** At most this many drafts are kept from one answer. */
export const MAX_AI_IDEAS = 5;
/** Longest title and description kept from an answer. */
export const MAX_AI_TITLE = 200;
export const MAX_AI_DESCRIPTION = 4000;
/** Longest prompt the dialog takes. */
export const MAX_AI_TEXT_PROMPT = 1000;

/** Spec 02 §9: default app types resort and city (the dialog's Resort / Local Area). */
export const AI_APP_TYPES = ['resort', 'city'] as const;
export type AiAppType = (typeof AI_APP_TYPES)[number];

/** The assistants of the console: their database path (spec 02 §7: the event assistant's is 'events'). */
export const AI_ASSISTANT_PATHS = ['events', 'hunts'] as const;
export type AiAssistantPath = (typeof AI_ASSISTANT_PATHS)[number];

export const AI_FIELD_ACTIONS = ['rephrase', 'shorten', 'lengthen', 'emojify', 'regenerate'] as const;
export type AiFieldAction = (typeof AI_FIELD_ACTIONS)[number];
export const AI_FIELDS = ['title', 'description'] as const;
export type AiField = (typeof AI_FIELDS)[number];

/** What the item being written already says (the offline drafts are made of it; OpenAI gets it as background). */
export interface AiItemContext {
  title?: string;
  location?: string;
  /** The date as the editor shows it ('Sat, Jun 6, 2026 10:00 AM'). */
  when?: string;
  community?: string;
}

export interface AiIdeaRequest {
  prompt: string;
  assistantPath: AiAssistantPath;
  appType: AiAppType | null;
  context: AiItemContext;
}

export interface AiIdea {
  title: string;
  description: string;
}

export interface AiReworkRequest {
  field: AiField;
  action: AiFieldAction;
  /** The field's text now. */
  text: string;
  /** The other field (the title when the description is reworked, and the other way round). */
  other: string;
  assistantPath: AiAssistantPath;
}

export interface AiTextProvider {
  /** True for the offline default: no OPENAI_API_KEY, nobody is asked. */
  offline: boolean;
  /** Drafts for a prompt (at least one). Throws AiTextError. */
  ideas(request: AiIdeaRequest, options?: { signal?: AbortSignal }): Promise<AiIdea[]>;
  /** One field reworked. Throws AiTextError. */
  rework(request: AiReworkRequest, options?: { signal?: AbortSignal }): Promise<string>;
  /** A description written from a title (edit-only mode with an empty description). Throws AiTextError. */
  describe(title: string, assistantPath: AiAssistantPath, options?: { signal?: AbortSignal }): Promise<string>;
}

export type AiTextErrorKind = Extract<
  ProviderErrorKind,
  'content-policy' | 'unauthorized' | 'rate-limited' | 'invalid-request' | 'vendor' | 'network' | 'timeout' | 'invalid-response'
>;

export class AiTextError extends ProviderError<AiTextErrorKind> {
  constructor(kind: AiTextErrorKind, message: string, status?: number, retryAfter?: number) {
    super(kind, message, status, retryAfter);
    this.name = 'AiTextError';
  }
}

export type FetchLike = typeof fetch;

/** What the assistant says when a request fails. */
export function aiTextErrorMessage(error: unknown): string {
  if (!(error instanceof AiTextError)) return 'The writing assistant could not answer. Please try again later.';
  switch (error.kind) {
    case 'content-policy':
      return 'The writing assistant refused this prompt under its content policy. Please ask differently.';
    case 'rate-limited':
      return busyMessage('The writing assistant', error.retryAfter);
    case 'unauthorized':
      return 'The writing assistant refused the request: its API key is not valid. Please contact support.';
    case 'invalid-request':
      return 'The writing assistant could not use this prompt. Please change it and try again.';
    case 'timeout':
      return 'The writing assistant took too long. Please try again.';
    case 'network':
      return 'The writing assistant could not be reached. Please try again later.';
    case 'vendor':
      return 'The writing assistant answered with an error. Please try again later.';
    case 'invalid-response':
      return 'The writing assistant gave an answer that could not be read. Please try again.';
  }
}
