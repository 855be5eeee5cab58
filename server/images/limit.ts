import { availableParallelism } from 'node:os';

/**
 * A bound on image work in the server. Decoding a 6000x4000 JPEG holds a 96 MB bitmap, and
 * cropping, rescaling and blurring it draw several more canvases; 20 parallel uploads (spec 03
 * §9) each doing that at once would hold gigabytes. Image work therefore runs in a few slots
 * (one per two cores, at least 2, at most 4); the rest wait in
 * order. The uploads themselves still arrive in parallel: only the decoding and drawing queue.
 * The figures are in README "Benchmarks" (npm run bench:uploads).
 *
 * Since docs/decisions/013 the slots are the worker pool's threads (server/pool sizes itself
 * with defaultImageConcurrency); the semaphore here is kept for code that must bound work in
 * its own thread.
 */

export function defaultImageConcurrency(): number {
  return Math.min(4, Math.max(2, Math.floor(availableParallelism() / 2)));
}

export interface Semaphore {
  readonly limit: number;
  /** Jobs running now. */
  readonly running: number;
  /** Jobs waiting for a slot. */
  readonly waiting: number;
  run<T>(job: () => Promise<T>): Promise<T>;
}

export function createSemaphore(limit: number): Semaphore {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a semaphore needs a limit of 1 or more, not ${limit}`);
  let running = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    running -= 1;
    const next = queue.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return {
    limit,
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await job();
      } finally {
        release();
      }
    },
  };
}

let slots: Semaphore | null = null;

/** The process's image slots. */
export function imageSlots(): Semaphore {
  return (slots ??= createSemaphore(defaultImageConcurrency()));
}

/** Runs image work in one of the process's slots. */
export function withImageSlot<T>(job: () => Promise<T>): Promise<T> {
  return imageSlots().run(job);
}
