import type { z } from 'zod';
import type { Processor } from './types';

/**
 * One queue's declaration: its name, payload schema, options, status page and processor
 * together (`jobs/processors/<queue>.queue.ts` beside the processor's module; jobs/queues.ts
 * lists them). Adding a queue is one declaration and one line in that list: the runtime starts a
 * worker for every queue it lists.
 *
 * The processor is named by `load`, a dynamic import: a process that only queues jobs or reads
 * their status (the web server, most tests) never loads what the processors need (feeds,
 * the push services, the mailers); a worker loads a queue's processor with its first job of
 * that queue (jobs/handler.ts), and tries again with the next job when the import failed.
 */

/** A finished job's outcome in words, for the job-status page (app/components/job-progress). */
export interface JobSummary {
  /** What the job did, one line each. */
  lines: string[];
  /** What it made, when it made a file. */
  /** `page`: a page of the console to go on to rather than a file to download. */
  download?: { href: string; label: string; page?: boolean } | null;
}

/** How people follow a job of the queue on the job-status page; a queue without it has no such page. */
export interface JobStatusDeclaration<Payload> {
  /** The page's heading ('Calendar Import'). */
  title: string;
  /** The community whose staff may follow the job (null: nobody). */
  community(payload: Payload): string | null;
  /** A completed job's outcome in words; `result` is the processor's return value as Redis kept it. */
  summary(result: unknown): JobSummary;
  /** A failed job's error in words (the processor's message is for the log). */
  failure(reason: string): string;
}

export interface QueueDefinition<Name extends string = string, Schema extends z.ZodTypeAny = z.ZodTypeAny, Result = unknown> {
  name: Name;
  schema: Schema;
  /** Jobs one worker process runs at once. */
  concurrency: number;
  description: string;
  /**
   * How long a running job's lock lasts (BullMQ's 30 s by default); a worker that dies holds its
   * jobs this long before another runs them again. The lock is renewed at half this time.
   */
  lockDurationMs?: number;
  /** The processor's module, imported by the worker (`async () => (await import('./x')).processX`). */
  load(): Promise<Processor<z.infer<Schema>, Result>>;
  status?: JobStatusDeclaration<z.infer<Schema>>;
}

export function defineQueue<const Name extends string, Schema extends z.ZodTypeAny, Result>(
  definition: QueueDefinition<Name, Schema, Result>,
): QueueDefinition<Name, Schema, Result> {
  return definition;
}
