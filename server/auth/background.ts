/**
 * Work a public form starts but does not wait for: the answer to "e-mail me a link" must be
 * the same, and come as fast, whether or not the address has an account, so looking the
 * address up, issuing the token and queueing the e-mail happen after the answer is on its way.
 * A failure is logged (nobody is waiting for it).
 */

const running = new Set<Promise<void>>();

export interface BackgroundLog {
  error(message: string, error?: unknown): void;
}

/** Starts `task` without waiting for it. */
export function runInBackground(label: string, task: () => Promise<unknown>, log: BackgroundLog = console): void {
  const promise: Promise<void> = Promise.resolve()
    .then(task)
    .then(
      () => undefined,
      (error: unknown) => log.error(`${label} failed:`, error),
    )
    .finally(() => running.delete(promise));
  running.add(promise);
}

/** Resolves once every task started so far (and any they start) has finished: tests, shutdown. */
export async function backgroundSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
