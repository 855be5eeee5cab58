import { describe, expect, it } from 'vitest';
import { runLimited } from './upload-queue';

describe('runLimited', () => {
  it('runs at most `limit` jobs at once, keeps the order of results and goes on past failures', async () => {
    let running = 0;
    let peak = 0;
    const jobs = Array.from({ length: 45 }, (_, index) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running -= 1;
      if (index === 3) throw new Error('bad file');
      return index;
    });
    const results = await runLimited(jobs, 20);
    expect(peak).toBe(20);
    expect(results).toHaveLength(45);
    expect(results[3]).toMatchObject({ status: 'rejected' });
    expect(results[44]).toEqual({ status: 'fulfilled', value: 44 });
  });
});
