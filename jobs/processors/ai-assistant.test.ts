import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readHistory, type HistoryOwner } from '@server/assistant/history';
import { AI_ASSISTANT_TEXTS, startRun } from '@server/assistant/run';
import type { RealtimeDb } from '@server/db/types';
import { viewJobStatus } from '@server/jobs/status';
import { createOutboxMailer } from '@server/mail/outbox';
import { createPaths } from '@server/paths';
import { AiTextError, createOfflineAiText, type AiTextProvider } from '@server/providers/ai-text';
import { createJobRuntime, type JobRuntime } from '../runtime';
import { closeTestDbs, deleteRedisKeys, eventually, openTestDb, TEST_REDIS_URL, testLogger, testRedisPrefix } from '../testing/fixtures';
import { aiAssistantFailure } from './ai-assistant.queue';

/**
 * The ai-assistant job through the real Redis and the embedded database: a run queued by the
 * dialog's use case saves its drafts and ends 'done' on the job-status piece; a run that fails
 * removes its pending prompt and ends 'failed' with the writing assistant's words; a second post
 * of the same prompt within the minute is the same job.
 */

const prefix = testRedisPrefix('ai-assistant');
const paths = createPaths('amc');
const runtimes: JobRuntime[] = [];
let db: RealtimeDb;

beforeAll(async () => {
  db = await openTestDb('ai-assistant');
});
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.close()));
});
afterAll(async () => {
  await deleteRedisKeys(prefix);
  await closeTestDbs();
});

function runtimeWith(aiText: AiTextProvider): JobRuntime {
  const runtime = createJobRuntime({
    redisUrl: TEST_REDIS_URL,
    prefix,
    deps: { db, paths, mailer: createOutboxMailer({ db, paths }), log: testLogger(), aiText },
    pingTimeoutMs: 5_000,
  });
  runtimes.push(runtime);
  return runtime;
}

const ended = (runtime: JobRuntime, id: string) =>
  eventually(
    async () => {
      const seen = await viewJobStatus({ jobs: runtime }, { queue: 'ai-assistant', id, communities: ['demo-campground'] });
      return seen?.state === 'done' || seen?.state === 'failed' ? seen : undefined;
    },
    { timeoutMs: 20_000 },
  );

describe('the ai-assistant job', () => {
  it('saves the drafts of a run and ends done; the same post again is the same job', async () => {
    const runtime = runtimeWith(createOfflineAiText());
    const owner: HistoryOwner = { uid: 'run-ok', community: 'demo-campground', assistantPath: 'events' };
    const input = {
      product: 'amc',
      prompt: 'a pancake breakfast',
      appType: 'resort' as const,
      context: { title: 'Breakfast' },
      now: Date.now(),
    };
    const first = await startRun({ db, paths, jobs: runtime }, owner, input);
    const second = await startRun({ db, paths, jobs: runtime }, owner, input);
    expect(first.kind).toBe('started');
    expect(second).toMatchObject({ kind: 'started', reused: true });
    if (first.kind !== 'started' || second.kind !== 'started') return;
    expect(second.jobId).toBe(first.jobId);
    expect(await runtime.startWorkers()).toBe(true);
    expect(await ended(runtime, first.jobId)).toMatchObject({
      title: 'AI Assistant',
      state: 'done',
      lines: [AI_ASSISTANT_TEXTS.drafts(2)],
    });
    const history = await readHistory({ db, paths }, owner);
    expect(history).toHaveLength(1);
    expect(history[0]!.responses.map((response) => response.properties[0]!.text)).toEqual(
      expect.arrayContaining(['A Pancake Breakfast', 'Breakfast']),
    );
    // Another community's staff do not see the job.
    expect(await viewJobStatus({ jobs: runtime }, { queue: 'ai-assistant', id: first.jobId, communities: ['demo-town'] })).toBeNull();
  }, 40_000);

  it('a failed run removes the pending prompt and ends failed with a clear message', async () => {
    const failing: AiTextProvider = {
      ...createOfflineAiText(),
      offline: false,
      async ideas() {
        throw new AiTextError('rate-limited', 'openai: 429', 429, 20);
      },
    };
    const runtime = runtimeWith(failing);
    const owner: HistoryOwner = { uid: 'run-fails', community: 'demo-campground', assistantPath: 'hunts' };
    const started = await startRun({ db, paths, jobs: runtime }, owner, {
      product: 'amc',
      prompt: 'a treasure hunt',
      appType: null,
      context: {},
      now: Date.now(),
    });
    if (started.kind !== 'started') throw new Error('not queued');
    expect(await readHistory({ db, paths }, owner)).toHaveLength(1);
    expect(await runtime.startWorkers()).toBe(true);
    expect(await ended(runtime, started.jobId)).toMatchObject({
      state: 'failed',
      error: 'The writing assistant is busy (too many requests). Please try again in 20 seconds.',
    });
    expect(await readHistory({ db, paths }, owner)).toEqual([]);
  }, 40_000);

  it('shows the writing assistant’s own words, and the general failure for anything else', () => {
    expect(aiAssistantFailure('The writing assistant took too long. Please try again.')).toBe(
      'The writing assistant took too long. Please try again.',
    );
    expect(aiAssistantFailure('TypeError: x is undefined')).toBe(AI_ASSISTANT_TEXTS.failed);
  });
});
