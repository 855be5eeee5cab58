import { expect } from 'vitest';
import { ImportError } from './sources';

/** The ImportError a calendar import's promise rejects with (tests only); fails when it resolves. */
export async function importFailure(promise: Promise<unknown>): Promise<ImportError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImportError);
    return error as ImportError;
  }
  throw new Error('expected a failure');
}
