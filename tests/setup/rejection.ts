import { expect } from 'vitest';

/**
 * The error `promise` rejects with, checked to be an `ErrorClass` (tests only); fails when the
 * promise resolves.
 */
export async function rejection<E extends Error>(
  promise: Promise<unknown>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any constructor of an E
  ErrorClass: abstract new (...args: any[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ErrorClass);
    return error as E;
  }
  throw new Error(`expected the promise to reject with ${ErrorClass.name}`);
}
