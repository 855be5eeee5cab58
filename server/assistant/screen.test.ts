import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeDb } from '@server/db/types';
import { createPaths } from '@server/paths';
import { AiTextError, createOfflineAiText, type AiTextProvider } from '@server/providers/ai-text';
import { closeTestDbs, openTestDb, recordingJobs } from '../../jobs/testing/fixtures';
import { readPrompt, saveResponses, startPrompt, type HistoryOwner } from './history';
import {
  describeEdited,
  loadAssistantScreen,
  removeResponse,
  reworkEdited,
  reworkResponse,
  searchPrompt,
  useResponse,
  type AssistantDeps,
} from './screen';

const paths = createPaths('amc');
let db: RealtimeDb;
let people = 0;
const owner = (): HistoryOwner => ({ uid: `screen-${(people += 1)}`, community: 'demo-campground', assistantPath: 'events' });
const refusing: AiTextProvider = {
  offline: false,
  async ideas() {
    throw new AiTextError('network', 'down');
  },
  async rework() {
    throw new AiTextError('rate-limited', '429', 429, 30);
  },
  async describe() {
    throw new AiTextError('timeout', 'slow');
  },
};
const deps = (aiText: AiTextProvider = createOfflineAiText()): AssistantDeps => ({
  db,
  paths,
  aiText,
  jobs: Object.assign(recordingJobs(), { jobStatus: async () => null }),
});

beforeAll(async () => {
  db = await openTestDb('assistant-screen');
});
afterAll(closeTestDbs);

describe('the assistant screen', () => {
  it('lists the history newest first with its headers, says it is offline, and opens the asked prompt', async () => {
    const who = owner();
    const old = await startPrompt({ db, paths }, who, 'Bingo night', Date.UTC(2026, 0, 2, 15));
    await saveResponses({ db, paths }, who, old.promptKey, [{ title: 'Bingo', description: 'Fun' }]);
    await startPrompt(
      { db, paths },
      who,
      'A very long prompt about a pancake breakfast by the lake for all of our guests',
      Date.UTC(2026, 0, 3, 15),
    );
    const screen = await loadAssistantScreen(
      deps(),
      { ...who, communities: ['demo-campground'] },
      { run: null, open: old.promptKey, edit: null },
    );
    expect(screen.offline).toBe(true);
    expect(screen.offlineMessage).toContain('offline');
    expect(screen.prompts.map((prompt) => prompt.header)).toEqual([
      '01/03/2026 A very long prompt about a pancake breakfast by the lake for all ...',
      '01/02/2026 Bingo night',
    ]);
    expect(screen.open).toBe(old.promptKey);
    expect(screen.prompts[1]!.responses[0]).toMatchObject({ title: 'Bingo', description: 'Fun' });
  });

  it('starts a run as a job of its prompt', async () => {
    const who = owner();
    const services = deps();
    const answer = await searchPrompt(services, who, { product: 'amc', prompt: 'Movie night', appType: 'city', context: {}, now: 5_000 });
    expect(answer).toMatchObject({ kind: 'run' });
    const jobs = services.jobs as unknown as ReturnType<typeof recordingJobs>;
    expect(jobs.added).toHaveLength(1);
    expect(jobs.added[0]).toMatchObject({
      name: 'ai-assistant',
      payload: { prompt: 'Movie night', appType: 'city', uid: who.uid },
      options: { attempts: 1 },
    });
  });

  it("reworks a stored response's field and keeps the old text; a refusal is a 503 with the assistant's words", async () => {
    const who = owner();
    const { promptKey } = await startPrompt({ db, paths }, who, 'Karaoke', 1_000);
    const [responseKey] = await saveResponses({ db, paths }, who, promptKey, [{ title: 'Karaoke Night', description: 'Sing along.' }]);
    expect(await reworkResponse(deps(), who, { promptKey, responseKey: responseKey!, field: 'title', action: 'emojify' })).toEqual({
      kind: 'reworked',
      promptKey,
    });
    const stored = await readPrompt({ db, paths }, who, promptKey);
    expect(stored!.responses[0]!.properties[0]).toEqual({ id: 'title', text: '🎶 Karaoke Night', history: ['Karaoke Night'] });
    expect(await reworkResponse(deps(refusing), who, { promptKey, responseKey: responseKey!, field: 'title', action: 'shorten' })).toEqual({
      kind: 'refused',
      status: 503,
      message: 'The writing assistant is busy (too many requests). Please try again in 30 seconds.',
    });
    expect(await useResponse(deps(), who, promptKey, responseKey!)).toEqual({
      kind: 'use',
      title: '🎶 Karaoke Night',
      description: 'Sing along.',
    });
    expect(await removeResponse(deps(), who, promptKey, responseKey!)).toMatchObject({ kind: 'deleted' });
    expect(await useResponse(deps(), who, promptKey, responseKey!)).toMatchObject({ kind: 'refused', status: 404 });
  });

  it('edit-only mode writes a missing description from the title and saves nothing; failures are said in words', async () => {
    const who = owner();
    // The page's GET asks nothing of the writing assistant: it says a description is to be written (a post).
    const screen = await loadAssistantScreen(
      deps(refusing),
      { ...who, communities: [] },
      { run: null, open: null, edit: { title: 'Bingo Night', description: '' } },
    );
    expect(screen.edit).toEqual({ title: 'Bingo Night', description: '', error: null, describe: true });
    const written = await loadAssistantScreen(
      deps(refusing),
      { ...who, communities: [] },
      { run: null, open: null, edit: { title: 'Bingo Night', description: 'Ours' } },
    );
    expect(written.edit?.describe).toBe(false);
    expect(await describeEdited(deps(), 'events', 'Bingo Night')).toEqual({
      kind: 'edited',
      title: 'Bingo Night',
      description: 'Join us for Bingo Night. More details about this event will follow.',
      error: null,
    });
    expect(await describeEdited(deps(refusing), 'events', 'Bingo')).toEqual({
      kind: 'edited',
      title: 'Bingo',
      description: '',
      error: 'The writing assistant took too long. Please try again.',
    });
    expect(
      await reworkEdited(deps(), 'events', {
        title: 'Bingo Night Tonight At Eight Sharp',
        description: 'x',
        field: 'title',
        action: 'shorten',
      }),
    ).toEqual({
      kind: 'edited',
      title: 'Bingo Night Tonight At Eight',
      description: 'x',
      error: null,
    });
    expect((await db.ref(paths.aiPrompts(who.uid, who.community, 'events')).get()).exists()).toBe(false);
  });
});
