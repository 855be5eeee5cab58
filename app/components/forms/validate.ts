import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { z, type ZodTypeAny } from 'zod';

/**
 * conform's `onValidate` for a form whose other submit buttons are steps the server answers
 * (upload a file, apply a choice, search): only the save checks the whole form in the browser;
 * a step posts as it is, and the server shows the form again with what was typed. (conform
 * validates every submit; it does not honour the button's formNoValidate.)
 */
export function validateOnSave<Schema extends ZodTypeAny>(schema: Schema, saveIntents: readonly string[] = ['save']) {
  return ({
    formData,
    submitter,
  }: {
    formData: FormData;
    submitter: HTMLInputElement | HTMLButtonElement | null;
  }): Submission<z.input<Schema>, string[], z.output<Schema>> => {
    const intent = submitter?.name === 'intent' ? submitter.value : 'save';
    const step = !saveIntents.includes(intent) && !formData.has('__intent__');
    return parseWithZod(formData, { schema: step ? z.any() : schema }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
  };
}
