import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The server side of the public forms' honeypot. The forms render remix-utils'
 * `HoneypotInputs` (remix-utils/honeypot/react): a hidden text field people never see and
 * leave empty, and a "valid from" field carrying when the form was served. This checks both
 * with the same field names and contract as remix-utils' own `Honeypot` class, which needs the
 * optional crypto-js package; here the timestamp is HMAC-signed with node:crypto instead of
 * encrypted (it is not a secret, only unforgeable).
 */

export const HONEYPOT_NAME_FIELD = 'name__confirm';
export const HONEYPOT_VALID_FROM_FIELD = 'from__confirm';

/** The props of remix-utils' HoneypotProvider. */
export interface HoneypotInputProps {
  nameFieldName: string;
  validFromFieldName: string | null;
  encryptedValidFrom: string;
}

export class SpamError extends Error {
  override name = 'SpamError';
}

export interface Honeypot {
  getInputProps(options?: { validFromTimestamp?: number }): HoneypotInputProps;
  /** Throws SpamError when the honeypot was filled, is missing or its timestamp is forged. */
  check(formData: FormData): void;
}

export function createHoneypot({ secret, now = Date.now }: { secret: string; now?: () => number }): Honeypot {
  const sign = (timestamp: string) => createHmac('sha256', secret).update(`honeypot\n${timestamp}`).digest('base64url');

  return {
    getInputProps({ validFromTimestamp = now() } = {}) {
      const timestamp = String(validFromTimestamp);
      return {
        nameFieldName: HONEYPOT_NAME_FIELD,
        validFromFieldName: HONEYPOT_VALID_FROM_FIELD,
        encryptedValidFrom: `${timestamp}.${sign(timestamp)}`,
      };
    },

    check(formData) {
      if (!formData.has(HONEYPOT_NAME_FIELD)) throw new SpamError('Missing honeypot input');
      if (formData.get(HONEYPOT_NAME_FIELD) !== '') throw new SpamError('Honeypot input not empty');
      const validFrom = formData.get(HONEYPOT_VALID_FROM_FIELD);
      if (typeof validFrom !== 'string' || validFrom === '') throw new SpamError('Missing honeypot valid from input');
      const [timestamp = '', signature = ''] = validFrom.split('.');
      const expected = Buffer.from(sign(timestamp));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw new SpamError('Invalid honeypot valid from input');
      }
      const time = Number(timestamp);
      if (!Number.isSafeInteger(time) || time <= 0) throw new SpamError('Invalid honeypot valid from input');
      if (time > now()) throw new SpamError('Honeypot valid from is in future');
    },
  };
}
