import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateOnSave } from './validate';

const schema = z.object({ title: z.string({ required_error: 'Title is required.' }) });
const button = (value: string, name = 'intent') => ({ name, value }) as HTMLButtonElement;

describe('validateOnSave', () => {
  const validate = validateOnSave(schema, ['save', 'apply']);

  it('checks the whole form on save, on the other save intents and on a plain submit', () => {
    for (const submitter of [button('save'), button('apply'), null, button('x', 'other')]) {
      expect(validate({ formData: new FormData(), submitter }).status).toBe('error');
    }
  });

  it('lets a step post as it is', () => {
    const submission = validate({ formData: new FormData(), submitter: button('upload-svg') });
    expect(submission.status).toBe('success');
  });

  it("leaves conform's own intents (add or remove a row) to conform", () => {
    const formData = new FormData();
    formData.set('__intent__', JSON.stringify({ type: 'insert', payload: { name: 'rows' } }));
    expect(validate({ formData, submitter: button('anything') }).status).not.toBe('success');
  });
});
