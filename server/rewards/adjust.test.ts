import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedDb } from '@server/db';
import type { DbValue } from '@server/db/types';
import type { Services } from '@server/services';
import { POINTS_CHANGE_TITLE, REWARDS_TEXTS } from '~/lib/rewards';
import { installTestServices } from '../../tests/setup/services';
import { changePoints, planPointsChange } from './adjust';

/**
 * A rewards user's points changed by staff (decision 045) against the embedded database: the
 * total and its history entry in one guarded update, never below zero, nothing lost under
 * changes at once — also through two connections to the database file.
 */

let services: Services;
let close: () => Promise<void>;
let community = '';
let counter = 0;

beforeAll(async () => {
  ({ services, close } = await installTestServices('rewards-adjust', { seed: false }));
});

afterAll(async () => {
  await close?.();
});

beforeEach(() => {
  // Each test its own community: tests never share rewards users.
  community = `rw${++counter}`;
});

async function user(uid: string, record: Record<string, DbValue>) {
  await services.db.ref(services.paths.rewardsUser(community, uid)).set(record);
}
const stored = async (uid: string) => (await services.db.ref(services.paths.rewardsUser(community, uid)).get()).val();
const historySum = (record: { history?: Record<string, { points: number }> }) =>
  Object.values(record.history ?? {}).reduce((sum, entry) => sum + entry.points, 0);

describe('planPointsChange (the rules)', () => {
  it('adds and removes points', () => {
    expect(planPointsChange(100, { mode: 'add', points: 50 })).toEqual({ ok: true, points: 50, total: 150 });
    expect(planPointsChange(100, { mode: 'add', points: -100 })).toEqual({ ok: true, points: -100, total: 0 });
  });
  it('never takes the total below zero', () => {
    expect(planPointsChange(100, { mode: 'add', points: -101 })).toEqual({
      ok: false,
      reason: 'below-zero',
      message: REWARDS_TEXTS.belowZero,
    });
  });
  it('sets a total against the total the page showed', () => {
    expect(planPointsChange(100, { mode: 'set', points: 40, was: 100 })).toEqual({ ok: true, points: -60, total: 40 });
    expect(planPointsChange(120, { mode: 'set', points: 40, was: 100 })).toMatchObject({ ok: false, reason: 'stale' });
    expect(planPointsChange(40, { mode: 'set', points: 40, was: 40 })).toMatchObject({ ok: false, reason: 'unchanged' });
  });
  it('refuses 0, fractions, negative totals and more than a million', () => {
    for (const change of [
      { mode: 'add', points: 0 },
      { mode: 'add', points: 1.5 },
      { mode: 'add', points: 1_000_001 },
      { mode: 'set', points: -1 },
      { mode: 'set', points: 1_000_001 },
    ] as const) {
      expect(planPointsChange(10, change), JSON.stringify(change)).toMatchObject({ ok: false, reason: 'invalid' });
    }
  });
});

