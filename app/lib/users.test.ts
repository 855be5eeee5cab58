import { describe, expect, it } from 'vitest';
import { ANONYMOUS_APPLE, NO_USER_ID, isAppleRelay, personLabel } from './users';

describe('personLabel', () => {
  it("says 'No User ID' when the lookup found nobody, or a profile without name and e-mail", () => {
    expect(personLabel(null)).toEqual({ title: NO_USER_ID, email: null });
    expect(personLabel({ name: ' ', email: '' })).toEqual({ title: NO_USER_ID, email: null });
  });
  it("shows an Apple relay address as 'Anonymous through Apple'", () => {
    expect(isAppleRelay('x7k2m9q4hz@privaterelay.appleid.com')).toBe(true);
    expect(personLabel({ email: 'x7k2m9q4hz@privaterelay.appleid.com' })).toEqual({ title: ANONYMOUS_APPLE, email: ANONYMOUS_APPLE });
    expect(personLabel({ name: 'Ann', email: 'X@PrivateRelay.AppleID.com' })).toEqual({ title: 'Ann', email: ANONYMOUS_APPLE });
  });
  it('names a person by name, else e-mail', () => {
    expect(personLabel({ name: 'Karen', email: 'k@x.example' })).toEqual({ title: 'Karen', email: 'k@x.example' });
    expect(personLabel({ email: 'k@x.example' })).toEqual({ title: 'k@x.example', email: 'k@x.example' });
  });
});
