import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedDb, type EmbeddedDb } from '@server/db';
import { createPaths } from '@server/paths';
import { makeTempDir } from '../../tests/setup/tmp';
import { calendarIndex, closeCalendarIndexes } from './calendar-index';
import { liveCalendarStream, liveStreamCount, MAX_LIVE_CONNECTIONS } from './live';

/** The live route's streams: a change of the calendar is told once, and the process holds a bounded number of streams. */

let db: EmbeddedDb;
const paths = createPaths('amc');

beforeAll(() => {
  db = createEmbeddedDb({ file: join(makeTempDir('public-live'), 'rtdb.sqlite') });
});
afterAll(async () => {
  closeCalendarIndexes(db);
  await db.close();
});

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string): Promise<string> {
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    seen += decoder.decode(value);
  }
  return seen;
}

describe('live calendar streams', () => {
  it('say ready, then one change for a burst of writes, and end when the page goes', async () => {
    const index = await calendarIndex({ db, paths }, 'live-a', 'activities');
    const controller = new AbortController();
    const stream = liveCalendarStream(index, controller.signal)!;
    const reader = stream.getReader();
    expect(await readUntil(reader, 'event: ready')).toMatch(/^retry: 15000\nevent: ready\ndata: \d+\n\n/);
    const event = paths.calendarEvent('live-a', 'activities', 'ev-1');
    await db.ref(event).set({ title: 'Bingo', startDate: Date.now() + 864e5 });
    await db.ref(`${event}/title`).set('Bingo Night');
    const change = await readUntil(reader, 'event: change');
    expect(change.match(/event: change/g)).toHaveLength(1);
    expect(index.range(Date.now(), Date.now() + 2 * 864e5).map((occurrence) => occurrence.title)).toEqual(['Bingo Night']);
    const before = liveStreamCount();
    controller.abort();
    expect(liveStreamCount()).toBe(before - 1);
    expect(index.listenerCount).toBe(0);
  });

  it('refuses streams past the maximum', async () => {
    const index = await calendarIndex({ db, paths }, 'live-b', 'activities');
    const controller = new AbortController();
    const streams = [];
    while (liveStreamCount() < MAX_LIVE_CONNECTIONS) streams.push(liveCalendarStream(index, controller.signal));
    expect(streams.every(Boolean)).toBe(true);
    expect(liveCalendarStream(index, controller.signal)).toBeNull();
    controller.abort();
    expect(liveStreamCount()).toBe(0);
    const again = new AbortController();
    expect(liveCalendarStream(index, again.signal)).not.toBeNull();
    again.abort();
  });
});
