import { describe, expect, it } from 'vitest';
import { createSemaphore, defaultImageConcurrency, imageSlots } from './limit';

describe('the image work semaphore', () => {
  it('runs at most `limit` jobs at once, the rest in order, and frees a slot when a job fails', async () => {
    const slots = createSemaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const job = (index: number) =>
      slots.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(index);
        running -= 1;
        if (index === 1) throw new Error('broken image');
        return index;
      });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, index) => job(index)));
    expect(peak).toBe(2);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    expect(order.slice(2).sort()).toEqual([2, 3, 4, 5, 6, 7]);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('refuses a limit below 1, and the process default is one slot per two cores, 2 to 4', () => {
    expect(() => createSemaphore(0)).toThrow(RangeError);
    expect(defaultImageConcurrency()).toBeGreaterThanOrEqual(2);
    expect(defaultImageConcurrency()).toBeLessThanOrEqual(4);
    expect(imageSlots().limit).toBe(defaultImageConcurrency());
  });
});
