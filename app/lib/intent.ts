import { z } from 'zod';

/**
 * The intents of a route's action (STYLE 8): every button of a form posts `name="intent"`, and
 * the action answers only the intents its route module declares, 400 for anything else.
 *
 * A route module with an action exports its intents as `export const Intent = intents(…)`, a
 * `z.discriminatedUnion('intent', …)`; the permission matrix reads that export to require a
 * line for every intent of every action. Each option is a small object: the intent literal and
 * the few fields that intent needs on top of its form (an index, a file field name …); the
 * form itself is parsed with its own schema afterwards.
 *
 * A button that names an item as well posts `value="{intent}:{argument}"` (e.g. `move-down:3`):
 * the argument arrives as the option's `argument` field.
 */

type IntentOption = z.ZodObject<{ intent: z.ZodLiteral<string> } & z.ZodRawShape>;

export function intents<const Options extends [IntentOption, ...IntentOption[]]>(...options: Options) {
  return z.discriminatedUnion('intent', options);
}

/** An intent that takes no more than its name. */
export function intent<const Name extends string>(name: Name) {
  return z.object({ intent: z.literal(name) });
}

export type IntentSchema = z.ZodDiscriminatedUnion<'intent', IntentOption[]>;

/** The intent names a route's `Intent` answers. */
export function intentNames(schema: IntentSchema): string[] {
  return schema.options.map((option) => option.shape.intent.value);
}

/** The largest intent value read (name and argument); longer ones are refused unread. */
const MAX_INTENT_LENGTH = 200;

/**
 * Reads the intent of a posted form against the route's `Intent`. Anything else (no intent, an
 * unknown one, a file or an overlong value, fields of the wrong shape) throws a 400 response
 * that says what was wrong, so a tampered or stale form never reaches a write.
 */
export function parseIntent<Schema extends IntentSchema>(
  formData: FormData,
  schema: Schema,
  options: { fallback?: string } = {},
): z.infer<Schema> {
  const posted = formData.getAll('intent');
  if (posted.length > 1) throw badIntent('several at once');
  const raw = posted[0] ?? options.fallback ?? null;
  if (typeof raw !== 'string' || raw.length > MAX_INTENT_LENGTH) throw badIntent(raw);
  const colon = raw.indexOf(':');
  const name = colon === -1 ? raw : raw.slice(0, colon);
  const fields: Record<string, unknown> = { intent: name };
  if (colon !== -1) fields.argument = raw.slice(colon + 1);
  const option = schema.options.find((candidate) => candidate.shape.intent.value === name);
  if (!option) throw badIntent(raw);
  for (const key of Object.keys(option.shape)) {
    if (key === 'intent' || key === 'argument') continue;
    const values = formData.getAll(key);
    if (values.length === 1) fields[key] = values[0];
    else if (values.length > 1) fields[key] = values;
  }
  const parsed = schema.safeParse(fields);
  if (!parsed.success) {
    throw new Response(`The form's "${name}" request was not complete: ${parsed.error.issues[0]?.message ?? 'invalid'}.`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  return parsed.data as z.infer<Schema>;
}

function badIntent(raw: unknown): Response {
  const shown = typeof raw === 'string' ? `"${raw.slice(0, 40)}"` : raw === null ? 'nothing' : 'a file';
  return new Response(`This form cannot do ${shown}. Reload the page and try again.`, {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
