/**
 * Errors a processor throws to steer the job runtime. Processors stay plain functions:
 * the runtime translates these into BullMQ's own behaviour.
 */

/** Try this job again at `until` (epoch ms) without spending one of its attempts. */
export class RetryLaterError extends Error {
  constructor(
    readonly until: number,
    message: string,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

/** Retrying cannot help (bad input, a refused address): the job fails now. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}
