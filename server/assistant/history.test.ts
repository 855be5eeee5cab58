import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeDb } from '@server/db/types';
import { createPaths } from '@server/paths';
import { AiTextError, createOfflineAiText, type AiTextProvider } from '@server/providers/ai-text';
import { closeTestDbs, openTestDb, recordingJobs } from '../../jobs/testing/fixtures';
import {
  deleteResponse,
  failRun,
  isResponseKey,
  newResponseKey,
  promptHeader,
  readHistory,
  RUN_UNDER_WAY_MS,
  RunUnderWay,
  readPrompt,
  replaceField,
  saveResponses,
  startPrompt,
  type HistoryOwner,
} from './history';
import { AiRunFailed, performRun, startRun } from './run';

const paths = createPaths('amc');
let db: RealtimeDb;
let owners = 0;
/** Each test its own person: nothing shared. */
const owner = (): HistoryOwner => ({ uid: `person-${(owners += 1)}`, community: 'demo-campground', assistantPath: 'events' });
const idea = (title: string) => ({ title, description: `About ${title}.` });

beforeAll(async () => {
  db = await openTestDb('assistant-history');
});
afterAll(closeTestDbs);

describe('the prompt header and response keys', () => {
  it('shows the date then the prompt, cut to 65 characters and an ellipsis when over 50', () => {
    const date = Date.UTC(2026, 5, 6, 12);
    expect(promptHeader(date, 'Pancake breakfast', 'America/New_York')).toBe('06/06/2026 Pancake breakfast');
    const fifty = 'x'.repeat(50);
    expect(promptHeader(date, fifty, 'UTC')).toBe(`06/06/2026 ${fifty}`);
    const long = `${'a'.repeat(60)}bcdefghijk`;
    expect(promptHeader(date, long, 'UTC')).toBe(`06/06/2026 ${'a'.repeat(60)}bcdef...`);
    // 51 to 65 characters: over 50, so the ellipsis is added though nothing is cut (as the spec gives it).
    expect(promptHeader(date, 'y'.repeat(55), 'UTC')).toBe(`06/06/2026 ${'y'.repeat(55)}...`);
    // The community's day, not the server's.
    expect(promptHeader(Date.UTC(2026, 5, 6, 2), 'late', 'America/Los_Angeles')).toBe('06/05/2026 late');
  });

  it('makes 20-character keys of letters, digits, underscore and hyphen, and accepts only those', () => {
    for (let index = 0; index < 200; index += 1) expect(isResponseKey(newResponseKey())).toBe(true);
    expect(isResponseKey('abcdefghij0123456789')).toBe(true);
    expect(isResponseKey('abc-_fghij0123456789')).toBe(true);
    expect(isResponseKey('abcdefghij012345678')).toBe(false);
    expect(isResponseKey('abcdefghij0123456789x')).toBe(false);
    expect(isResponseKey('abcdefghij01234567.9')).toBe(false);
  });
});

