import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../storage/upload';
import { bodyLimitFor, bodyTooLargeMessage, ByteCounter, declaredLength, MAX_BODY_BYTES, MAX_MULTIPART_BODY_BYTES } from './limits';

describe('body limits', () => {
  it('1 MB for everything but multipart; uploads get a file at the upload limit plus the form around it', () => {
    expect(MAX_BODY_BYTES).toBe(1_048_576);
    expect(MAX_MULTIPART_BODY_BYTES).toBe(MAX_UPLOAD_BYTES + MAX_BODY_BYTES);
    expect(bodyLimitFor('application/x-www-form-urlencoded')).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor('application/json')).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor(undefined)).toBe(MAX_BODY_BYTES);
    expect(bodyLimitFor('Multipart/Form-Data; boundary=x')).toBe(MAX_MULTIPART_BODY_BYTES);
    expect(bodyLimitFor('multipart/mixed; boundary=x')).toBe(MAX_BODY_BYTES);
  });

  it('says what happened in plain words', () => {
    expect(bodyTooLargeMessage(MAX_BODY_BYTES)).toBe('This request is too large (over 1 MB). Nothing was saved.');
    expect(bodyTooLargeMessage(MAX_MULTIPART_BODY_BYTES)).toBe('This request is too large (over 100 MB). Nothing was saved.');
  });

  it('reads Content-Length; repeated differing or malformed values are invalid', () => {
    expect(declaredLength(undefined)).toBeNull();
    expect(declaredLength('0')).toBe(0);
    expect(declaredLength('157286400')).toBe(157_286_400);
    expect(declaredLength('12, 12')).toBe(12);
    expect(declaredLength('12, 13')).toBe('invalid');
    expect(declaredLength('-1')).toBe('invalid');
    expect(declaredLength('1e9')).toBe('invalid');
    expect(declaredLength('99999999999999999999')).toBe('invalid');
  });

  it('counts bytes as they arrive and says when the limit is passed', () => {
    const counter = new ByteCounter(10);
    expect(counter.add(4)).toBe(true);
    expect(counter.add(6)).toBe(true);
    expect(counter.exceeded).toBe(false);
    expect(counter.add(1)).toBe(false);
    expect(counter.exceeded).toBe(true);
    expect(counter.bytes).toBe(11);
  });
});
