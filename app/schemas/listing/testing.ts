import { parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';

/**
 * Test support for the list editors' schemas: a form posted as name/value pairs (the names
 * conform gives nested fields: `coordinates.latitude`, `hours.Mon[0].open`), parsed as the
 * action parses it.
 */
export function submit<Schema extends z.ZodTypeAny>(schema: Schema, entries: Record<string, string> | Array<[string, string]>) {
  const formData = new FormData();
  for (const [name, value] of Array.isArray(entries) ? entries : Object.entries(entries)) formData.append(name, value);
  return parseWithZod(formData, { schema });
}

/** The parsed value, or a failure naming the errors. */
export function valueOf<Schema extends z.ZodTypeAny>(
  schema: Schema,
  entries: Record<string, string> | Array<[string, string]>,
): z.output<Schema> {
  const submission = submit(schema, entries);
  if (submission.status !== 'success') throw new Error(`expected a valid form, got ${JSON.stringify(submission.error)}`);
  return submission.value;
}

/** The errors by field name ({} when the form is valid). */
export function errorsOf<Schema extends z.ZodTypeAny>(
  schema: Schema,
  entries: Record<string, string> | Array<[string, string]>,
): Record<string, string[] | null> {
  const submission = submit(schema, entries);
  return submission.status === 'error' ? (submission.error ?? {}) : {};
}