describe('the prompt history', () => {
  it('reuses a prompt of identical text (its date moves, its responses stay) and lists newest first', async () => {
    const who = owner();
    const first = await startPrompt({ db, paths }, who, 'Pancake breakfast', 1_000);
    await saveResponses({ db, paths }, who, first.promptKey, [idea('Pancakes')]);
    const second = await startPrompt({ db, paths }, who, 'Bingo night', 2_000);
    await saveResponses({ db, paths }, who, second.promptKey, [idea('Bingo')]);
    const again = await startPrompt({ db, paths }, who, '  Pancake breakfast ', 3_000);
    expect(first.reused).toBe(false);
    expect(second.promptKey).not.toBe(first.promptKey);
    expect(again).toEqual({ promptKey: first.promptKey, reused: true });
    const history = await readHistory({ db, paths }, who);
    expect(history.map((prompt) => [prompt.prompt, prompt.date])).toEqual([
      ['Pancake breakfast', 3_000],
      ['Bingo night', 2_000],
    ]);
    expect(history[0]!.responses).toHaveLength(1);
    const stored = (await db.ref(paths.aiPrompt(who.uid, who.community, 'events', first.promptKey)).get()).val();
    const [key] = Object.keys(stored.responses);
    expect(stored.responses[key!]).toEqual({
      properties: [
        { id: 'title', text: 'Pancakes' },
        { id: 'description', text: 'About Pancakes.' },
      ],
    });
  });

  it('runs one prompt at a time: another prompt waits for the run under way, or for its marker to grow stale', async () => {
    const who = owner();
    const first = await startPrompt({ db, paths }, who, 'Hayride', 10_000);
    await expect(startPrompt({ db, paths }, who, 'Craft fair', 11_000)).rejects.toEqual(new RunUnderWay(first.promptKey));
    // The same prompt posted again joins its own run.
    expect(await startPrompt({ db, paths }, who, 'Hayride', 12_000)).toEqual({ promptKey: first.promptKey, reused: true });
    // Its drafts saved, the next prompt may run.
    await saveResponses({ db, paths }, who, first.promptKey, [idea('Hayride')]);
    expect((await db.ref(paths.aiPrompt(who.uid, who.community, 'events', first.promptKey)).get()).val().running).toBeUndefined();
    const second = await startPrompt({ db, paths }, who, 'Craft fair', 13_000);
    // A run that died without a word stops nobody after RUN_UNDER_WAY_MS.
    const third = await startPrompt({ db, paths }, who, 'Chili cook-off', 13_000 + RUN_UNDER_WAY_MS);
    expect(third.promptKey).not.toBe(second.promptKey);
  });

  it('of two different prompts posted at once, exactly one starts', async () => {
    const who = owner();
    const outcomes = await Promise.allSettled([
      startPrompt({ db, paths }, who, 'Luau', 1_000),
      startPrompt({ db, paths }, who, 'Regatta', 1_000),
      startPrompt({ db, paths }, who, 'Parade', 1_000),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => (outcome as PromiseRejectedResult).reason)).toEqual(
      [expect.any(RunUnderWay), expect.any(RunUnderWay)],
    );
    expect(await readHistory({ db, paths }, who)).toHaveLength(1);
  });

  it('a failed run removes its pending prompt, but not a reused prompt that has responses', async () => {
    const who = owner();
    const pending = await startPrompt({ db, paths }, who, 'Movie night', 1_000);
    expect(await failRun({ db, paths }, who, pending.promptKey)).toBe(true);
    expect(await readPrompt({ db, paths }, who, pending.promptKey)).toBeNull();
    const answered = await startPrompt({ db, paths }, who, 'Swim meet', 2_000);
    await saveResponses({ db, paths }, who, answered.promptKey, [idea('Swim')]);
    await startPrompt({ db, paths }, who, 'Swim meet', 3_000);
    expect(await failRun({ db, paths }, who, answered.promptKey)).toBe(false);
    expect((await readPrompt({ db, paths }, who, answered.promptKey))?.responses).toHaveLength(1);
  });

  it('deleting the last response deletes the prompt', async () => {
    const who = owner();
    const { promptKey } = await startPrompt({ db, paths }, who, 'Trivia', 1_000);
    const [one, two] = await saveResponses({ db, paths }, who, promptKey, [idea('Trivia'), idea('Quiz')]);
    expect(await deleteResponse({ db, paths }, who, promptKey, one!)).toBe('response');
    expect((await readPrompt({ db, paths }, who, promptKey))?.responses.map((response) => response.key)).toEqual([two]);
    expect(await deleteResponse({ db, paths }, who, promptKey, one!)).toBe('none');
    expect(await deleteResponse({ db, paths }, who, promptKey, two!)).toBe('prompt');
    expect(await readPrompt({ db, paths }, who, promptKey)).toBeNull();
    expect(await readHistory({ db, paths }, who)).toEqual([]);
  });

  it('a reworked field keeps its earlier texts in its history', async () => {
    const who = owner();
    const { promptKey } = await startPrompt({ db, paths }, who, 'Dance', 1_000);
    const [key] = await saveResponses({ db, paths }, who, promptKey, [idea('Dance')]);
    expect(await replaceField({ db, paths }, who, promptKey, key!, 'title', 'Barn Dance')).toBe(true);
    expect(await replaceField({ db, paths }, who, promptKey, key!, 'title', 'Barn Dance Night')).toBe(true);
    const response = (await readPrompt({ db, paths }, who, promptKey))!.responses[0]!;
    expect(response.properties).toEqual([
      { id: 'title', text: 'Barn Dance Night', history: ['Dance', 'Barn Dance'] },
      { id: 'description', text: 'About Dance.', history: [] },
    ]);
    expect(await replaceField({ db, paths }, who, promptKey, 'abcdefghij0123456789', 'title', 'x')).toBe(false);
  });
});

