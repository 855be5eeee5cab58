import type { RealtimeDb } from '@server/db/types';
import type { CalendarImportPort } from '@server/events/import/sources';
import type { Mailer } from '@server/mail/types';
import type { PushPort } from '@server/messages/push/types';
import type { Paths } from '@server/paths';
import type { AiTextProvider } from '@server/providers/ai-text/types';
import type { FileStorage } from '@server/storage/types';
import type { JobQueue } from './ports';

/** What processors and the runtime log through; `console` fits. */
export interface Logger {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
  debug?(message: string, ...details: unknown[]): void;
}

/** The services every processor receives. */
export interface JobDeps {
  db: RealtimeDb;
  /** Paths of this deployment's product. */
  paths: Paths;
  mailer: Mailer;
  log: Logger;
  /** Calendar import sources; without it the HTTP adapters run and Google is offline. */
  calendarImports?: CalendarImportPort;
  /** Push notifications; without it the recorded outbox in the database. */
  push?: PushPort;
  /** Where processors store what they make (calendar feeds, printouts); the jobs that write files fail without it. */
  storage?: FileStorage;
  /** The console's public address (PUBLIC_URL), for addresses written into files. */
  publicUrl?: string | null;
  /** The AI writing assistant; without it the offline default. */
  aiText?: AiTextProvider;
  /** Where processors queue follow-up jobs; the runtime fills it with itself. */
  jobs?: JobQueue;
}

/** What a processor may know and tell about the job it runs. */
export interface JobContext {
  /** Reports progress (0–100) that pages show while the job runs. */
  reportProgress(percent: number, message?: string): Promise<void>;
  /** This attempt's number, from 1. */
  readonly attempt: number;
  /** Attempts the job has in all. */
  readonly attempts: number;
  /** True when a failure now will not be retried. */
  readonly finalAttempt: boolean;
}

export type Processor<Payload, Result> = (payload: Payload, deps: JobDeps, job: JobContext) => Promise<Result>;

/** A context for running a processor outside the queue (tests, scripts). */
export function directJobContext(
  options: { attempt?: number; attempts?: number; onProgress?: (percent: number, message?: string) => void } = {},
): JobContext {
  const attempt = options.attempt ?? 1;
  const attempts = options.attempts ?? 1;
  return {
    attempt,
    attempts,
    finalAttempt: attempt >= attempts,
    async reportProgress(percent, message) {
      options.onProgress?.(percent, message);
    },
  };
}
