import { describe, expect, it } from 'vitest';
import { createHoneypot, HONEYPOT_NAME_FIELD, HONEYPOT_VALID_FROM_FIELD, SpamError } from './honeypot';

const honeypot = createHoneypot({ secret: 'honeypot-secret', now: () => 1_000_000 });

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('honeypot', () => {
  const props = honeypot.getInputProps({ validFromTimestamp: 999_000 });

  it("answers remix-utils HoneypotInputs' props", () => {
    expect(props).toEqual({
      nameFieldName: HONEYPOT_NAME_FIELD,
      validFromFieldName: HONEYPOT_VALID_FROM_FIELD,
      encryptedValidFrom: expect.any(String),
    });
  });

  it('passes a form a person filled in', () => {
    expect(() => honeypot.check(form({ [HONEYPOT_NAME_FIELD]: '', [HONEYPOT_VALID_FROM_FIELD]: props.encryptedValidFrom }))).not.toThrow();
  });

  it('refuses a filled, missing or forged honeypot', () => {
    const cases = [
      form({ [HONEYPOT_NAME_FIELD]: 'Buy now', [HONEYPOT_VALID_FROM_FIELD]: props.encryptedValidFrom }),
      form({ [HONEYPOT_VALID_FROM_FIELD]: props.encryptedValidFrom }),
      form({ [HONEYPOT_NAME_FIELD]: '' }),
      form({ [HONEYPOT_NAME_FIELD]: '', [HONEYPOT_VALID_FROM_FIELD]: '999000.forged' }),
      form({
        [HONEYPOT_NAME_FIELD]: '',
        [HONEYPOT_VALID_FROM_FIELD]: createHoneypot({ secret: 'other' }).getInputProps().encryptedValidFrom,
      }),
      form({
        [HONEYPOT_NAME_FIELD]: '',
        [HONEYPOT_VALID_FROM_FIELD]: honeypot.getInputProps({ validFromTimestamp: 2_000_000 }).encryptedValidFrom,
      }),
    ];
    for (const data of cases) expect(() => honeypot.check(data)).toThrow(SpamError);
  });
});