describe('a run', () => {
  const failing: AiTextProvider = {
    ...createOfflineAiText(),
    offline: false,
    async ideas() {
      throw new AiTextError('timeout', 'no answer');
    },
  };

  it('saves the drafts as responses of its prompt', async () => {
    const who = owner();
    const { promptKey } = await startPrompt({ db, paths }, who, 'a campfire sing-along', 1_000);
    const progress: number[] = [];
    const result = await performRun(
      { db, paths, aiText: createOfflineAiText() },
      who,
      { promptKey, prompt: 'a campfire sing-along', appType: 'resort', context: { location: 'Fire Pit' } },
      async (percent) => {
        progress.push(percent);
      },
    );
    expect(result).toEqual({ promptKey, responses: 2 });
    expect(progress).toEqual([10, 90]);
    const prompt = await readPrompt({ db, paths }, who, promptKey);
    expect(prompt!.responses[0]!.properties[1]!.text).toContain('Find us at Fire Pit.');
  });

  it('a failed run removes the pending prompt and says why', async () => {
    const who = owner();
    const { promptKey } = await startPrompt({ db, paths }, who, 'slow prompt', 1_000);
    const run = performRun(
      { db, paths, aiText: failing },
      who,
      { promptKey, prompt: 'slow prompt', appType: null, context: {} },
      async () => {},
    );
    await expect(run).rejects.toThrow(new AiRunFailed('The writing assistant took too long. Please try again.'));
    expect(await readPrompt({ db, paths }, who, promptKey)).toBeNull();
  });

  it('while jobs cannot be queued, the new prompt is removed again and the dialog says so', async () => {
    const who = owner();
    const jobs = { enqueue: async () => ({ queued: false as const, reason: 'redis down' }) };
    const answer = await startRun({ db, paths, jobs }, who, { product: 'amc', prompt: 'Yoga', appType: null, context: {}, now: 1_000 });
    expect(answer).toEqual({ kind: 'unavailable', message: 'The writing assistant is not available right now. Please try again later.' });
    expect(await readHistory({ db, paths }, who)).toEqual([]);
  });

  it('a second prompt while a run is under way is not queued, and the dialog says why', async () => {
    const who = owner();
    const jobs = recordingJobs();
    const first = await startRun({ db, paths, jobs }, who, { product: 'amc', prompt: 'Yoga', appType: null, context: {}, now: 1_000 });
    const second = await startRun({ db, paths, jobs }, who, { product: 'amc', prompt: 'Pilates', appType: null, context: {}, now: 2_000 });
    expect(first.kind).toBe('started');
    expect(second).toEqual({
      kind: 'under-way',
      promptKey: (first as { promptKey: string }).promptKey,
      message: 'The writing assistant is still working on your last prompt. Its drafts will appear here; then ask again.',
    });
    expect(jobs.added.map((job) => (job.payload as { prompt: string }).prompt)).toEqual(['Yoga']);
  });
});