describe('changePoints', () => {
  it('writes the new total and its history entry together, keeping the rest of the record', async () => {
    await user('ann', { name: 'Ann', total: 20, barcodes: ['RW-1'], history: { h: { title: 'Stay', points: 20, date: 1 } } });
    const result = await changePoints(services, community, 'ann', { mode: 'add', points: 30, note: 'Birthday', by: 'desk', now: 5 });
    expect(result).toMatchObject({ ok: true, total: 50, points: 30 });
    const record = await stored('ann');
    expect(record.total).toBe(50);
    expect(record.barcodes).toEqual(['RW-1']);
    expect(record.history[(result as { key: string }).key]).toEqual({
      title: POINTS_CHANGE_TITLE,
      points: 30,
      note: 'Birthday',
      by: 'desk',
      date: 5,
    });
    expect(historySum(record)).toBe(50);

    expect(await changePoints(services, community, 'ann', { mode: 'set', points: 10, was: 50, note: 'Fix', by: 'desk' })).toMatchObject({
      ok: true,
      total: 10,
      points: -40,
    });
    expect(historySum(await stored('ann'))).toBe(10);
  });

  it('a user without a total starts from 0; writes nothing when refused or for nobody', async () => {
    await user('bo', { name: 'Bo' });
    expect(await changePoints(services, community, 'bo', { mode: 'add', points: -1, note: 'x', by: 'desk' })).toMatchObject({
      ok: false,
      reason: 'below-zero',
    });
    expect(await stored('bo')).toEqual({ name: 'Bo' });
    expect(await changePoints(services, community, 'bo', { mode: 'add', points: 7, note: 'x', by: 'desk' })).toMatchObject({
      ok: true,
      total: 7,
    });
    expect(await changePoints(services, community, 'ghost', { mode: 'add', points: 7, note: 'x', by: 'desk' })).toMatchObject({
      ok: false,
      reason: 'no-user',
    });
    expect(await changePoints(services, community, 'bad/key', { mode: 'add', points: 7, note: 'x', by: 'desk' })).toMatchObject({
      ok: false,
      reason: 'no-user',
    });
    expect((await services.db.ref(services.paths.rewardsUser(community, 'ghost')).get()).exists()).toBe(false);
  });

  it('under many changes at once: never below zero, every success in the history, the total equal to the history', async () => {
    await user('many', { name: 'Many', total: 300, history: { start: { title: 'Start', points: 300, date: 1 } } });
    // 45 × -10 asked of 300 points, with 15 × +5 in between: never below zero, nothing lost.
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        changePoints(services, community, 'many', {
          mode: 'add',
          points: index % 4 === 3 ? 5 : -10,
          note: `#${index}`,
          by: 'test',
        }),
      ),
    );
    const passed = results.filter((result) => result.ok);
    const refused = results.filter((result) => !result.ok);
    expect(refused.map((result) => (result.ok ? 'ok' : result.reason)).filter((reason) => reason !== 'below-zero')).toEqual([]);
    const record = await stored('many');
    expect(record.total).toBeGreaterThanOrEqual(0);
    expect(Object.keys(record.history)).toHaveLength(1 + passed.length);
    expect(historySum(record)).toBe(record.total);
    const added = passed.reduce((sum, result) => sum + (result.ok ? result.points : 0), 0);
    expect(record.total).toBe(300 + added);
    // All 15 additions pass (adding never fails); removals pass while points last.
    expect(passed.filter((result) => result.ok && result.points > 0)).toHaveLength(15);
    expect(passed.filter((result) => result.ok && result.points < 0).length).toBeGreaterThanOrEqual(30);
  });

  it('through two connections to the database at once (two web processes): the total equal to the history', async () => {
    const second = createEmbeddedDb({ file: services.env.DATABASE_FILE! });
    try {
      await user('shared', { name: 'Shared', total: 100, history: { start: { title: 'Start', points: 100, date: 1 } } });
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          changePoints(index % 2 === 0 ? services : { db: second, paths: services.paths }, community, 'shared', {
            mode: 'add',
            points: -4,
            note: '',
            by: 'test',
          }),
        ),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(25);
      const record = await stored('shared');
      expect(record.total).toBe(0);
      expect(historySum(record)).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('a new total typed against an older total is refused: the person decides again', async () => {
    await user('cy', { name: 'Cy', total: 10 });
    const [set, scan] = await Promise.all([
      changePoints(services, community, 'cy', { mode: 'set', points: 0, was: 10, note: 'Reset', by: 'desk' }),
      changePoints(services, community, 'cy', { mode: 'add', points: 5, note: 'Scan', by: 'app' }),
    ]);
    const record = await stored('cy');
    expect(10 + historySum(record)).toBe(record.total);
    if (set.ok) {
      // The reset came first: the scan added to 0.
      expect(record.total).toBe(5);
    } else {
      expect(set).toMatchObject({ reason: 'stale', message: REWARDS_TEXTS.stale });
      expect(scan).toMatchObject({ ok: true, total: 15 });
      expect(record.total).toBe(15);
    }
  });
});
