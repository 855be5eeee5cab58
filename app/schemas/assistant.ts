import { z } from 'zod';
import { MAX_USE_DESCRIPTION, MAX_USE_TITLE } from '~/lib/assistant';
import { intent, intents } from '~/lib/intent';

/**
 * The AI writing assistant's forms (spec 02 "AI writing assistant dialog"): the prompt with its
 * Resort / Local Area choice, and each response's buttons (delete, Use, the per-field actions
 * rephrase, shorten, lengthen, emojify, regenerate). Keys are database keys; a response key is
 * the spec's 20 characters of letters, digits, underscore and hyphen.
 */

export const ASSISTANT_PATHS = ['events', 'hunts'] as const;
export type AssistantPathName = (typeof ASSISTANT_PATHS)[number];
export const FIELD_ACTIONS = ['rephrase', 'shorten', 'lengthen', 'emojify', 'regenerate'] as const;
export const FIELD_ACTION_LABELS: Record<(typeof FIELD_ACTIONS)[number], string> = {
  rephrase: 'Rephrase',
  shorten: 'Shorten',
  lengthen: 'Lengthen',
  emojify: 'Emojify',
  regenerate: 'Regenerate',
};
export const MAX_PROMPT = 1000;
/** What the editor tells the assistant about the item (title, place, date), and what Use carries back. */
export const MAX_CONTEXT_TITLE = 200;
export const MAX_CONTEXT_LOCATION = 300;
export const MAX_CONTEXT_WHEN = 100;

const DbKey = z
  .string()
  .min(1)
  .max(768)
  .regex(/^[^.#$[\]/\u0000-\u001f\u007f]+$/, 'must be a database key');
const ResponseKey = z.string().regex(/^[A-Za-z0-9_-]{20}$/, 'must be a response key');
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((value) => value?.trim() ?? '');
/** '{field}-{action}' as a button's intent argument ('title-shorten'). */
const FieldAction = z
  .string()
  .regex(/^(title|description)-(rephrase|shorten|lengthen|emojify|regenerate)$/, 'must be a field and an action')
  .transform((value) => {
    const [field, action] = value.split('-') as ['title' | 'description', (typeof FIELD_ACTIONS)[number]];
    return { field, action };
  });

export const AssistantIntent = intents(
  intent('search'),
  intent('delete-response').extend({ promptKey: DbKey, responseKey: ResponseKey }),
  /** Use (both texts), or 'use:title' / 'use:description' (one field's own Use). */
  intent('use').extend({ argument: z.enum(['title', 'description']).optional(), promptKey: DbKey, responseKey: ResponseKey }),
  intent('field').extend({ argument: FieldAction, promptKey: DbKey, responseKey: ResponseKey }),
  intent('edit-field').extend({ argument: FieldAction }),
  /** Edit-only mode: a description written from the title (the dialog posts it when it opens with an empty description). */
  intent('edit-describe'),
  intent('edit-use').extend({ argument: z.enum(['title', 'description']).optional() }),
);

export const AssistantSearchSchema = z.object({
  prompt: z
    .string({ required_error: 'Enter a prompt.' })
    .trim()
    .min(1, 'Enter a prompt.')
    .max(MAX_PROMPT, `The prompt is too long (at most ${MAX_PROMPT} characters).`),
  appType: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['resort', 'city']).optional()),
  contextTitle: optionalText(MAX_CONTEXT_TITLE),
  contextLocation: optionalText(MAX_CONTEXT_LOCATION),
  contextWhen: optionalText(MAX_CONTEXT_WHEN),
});

/** Edit-only mode's two fields, posted with each action and with Use. */
export const AssistantEditSchema = z.object({
  title: z.string().max(MAX_USE_TITLE, `The title is too long (at most ${MAX_USE_TITLE} characters).`).optional().default(''),
  description: z
    .string()
    .max(MAX_USE_DESCRIPTION, `The description is too long (at most ${MAX_USE_DESCRIPTION} characters).`)
    .optional()
    .default(''),
});

/** Every field the assistant's forms post (the form reader checks names against them). */
export const AssistantPostSchemas = [
  AssistantSearchSchema,
  AssistantEditSchema,
  z.object({ intent: z.string(), promptKey: z.string(), responseKey: z.string(), dialog: z.string(), back: z.string() }),
];
